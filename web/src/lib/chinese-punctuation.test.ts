import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { literals, sourceFiles } from '../../test/source-literals.ts';

/**
 * Chinese sentences take full-width punctuation (，：；？！（）) — except the strings the spec fixes, which stay
 * exactly as the spec writes them (SPEC_STRINGS of web/src/spec-strings.test.tsx: '确定更改状态?', '网络错误,请稍后再试'…).
 * The scan reads every string a user may see (string literals, JSX text, template parts) of web/src outside tests.
 */
// __dirname: under jsdom import.meta.url is not a file URL.
const srcDir = join(__dirname, '..');

const CJK = '\\u3400-\\u9fff\\uf900-\\ufaff';
/**
 * Half-width punctuation in a Chinese sentence:
 * - , : ; ? ! after a Chinese character (one space between allowed) that goes on with Chinese, or ends the text
 *   ('保存成功!', '确定删除吗?', '时长: 3 小时' all read as Chinese sentences);
 * - ( or ) touching a Chinese character on the outside or the inside: '金额(元)', '（已停用)'.
 */
const HALF_WIDTH = new RegExp(
  [`[${CJK}] ?[,:;?!](?= ?[${CJK}]|\\s*$| \\S)`, `[${CJK}]\\(`, `\\)[${CJK}]`, `\\([${CJK}]`, `[${CJK}]\\)`].join('|'),
);

/** The spec's exact strings, read from the spec-strings test (its SPEC_STRINGS array) so the two cannot drift. */
function specStrings(): Set<string> {
  const file = join(srcDir, 'spec-strings.test.tsx');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'SPEC_STRINGS') {
      const collect = (n: ts.Node) => {
        if (ts.isStringLiteral(n)) found.add(n.text);
        ts.forEachChild(n, collect);
      };
      collect(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Files allowed to keep half-width punctuation for now (the change was split between several people; the list is empty
 * since the last of them were fixed). A listed file without an offender fails the test, so the list only shrinks.
 */
const PENDING_OTHER_CHANGE: string[] = [];

function offenders() {
  const spec = specStrings();
  return sourceFiles(srcDir).flatMap((file) =>
    literals(file, { shown: true })
      .filter((l) => !spec.has(l.text) && HALF_WIDTH.test(l.text))
      .map((l) => ({ file: relative(srcDir, file), line: l.line, text: l.text })),
  );
}

describe('full-width punctuation in Chinese sentences', () => {
  it('finds the spec strings it must leave alone', () => {
    const spec = specStrings();
    expect(spec.has('确定更改状态?')).toBe(true);
    expect(spec.has('网络错误,请稍后再试')).toBe(true);
  });

  it('tells a Chinese sentence with half-width punctuation from code and English', () => {
    const bad = [
      '保存成功!',
      '确定删除吗?',
      '吗? 删除后',
      '时长: 3 小时',
      '金额(元)',
      '共 3 条,合计',
      '（已停用)',
      '名称；测试;备注',
    ];
    const good = [
      '保存成功！',
      '确定删除吗？删除后',
      '时长：3 小时',
      '金额（元）',
      'merchant:goods:list',
      'YYYY-MM-DD HH:mm',
      'a, b',
      'Error: 网络',
      '第 1 页 (of 3)',
    ];
    expect(bad.filter((t) => !HALF_WIDTH.test(t))).toEqual([]);
    expect(good.filter((t) => HALF_WIDTH.test(t))).toEqual([]);
  });

  it('no Chinese sentence in web/src uses half-width punctuation (spec strings aside)', () => {
    const found = offenders();
    expect(
      found.filter((o) => !PENDING_OTHER_CHANGE.includes(o.file)).map((o) => `${o.file}:${o.line} ${o.text}`),
      'use ，：；？！（） in Chinese sentences',
    ).toEqual([]);
    const fixed = PENDING_OTHER_CHANGE.filter((f) => !found.some((o) => o.file === f));
    expect(fixed, 'fixed: take these files off PENDING_OTHER_CHANGE').toEqual([]);
  });
});
