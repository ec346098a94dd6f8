import type { DictData, DictType } from '@jz/contracts/dict';
import type { Page } from '@jz/contracts/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, expectEvery, PHONES, type TestApp, waitFor } from './helpers/index.ts';

const T = 'app/dict';
const D = 'app/dict/data';

let t: TestApp;
let admin: Api;
let owner: Api;
let adminId: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, ownerA: owner } = await demoUsers(t, 'admin', 'ownerA'));
  adminId = (await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.admin).executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

/** The oplog row a call wrote (onResponse runs after inject resolves: poll briefly). */
const oplogRow = (url: string, after: number) =>
  waitFor(() =>
    t.db
      .selectFrom('oplog')
      .selectAll()
      .where('url', '=', url)
      .where('id', '>', after)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  );
const lastOplogId = async () =>
  (await t.db.selectFrom('oplog').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

describe('dictionary types', () => {
  it('pages the seeded types with total, newest first', async () => {
    const all = await admin.get<Page<DictType>>(`${T}/findAllByPage`, { pageNum: 1, pageSize: 100 });
    expect(all).toMatchObject({ status: 200, code: 200 });
    expect(all.result.total).toBe(all.result.records.length);
    expect(all.result.records.map((r) => r.type)).toEqual(
      expect.arrayContaining([
        'sys_normal_disable',
        'sys_yes_no',
        'sys_user_type',
        'sys_menu_type',
        'shop_audit_status',
        'shop_yingye_state',
      ]),
    );
    const ids = all.result.records.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const p1 = await admin.get<Page<DictType>>(`${T}/findAllByPage`, { pageNum: 1, pageSize: 2 });
    const p2 = await admin.get<Page<DictType>>(`${T}/findAllByPage`, { pageNum: 2, pageSize: 2 });
    expect(p1.result.records).toHaveLength(2);
    expect(p2.result.records).toHaveLength(2);
    expect(p1.result.total).toBe(all.result.total);
    expect(p2.result.records.map((r) => r.id)).toEqual(ids.slice(2, 4));
    const beyond = await admin.get<Page<DictType>>(`${T}/findAllByPage`, { pageNum: 999, pageSize: 10 });
    expect(beyond.result).toEqual({ records: [], total: all.result.total });
  });

  it('filters by name, type and status; empty filters mean none', async () => {
    // Other modules seed dictionaries too: check what the filter lets through, not the whole seed.
    const page = (q: Record<string, string | number>) =>
      admin.get<Page<DictType>>(`${T}/findAllByPage`, { pageSize: 100, ...q }).then((r) => r.result);
    const all = await page({});
    const byName = await page({ name: '状态' });
    expect(byName.records.map((r) => r.type)).toEqual(
      expect.arrayContaining(['shop_audit_status', 'shop_yingye_state']),
    );
    expectEvery(byName.records, (r) => r.name.includes('状态'));
    expect(byName.total).toBe(all.records.filter((r) => r.name.includes('状态')).length);
    const byType = await page({ type: 'yingye' });
    expect(byType.records.map((r) => r.type)).toEqual(['shop_yingye_state']);
    await admin.post(`${T}/edit`, { id: byType.records[0].id, status: 1 });
    try {
      const off = await page({ status: 1 });
      expect(off.records.map((r) => r.type)).toContain('shop_yingye_state');
      expectEvery(off.records, (r) => r.status === 1);
      expect((await page({ status: 0 })).total).toBe(all.total - off.total);
    } finally {
      await admin.post(`${T}/edit`, { id: byType.records[0].id, status: 0 });
    }
    const combined = await page({ name: '状态', type: 'audit' });
    // Both filters apply together (other modules may seed more audit-status dictionaries).
    expect(combined.records.map((r) => r.type)).toContain('shop_audit_status');
    expectEvery(combined.records, (r) => r.name.includes('状态') && r.type.includes('audit'));
    expect(combined.total).toBeLessThan(all.total);
    expect((await page({ name: '', type: '  ', status: '' })).total).toBe(all.total);
  });

  // % and _ in a filter are literal on both databases (SQLite gets a backslash-escaping LIKE in db/client.ts).
  it('LIKE filters match _ and % literally', async () => {
    const byType = await admin.get<Page<DictType>>(`${T}/findAllByPage`, { type: 'sys_', pageSize: 100 });
    expect(byType.result.records.map((r) => r.type)).toEqual(
      expect.arrayContaining(['sys_menu_type', 'sys_normal_disable', 'sys_user_type', 'sys_yes_no']),
    );
    expectEvery(byType.result.records, (r) => r.type.includes('sys_'));
    expect((await admin.get<Page<DictType>>(`${T}/findAllByPage`, { type: 'sys%yes' })).result.total).toBe(0);
    expect((await admin.get<Page<DictType>>(`${T}/findAllByPage`, { name: '%' })).result.total).toBe(0);
    expect((await admin.get<Page<DictType>>(`${T}/findAllByPage`, { type: 'shop_audit_status' })).result.total).toBe(1);
  });

  it('refuses bad paging with 2001 in Chinese: pageSize over 100, pageNum 0, non-numbers', async () => {
    for (const q of [{ pageSize: 101 }, { pageNum: 0 }, { pageSize: 'ten' }, { status: 2 }]) {
      const r = await admin.get(`${T}/findAllByPage`, q);
      expect(r, JSON.stringify(q)).toMatchObject({ status: 400, code: 2001, result: null });
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await admin.get(`${T}/findAllByPage`, { pageSize: 100 })).code).toBe(200);
  });

  it('adds, edits and lists a type; a duplicate type is 2004', async () => {
    const before = await lastOplogId();
    const added = await admin.post<{ id: number }>(`${T}/add`, {
      name: '服务颜色',
      type: 'test_color',
      remark: '测试',
    });
    expect(added).toMatchObject({ status: 200, code: 200, message: '操作成功' });
    const id = added.result.id;
    expect(id).toEqual(expect.any(Number));

    const log = await oplogRow('/tmpl/api/app/dict/add', before);
    expect(log).toMatchObject({
      title: '字典管理',
      type: 'add',
      method: 'POST',
      userId: adminId,
      loginName: 'admin',
      success: 1,
      errorMessage: null,
    });
    expect(JSON.parse(log.params!)).toMatchObject({ name: '服务颜色', type: 'test_color' });

    const dup = await admin.post(`${T}/add`, { name: '另一个', type: 'test_color' });
    expect(dup).toMatchObject({ status: 409, code: 2004, message: '字典类型「test_color」已存在', result: null });
    const failedLog = await oplogRow('/tmpl/api/app/dict/add', log.id);
    expect(failedLog).toMatchObject({ success: 0, errorMessage: '字典类型「test_color」已存在' });

    const edited = await admin.post(`${T}/edit`, {
      id,
      name: '服务颜色（改）',
      type: 'test_color',
      status: 1,
      remark: '测试',
    });
    expect(edited).toMatchObject({ code: 200 });
    const row = (await admin.get<Page<DictType>>(`${T}/findAllByPage`, { pageSize: 100 })).result.records.find(
      (r) => r.id === id,
    );
    expect(row).toMatchObject({ id, name: '服务颜色（改）', type: 'test_color', status: 1, remark: '测试' });

    // findAllByList holds enabled types only.
    const list = await admin.get<DictType[]>(`${T}/findAllByList`);
    expect(list.result.some((r) => r.type === 'test_color')).toBe(false);
    await admin.post(`${T}/edit`, { id, status: 0 });
    expect((await admin.get<DictType[]>(`${T}/findAllByList`)).result.some((r) => r.type === 'test_color')).toBe(true);
  });

  // Edits carry no add-time defaults: a partial edit must not re-enable or wipe anything.
  it('a partial edit (the status switch) leaves the other fields alone', async () => {
    const { id } = (
      await admin.post<{ id: number }>(`${T}/add`, { name: '部分', type: 'test_partial', status: 1, remark: '保留' })
    ).result;
    expect((await admin.post(`${T}/edit`, { id, name: '部分（改）' })).code).toBe(200);
    const row = (await admin.get<Page<DictType>>(`${T}/findAllByPage`, { pageSize: 100 })).result.records.find(
      (r) => r.id === id,
    );
    expect(row).toMatchObject({ name: '部分（改）', status: 1, remark: '保留' });
  });

  it('refuses invalid type bodies with Chinese messages', async () => {
    expect(await admin.post(`${T}/add`, { type: 'abc_x' })).toMatchObject({
      status: 400,
      code: 2001,
      message: '请输入字典名称',
    });
    expect(await admin.post(`${T}/add`, { name: '  ', type: 'abc_x' })).toMatchObject({
      code: 2001,
      message: '请输入字典名称',
    });
    const badType = await admin.post(`${T}/add`, { name: '坏', type: 'Bad-Type' });
    expect(badType).toMatchObject({ code: 2001, message: '字典类型以小写字母开头，只含小写字母、数字和下划线' });
    expect((await admin.post(`${T}/add`, { name: '字'.repeat(51), type: 'abc_y' })).message).toBe(
      '字典名称最多 50 个字',
    );
    expect((await admin.post(`${T}/edit`, { name: 'x' })).code).toBe(2001);
    expect(await admin.post(`${T}/edit`, { id: 999999, name: 'x' })).toMatchObject({
      status: 404,
      code: 2002,
      message: '字典不存在',
    });
  });

  it('renaming a type carries its values; renaming onto another type is 2004', async () => {
    const { id } = (await admin.post<{ id: number }>(`${T}/add`, { name: '改名', type: 'test_rename' })).result;
    await admin.post(`${D}/add`, { dictType: 'test_rename', dictLabel: '甲', dictValue: 'a' });
    expect(await admin.post(`${T}/edit`, { id, type: 'sys_yes_no' })).toMatchObject({
      code: 2004,
      message: '字典类型「sys_yes_no」已存在',
    });
    expect((await admin.post(`${T}/edit`, { id, type: 'test_renamed' })).code).toBe(200);
    expect((await admin.get(`${T}/findByType/test_rename`)).result).toEqual({ dataList: [] });
    expect((await admin.get(`${T}/findByType/test_renamed`)).result.dataList).toEqual([
      expect.objectContaining({ dictValue: 'a', type: 'test_renamed' }),
    ]);
  });
});

describe('dictionary values', () => {
  let typeId: number;
  beforeAll(async () => {
    typeId = (await admin.post<{ id: number }>(`${T}/add`, { name: '尺码', type: 'test_size' })).result.id;
  });

  it('adds values, findByType answers {dataList} of enabled values in sort order', async () => {
    const big = await admin.post<{ id: number }>(`${D}/add`, {
      dictType: 'test_size',
      dictLabel: '大',
      dictValue: 'L',
      sort: 3,
      tagType: 'error',
    });
    const small = await admin.post<{ id: number }>(`${D}/add`, {
      dictType: 'test_size',
      dictLabel: '小',
      dictValue: 'S',
      sort: 1,
    });
    const off = await admin.post<{ id: number }>(`${D}/add`, {
      dictType: 'test_size',
      dictLabel: '停',
      dictValue: 'X',
      sort: 2,
      status: 1,
    });
    for (const r of [big, small, off]) expect(r).toMatchObject({ code: 200, result: { id: expect.any(Number) } });

    const byType = await admin.get(`${T}/findByType/test_size`);
    expect(byType).toMatchObject({ code: 200 });
    expect(byType.result).toEqual({
      dataList: [
        { dictLabel: '小', dictValue: 'S', type: 'test_size', tagType: 'default', sort: 1 },
        { dictLabel: '大', dictValue: 'L', type: 'test_size', tagType: 'error', sort: 3 },
      ],
    });
    expect((await admin.get(`${D}/findByType/test_size`)).result).toEqual(byType.result);
    expect((await admin.get(`${D}/findAllByList`, { dictType: 'test_size' })).result).toHaveLength(2);
    expect((await admin.get(`${T}/findByType/no_such_type`)).result).toEqual({ dataList: [] });

    // The page shows disabled values too, filtered by type, label and status.
    const page = await admin.get<Page<DictData>>(`${D}/findAllByPage`, { dictType: 'test_size' });
    expect(page.result.total).toBe(3);
    expect(page.result.records.map((r) => r.dictValue)).toEqual(['S', 'X', 'L']);
    expect(
      (await admin.get<Page<DictData>>(`${D}/findAllByPage`, { dictType: 'test_size', status: 1 })).result.records.map(
        (r) => r.dictValue,
      ),
    ).toEqual(['X']);
    expect(
      (await admin.get<Page<DictData>>(`${D}/findAllByPage`, { dictType: 'test_size', dictLabel: '大' })).result.total,
    ).toBe(1);
    expect((await admin.get(`${D}/findAllByPage`, { pageSize: 500 })).code).toBe(2001);
  });

  it('refuses a duplicate value, an unknown type and a bad tag', async () => {
    expect(await admin.post(`${D}/add`, { dictType: 'test_size', dictLabel: '又大', dictValue: 'L' })).toMatchObject({
      status: 409,
      code: 2004,
      message: '键值「L」已存在',
    });
    expect(await admin.post(`${D}/add`, { dictType: 'nope_type', dictLabel: '甲', dictValue: 'a' })).toMatchObject({
      status: 404,
      code: 2002,
      message: '字典类型「nope_type」不存在',
    });
    expect(
      await admin.post(`${D}/add`, { dictType: 'test_size', dictLabel: '甲', dictValue: 'a', tagType: 'rainbow' }),
    ).toMatchObject({
      code: 2001,
      message: '标签样式无效',
    });
    expect(await admin.post(`${D}/add`, { dictType: 'test_size', dictValue: 'a' })).toMatchObject({
      code: 2001,
      message: '请输入字典标签',
    });
  });

  it('edits a value; a clash with another value is 2004; an unknown id is 2002', async () => {
    const rows = (await admin.get<Page<DictData>>(`${D}/findAllByPage`, { dictType: 'test_size' })).result.records;
    const s = rows.find((r) => r.dictValue === 'S')!;
    expect(await admin.post(`${D}/edit`, { id: s.id, dictLabel: '小号', tagType: 'blue' })).toMatchObject({
      code: 200,
    });
    expect((await admin.get(`${T}/findByType/test_size`)).result.dataList[0]).toMatchObject({
      dictLabel: '小号',
      tagType: 'blue',
    });
    expect(await admin.post(`${D}/edit`, { id: s.id, dictValue: 'L' })).toMatchObject({
      code: 2004,
      message: '键值「L」已存在',
    });
    expect(await admin.post(`${D}/edit`, { id: s.id, dictType: 'nope_type' })).toMatchObject({ code: 2002 });
    expect(await admin.post(`${D}/edit`, { id: 999999, dictLabel: 'x' })).toMatchObject({
      status: 404,
      code: 2002,
      message: '字典数据不存在',
    });
  });

  it('switching a value’s status keeps its sort, tag and remark', async () => {
    const { id } = (
      await admin.post<{ id: number }>(`${D}/add`, {
        dictType: 'test_size',
        dictLabel: '特大',
        dictValue: 'XL',
        sort: 9,
        tagType: 'purple',
        remark: '备注',
      })
    ).result;
    try {
      expect((await admin.post(`${D}/edit`, { id, status: 1 })).code).toBe(200);
      const row = (
        await admin.get<Page<DictData>>(`${D}/findAllByPage`, { dictType: 'test_size' })
      ).result.records.find((r) => r.id === id);
      expect(row).toMatchObject({ status: 1, sort: 9, tagType: 'purple', remark: '备注' });
    } finally {
      await admin.del(`${D}/delByIds/${id}`);
    }
  });

  it('deletes values by comma-separated ids; bad ids are 2001, unknown ids 2002', async () => {
    const rows = (await admin.get<Page<DictData>>(`${D}/findAllByPage`, { dictType: 'test_size' })).result.records;
    const bad = await admin.del(`${D}/delByIds/1,a`);
    expect(bad).toMatchObject({ status: 400, code: 2001, result: null });
    expect(bad.message).toContain('ids 须为逗号分隔的数字');
    for (const ids of ['-1', '1,,2', '1;2', '%20', '0x1'])
      expect((await admin.del(`${D}/delByIds/${ids}`)).code, ids).toBe(2001);
    expect(await admin.del(`${D}/delByIds/999998,999999`)).toMatchObject({ status: 404, code: 2002 });

    const before = await lastOplogId();
    const x = rows.find((r) => r.dictValue === 'X')!;
    const l = rows.find((r) => r.dictValue === 'L')!;
    expect(await admin.del(`${D}/delByIds/${x.id},${l.id}`)).toMatchObject({ code: 200, message: '操作成功' });
    expect(
      (await admin.get<Page<DictData>>(`${D}/findAllByPage`, { dictType: 'test_size' })).result.records.map(
        (r) => r.dictValue,
      ),
    ).toEqual(['S']);
    const log = await oplogRow(`/tmpl/api/app/dict/data/delByIds/${x.id},${l.id}`, before);
    expect(log).toMatchObject({ type: 'delete', success: 1 });
    expect(JSON.parse(log.params!)).toEqual({ ids: [x.id, l.id] });
  });

  it('deleting a type deletes its values', async () => {
    await admin.post(`${D}/add`, { dictType: 'test_size', dictLabel: '中', dictValue: 'M' });
    expect((await admin.get<Page<DictData>>(`${D}/findAllByPage`, { dictType: 'test_size' })).result.total).toBe(2);
    expect(await admin.del(`${T}/delByIds/${typeId},999999`)).toMatchObject({ code: 2002, message: '部分字典不存在' });
    expect((await admin.get<Page<DictData>>(`${D}/findAllByPage`, { dictType: 'test_size' })).result.total).toBe(2);

    expect(await admin.del(`${T}/delByIds/${typeId}`)).toMatchObject({ code: 200 });
    expect(
      (await admin.get<Page<DictType>>(`${T}/findAllByPage`, { pageSize: 100 })).result.records.some(
        (r) => r.id === typeId,
      ),
    ).toBe(false);
    expect((await admin.get<Page<DictData>>(`${D}/findAllByPage`, { dictType: 'test_size' })).result.total).toBe(0);
    expect(await t.db.selectFrom('dictData').select('id').where('dictType', '=', 'test_size').execute()).toEqual([]);
    expect((await admin.get(`${T}/findByType/test_size`)).result).toEqual({ dataList: [] });
  });
});

describe('who may touch dictionaries', () => {
  it('a merchant owner gets 301 / HTTP 403 on every management call, and nothing changes', async () => {
    const calls = [
      () => owner.get(`${T}/findAllByPage`),
      () => owner.get(`${T}/findAllByList`),
      () => owner.post(`${T}/add`, { name: '商家', type: 'merchant_try' }),
      () => owner.post(`${T}/edit`, { id: 1, name: '改' }),
      () => owner.del(`${T}/delByIds/1`),
      () => owner.get(`${D}/findAllByPage`),
      () => owner.post(`${D}/add`, { dictType: 'sys_yes_no', dictLabel: '也许', dictValue: '2' }),
      () => owner.post(`${D}/edit`, { id: 1, dictLabel: '改' }),
      () => owner.del(`${D}/delByIds/1`),
    ];
    for (const call of calls)
      expect(await call()).toMatchObject({ status: 403, code: 301, message: '没有权限执行此操作', result: null });
    expect(
      await t.db.selectFrom('dictType').select('id').where('type', '=', 'merchant_try').executeTakeFirst(),
    ).toBeUndefined();
    expect((await admin.get(`${T}/findByType/sys_yes_no`)).result.dataList.map((d: DictData) => d.dictValue)).toEqual([
      '1',
      '0',
    ]);
  });

  it('a merchant owner may read a dictionary by type', async () => {
    const r = await owner.get(`${T}/findByType/shop_audit_status`);
    expect(r).toMatchObject({ code: 200 });
    expect(r.result.dataList.map((d: DictData) => d.dictLabel)).toEqual(['待审核', '已通过', '未通过']);
  });

  it('an anonymous caller gets 401 even for reads', async () => {
    const anon = api(t.app);
    for (const r of [
      await anon.get(`${T}/findAllByPage`),
      await anon.get(`${T}/findByType/sys_yes_no`),
      await anon.post(`${T}/add`, { name: 'a', type: 'abc' }),
    ])
      expect(r).toMatchObject({ status: 401, code: 401, result: null });
  });

  it('permission is checked before validation: a forbidden caller learns nothing from bad input', async () => {
    expect(await owner.del(`${T}/delByIds/1,a`)).toMatchObject({ code: 301 });
    expect(await api(t.app).del(`${T}/delByIds/1,a`)).toMatchObject({ code: 401 });
  });
});
