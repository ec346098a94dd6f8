import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { GenTableDetail } from '@jz/contracts/gen';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../../scripts/lib/project-copy.mjs';
import { isPg, withId, withTimes } from '../src/db/migration-kit.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp, testDbKind } from './helpers/index.ts';
import { proveGenerated } from './helpers/gen-proof.ts';

/**
 * The code generator's tree template (template kind crud or tree), proved like gen.test.ts proves crud:
 * a fixture tree table is imported on SQLite or PostgreSQL, set to tree, previewed, generated into one copy of the
 * project, and the copy type-checks, lints and passes the generated test (nesting, sort, search keeping ancestors,
 * delete refused while children remain, no parent that is the node itself or a descendant).
 */
const G = '/tmpl/api/app/gen/table';
const FIXTURE = 'gen_fixture_region';
const SLICE = 'gen-fixture-region';

async function createTreeFixture(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable(FIXTURE))
      .addColumn('parent_id', 'integer')
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  if (isPg(db)) await sql`comment on table ${sql.table(FIXTURE)} is '演示地区表'`.execute(db);
}

/** Runs fn with the generator's environment switched (and restored after). */
async function withEnv<T>(env: Record<string, string | undefined>, fn: () => Promise<T>) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

let t: TestApp;
let admin: Api;
let tableId: number;
let copy: string;
let files: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = api(t.app, await loginAs(t.app, PHONES.admin));
  await createTreeFixture(t.db);
  copy = copyProject({ prefix: 'jz-gen-tree-' });
});
afterAll(async () => {
  await t?.close();
  if (copy && !process.env.KEEP_GEN_COPY) rmSync(copy, { recursive: true, force: true });
  else if (copy) console.log(`generated copy kept at ${copy}`);
});

describe('代码生成: tree template', () => {
  it('imports the table; tree needs its options, checked against the columns (2001)', async () => {
    const r = await admin.post<{ ids: number[] }>(`${G}/importTable`, { tables: FIXTURE });
    expect(r.code, r.message).toBe(200);
    [tableId] = r.result.ids;
    const cur = (await admin.get<GenTableDetail>(`${G}/findById/${tableId}`)).result;
    expect(cur).toMatchObject({ tplCategory: 'crud', options: '{}' });
    if (testDbKind() === 'postgres') expect(cur.tableComment).toBe('演示地区表');
    const body = {
      id: tableId,
      tableComment: '演示地区',
      className: 'GenFixtureRegion',
      moduleName: 'system',
      businessName: SLICE,
      functionName: '演示地区',
      parentMenuKey: 'sys',
      tplCategory: 'tree',
    };
    const tree = { treeCode: 'id', treeParentCode: 'parent_id', treeName: 'name' };
    // No options yet: refused, and preview refuses a tree without them too.
    expect((await admin.post(`${G}/edit`, body)).code).toBe(2001);
    for (const bad of [
      { ...tree, treeCode: 'name' },
      { ...tree, treeParentCode: 'name' },
      { ...tree, treeParentCode: 'no_such' },
      { ...tree, treeName: 'sort' },
      { ...tree, treeName: 'Bad-Name' },
    ])
      expect((await admin.post(`${G}/edit`, { ...body, options: JSON.stringify(bad) })).code, JSON.stringify(bad)).toBe(
        2001,
      );
    expect((await admin.get<GenTableDetail>(`${G}/findById/${tableId}`)).result.tplCategory).toBe('crud');

    expect((await admin.post(`${G}/edit`, { ...body, options: JSON.stringify(tree) })).code).toBe(200);
    const after = (await admin.get<GenTableDetail>(`${G}/findById/${tableId}`)).result;
    expect(after.tplCategory).toBe('tree');
    expect(JSON.parse(after.options)).toEqual(tree);
    // The options stay when a later edit does not send them.
    expect((await admin.post(`${G}/edit`, { ...body, functionName: '演示地区' })).code).toBe(200);
    expect(JSON.parse((await admin.get<GenTableDetail>(`${G}/findById/${tableId}`)).result.options)).toEqual(tree);
  });

  it('previews the tree slice: findAllByTree, a tree table without pager, a parent tree select, its page key', async () => {
    const r = await admin.get<Record<string, string>>(`${G}/preview/${tableId}`);
    expect(r.code, r.message).toBe(200);
    files = r.result;
    const paths = Object.keys(files);
    expect(paths).toHaveLength(13);
    expect(paths.find((p) => p.includes('/migrations/'))).toMatch(/_gen_gen_fixture_region\.ts$/);
    const mod = `server/src/modules/system/${SLICE}`;
    const web = `web/src/features/system/${SLICE}`;
    const contracts = files[`packages/contracts/src/${SLICE}.ts`];
    expect(contracts).toContain('get children(): z.ZodOptional<z.ZodArray<typeof genFixtureRegionRow>>');
    expect(contracts).toContain('genFixtureRegionQuery = z.object({');
    expect(contracts).not.toContain('pageQuery');
    const api = files[`packages/contracts/src/api/${SLICE}.ts`];
    expect(api).toContain('/findAllByTree`,');
    expect(api).not.toContain('findAllByPage');
    expect(files[`${mod}/${SLICE}.routes.ts`]).toContain('route(app, c.tree,');
    const repo = files[`${mod}/${SLICE}.repo.ts`];
    for (const s of [
      'function nest(',
      'checkParent(',
      "'上级演示地区不能是自身或其下级'",
      'business(`存在下级演示地区',
    ])
      expect(repo).toContain(s);
    const page = files[`${web}/pages/GenFixtureRegionPage.tsx`];
    for (const s of ['pagination={false}', 'expandedRowKeys', '全部展开', '新增下级', '<SearchForm', '<CrudToolbar'])
      expect(page).toContain(s);
    expect(page).not.toContain('DataTable<');
    const form = files[`${web}/components/GenFixtureRegionForm.tsx`];
    expect(form).toContain('<TreeSelect treeData={parents}');
    expect(form).toContain("{ value: 0, title: '顶级'");
    const menus = files[`packages/contracts/src/menus/gen-${SLICE}.ts`];
    expect(menus).toContain("export const pageKeys: string[] = ['gen.genFixtureRegion']");
    expect(files[`server/test/${SLICE}.test.ts`]).toContain('findAllByTree');
  }, 90_000);

  it('generates into a copy of the project', async () => {
    await withEnv({ GEN_WRITE_ENABLED: 'true', NODE_ENV: 'development', GEN_PROJECT_ROOT: copy }, async () => {
      const r = await admin.post<{ written: string[] }>(`${G}/genCodeById/${tableId}`);
      expect(r.code, r.message).toBe(200);
      expect(r.result.written).toHaveLength(13);
    });
    for (const [p, text] of Object.entries(files)) expect(readFileSync(path.join(copy, p), 'utf8')).toBe(text);
  }, 120_000);

  it('proof: the generated tree slice type-checks, lints, passes its own test and joins the web registry', async () => {
    const generated = Object.keys(files);
    await proveGenerated(copy, generated, `test/${SLICE}.test.ts`);
  }, 600_000);
});
