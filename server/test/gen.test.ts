import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { DbTable, GenColumn, GenTable, GenTableDetail } from '@jz/contracts/gen';
import type { Page } from '@jz/contracts/envelope';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../../scripts/lib/project-copy.mjs';
import { safeTarget } from '../src/modules/system/gen/gen.write.ts';
import { normaliseType } from '../src/modules/system/gen/introspect.ts';
import { createFixture, FIXTURE } from './fixtures/gen/demo-item.ts';
import {
  type Api,
  api,
  buildTestApp,
  demoUsers,
  loginAs,
  PHONES,
  type TestApp,
  testDbKind,
  waitFor,
} from './helpers/index.ts';
import { proveGenerated } from './helpers/gen-proof.ts';

const G = '/tmpl/api/app/gen/table';

let t: TestApp;
let admin: Api;
let owner: Api;
let tableId: number;
let copy: string;

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

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, ownerA: owner } = await demoUsers(t, 'admin', 'ownerA'));
  await createFixture(t.db);
  copy = copyProject();
});
afterAll(async () => {
  await t?.close();
  if (copy && !process.env.KEEP_GEN_COPY) rmSync(copy, { recursive: true, force: true });
  else if (copy) console.log(`generated copy kept at ${copy}`);
});

describe('type names', () => {
  it('normalises PostgreSQL and SQLite names to one set', () => {
    for (const n of ['int4', 'int8', 'integer', 'INTEGER', 'bigint', 'serial'])
      expect(normaliseType(n)).toMatchObject({ tsType: 'number', integer: true });
    for (const n of ['double precision', 'real', 'numeric(10,2)', 'REAL', 'float8'])
      expect(normaliseType(n)).toMatchObject({ tsType: 'number', integer: false });
    for (const n of ['varchar(50)', 'text', 'TEXT', 'character varying'])
      expect(normaliseType(n).tsType).toBe('string');
    expect(normaliseType('varchar(500)').length).toBe(500);
    expect(normaliseType('timestamptz')).toMatchObject({ tsType: 'string', datetime: true });
    expect(normaliseType('bool').tsType).toBe('boolean');
  });
});

describe('代码生成', () => {
  it('lists database tables not yet imported, without the product’s own tables', async () => {
    const r = await admin.get<Page<DbTable>>(`${G}/db/findAllByPage`, { pageSize: 100 });
    expect(r.code).toBe(200);
    const names = r.result.records.map((x) => x.tableName);
    expect(names).toContain(FIXTURE);
    for (const own of ['user', 'session', 'sms_code', 'menu', 'kysely_migration', 'gen_table', 'dict_type'])
      expect(names).not.toContain(own);
    const fx = r.result.records.find((x) => x.tableName === FIXTURE);
    expect(fx?.tableComment).toBe(testDbKind() === 'postgres' ? '演示商品表' : FIXTURE);
    const byName = await admin.get<Page<DbTable>>(`${G}/db/findAllByPage`, { tableName: 'fixture_it' });
    expect(byName.result.records.map((x) => x.tableName)).toEqual([FIXTURE]);
    const none = await admin.get<Page<DbTable>>(`${G}/db/findAllByPage`, { tableName: 'no_such_table_xyz' });
    expect(none.result).toEqual({ records: [], total: 0 });
  });

  it('imports a table with RuoYi-like column defaults; a second import is refused', async () => {
    expect((await admin.post(`${G}/importTable`, { tables: 'user' })).code).toBe(2002);
    expect((await admin.post(`${G}/importTable`, { tables: 'no_such' })).code).toBe(2002);
    expect((await admin.post(`${G}/importTable`, { tables: 'Bad-Name' })).code).toBe(2001);
    const r = await admin.post<{ ids: number[] }>(`${G}/importTable`, { tables: FIXTURE });
    expect(r.code).toBe(200);
    [tableId] = r.result.ids;
    expect((await admin.post(`${G}/importTable`, { tables: FIXTURE })).code).toBe(2004);

    const cols = (await admin.get<Page<GenColumn>>(`${G}/column/${tableId}`)).result.records;
    const by = Object.fromEntries(cols.map((c) => [c.columnName, c]));
    expect(Object.keys(by)).toEqual(
      expect.arrayContaining(['id', 'item_name', 'status', 'cover_image', 'content', 'remark', 'created_at']),
    );
    expect(by.id).toMatchObject({ isPk: 1, isInsert: 0, isEdit: 0, tsType: 'number' });
    expect(by.created_at).toMatchObject({ isInsert: 0, isEdit: 0 });
    expect(by.updated_at).toMatchObject({ isInsert: 0, isEdit: 0, isList: 0 });
    expect(by.item_name).toMatchObject({ isRequired: 1, isQuery: 1, queryType: 'LIKE', htmlType: 'input' });
    expect(by.item_type).toMatchObject({ htmlType: 'select', isQuery: 1, isRequired: 0 });
    expect(by.status).toMatchObject({ htmlType: 'radio', dictType: 'sys_normal_disable', isRequired: 0 });
    expect(by.cover_image.htmlType).toBe('imageUpload');
    expect(by.content).toMatchObject({ htmlType: 'editor', isList: 0 });
    expect(by.remark.htmlType).toBe('textarea');
    expect(by.price.tsType).toBe('number');
    expect(by.stock.tsType).toBe('number');
    expect(by.publish_at).toMatchObject({ tsType: 'string', htmlType: 'datetime' });
    if (testDbKind() === 'postgres') expect(by.item_name.columnComment).toBe('商品名称');

    const page = await admin.get<Page<GenTable>>(`${G}/findAllByPage`, { tableName: 'fixture' });
    expect(page.result.records.map((x) => x.tableName)).toEqual([FIXTURE]);
    const list = await admin.get<Page<DbTable>>(`${G}/db/findAllByPage`, { pageSize: 100 });
    expect(list.result.records.map((x) => x.tableName)).not.toContain(FIXTURE);
  });

  it('edits the basic info and the column grid; bad values are 2001, an unknown parent menu 2004', async () => {
    const cur = (await admin.get<GenTableDetail>(`${G}/findById/${tableId}`)).result;
    const columns = cur.columns.map((c) =>
      c.columnName === 'item_name'
        ? { ...c, columnComment: '商品名称' }
        : c.columnName === 'item_type'
          ? { ...c, columnComment: '是否推荐', dictType: 'sys_yes_no', isQuery: 1 }
          : c,
    );
    const body = {
      id: tableId,
      tableComment: '演示商品',
      className: 'GenFixtureItem',
      moduleName: 'system',
      businessName: 'gen-fixture-item',
      functionName: '演示商品',
      parentMenuKey: 'sys',
      tplCategory: 'crud',
      columns: JSON.stringify(columns),
    };
    expect((await admin.post(`${G}/edit`, body)).code).toBe(200);
    const after = (await admin.get<GenTableDetail>(`${G}/findById/${tableId}`)).result;
    expect(after.functionName).toBe('演示商品');
    expect(after.columns.find((c) => c.columnName === 'item_type')).toMatchObject({ dictType: 'sys_yes_no' });

    expect(await admin.post(`${G}/edit`, { ...body, businessName: '../x' })).toMatchObject({ code: 2001 });
    expect((await admin.post(`${G}/edit`, { ...body, columns: '[{"id":1,"htmlType":"nope"}]' })).code).toBe(2001);
    expect((await admin.post(`${G}/edit`, { ...body, parentMenuKey: 'merchant.index' })).code).toBe(2004);
    expect((await admin.post(`${G}/edit`, { ...body, id: 99999999 })).code).toBe(2002);
  });

  it('previews every file of the slice; the download is a zip of the same files', async () => {
    const r = await admin.get<Record<string, string>>(`${G}/preview/${tableId}`);
    expect(r.code).toBe(200);
    const files = r.result;
    const paths = Object.keys(files).sort();
    const mig = paths.find((p) => p.includes('/migrations/'))!;
    expect(mig).toMatch(/^server\/src\/db\/migrations\/12\d\d_gen_gen_fixture_item\.ts$/);
    expect(paths.filter((p) => p !== mig)).toEqual(
      [
        'packages/contracts/src/api/gen-fixture-item.ts',
        'packages/contracts/src/gen-fixture-item.ts',
        'packages/contracts/src/menus/gen-gen-fixture-item.ts',
        'server/src/modules/system/gen-fixture-item/gen-fixture-item.module.ts',
        'server/src/modules/system/gen-fixture-item/gen-fixture-item.repo.ts',
        'server/src/modules/system/gen-fixture-item/gen-fixture-item.routes.ts',
        'server/src/modules/system/gen-fixture-item/gen-fixture-item.tables.ts',
        'server/test/gen-fixture-item.test.ts',
        'web/src/features/system/gen-fixture-item/api/gen-fixture-item.ts',
        'web/src/features/system/gen-fixture-item/components/GenFixtureItemForm.tsx',
        'web/src/features/system/gen-fixture-item/pages.ts',
        'web/src/features/system/gen-fixture-item/pages/GenFixtureItemPage.tsx',
      ].sort(),
    );
    expect(files[mig]).toContain(`createTable('${FIXTURE}').ifNotExists()`);
    expect(files[mig]).toMatch(/withTimes\(/);
    // Each call is declared once, in its contract (access, oplog, schemas); the routes register from it.
    const contract = files['packages/contracts/src/api/gen-fixture-item.ts'];
    for (const p of [
      'sys:genFixtureItem:list',
      'sys:genFixtureItem:add',
      'sys:genFixtureItem:edit',
      'sys:genFixtureItem:del',
    ])
      expect(contract).toContain(p);
    expect(contract).toContain("oplog: oplog('delete')");
    expect(contract).toContain('result: pageOf(genFixtureItemRow)');
    const routes = files['server/src/modules/system/gen-fixture-item/gen-fixture-item.routes.ts'];
    expect(routes).toContain('route(app, c.remove,');
    expect(files['web/src/features/system/gen-fixture-item/api/gen-fixture-item.ts']).toContain(
      'callContract(genFixtureItemApi.page',
    );
    const menus = files['packages/contracts/src/menus/gen-gen-fixture-item.ts'];
    expect(menus).toContain("parentKey: 'sys'");
    expect(menus).toContain("crudButtons('gen.genFixtureItem', 'sys:genFixtureItem', '演示商品')");
    expect(menus).not.toContain('ANNIU');
    // The project's own list-page patterns: shared toolbar, row actions and delete flow; dates through lib/format.
    const page = files['web/src/features/system/gen-fixture-item/pages/GenFixtureItemPage.tsx'];
    for (const s of [
      'DataTable',
      'StatusSwitch',
      '<CrudToolbar',
      '<CrudRowActions',
      'useCrudDelete(remove.mutateAsync',
      "del={{ perm: 'sys:genFixtureItem:del'",
      'formatDateTime(',
    ])
      expect(page).toContain(s);
    expect(page).not.toMatch(/dayjs|useConfirm|<Auth /);
    expect(files['web/src/features/system/gen-fixture-item/pages.ts']).toContain('lazyPage(() => import(');
    expect(files['web/src/features/system/gen-fixture-item/components/GenFixtureItemForm.tsx']).toContain('zodRule(');
    expect(files['server/src/modules/system/gen-fixture-item/gen-fixture-item.repo.ts']).toContain('sanitizeRichText');

    const res = await t.app.inject({
      method: 'GET',
      url: `${G}/download/${tableId}`,
      headers: {
        client: (await import('@jz/contracts/auth')).CLIENT_ID,
        authorization: `Bearer ${await loginAs(t.app, PHONES.admin)}`,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('演示商品')}`);
    const unzipped = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(unzipped).sort()).toEqual(paths);
    for (const p of paths) expect(strFromU8(unzipped[p])).toBe(files[p]);
  }, 90_000);

  it('refuses to write unless generation is enabled in development, and never outside the project', async () => {
    await withEnv({ GEN_WRITE_ENABLED: undefined, GEN_PROJECT_ROOT: copy }, async () => {
      expect((await admin.post(`${G}/genCodeById/${tableId}`)).code).toBe(2004);
    });
    await withEnv({ GEN_WRITE_ENABLED: 'true', NODE_ENV: 'production', GEN_PROJECT_ROOT: copy }, async () => {
      expect((await admin.post(`${G}/genCodeById/${tableId}`)).code).toBe(2004);
    });
    expect(existsSync(path.join(copy, 'server/test/gen-fixture-item.test.ts'))).toBe(false);
    for (const bad of ['../evil.ts', '/etc/passwd', 'server/../../evil.ts', 'node_modules/x.js', 'package.json'])
      expect(() => safeTarget(copy, bad), bad).toThrow(/拒绝写入/);
    expect(safeTarget(copy, 'server/src/x.ts')).toBe(path.join(copy, 'server/src/x.ts'));
  });

  it('generates into a copy of the project: refuses to overwrite without overwrite=1', async () => {
    await withEnv({ GEN_WRITE_ENABLED: 'true', NODE_ENV: 'development', GEN_PROJECT_ROOT: copy }, async () => {
      const r = await admin.post<{ written: string[] }>(`${G}/genCodeById/${tableId}`);
      expect(r.code, r.message).toBe(200);
      expect(r.result.written).toHaveLength(13);
      const again = await admin.post(`${G}/genCodeById/${tableId}`);
      expect(again.code).toBe(2004);
      expect(again.message).toContain('已存在');
      expect((await admin.post(`${G}/genCodeById/${tableId}?overwrite=1`)).code).toBe(200);
    });
    const preview = (await admin.get<Record<string, string>>(`${G}/preview/${tableId}`)).result;
    for (const [p, text] of Object.entries(preview)) expect(readFileSync(path.join(copy, p), 'utf8')).toBe(text);
  }, 120_000);

  it('syncs the columns with the live table, keeping the user’s settings; a vanished table is 2004', async () => {
    await t.db.schema.alterTable(FIXTURE).addColumn('sub_title', 'text').execute();
    await t.db.schema.alterTable(FIXTURE).dropColumn('stock').execute();
    const r = await admin.post<GenTableDetail>(`${G}/tongbuById/${tableId}`);
    expect(r.code).toBe(200);
    const by = Object.fromEntries(r.result.columns.map((c) => [c.columnName, c]));
    expect(by.stock).toBeUndefined();
    expect(by.sub_title).toMatchObject({ htmlType: 'input', tsType: 'string' });
    expect(by.item_type).toMatchObject({ dictType: 'sys_yes_no', columnComment: '是否推荐', isQuery: 1 });
    expect(by.item_name.columnComment).toBe('商品名称');
    // lists GET tongbuById/{id} in docs/spec-notes.md#calls: the same sync (nothing left to change now), logged like the POST.
    const viaGet = await admin.get<GenTableDetail>(`${G}/tongbuById/${tableId}`);
    expect(viaGet.code).toBe(200);
    expect(viaGet.result.columns.map((c) => c.columnName)).toEqual(r.result.columns.map((c) => c.columnName));
    expect(viaGet.result.columns.find((c) => c.columnName === 'item_type')).toMatchObject({ dictType: 'sys_yes_no' });
    // The log row is written once the response is sent: wait for both.
    const logged = await waitFor(async () => {
      const rows = await t.db
        .selectFrom('oplog')
        .select(['method', 'title', 'type'])
        .where('url', '=', `${G}/tongbuById/${tableId}`)
        .execute();
      return rows.length >= 2 ? rows : undefined;
    });
    expect(logged.map((l) => l.method).sort()).toEqual(['GET', 'POST']);
    expect(logged[0]).toMatchObject({ title: '代码生成', type: 'edit' });

    await t.db.schema
      .createTable('gen_gone')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    const gone = (await admin.post<{ ids: number[] }>(`${G}/importTable`, { tables: 'gen_gone' })).result.ids[0];
    await t.db.schema.dropTable('gen_gone').execute();
    expect(await admin.post(`${G}/tongbuById/${gone}`)).toMatchObject({ code: 2004 });
    expect((await admin.del(`${G}/delByIds/${gone}`)).code).toBe(200);
    expect((await admin.get(`${G}/findById/${gone}`)).code).toBe(2002);
    expect((await admin.del(`${G}/delByIds/${gone}`)).code).toBe(2002);
  });

  it('add imports one table with the given basic info; findAllByList lists every imported table', async () => {
    await t.db.schema
      .createTable('gen_added')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('title', 'varchar(80)')
      .execute();
    const bad = await admin.post(`${G}/add`, { tableName: 'gen_added', parentMenuKey: 'merchant.index' });
    expect(bad.code).toBe(2004);
    expect((await admin.post(`${G}/add`, { tableName: 'gen_added', className: 'lower' })).code).toBe(2001);
    expect((await admin.post(`${G}/add`, { tableName: 'user' })).code).toBe(2002);
    const r = await admin.post<{ id: number }>(`${G}/add`, {
      tableName: 'gen_added',
      functionName: '新增的表',
      businessName: 'gen-added-x',
    });
    expect(r.code).toBe(200);
    const added = (await admin.get<GenTableDetail>(`${G}/findById/${r.result.id}`)).result;
    expect(added).toMatchObject({
      tableName: 'gen_added',
      functionName: '新增的表',
      businessName: 'gen-added-x',
      className: 'GenAdded',
      parentMenuKey: 'sys',
      tplCategory: 'crud',
    });
    expect(added.columns.map((c) => c.columnName)).toEqual(['id', 'title']);
    expect(added.columns[1]).toMatchObject({ queryType: 'LIKE', isQuery: 1 });
    expect((await admin.post(`${G}/add`, { tableName: 'gen_added' })).code).toBe(2004);

    const list = await admin.get<GenTable[]>(`${G}/findAllByList`);
    expect(list.code).toBe(200);
    expect(list.result.map((x) => x.tableName)).toEqual(expect.arrayContaining([FIXTURE, 'gen_added']));
    expect(list.result.map((x) => x.id)).toEqual([...list.result.map((x) => x.id)].sort((a, b) => b - a));
    expect((await admin.del(`${G}/delByIds/${r.result.id}`)).code).toBe(200);
    expect((await admin.get<GenTable[]>(`${G}/findAllByList`)).result.map((x) => x.tableName)).not.toContain(
      'gen_added',
    );
    await t.db.schema.dropTable('gen_added').execute();
  });

  it('is for platform admins only: a merchant owner gets 301, anonymous 401', async () => {
    for (const [m, url] of [
      ['get', `${G}/findAllByPage`],
      ['get', `${G}/db/findAllByPage`],
      ['get', `${G}/preview/${tableId}`],
      ['post', `${G}/importTable`],
      ['post', `${G}/genCodeById/${tableId}`],
      ['post', `${G}/tongbuById/${tableId}`],
      ['get', `${G}/tongbuById/${tableId}`],
      ['get', `${G}/findAllByList`],
      ['post', `${G}/add`],
    ] as const) {
      expect((await owner[m](url, { tables: FIXTURE })).code, url).toBe(301);
      expect((await api(t.app)[m](url, { tables: FIXTURE })).code, url).toBe(401);
    }
  });

  it('proof: the generated slice type-checks, lints, passes its own test and joins the web registry in the copy', async () => {
    const generated = Object.keys((await admin.get<Record<string, string>>(`${G}/preview/${tableId}`)).result);
    await proveGenerated(copy, generated, 'test/gen-fixture-item.test.ts');
  }, 600_000);
});
