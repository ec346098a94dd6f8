import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GenTableDetail } from '@jz/contracts/gen';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withId, withTimes } from '../src/db/migration-kit.ts';
import { createFixture, FIXTURE } from './fixtures/gen/demo-item.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';

/**
 * The code generator's output escaped for its context. Descriptions, the function name and column
 * descriptions are free text that lands in comments, string literals, template literals and JSX attributes of twelve
 * generated files (the migration among them, which runs at the next start). Rendered through the preview route
 * (nothing written), hostile text must give files that parse to the same statements as plain text, for both
 * templates; names are refused at save time and again at generate time.
 */
const G = '/tmpl/api/app/gen/table';
const TREE = 'gen_escape_region';
const TEMPLATES = path.join(import.meta.dirname, '../src/modules/system/gen/templates');

/** Each one tries a different way out; all fit the function name's 30 characters. */
const HOSTILE = [
  '*/ process.exit(1) /*\r\n\u2028x()\u2029//',
  `'"\`\${process.exit(1)}\`\\`,
  '</script>{x}<b>&amp;@ts-ignore',
];

let t: TestApp;
let admin: Api;
const ids: Record<'crud' | 'tree', number> = { crud: 0, tree: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  admin = api(t.app, await loginAs(t.app, PHONES.admin));
  await createFixture(t.db);
  await withTimes(
    withId(t.db, t.db.schema.createTable(TREE))
      .addColumn('parent_id', 'integer')
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  const r = await admin.post<{ ids: number[] }>(`${G}/importTable`, { tables: `${FIXTURE},${TREE}` });
  expect(r.code, r.message).toBe(200);
  [ids.crud, ids.tree] = r.result.ids;
});
afterAll(() => t?.close());

const detail = async (id: number) => (await admin.get<GenTableDetail>(`${G}/findById/${id}`)).result;

/** The edit body of a table, every description set from `text(i)` (0: the table, 1: the function name, 2+: columns). */
async function editBody(kind: 'crud' | 'tree', text: (i: number) => string) {
  const cur = await detail(ids[kind]);
  return {
    id: cur.id,
    tableComment: text(0),
    className: kind === 'crud' ? 'GenEscapeItem' : 'GenEscapeRegion',
    moduleName: 'system',
    businessName: kind === 'crud' ? 'gen-escape-item' : 'gen-escape-region',
    functionName: text(1).slice(0, 30),
    parentMenuKey: 'sys',
    tplCategory: kind,
    columns: JSON.stringify(
      cur.columns.map((c, i) => ({
        ...c,
        columnComment: text(i + 2),
        // One dictionary column in the list, the search and the form (DictTag, useDict, the search field).
        ...(c.columnName === 'item_type' ? { dictType: 'sys_yes_no', isQuery: 1 } : {}),
      })),
    ),
    ...(kind === 'tree'
      ? { options: JSON.stringify({ treeCode: 'id', treeParentCode: 'parent_id', treeName: 'name' }) }
      : {}),
  };
}

async function preview(id: number) {
  const r = await admin.get<Record<string, string>>(`${G}/preview/${id}`);
  expect(r.code, r.message).toBe(200);
  return r.result;
}

const STRINGS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/**
 * A file's syntax tree as one line per node (depth, kind, identifier names), without comments (trivia: not nodes),
 * string values or JSX text; a JSX attribute `a="x"` and `a={'x'}` are the same string. Also the string values and
 * the parse errors.
 */
function parse(file: string, text: string) {
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const shape: string[] = [];
  const strings: string[] = [];
  const visit = (n: ts.Node, depth: number) => {
    if (STRINGS.has(n.kind)) {
      strings.push((n as ts.LiteralLikeNode).text);
      shape.push(`${depth} string`);
      return;
    }
    if (ts.isJsxText(n)) {
      if (!n.containsOnlyTriviaWhiteSpaces) shape.push(`${depth} jsx-text`);
      return;
    }
    if (ts.isJsxExpression(n) && ts.isJsxAttribute(n.parent) && n.expression && ts.isStringLiteral(n.expression)) {
      strings.push(n.expression.text);
      shape.push(`${depth} string`);
      return;
    }
    shape.push(`${depth} ${ts.SyntaxKind[n.kind]}${ts.isIdentifier(n) ? ` ${n.text}` : ''}`);
    ts.forEachChild(n, (c) => visit(c, depth + 1));
  };
  visit(sf, 0);
  const errors = ((sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics ?? []).map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
  return { shape: shape.join('\n'), strings, errors, statements: sf.statements.length };
}

describe('generated files: free text escaped for its context', () => {
  for (const kind of ['crud', 'tree'] as const)
    it(`${kind}: hostile descriptions parse to the same statements as plain ones, values kept`, async () => {
      const id = ids[kind];
      const plainBody = await editBody(kind, (i) => `普通描述${i}`);
      expect((await admin.post(`${G}/edit`, plainBody)).code).toBe(200);
      const plain = await preview(id);
      expect(Object.keys(plain)).toHaveLength(13);
      const base = Object.fromEntries(Object.entries(plain).map(([f, text]) => [f, parse(f, text)]));
      for (const [f, p] of Object.entries(base)) {
        expect(p.errors, f).toEqual([]);
        expect(p.statements, f).toBeGreaterThan(0);
      }

      for (const [round, h] of HOSTILE.entries()) {
        expect(h.length).toBeLessThanOrEqual(30);
        // Each round puts one payload in the function name and spreads all of them over the other descriptions.
        const text = (i: number) => (i === 1 ? h : HOSTILE[(round + i) % HOSTILE.length]);
        const body = await editBody(kind, text);
        const saved = await admin.post(`${G}/edit`, body);
        expect(saved.code, saved.message).toBe(200);
        const stored = await detail(id);
        expect(stored.functionName).toBe(h); // stored as typed: the escaping is the generator's, not the input's
        expect(stored.columns.map((c) => c.columnComment)).toEqual(stored.columns.map((_, i) => text(i + 2)));

        const files = await preview(id);
        expect(Object.keys(files).sort()).toEqual(Object.keys(plain).sort());
        const strings = new Set<string>();
        for (const [f, textOf] of Object.entries(files)) {
          const p = parse(f, textOf);
          expect(p.errors, `${f} (round ${round})`).toEqual([]);
          expect(p.statements, `${f} (round ${round})`).toBe(base[f].statements);
          expect(p.shape, `${f} (round ${round})`).toBe(base[f].shape);
          for (const s of p.strings) strings.add(s);
          // The payload may appear in strings, never as code: no call of process.exit / x / y outside them.
          expect(p.shape, f).not.toMatch(/Identifier (process|x|y)$/m);
        }
        // The values survive as typed: the menu name, the page title, the messages built from the labels.
        expect(strings).toContain(h);
        expect(strings).toContain(`新增${h}`);
        expect(strings).toContain(`${h}不存在`);
        if (kind === 'tree') expect(strings).toContain(`存在下级${h}「`);
        const label = stored.columns.find((c) => c.columnName === (kind === 'crud' ? 'item_name' : 'name'));
        expect(strings).toContain(`请输入${label?.columnComment}`);
        // Comments keep the text, on one line and unable to close: no payload line break or `*/` inside them.
        const menu = Object.entries(files).find(([f]) => f.includes('/menus/'))?.[1] ?? '';
        const doc = /\/\*\*(.*?)\*\//s.exec(menu)?.[1] ?? '';
        expect(doc).not.toMatch(/[\r\n\u2028\u2029]/);
        expect(doc).not.toContain('@');
      }
    }, 60_000);

  it('every template: interpolations in comments go through cm(), none sits inside a quoted string', () => {
    const problems: string[] = [];
    for (const f of readdirSync(TEMPLATES).filter((x) => x.endsWith('.eta'))) {
      for (const p of lintTemplate(readFileSync(path.join(TEMPLATES, f), 'utf8'))) problems.push(`${f}: ${p}`);
    }
    expect(problems).toEqual([]);
    // The lint itself catches both mistakes.
    expect(lintTemplate("const a = '<%= it.title %>';\n/** <%= it.title %> */\n")).toHaveLength(2);
    expect(lintTemplate('const a = <%= js(it.title) %>; // <%= cm(it.title) %>\n')).toEqual([]);
  });
});

/**
 * Where each `<%= … %>` of a template lands in the generated code: a comment needs cm(), a template literal's text
 * tpl(), and nothing may be spliced between quotes by hand. A small scanner of the code around the eta tags.
 */
function lintTemplate(src: string): string[] {
  const problems: string[] = [];
  type State = 'code' | 'sq' | 'dq' | 'bt' | 'line' | 'block';
  const stack: State[] = ['code'];
  const braces: number[] = [0];
  let line = 1;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    const state = stack[stack.length - 1];
    if (src.startsWith('<%', i)) {
      const end = src.indexOf('%>', i + 2);
      const tag = src.slice(i + 2, end);
      line += tag.split('\n').length - 1;
      i = end + 1;
      if (!tag.startsWith('=')) continue;
      const expr = tag.slice(1).trim();
      const at = `line ${line} <%=${tag.slice(1)}%> in ${state}`;
      if (state === 'line' || state === 'block') {
        if (!expr.startsWith('cm(')) problems.push(at);
      } else if (state === 'bt') {
        if (!expr.startsWith('tpl(')) problems.push(at);
      } else if (state !== 'code' || expr.startsWith('cm(')) problems.push(at);
      continue;
    }
    if (ch === '\n') {
      line++;
      if (state === 'line' || state === 'sq' || state === 'dq') stack.pop();
      continue;
    }
    if (state === 'line') continue;
    if (state === 'block') {
      if (src.startsWith('*/', i)) {
        stack.pop();
        i++;
      }
      continue;
    }
    if (state === 'sq' || state === 'dq' || state === 'bt') {
      if (ch === '\\') i++;
      else if ((state === 'sq' && ch === "'") || (state === 'dq' && ch === '"') || (state === 'bt' && ch === '`'))
        stack.pop();
      else if (state === 'bt' && src.startsWith('${', i)) {
        stack.push('code');
        braces.push(0);
        i++;
      }
      continue;
    }
    // code
    if (src.startsWith('//', i)) stack.push('line');
    else if (src.startsWith('/*', i)) stack.push('block');
    else if (ch === "'") stack.push('sq');
    else if (ch === '"') stack.push('dq');
    else if (ch === '`') stack.push('bt');
    else if (ch === '{') braces[braces.length - 1]++;
    else if (ch === '}') {
      if (braces[braces.length - 1] === 0 && stack.length > 1) {
        stack.pop();
        braces.pop();
      } else braces[braces.length - 1]--;
    }
  }
  return problems;
}

describe('names: refused at save time (2001) and again at generate time', () => {
  it('edit refuses hostile class, module, business, menu, dictionary and tree names', async () => {
    const body = await editBody('crud', (i) => `描述${i}`);
    const cols = JSON.parse(body.columns) as GenTableDetail['columns'];
    for (const bad of [
      { className: 'Evil*/process' },
      { className: "A'b" },
      { moduleName: 'sys tem' },
      { moduleName: 'a/../b' },
      { businessName: "x');process.exit(1);('" },
      { businessName: 'a'.repeat(41) },
      { parentMenuKey: "sys'" },
      { columns: JSON.stringify(cols.map((c, i) => (i === 1 ? { ...c, dictType: "x'); y('" } : c))) },
      { tplCategory: 'tree', options: JSON.stringify({ treeCode: 'id', treeParentCode: "p'", treeName: 'name' }) },
    ]) {
      const r = await admin.post(`${G}/edit`, { ...body, ...bad });
      expect(r.code, JSON.stringify(bad)).toBe(2001);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await admin.post(`${G}/edit`, body)).code).toBe(200);
  });

  it('import, add and sync refuse a live table whose column names are not identifiers', async () => {
    const raw = t.db.withoutPlugins();
    for (const col of ['evil*/x', "a'b", 'Upper', 'x y']) {
      const table = 'gen_escape_bad';
      // Without the camelCase plugin: the column is created under exactly this name.
      await withId(raw, raw.schema.createTable(table)).addColumn(col, 'text').execute();
      const r = await admin.post(`${G}/importTable`, { tables: table });
      expect(r.code, col).toBe(2001);
      expect(r.message).toContain('字段');
      expect((await admin.post(`${G}/add`, { tableName: table })).code).toBe(2001);
      await raw.schema.dropTable(table).execute();
    }
    await withId(t.db, t.db.schema.createTable('gen_escape_sync')).addColumn('title', 'text').execute();
    const id = (await admin.post<{ ids: number[] }>(`${G}/importTable`, { tables: 'gen_escape_sync' })).result.ids[0];
    await raw.schema.alterTable('gen_escape_sync').addColumn("b'); x('", 'text').execute();
    const synced = await admin.post(`${G}/tongbuById/${id}`);
    expect(synced.code).toBe(2001);
    expect((await detail(id)).columns.map((c) => c.columnName)).toEqual(['id', 'title']);
  });

  it('preview refuses a stored table whose names were changed past the routes (nothing rendered)', async () => {
    const id = ids.crud;
    const row = await t.db.selectFrom('genTable').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const bad of [
      { className: 'X */ process.exit(1) /*' },
      { businessName: '../../evil' },
      { tableName: "t'); x('" },
      { parentMenuKey: "sys', evil: '" },
    ]) {
      await t.db.updateTable('genTable').set(bad).where('id', '=', id).execute();
      const r = await admin.get(`${G}/preview/${id}`);
      expect(r.code, JSON.stringify(bad)).toBe(2001);
      expect(r.message).toContain('无法生成代码');
      await t.db.updateTable('genTable').set(row).where('id', '=', id).execute();
    }
    const col = await t.db
      .selectFrom('genTableColumn')
      .selectAll()
      .where('tableId', '=', id)
      .where('columnName', '=', 'item_name')
      .executeTakeFirstOrThrow();
    for (const bad of [{ columnName: "x'" }, { dictType: "a'); b('" }, { htmlType: "input'" }]) {
      await t.db.updateTable('genTableColumn').set(bad).where('id', '=', col.id).execute();
      expect((await admin.get(`${G}/preview/${id}`)).code, JSON.stringify(bad)).toBe(2001);
      await t.db.updateTable('genTableColumn').set(col).where('id', '=', col.id).execute();
    }
    expect((await admin.get(`${G}/preview/${id}`)).code).toBe(200);
  });
});
