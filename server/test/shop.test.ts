import type { InitPc } from '@jz/contracts/auth';
import type { Page } from '@jz/contracts/envelope';
import type { ShopInfo, ShopSetting } from '@jz/contracts/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';

const S = 'app/jiazheng/shangjia/info';
const INIT = 'app/jiazheng/page/initPc';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let admin: Api;
let anon: Api;
let shops: { aMain: number; aBranch: number; bMain: number };

const square = (lat: number, lng: number, d = 0.01) =>
  JSON.stringify([
    { lat: lat + d, lng: lng - d },
    { lat: lat + d, lng: lng + d },
    { lat: lat - d, lng: lng + d },
    { lat: lat - d, lng: lng - d },
  ]);
const shopRow = (id: number) => t.db.selectFrom('shop').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const fuwuId = async (name: string) =>
  (await t.db.selectFrom('fuwu').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** Takes a button's permission away from the demo sub-account's role. */
async function revokeFromSub(perm: string) {
  const role = await t.db.selectFrom('role').select('id').where('code', '=', 'shop_operator').executeTakeFirstOrThrow();
  const menuIds = (await t.db.selectFrom('menu').select('id').where('perms', '=', perm).execute()).map((m) => m.id);
  await t.db.deleteFrom('roleMenu').where('roleId', '=', role.id).where('menuId', 'in', menuIds).execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA, admin } = await demoUsers(t));
  anon = api(t.app);
  const byName = async (name: string) =>
    (await t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  shops = {
    aMain: await byName('运城洁家家政（总店）'),
    aBranch: await byName('运城洁家家政（学苑路分店）'),
    bMain: await byName('太原安心家政'),
  };
});
afterAll(() => t?.close());

describe('shop info and settings', () => {
  it('initPc counts the demo categories of the current shop', async () => {
    const r = await ownerA.get<InitPc>(INIT);
    expect(r.result.curDianpu?.id).toBe(shops.aMain);
    expect(r.result.shangjiaInfoFuwuCount).toBe(7);
    expect(r.result.isAddFendian).toBe(true);
  });

  it('findInfo answers the current shop with arrays decoded; findDianpuShezhiInfo its settings', async () => {
    const r = await ownerA.get<ShopInfo>(`${S}/findInfo`);
    expect(r).toMatchObject({
      code: 200,
      result: { id: shops.aMain, parentId: null, auditStatus: 1, yingyeState: 1, merchantId: expect.any(Number) },
    });
    expect(r.result.serviceArea).toHaveLength(4);
    expect(r.result.fuwuIds).toHaveLength(7);
    expect(r.result.images.length).toBeGreaterThan(0);
    const s = await ownerA.get<ShopSetting>(`${S}/findDianpuShezhiInfo`);
    expect(s.result).toEqual({
      shopId: shops.aMain,
      autoAccept: 0,
      newOrderSound: 1,
      bookingLeadHours: 2,
      serviceTimeSlots: ['08:00-10:00', '10:00-12:00', '14:00-16:00', '16:00-18:00'],
      travelBufferMinutes: 30,
      arrivalRadiusM: 500,
      defaultWorkHours: null,
    });
    const b = await ownerB.get<ShopInfo>(`${S}/findInfo`);
    expect(b.result.id).toBe(shops.bMain);
    expect(b.raw).not.toContain('运城');
  });

  it('edits the shop: polygon, hours, categories, settings; rich text is cleaned', async () => {
    const cats = [
      await fuwuId('日常保洁'),
      await fuwuId('深度保洁'),
      await fuwuId('开荒保洁'),
      await fuwuId('家电清洗'),
      await fuwuId('空调清洗'),
      await fuwuId('油烟机清洗'),
      await fuwuId('钟点工'),
      await fuwuId('搬家'),
    ];
    const r = await ownerA.post(`${S}/edit`, {
      id: shops.aMain,
      name: '运城洁家家政（总店）',
      phone: '13912345678',
      businessHours: '07:30-21:00',
      serviceArea: square(35.03, 111.0),
      fuwuIds: JSON.stringify(cats),
      intro: '<p onclick="alert(1)">好<script>alert(2)</script><img src="javascript:alert(3)"></p>',
      provinceCode: '140000',
      cityCode: '140800',
      districtCode: '140802',
      lat: '35.03',
      lng: '111.0',
      autoAccept: 1,
      bookingLeadHours: 6,
      serviceTimeSlots: JSON.stringify(['14:00-16:00', '09:00-11:00']),
      arrivalRadiusM: 800,
    });
    expect(r).toMatchObject({ status: 200, code: 200 });
    const row = await shopRow(shops.aMain);
    expect(row.businessHours).toBe('07:30-21:00');
    expect(row.phone).toBe('13912345678');
    expect(JSON.parse(row.serviceArea)).toHaveLength(4);
    expect(row.intro).toBe('<p>好<img /></p>');
    expect(row.auditStatus).toBe(1);
    expect((await ownerA.get<InitPc>(INIT)).result.shangjiaInfoFuwuCount).toBe(8);
    const s = await ownerA.get<ShopSetting>(`${S}/findDianpuShezhiInfo`);
    expect(s.result).toMatchObject({
      autoAccept: 1,
      newOrderSound: 1,
      bookingLeadHours: 6,
      serviceTimeSlots: ['09:00-11:00', '14:00-16:00'],
      arrivalRadiusM: 800,
    });
  });

  it('refuses bad input with 2001 in Chinese and changes nothing', async () => {
    const before = await shopRow(shops.aMain);
    const settingBefore = (await ownerA.get<ShopSetting>(`${S}/findDianpuShezhiInfo`)).result;
    const cases: [Record<string, string | number>, RegExp][] = [
      [
        {
          serviceArea: JSON.stringify([
            { lat: 35, lng: 111 },
            { lat: 35.1, lng: 111.1 },
          ]),
        },
        /至少需要 3 个点/,
      ],
      [
        {
          serviceArea: JSON.stringify([
            { lat: 0, lng: 0 },
            { lat: 1, lng: 1 },
            { lat: 0, lng: 1 },
            { lat: 1, lng: 0 },
          ]),
        },
        /不能相互交叉/,
      ],
      [
        {
          serviceArea: JSON.stringify([
            { lat: 35, lng: 111 },
            { lat: 35.01, lng: 111.01 },
            { lat: 35.02, lng: 111.02 },
          ]),
        },
        /同一条直线/,
      ],
      [
        {
          serviceArea: JSON.stringify([
            { lat: 35, lng: 111 },
            { lat: 35.1, lng: 111.1 },
            { lat: 35, lng: 111 },
          ]),
        },
        /重复的点/,
      ],
      [
        {
          serviceArea: JSON.stringify([
            { lat: 95, lng: 0 },
            { lat: 1, lng: 1 },
            { lat: 0, lng: 1 },
          ]),
        },
        /纬度超出范围/,
      ],
      [{ serviceArea: 'not json' }, /服务区域格式错误/],
      [{ businessHours: '20:00-08:00' }, /晚于开始/],
      [{ businessHours: '8点' }, /营业时间格式/],
      [{ name: 'x'.repeat(51) }, /最多 50 个字/],
      [{ phone: '12345' }, /手机号或座机号/],
      [{ districtCode: '1408' }, /6 位数字/],
      [{ fuwuIds: '[99999]' }, /服务类目不存在/],
      [{ logoUrl: 'javascript:alert(1)' }, /图片地址无效/],
      [{ bookingLeadHours: 500 }, /168/],
      [{ arrivalRadiusM: 20 }, /打卡范围最少 50 米/],
      [{ arrivalRadiusM: 5001 }, /打卡范围最多 5000 米/],
      [{ arrivalRadiusM: '五百' }, /打卡范围须为数字/],
      [{ arrivalRadiusM: 500.5 }, /打卡范围须为整数/],
      [{ serviceTimeSlots: '["25:00-26:00"]' }, /服务时段格式/],
    ];
    for (const [body, msg] of cases) {
      const r = await ownerA.post(`${S}/edit`, { id: shops.aMain, ...body });
      expect(r, JSON.stringify(body)).toMatchObject({ code: 2001 });
      expect(r.message).toMatch(msg);
    }
    expect(await shopRow(shops.aMain)).toEqual(before);
    expect((await ownerA.get<ShopSetting>(`${S}/findDianpuShezhiInfo`)).result).toEqual(settingBefore);
  });

  it('refuses to drop a category that still has goods (2004)', async () => {
    const cats = [await fuwuId('日常保洁')];
    const r = await ownerA.post(`${S}/edit`, { id: shops.aMain, fuwuIds: JSON.stringify(cats) });
    expect(r).toMatchObject({ code: 2004 });
    expect(r.message).toMatch(/下还有商品/);
  });

  it("another merchant's shop answers 2002 for every call and nothing changes", async () => {
    const before = await shopRow(shops.aMain);
    expect((await ownerB.get(`${S}/findById/${shops.aMain}`)).code).toBe(2002);
    expect((await ownerB.post(`${S}/edit`, { id: shops.aMain, name: '偷改的名字' })).code).toBe(2002);
    expect((await ownerB.post(`${S}/setYingyeState`, { id: shops.aMain, yingyeState: 0 })).code).toBe(2002);
    expect((await ownerB.post(`${S}/setCurDianpu`, { id: shops.aMain })).code).toBe(2002);
    expect((await ownerB.post(`${S}/fuzhi`, { fromId: shops.aMain, toId: shops.bMain })).code).toBe(2002);
    expect((await ownerB.post(`${S}/fuzhi`, { fromId: shops.bMain, toId: shops.aMain })).code).toBe(2002);
    expect(await shopRow(shops.aMain)).toEqual(before);
    expect((await t.db.selectFrom('goods').select('id').where('shopId', '=', shops.bMain).execute()).length).toBe(3);
  });

  it('anonymous callers get 401; a sub-account without the button gets 301', async () => {
    for (const [m, url] of [
      ['get', `${S}/findInfo`],
      ['get', `${S}/findDianpuShezhiInfo`],
      ['get', `${S}/search/findAllByPage`],
      ['post', `${S}/edit`],
      ['post', `${S}/add`],
      ['post', `${S}/setYingyeState`],
      ['post', `${S}/fuzhi`],
    ] as const) {
      const r = await anon[m](url, { id: shops.aMain });
      expect(r, url).toMatchObject({ status: 401, code: 401 });
    }
    // The demo sub-account holds the shop buttons until they are taken away.
    expect((await subA.get(`${S}/findInfo`)).code).toBe(200);
    await revokeFromSub('merchant:shop:edit');
    await revokeFromSub('merchant:shop:state');
    const before = await shopRow(shops.aMain);
    expect((await subA.post(`${S}/edit`, { id: shops.aMain, name: '子账号改名' })).code).toBe(301);
    expect((await subA.post(`${S}/setYingyeState`, { id: shops.aMain, yingyeState: 0 })).code).toBe(301);
    expect(await shopRow(shops.aMain)).toEqual(before);
    // Merchant users never pass the platform's audit.
    expect((await ownerA.post(`${S}/audit`, { id: shops.aMain, auditStatus: 1 })).code).toBe(301);
  });
});

describe('business state, branches, audit and copy', () => {
  let branchId: number;

  it('closes and reopens a shop; the state is validated', async () => {
    expect((await ownerA.post(`${S}/setYingyeState`, { id: shops.aBranch, yingyeState: 0 })).code).toBe(200);
    expect((await shopRow(shops.aBranch)).yingyeState).toBe(0);
    expect((await ownerA.post(`${S}/setYingyeState`, { id: shops.aBranch, yingyeState: 2 })).code).toBe(2001);
    expect((await ownerA.post(`${S}/setYingyeState`, { id: shops.aBranch, yingyeState: 1 })).code).toBe(200);
    expect((await shopRow(shops.aBranch)).yingyeState).toBe(1);
  });

  it('adds a branch under the main shop, pending audit and closed; it cannot open before approval', async () => {
    const r = await ownerA.post<{ id: number; parentId: number }>(`${S}/add`, {
      name: '运城洁家家政（河东街分店）',
      phone: '0359-2345679',
      businessHours: '08:00-18:00',
      serviceArea: square(35.05, 111.03),
      fuwuIds: JSON.stringify([await fuwuId('日常保洁')]),
      newOrderSound: 0,
    });
    expect(r).toMatchObject({ code: 200, result: { parentId: shops.aMain } });
    branchId = r.result.id;
    expect(await shopRow(branchId)).toMatchObject({
      merchantId: expect.any(Number),
      parentId: shops.aMain,
      auditStatus: 0,
      yingyeState: 0,
    });
    const init = await ownerA.get<InitPc>(INIT);
    expect(init.result.allDianpu.map((s) => s.id)).toContain(branchId);
    expect(init.result.curDianpu?.id).toBe(shops.aMain); // adding a branch does not switch
    const open = await ownerA.post(`${S}/setYingyeState`, { id: branchId, yingyeState: 1 });
    expect(open).toMatchObject({ code: 2004 });
    expect(open.message).toMatch(/审核通过后/);
    // duplicate name
    expect((await ownerA.post(`${S}/add`, { name: '运城洁家家政（河东街分店）' })).code).toBe(2004);
    // A bad polygon refuses the add as it refuses an edit (2001), and no shop is created.
    const count = async () => (await t.db.selectFrom('shop').select('id').execute()).length;
    const before = await count();
    for (const area of [
      [{ lat: 35, lng: 111 }],
      [
        { lat: 0, lng: 0 },
        { lat: 1, lng: 1 },
        { lat: 0, lng: 1 },
        { lat: 1, lng: 0 },
      ],
    ]) {
      const bad = await ownerA.post(`${S}/add`, {
        name: '运城洁家家政（坏区域分店）',
        serviceArea: JSON.stringify(area),
      });
      expect(bad).toMatchObject({ code: 2001 });
      expect(bad.message).toMatch(/服务区域/);
    }
    expect(await count()).toBe(before);
    expect((await ownerA.post(`${S}/add`, { name: '' })).code).toBe(2001);
  });

  it('search/findAllByPage: a merchant sees its own shops, the platform all; filters work', async () => {
    const a = await ownerA.get<Page<ShopInfo>>(`${S}/search/findAllByPage`, { pageSize: 50 });
    expect(a.result.records.map((s) => s.id).sort()).toEqual([shops.aMain, shops.aBranch, branchId].sort());
    expect(a.raw).not.toContain('太原');
    const branches = await ownerA.get<Page<ShopInfo>>(`${S}/search/findAllByPage`, { parentId: shops.aMain });
    expect(branches.result.total).toBe(2);
    const pending = await admin.get<Page<ShopInfo>>(`${S}/search/findAllByPage`, { auditStatus: 0, pageSize: 50 });
    expect(pending.result.records.map((s) => s.id)).toContain(branchId);
    expect(pending.result.records.find((s) => s.id === branchId)?.merchantName).toBe('运城洁家家政');
    const all = await admin.get<Page<ShopInfo>>(`${S}/search/findAllByPage`, { pageSize: 50 });
    expect(all.result.total).toBeGreaterThanOrEqual(4);
    expect((await ownerB.get<Page<ShopInfo>>(`${S}/search/findAllByPage`)).result.total).toBe(1);
    expect((await admin.get(`${S}/search/findAllByPage`, { auditStatus: 7 })).code).toBe(2001);
  });

  it('platform audit: reject needs a reason; two concurrent decisions change the shop once', async () => {
    expect((await admin.post(`${S}/audit`, { id: branchId, auditStatus: 2 })).message).toMatch(/驳回时请填写原因/);
    const [x, y] = await Promise.all([
      admin.post(`${S}/audit`, { id: branchId, auditStatus: 1 }),
      admin.post(`${S}/audit`, { id: branchId, auditStatus: 2, auditRemark: '证照不清晰' }),
    ]);
    expect([x.code, y.code].sort()).toEqual([200, 2004]);
    const row = await shopRow(branchId);
    expect(row.auditStatus).toBe(x.code === 200 ? 1 : 2);
    expect((await admin.post(`${S}/audit`, { id: 999999, auditStatus: 1 })).code).toBe(2002);
    if (row.auditStatus === 2) {
      // A rejected shop edited by its merchant returns to the queue; approve it then.
      expect((await ownerA.post(`${S}/edit`, { id: branchId, address: '河东街 1 号' })).code).toBe(200);
      expect((await shopRow(branchId)).auditStatus).toBe(0);
      expect((await admin.post(`${S}/audit`, { id: branchId, auditStatus: 1 })).code).toBe(200);
    }
    expect((await ownerA.post(`${S}/setYingyeState`, { id: branchId, yingyeState: 1 })).code).toBe(200);
    const detail = await admin.get<ShopInfo>(`${S}/audit/findById/${branchId}`);
    expect(detail.result).toMatchObject({ id: branchId, auditStatus: 1, yingyeState: 1, merchantName: '运城洁家家政' });
  });

  it('fuzhi copies goods (off the shelf) and settings into another own shop', async () => {
    const srcGoods = await t.db.selectFrom('goods').select(['name']).where('shopId', '=', shops.aMain).execute();
    const r = await ownerA.post<{ copiedGoods: number }>(`${S}/fuzhi`, { fromId: shops.aMain, toId: branchId });
    expect(r).toMatchObject({ code: 200, result: { copiedGoods: srcGoods.length } });
    const copied = await t.db.selectFrom('goods').selectAll().where('shopId', '=', branchId).execute();
    expect(copied.map((g) => g.name).sort()).toEqual(srcGoods.map((g) => g.name).sort());
    expectEvery(copied, (g) => g.shelfState === 0 && g.sales === 0);
    const fromRow = await shopRow(shops.aMain);
    const toRow = await shopRow(branchId);
    expect(new Set(JSON.parse(toRow.fuwuIds))).toEqual(new Set(JSON.parse(fromRow.fuwuIds)));
    const s = await ownerA.get<ShopInfo & { setting: ShopSetting }>(`${S}/findById/${branchId}`);
    expect(s.result.setting).toMatchObject({ autoAccept: 1, bookingLeadHours: 6 });
    expect((await ownerA.post(`${S}/fuzhi`, { fromId: branchId, toId: branchId })).code).toBe(2001);
    expect((await ownerA.post(`${S}/fuzhi`, { fromId: branchId })).code).toBe(2001);
  });

  it('setCurDianpu switches to the branch and back (oplog written)', async () => {
    const r = await ownerA.post<InitPc>(`${S}/setCurDianpu`, { id: branchId });
    expect(r.result.curDianpu?.id).toBe(branchId);
    expect((await ownerA.get<ShopInfo>(`${S}/findInfo`)).result.id).toBe(branchId);
    expect((await ownerA.post<InitPc>(`${S}/setCurDianpu`, { id: shops.aMain })).result.curDianpu?.id).toBe(
      shops.aMain,
    );
  });
});

describe('a new merchant signed up by SMS', () => {
  const phone = '13700001234';
  let owner: Api;
  beforeAll(async () => {
    owner = api(t.app, await loginAs(t.app, phone));
  });

  it('has no shop until it creates one; the first shop is the main shop and becomes current', async () => {
    expect((await owner.get<InitPc>(INIT)).result).toEqual({
      curDianpu: null,
      allDianpu: [],
      isAddFendian: false,
      shangjiaInfoFuwuCount: 0,
    });
    expect((await owner.get(`${S}/findInfo`)).result).toBeNull();
    const r = await owner.post<{ id: number; parentId: number | null }>(`${S}/add`, {
      name: '新开家政',
      fuwuIds: JSON.stringify([await fuwuId('搬家')]),
    });
    expect(r).toMatchObject({ code: 200, result: { parentId: null } });
    const init = await owner.get<InitPc>(INIT);
    expect(init.result).toMatchObject({
      curDianpu: { id: r.result.id, name: '新开家政' },
      isAddFendian: false,
      shangjiaInfoFuwuCount: 1,
    });
    const second = await owner.post(`${S}/add`, { name: '新开家政二店' });
    expect(second).toMatchObject({ code: 2004 });
    expect(second.message).toMatch(/总店审核通过后/);
  });
});

describe('a sub-account limited to one shop', () => {
  it('sees and changes only that shop; the others answer 2002', async () => {
    const sub = await t.db
      .selectFrom('user')
      .select(['id', 'merchantId'])
      .where('phone', '=', PHONES.subA)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('userShop')
      .values({ userId: sub.id, shopId: shops.aBranch, merchantId: sub.merchantId! })
      .execute();
    // The demo sub-account holds every shop explicitly (user.all_shops): the row limits it only with that off.
    await t.db
      .updateTable('user')
      .set({ currentShopId: shops.aBranch, allShops: 0 })
      .where('id', '=', sub.id)
      .execute();
    try {
      const list = await subA.get<Page<ShopInfo>>(`${S}/search/findAllByPage`, { pageSize: 50 });
      expect(list.result.records.map((s) => s.id)).toEqual([shops.aBranch]);
      expect((await subA.get<ShopInfo>(`${S}/findInfo`)).result.id).toBe(shops.aBranch);
      expect((await subA.get(`${S}/findById/${shops.aMain}`)).code).toBe(2002);
      expect((await subA.post(`${S}/fuzhi`, { fromId: shops.aMain, toId: shops.aBranch })).code).toBe(2002);
      expect((await subA.post(`${S}/setCurDianpu`, { id: shops.aMain })).code).toBe(2002);
      expect((await subA.get<InitPc>(INIT)).result.allDianpu.map((s) => s.id)).toEqual([shops.aBranch]);
    } finally {
      await t.db.deleteFrom('userShop').where('userId', '=', sub.id).execute();
      await t.db.updateTable('user').set({ allShops: 1 }).where('id', '=', sub.id).execute();
    }
  });
});
