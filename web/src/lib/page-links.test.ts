import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { pageByKey, pagePath } from './page-registry.ts';

// __dirname: under jsdom import.meta.url is not a file URL.
const srcDir = join(__dirname, '..');

/** Source files of web/src that may link to pages: not tests, not the pages.ts files that declare the paths. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name) || e.name === 'pages.ts') return [];
    return [full];
  });
}

/** Every string literal of a file with its line: plain strings, JSX attribute strings and a template's fixed head. */
function literals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('page links', () => {
  // A page path is written once, in its feature's pages.ts; links are built with pagePath(key) so a renamed path or a
  // removed page cannot leave a dead link behind.
  it('no source file outside pages.ts writes a registered page path as a literal', () => {
    const paths = [...pageByKey.values()].map((p) => p.path);
    const isPagePath = (text: string) => {
      const link = text.startsWith('#') ? text.slice(1) : text;
      return paths.some((p) => link === p || link.startsWith(`${p}?`));
    };
    const offending = sourceFiles(srcDir).flatMap((file) =>
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
