import type { InitPc } from '@jz/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, loginAs, PHONES, type TestApp } from './helpers/index.ts';

const INIT = 'app/jiazheng/page/initPc';
const SWITCH = 'app/jiazheng/shangjia/info/setCurDianpu';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let shops: { aMain: number; aBranch: number; bMain: number };
beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA } = await demoUsers(t, 'ownerA', 'ownerB', 'subA'));
  const byName = async (name: string) =>
    (await t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  shops = {
    aMain: await byName('运城洁家家政（总店）'),
    aBranch: await byName('运城洁家家政（学苑路分店）'),
    bMain: await byName('太原安心家政'),
  };
});
afterAll(() => t?.close());

const currentShopOf = async (phone: string) =>
  (await t.db.selectFrom('user').select('currentShopId').where('phone', '=', phone).executeTakeFirstOrThrow())
    .currentShopId;

describe('shop page init (initPc)', () => {
  it('owner A sees both of its shops, the main one current', async () => {
    const r = await ownerA.get<InitPc>(INIT);
    expect(r).toMatchObject({ status: 200, code: 200 });
    expect(r.result.curDianpu).toEqual({ id: shops.aMain, name: '运城洁家家政（总店）' });
    expect(r.result.allDianpu.map((s) => s.id).sort()).toEqual([shops.aMain, shops.aBranch].sort());
    expect(r.result.allDianpu.find((s) => s.id === shops.aBranch)).toMatchObject({
      parentId: shops.aMain,
      auditStatus: 1,
      yingyeState: 1,
    });
    expect(r.result.isAddFendian).toBe(true);
    expect(r.raw).not.toContain('太原');
  });

  it('owner B sees only its own shop', async () => {
    const r = await ownerB.get<InitPc>(INIT);
    expect(r.result.curDianpu).toEqual({ id: shops.bMain, name: '太原安心家政' });
    expect(r.result.allDianpu).toEqual([expect.objectContaining({ id: shops.bMain, parentId: null })]);
    expect(r.raw).not.toContain('运城');
  });

  it('the platform admin has no shops', async () => {
    const admin = api(t.app, await loginAs(t.app, PHONES.admin));
    expect((await admin.get<InitPc>(INIT)).result).toEqual({
      curDianpu: null,
      allDianpu: [],
      isAddFendian: false,
      shangjiaInfoFuwuCount: 0,
    });
  });

  it('falls back to the main shop when the stored current shop is no longer the merchant’s', async () => {
    await t.db.updateTable('user').set({ currentShopId: shops.bMain }).where('phone', '=', PHONES.subA).execute();
    try {
      expect((await subA.get<InitPc>(INIT)).result.curDianpu?.id).toBe(shops.aMain);
    } finally {
      await t.db.updateTable('user').set({ currentShopId: shops.aMain }).where('phone', '=', PHONES.subA).execute();
    }
  });
});

describe('switching the current shop (setCurDianpu)', () => {
  it('switches owner A to its branch, and the choice persists', async () => {
    const r = await ownerA.post<InitPc>(SWITCH, { id: shops.aBranch });
    expect(r).toMatchObject({ status: 200, code: 200, message: '已切换店铺' });
    expect(r.result.curDianpu).toEqual({ id: shops.aBranch, name: '运城洁家家政（学苑路分店）' });
    expect((await ownerA.get<InitPc>(INIT)).result.curDianpu?.id).toBe(shops.aBranch);
    expect(await currentShopOf(PHONES.ownerA)).toBe(shops.aBranch);
    // Per user: the sub-account of the same merchant keeps its own current shop.
    expect((await subA.get<InitPc>(INIT)).result.curDianpu?.id).toBe(shops.aMain);
  });

  it('another merchant’s shop is "not found" (2002) and nothing changes', async () => {
    const before = await currentShopOf(PHONES.ownerA);
    const r = await ownerA.post(SWITCH, { id: shops.bMain });
    expect(r).toMatchObject({ status: 404, code: 2002, message: '店铺不存在', result: null });
    expect(await currentShopOf(PHONES.ownerA)).toBe(before);
    expect((await ownerA.get<InitPc>(INIT)).result.curDianpu?.id).toBe(before);
    // The same answer as for a shop that does not exist at all: no way to probe other merchants' ids.
    const missing = await ownerA.post(SWITCH, { id: 999999 });
    expect({ status: missing.status, code: missing.code, message: missing.message }).toEqual({
      status: r.status,
      code: r.code,
      message: r.message,
    });
  });

  it('owner B cannot switch to a shop of merchant A either', async () => {
    expect(await ownerB.post(SWITCH, { id: shops.aBranch })).toMatchObject({ status: 404, code: 2002 });
    expect(await currentShopOf(PHONES.ownerB)).toBe(shops.bMain);
  });

  it('refuses a bad id with 2001, platform users with 301, anonymous callers with 401', async () => {
    for (const id of ['abc', '0', '-3', '']) expect((await ownerA.post(SWITCH, { id })).code, id).toBe(2001);
    const admin = api(t.app, await loginAs(t.app, PHONES.admin));
    expect(await admin.post(SWITCH, { id: shops.aMain })).toMatchObject({
      status: 403,
      code: 301,
      message: '仅商家账号可使用此功能',
    });
    expect(await api(t.app).post(SWITCH, { id: shops.aMain })).toMatchObject({ status: 401, code: 401 });
  });
});
