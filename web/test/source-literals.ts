import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Source files of a folder, recursively: .ts/.tsx, not tests, minus what `skip` names (by file name). */
export function sourceFiles(dir: string, skip: (name: string) => boolean = () => false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full, skip);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name) || skip(e.name)) return [];
    return [full];
  });
}

/**
 * Every string literal of a file with its line: plain strings, JSX attribute strings and a template's fixed head
 * (comments are not literals, so they may name a path). With `{ shown: true }` also what a reader sees between them:
 * JSX text (whitespace collapsed) and a template's fixed middle and tail parts.
 */
export function literals(file: string, opts: { shown?: boolean } = {}): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node))
      found.push({ text: node.text, line: at(node) });
    else if (opts.shown && (ts.isTemplateMiddle(node) || ts.isTemplateTail(node)))
      found.push({ text: node.text, line: at(node) });
    else if (opts.shown && ts.isJsxText(node) && !node.containsOnlyTriviaWhiteSpaces)
      found.push({ text: node.text.replace(/\s+/g, ' ').trim(), line: at(node) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
