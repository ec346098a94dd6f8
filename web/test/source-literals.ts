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
 * (comments are not literals, so they may name a path).
 */
export function literals(file: string): { text: string; line: number }[] {
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
