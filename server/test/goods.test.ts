import type { Page } from '@jz/contracts/envelope';
import type { Goods, PublicGoods } from '@jz/contracts/goods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, expectEvery, type TestApp } from './helpers/index.ts';

const G = 'app/jiazheng/shangjia/shangpin';
const S = 'app/jiazheng/shangjia/info';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let anon: Api;
let shops: { aMain: number; aBranch: number; bMain: number };
let cat: { daily: number; ac: number; nanny: number; moving: number };

const goodsRow = (id: number) => t.db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const goodsOf = (shopId: number) =>
  t.db.selectFrom('goods').selectAll().where('shopId', '=', shopId).orderBy('id').execute();
const COVER = '/tmpl/uploads/goods/cover.png';

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA } = await demoUsers(t, 'ownerA', 'ownerB', 'subA'));
  anon = api(t.app);
  const byName = async (name: string) =>
    (await t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  shops = {
    aMain: await byName('运城洁家家政（总店）'),
    aBranch: await byName('运城洁家家政（学苑路分店）'),
    bMain: await byName('太原安心家政'),
  };
  const f = async (name: string) =>
    (await t.db.selectFrom('fuwu').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  cat = { daily: await f('日常保洁'), ac: await f('空调清洗'), nanny: await f('保姆'), moving: await f('搬家') };
});
afterAll(() => t?.close());

describe('merchant goods list and detail', () => {
  it("lists the current shop's goods only, sorted, with category names; filters and paging work", async () => {
    const r = await ownerA.get<Page<Goods>>(`${G}/shangjia/findAllByPage`, { pageSize: 50 });
    expect(r.result.total).toBe(6);
    expectEvery(r.result.records, (g) => g.shopId === shops.aMain);
    expect(r.result.records.map((g) => g.sort)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(r.result.records[0]).toMatchObject({
      name: '日常保洁 3 小时',
      price: 15900,
      originalPrice: 19900,
      fuwuName: '日常保洁',
      tags: ['专业工具', '准时上门'],
    });
    expect((await ownerA.get<Page<Goods>>(`${G}/shangjia/findAllByPage`, { shelfState: 0 })).result.total).toBe(2);
    expect(
      (await ownerA.get<Page<Goods>>(`${G}/shangjia/findAllByPage`, { name: '空调' })).result.records.map(
        (g) => g.name,
      ),
    ).toEqual(['挂机空调深度清洗']);
    // A parent category matches its children's goods.
    const parent = (await t.db.selectFrom('fuwu').select('id').where('name', '=', '家电清洗').executeTakeFirstOrThrow())
      .id;
    expect((await ownerA.get<Page<Goods>>(`${G}/shangjia/findAllByPage`, { fuwuId: parent })).result.total).toBe(2);
    const p2 = await ownerA.get<Page<Goods>>(`${G}/shangjia/findAllByPage`, { pageNum: 2, pageSize: 4 });
    expect(p2.result.records).toHaveLength(2);
    // 销量 is counted from the orders: paid and not cancelled; sorted on that count
    const bySales = await ownerA.get<Page<Goods>>(`${G}/shangjia/findAllByPage`, { orderBy: 'sales', pageSize: 50 });
    const sold = async (goodsId: number) =>
      (
        await t.db
          .selectFrom('serviceOrder')
          .select('id')
          .where('goodsId', '=', goodsId)
          .where('status', 'in', [20, 30, 40, 50, 60])
          .execute()
      ).length;
    for (const g of bySales.result.records) expect(g.sales, g.name).toBe(await sold(g.id));
    const counts = bySales.result.records.map((g) => g.sales);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(counts[0]).toBeGreaterThan(0);
    expect((await ownerA.get(`${G}/shangjia/findAllByPage`, { orderBy: 'id; drop table goods' })).code).toBe(2001);
    const b = await ownerB.get<Page<Goods>>(`${G}/shangjia/findAllByPage`);
    expect(b.result.total).toBe(3);
    expect(b.raw).not.toContain('保洁');
  });

  it('detail says whether customers see the item and why not', async () => {
    const [on, off] = [(await goodsOf(shops.aMain))[0], (await goodsOf(shops.aMain))[4]];
    const r = await ownerA.get(`${G}/shangjia/findById/${on.id}`);
    expect(r.result).toMatchObject({
      id: on.id,
      fuwuName: '日常保洁',
      visibleToCustomers: true,
      invisibleReason: null,
      shopName: '运城洁家家政（总店）',
    });
    expect((await ownerA.get(`${G}/shangjia/findById/${off.id}`)).result).toMatchObject({
      visibleToCustomers: false,
      invisibleReason: '商品未上架',
    });
    const bGoods = (await goodsOf(shops.bMain))[0];
    expect((await ownerA.get(`${G}/shangjia/findById/${bGoods.id}`)).code).toBe(2002);
    // Goods of the merchant's other shop belong to that shop's context.
    const branchGoods = (await goodsOf(shops.aBranch))[0];
    expect((await ownerA.get(`${G}/shangjia/findById/${branchGoods.id}`)).code).toBe(2002);
  });
});

describe('add and edit', () => {
  let id: number;
  it('adds a goods item in fen, defaults filled, intro cleaned', async () => {
    const r = await ownerA.post<{ id: number }>(`${G}/add`, {
      fuwuId: cat.daily,
      name: '日常保洁 2 小时',
      coverUrl: COVER,
      images: JSON.stringify([COVER]),
      price: 9900,
      originalPrice: 12900,
      unit: '次',
      tags: JSON.stringify(['新客特惠', '新客特惠', '准时']),
      intro: '<p>介绍<script>alert(1)</script><a href="javascript:alert(2)">x</a></p>',
    });
    expect(r).toMatchObject({ code: 200 });
    id = r.result.id;
    const row = await goodsRow(id);
    expect(row).toMatchObject({
      shopId: shops.aMain,
      price: 9900,
      originalPrice: 12900,
      durationMinutes: 60,
      minQuantity: 1,
      shelfState: 0,
      sales: 0,
      unit: '次',
    });
    expect(Number(row.price)).toBe(9900);
    expect(JSON.parse(row.tags)).toEqual(['新客特惠', '准时']);
    expect(row.intro).toBe('<p>介绍<a>x</a></p>');
    // Without an original price, it equals the price.
    const r2 = await ownerA.post<{ id: number }>(`${G}/add`, {
      fuwuId: cat.ac,
      name: '空调加氟',
      coverUrl: COVER,
      price: 5000,
      unit: '次',
      shelfState: 1,
    });
    expect(await goodsRow(r2.result.id)).toMatchObject({ originalPrice: 5000, shelfState: 1 });
  });

  it('refuses bad prices, names, units and categories with 2001 and stores nothing', async () => {
    const before = (await goodsOf(shops.aMain)).length;
    const good = { fuwuId: cat.daily, name: '测试', coverUrl: COVER, price: 100, unit: '次' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ price: 0 }, /价格须大于 0/],
      [{ price: -100 }, /价格须大于 0/],
      [{ price: 10.5 }, /整数/],
      [{ price: 99999999999 }, /不能超过 100000 元/],
      [{ price: 'abc' }, /价格/],
      [{ price: 1000, originalPrice: 999 }, /原价不能低于售价/],
      [{ name: 'x'.repeat(51) }, /最多 50 个字/],
      [{ name: '   ' }, /请输入商品名称/],
      [{ unit: '斤' }, /计价单位/],
      [{ coverUrl: '' }, /封面/],
      [{ coverUrl: 'javascript:alert(1)' }, /图片地址无效/],
      [{ fuwuId: 999999 }, /服务类目不存在/],
      [{ fuwuId: cat.nanny }, /未开通该服务类目/],
      [{ minQuantity: 0 }, /起订数量至少为 1/],
      [{ tags: JSON.stringify(['a'.repeat(11)]) }, /每个标签最多 10 个字/],
      [{ images: JSON.stringify(Array(10).fill(COVER)) }, /最多上传 9 张/],
    ];
    for (const [patch, msg] of cases) {
      const r = await ownerA.post(`${G}/add`, { ...good, ...patch } as never);
      expect(r, JSON.stringify(patch)).toMatchObject({ code: 2001 });
      expect(r.message).toMatch(msg);
    }
    expect((await goodsOf(shops.aMain)).length).toBe(before);
  });

  it('edits one field without resetting the others; the price rule holds against stored values', async () => {
    expect((await ownerA.post(`${G}/edit`, { id, name: '日常保洁 2 小时（改）' })).code).toBe(200);
    expect(await goodsRow(id)).toMatchObject({
      name: '日常保洁 2 小时（改）',
      price: 9900,
      originalPrice: 12900,
      durationMinutes: 60,
    });
    const bad = await ownerA.post(`${G}/edit`, { id, originalPrice: 5000 });
    expect(bad).toMatchObject({ code: 2001 });
    expect(bad.message).toMatch(/原价不能低于售价/);
    // A higher price lifts the original price with it.
    expect((await ownerA.post(`${G}/edit`, { id, price: 15000 })).code).toBe(200);
    expect(await goodsRow(id)).toMatchObject({ price: 15000, originalPrice: 15000 });
    expect((await ownerA.post(`${G}/edit`, { id, fuwuId: cat.nanny })).code).toBe(2001);
  });

  it("another merchant's goods: 2002 for edit, shelf, delete; nothing changes", async () => {
    const before = await goodsRow(id);
    expect((await ownerB.post(`${G}/edit`, { id, name: '偷改' })).code).toBe(2002);
    expect((await ownerB.post(`${G}/setShangjiaState/${id}`, { shelfState: 1 })).code).toBe(2002);
    expect((await ownerB.post(`${G}/setPiliangShangjiaState/${id}`, { shelfState: 1 })).code).toBe(2002);
    expect((await ownerB.del(`${G}/delByIds/${id}`)).code).toBe(2002);
    expect(await goodsRow(id)).toEqual(before);
  });
});

describe('shelf, batch shelf and delete', () => {
  it('shelves one by one and in batch; a batch naming a foreign id changes nothing', async () => {
    const mine = (await goodsOf(shops.aMain)).filter((g) => g.shelfState === 0).map((g) => g.id);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect((await ownerA.post(`${G}/setShangjiaState/${mine[0]}`, { shelfState: 1 })).code).toBe(200);
    expect((await goodsRow(mine[0])).shelfState).toBe(1);
    expect((await ownerA.post(`${G}/setShangjiaState/${mine[0]}`, { shelfState: 3 })).code).toBe(2001);

    const foreign = (await goodsOf(shops.bMain))[2].id;
    const mixed = await ownerA.post(`${G}/setPiliangShangjiaState/${[...mine.slice(1), foreign].join(',')}`, {
      shelfState: 1,
    });
    expect(mixed.code).toBe(2002);
    for (const gid of mine.slice(1)) expect((await goodsRow(gid)).shelfState).toBe(0);
    expect((await goodsRow(foreign)).shelfState).toBe(0);

    const batch = await ownerA.post<{ changed: number }>(`${G}/setPiliangShangjiaState/${mine.join(',')}`, {
      shelfState: 1,
    });
    expect(batch).toMatchObject({ code: 200, result: { changed: mine.length - 1 } });
    expectEvery(await goodsOf(shops.aMain), (g) => g.shelfState === 1);
    expect((await ownerA.post(`${G}/setPiliangShangjiaState/abc`, { shelfState: 1 })).code).toBe(2001);
  });

  it('two concurrent identical batch requests move each item once', async () => {
    const ids = (await goodsOf(shops.aMain)).map((g) => g.id);
    const [x, y] = await Promise.all([
      ownerA.post<{ changed: number }>(`${G}/setPiliangShangjiaState/${ids.join(',')}`, { shelfState: 0 }),
      ownerA.post<{ changed: number }>(`${G}/setPiliangShangjiaState/${ids.join(',')}`, { shelfState: 0 }),
    ]);
    expect([x.code, y.code]).toEqual([200, 200]);
    expect(x.result.changed + y.result.changed).toBe(ids.length);
    expectEvery(await goodsOf(shops.aMain), (g) => g.shelfState === 0);
    // Back on the shelf for the customer-side tests.
    await ownerA.post(`${G}/setPiliangShangjiaState/${ids.join(',')}`, { shelfState: 1 });
  });

  it('delete asks for off-shelf goods; a sub-account without the button gets 301; anonymous 401', async () => {
    const [a, b] = (await goodsOf(shops.aMain)).slice(-2);
    const on = await ownerA.del(`${G}/delByIds/${a.id}`);
    expect(on).toMatchObject({ code: 2004 });
    expect(on.message).toMatch(/请先下架/);
    await ownerA.post(`${G}/setPiliangShangjiaState/${a.id},${b.id}`, { shelfState: 0 });

    const role = await t.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'shop_operator')
      .executeTakeFirstOrThrow();
    const menuIds = (
      await t.db
        .selectFrom('menu')
        .select('id')
        .where('perms', 'in', ['merchant:goods:del', 'merchant:goods:add'])
        .execute()
    ).map((m) => m.id);
    await t.db.deleteFrom('roleMenu').where('roleId', '=', role.id).where('menuId', 'in', menuIds).execute();
    expect((await subA.del(`${G}/delByIds/${a.id}`)).code).toBe(301);
    expect(
      (await subA.post(`${G}/add`, { fuwuId: cat.daily, name: '子账号商品', coverUrl: COVER, price: 100, unit: '次' }))
        .code,
    ).toBe(301);
    expect((await subA.post(`${G}/setShangjiaState/${a.id}`, { shelfState: 1 })).code).toBe(200); // still holds the shelf button
    await subA.post(`${G}/setShangjiaState/${a.id}`, { shelfState: 0 });

    for (const [m, url] of [
      ['get', `${G}/shangjia/findAllByPage`],
      ['get', `${G}/shangjia/findById/${a.id}`],
      ['post', `${G}/add`],
      ['post', `${G}/edit`],
      ['post', `${G}/setShangjiaState/${a.id}`],
      ['post', `${G}/setPiliangShangjiaState/${a.id}`],
      ['del', `${G}/delByIds/${a.id}`],
    ] as const)
      expect((await anon[m](url)).status, url).toBe(401);

    expect((await ownerA.del(`${G}/delByIds/${a.id},${b.id}`)).code).toBe(200);
    expect(await t.db.selectFrom('goods').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
    expect((await ownerA.del(`${G}/delByIds/${a.id}`)).code).toBe(2002);
  });
});

describe('customer-side listings (public)', () => {
  it('weapp/findAllByPage shows only on-shelf goods of open, approved shops', async () => {
    const r = await anon.get<Page<PublicGoods>>(`${G}/weapp/findAllByPage`, { pageSize: 100 });
    expect(r.code).toBe(200);
    const rows = await t.db
      .selectFrom('goods')
      .innerJoin('shop', 'shop.id', 'goods.shopId')
      .select('goods.id')
      .where('goods.shelfState', '=', 1)
      .where('shop.auditStatus', '=', 1)
      .where('shop.yingyeState', '=', 1)
      .execute();
    expect(r.result.records.map((g) => g.id).sort()).toEqual(rows.map((g) => g.id).sort());
    expectEvery(r.result.records, (g) => g.shelfState === 1);
    expect(r.raw).not.toContain('merchantId');
    // B's 育儿嫂 is off the shelf.
    expect(r.result.records.map((g) => g.name)).not.toContain('育儿嫂（白班）');
    expect(r.result.records.map((g) => g.name)).toContain('住家保姆（月）');
    const byShop = await anon.get<Page<PublicGoods>>(`${G}/weapp/findAllByPage`, { shangjiaInfoId: shops.bMain });
    expect(byShop.result.records.map((g) => g.shopName)).toEqual(['太原安心家政', '太原安心家政']);
    expect((await anon.get<Page<PublicGoods>>(`${G}/weapp/findAllByPage`, { cityCode: '140100' })).result.total).toBe(
      2,
    );
    expect((await anon.get<Page<PublicGoods>>(`${G}/weapp/findAllByPage`, { fuwuId: cat.nanny })).result.total).toBe(1);
  });

  it('a closed or unapproved shop disappears from every customer listing', async () => {
    expect((await anon.get<PublicGoods[]>(`${G}/findByShangjiaInfoId/${shops.bMain}`)).result).toHaveLength(2);
    const detail = await anon.get(`${G}/shangjiaDetail/shangpinlist`, { shangjiaInfoId: shops.bMain });
    expect(detail.result).toMatchObject({ shop: { id: shops.bMain, name: '太原安心家政' }, total: 2 });
    expect(detail.result.fuwuList.map((g: { fuwuName: string }) => g.fuwuName).sort()).toEqual(['保姆', '月嫂'].sort());

    expect((await ownerB.post(`${S}/setYingyeState`, { id: shops.bMain, yingyeState: 0 })).code).toBe(200);
    expect((await anon.get<PublicGoods[]>(`${G}/findByShangjiaInfoId/${shops.bMain}`)).result).toEqual([]);
    expect((await anon.get(`${G}/shangjiaDetail/shangpinlist`, { shangjiaInfoId: shops.bMain })).code).toBe(2002);
    expect(
      (await anon.get<Page<PublicGoods>>(`${G}/weapp/findAllByPage`, { shangjiaInfoId: shops.bMain })).result.total,
    ).toBe(0);
    await ownerB.post(`${S}/setYingyeState`, { id: shops.bMain, yingyeState: 1 });

    await t.db.updateTable('shop').set({ auditStatus: 0 }).where('id', '=', shops.bMain).execute();
    expect(
      (await anon.get<Page<PublicGoods>>(`${G}/weapp/findAllByPage`, { shangjiaInfoId: shops.bMain })).result.total,
    ).toBe(0);
    expect((await anon.get<PublicGoods[]>(`${G}/findByShangjiaInfoId/${shops.bMain}`)).result).toEqual([]);
    expect((await anon.get(`${G}/shangjiaDetail/shangpinlist`, { shangjiaInfoId: shops.bMain })).code).toBe(2002);
    expect((await anon.get(`${G}/shangjiaDetail/shangpinlist`)).code).toBe(2001);
    await t.db.updateTable('shop').set({ auditStatus: 1 }).where('id', '=', shops.bMain).execute();
    // Open and approved again: an off-shelf item stays out of all three listings.
    const off = await t.db
      .selectFrom('goods')
      .select(['id', 'name'])
      .where('shopId', '=', shops.bMain)
      .where('shelfState', '=', 0)
      .executeTakeFirstOrThrow();
    const all = await anon.get<Page<PublicGoods>>(`${G}/weapp/findAllByPage`, { pageSize: 100 });
    expect(all.result.records.map((g) => g.id)).not.toContain(off.id);
    expect((await anon.get<PublicGoods[]>(`${G}/findByShangjiaInfoId/${shops.bMain}`)).raw).not.toContain(off.name);
    expect((await anon.get(`${G}/shangjiaDetail/shangpinlist`, { shangjiaInfoId: shops.bMain })).raw).not.toContain(
      off.name,
    );
  });
});

describe('sales and reviews summary; goods with open orders', () => {
  it('detail sums the orders and reviews of the item, scoped to the merchant', async () => {
    const reviewed = await t.db
      .selectFrom('review')
      .select(['goodsId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('shopId', '=', shops.aMain)
      .groupBy('goodsId')
      .orderBy('n', 'desc')
      .executeTakeFirst();
    const goodsId = reviewed?.goodsId ?? (await goodsOf(shops.aMain))[0].id;
    const r = await ownerA.get(`${G}/shangjia/findById/${goodsId}`);
    expect(r.code).toBe(200);
    const reviews = await t.db
      .selectFrom('review')
      .select(['rating', 'merchantReply'])
      .where('goodsId', '=', goodsId)
      .execute();
    expect(r.result.reviews.count).toBe(reviews.length);
    expect(r.result.reviews.unreplied).toBe(reviews.filter((x) => x.merchantReply === null).length);
    expect(r.result.reviews.distribution.reduce((a: number, d: { count: number }) => a + d.count, 0)).toBe(
      reviews.length,
    );
    if (reviews.length)
      expect(r.result.reviews.average).toBeCloseTo(reviews.reduce((a, x) => a + x.rating, 0) / reviews.length, 1);
    expect(r.result.reviews.latest.length).toBe(Math.min(3, reviews.length));
    const orders = await t.db
      .selectFrom('serviceOrder')
      .select(['status', 'payAmount'])
      .where('goodsId', '=', goodsId)
      .execute();
    const done = orders.filter((o) => o.status === 50 || o.status === 60);
    expect(r.result.orders).toEqual({
      active: orders.filter((o) => [20, 30, 40].includes(o.status)).length,
      completed: done.length,
      revenue: done.reduce((a, o) => a + Number(o.payAmount), 0),
    });
  });

  it('refuses to delete goods that still have unfinished orders (2004)', async () => {
    const open = await t.db
      .selectFrom('serviceOrder')
      .innerJoin('goods', 'goods.id', 'serviceOrder.goodsId')
      .select(['goods.id', 'goods.shopId', 'goods.shelfState'])
      .where('serviceOrder.status', 'in', [10, 20, 30, 40])
      .where('goods.shopId', '=', shops.bMain)
      .executeTakeFirst();
    expect(open, 'demo orders in progress for merchant B').toBeTruthy();
    if (!open) return;
    await ownerB.post(`${G}/setShangjiaState/${open.id}`, { shelfState: 0 });
    const r = await ownerB.del(`${G}/delByIds/${open.id}`);
    expect(r).toMatchObject({ code: 2004 });
    expect(r.message).toMatch(/未完成的订单/);
    expect(await t.db.selectFrom('goods').select('id').where('id', '=', open.id).executeTakeFirst()).toBeTruthy();
    await ownerB.post(`${G}/setShangjiaState/${open.id}`, { shelfState: open.shelfState });
  });
});
