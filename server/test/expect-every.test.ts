import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { expectEvery } from './helpers/index.ts';

/**
 * `expect(list.every(p)).toBe(true)` holds on an empty list, so a broken filter or scope that finds nothing passes it.
 * The API suite checks "every element" through expectEvery (helpers/expect-every.ts), which refuses an empty list; this
 * scan refuses `.every(` anywhere inside `expect(…)` in the suite's files. The web tests have their own scan
 * (web/test/expect-every.test.ts).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const REPO = path.resolve(ROOT, '..');
/** e2e specs that still hold such a check: remove each once it is converted. */
const E2E_PENDING = new Set<string>([]);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Lines (1-based) of `expect(…)` calls whose arguments call `.every(…)`. */
function everyInsideExpect(fileName: string, text: string): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const callsEvery = (node: ts.Node): boolean =>
    (ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'every') ||
    (ts.forEachChild(node, (c) => (callsEvery(c) ? true : undefined)) ?? false);
  const lines: number[] = [];
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

describe('expectEvery', () => {
  it('refuses an empty list and a value that is not a list', () => {
    expect(() => expectEvery([], () => true)).toThrow(/empty/);
    expect(() => expectEvery(undefined as unknown as number[], () => true, 'records')).toThrow(/records: not a list/);
  });

  it('passes when every element holds, and names the first that does not', () => {
    expectEvery([2, 4], (n) => n % 2 === 0);
    expect(() => expectEvery([2, 3, 5], (n) => n % 2 === 0, 'even numbers')).toThrow(
      'even numbers: element 1 of 3 fails: 3',
    );
  });

  it('the scan finds .every( inside expect(…) on one line or several, and nothing else', () => {
    const caught = [
      'expect(rows.every((r) => r.ok)).toBe(true);',
      'expect(\n  rows.every(\n    (r) => r.ok,\n  ),\n).toBe(true);',
      "expect(a.every((x) => x > 0) && b.length > 0, 'both').toBeTruthy();",
    ];
    for (const text of caught) expect(everyInsideExpect('s.ts', text), text).toEqual([1]);
    const clean = [
      'expectEvery(rows, (r) => r.ok);',
      'const ok = rows.every((r) => r.ok);\nexpect(ok).toBe(true);',
      "expect(rows.some((r) => r.ok), 'one').toBe(true);",
    ];
    for (const text of clean) expect(everyInsideExpect('c.ts', text), text).toEqual([]);
  });

  const scan = (files: string[]) =>
    files.flatMap((f) =>
      everyInsideExpect(f, readFileSync(f, 'utf8')).map((line) => `${path.relative(REPO, f)}:${line}`),
    );

  it('server/test checks "every element" only through expectEvery', () => {
    const files = tsFiles(path.join(ROOT, 'test'));
    expect(files.length).toBeGreaterThan(50);
    expect(scan(files), 'use expectEvery(list, check, what) from test/helpers').toEqual([]);
  });

  it('neither do the e2e specs (but the ones still being converted)', () => {
    const files = tsFiles(path.join(REPO, 'e2e/specs')).filter((f) => !E2E_PENDING.has(path.relative(REPO, f)));
    expect(files.length).toBeGreaterThan(20);
    expect(scan(files), 'check every element through a helper that refuses an empty list').toEqual([]);
  });
});
