import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// __dirname: under jsdom import.meta.url is not a file URL.
const srcDir = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name)) return [];
    return [full];
  });
}

/** String literals and template heads of a file (comments are not literals, so they may name a path). */
function literals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node))
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

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
