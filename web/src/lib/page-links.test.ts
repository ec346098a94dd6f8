import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { literals, sourceFiles } from '../../test/source-literals.ts';
import { pageByKey, pagePath } from './page-registry.ts';

// __dirname: under jsdom import.meta.url is not a file URL.
const srcDir = join(__dirname, '..');

describe('page links', () => {
  // A page path is written once, in its feature's pages.ts; links are built with pagePath(key) so a renamed path or a
  // removed page cannot leave a dead link behind.
  it('no source file outside pages.ts writes a registered page path as a literal', () => {
    const paths = [...pageByKey.values()].map((p) => p.path);
    const isPagePath = (text: string) => {
      const link = text.startsWith('#') ? text.slice(1) : text;
      return paths.some((p) => link === p || link.startsWith(`${p}?`));
    };
    const offending = sourceFiles(srcDir, (name) => name === 'pages.ts').flatMap((file) =>
      literals(file)
        .filter((l) => isPagePath(l.text))
        .map((l) => `${relative(srcDir, file)}:${l.line} '${l.text}' (use pagePath(key))`),
    );
    expect(offending).toEqual([]);
  });

  it('builds the registered path with a query string that leaves out undefined and null', () => {
    expect(pagePath('merchant.goods.list')).toBe('/shangpinguanli');
    expect(pagePath('merchant.goods.detail', { id: 7, tab: undefined, q: null })).toBe('/shangpinxiangqing?id=7');
    expect(pagePath('sys.dictData', { dictType: 'a b&c' })).toBe('/sys/dict/data?dictType=a+b%26c');
  });

  it('throws naming the key when no page is registered under it', () => {
    expect(() => pagePath('no.such.page' as never)).toThrow(/no\.such\.page/);
  });
});
