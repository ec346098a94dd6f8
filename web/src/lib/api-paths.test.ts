import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { literals, sourceFiles } from '../../test/source-literals.ts';

// __dirname: under jsdom import.meta.url is not a file URL.
const srcDir = join(__dirname, '..');

describe('API calls', () => {
  // Every call is declared once, as a contract in packages/contracts/src/api (docs/contracts.md): the web calls it
  // through callContract, so a path renamed on the server cannot leave a stale copy here.
  it('no source file writes an API path: calls go through their contract', () => {
    const offending = sourceFiles(srcDir).flatMap((file) =>
      literals(file)
        .filter((l) => /^\/?(tmpl\/)?api\//.test(l.text) || l.text.includes('/tmpl/api/'))
        .map((l) => `${relative(srcDir, file)}:${l.line} '${l.text}' (call its contract)`),
    );
    expect(offending).toEqual([]);
  });
});
