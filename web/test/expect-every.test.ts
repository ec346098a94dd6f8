import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { expectEvery } from './expect-every.ts';

/** Test files of a folder, recursively. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** `expect(… .every(…) …)`: a check that holds on an empty list. */
function everyInsideExpect(file: string): number[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const callsEvery = (node: ts.Node): boolean =>
    (ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'every') ||
    (ts.forEachChild(node, (c) => (callsEvery(c) ? true : undefined)) ?? false);
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'expect' &&
      node.arguments.some(callsEvery)
    )
      lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

describe('expectEvery (test/expect-every.ts, also exported by test/render.tsx)', () => {
  it('refuses an empty list: every() holds on nothing', () => {
    expect(() => expectEvery([], () => true)).toThrow(/empty list/);
  });

  it('passes when every item holds, and names the first one that does not', () => {
    expectEvery([2, 4], (n) => n % 2 === 0);
    expect(() => expectEvery([2, 3, 5], (n) => n % 2 === 0)).toThrow(/item 1 fails the check: 3/);
  });

  it('is the only way web tests check every item of a list', () => {
    const root = join(import.meta.dirname, '..');
    const found = [join(root, 'src'), join(root, 'test')]
      .flatMap(testFiles)
      .flatMap((f) => everyInsideExpect(f).map((line) => `${relative(root, f)}:${line}`));
    expect(found, 'use expectEvery(list, pred) from test/expect-every.ts').toEqual([]);
  });
});
