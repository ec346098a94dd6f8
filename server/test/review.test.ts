import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCustomerSession } from '../src/modules/customer/customer.repo.ts';
import { type Api, api, buildTestApp, demoUsers, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { completedOrder as completedOrderFixture } from './helpers/order-flow.ts';

const P = 'app/jiazheng/pinglun';
const C = 'app/jiazheng/customer';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let shops: { aMain: number; bMain: number };
let merchants: { a: number; b: number };

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA } = await demoUsers(t, 'ownerA', 'ownerB', 'subA'));
  const shop = (name: string) =>
    t.db.selectFrom('shop').select(['id', 'merchantId']).where('name', '=', name).executeTakeFirstOrThrow();
  const [aMain, bMain] = [await shop('运城洁家家政（总店）'), await shop('太原安心家政')];
  shops = { aMain: aMain.id, bMain: bMain.id };
  merchants = { a: aMain.merchantId, b: bMain.merchantId };
});
afterAll(() => t?.close());

/** A completed (50) order of the shop served by a new employee rated 5, made through the real calls. */
const completedOrder = (shopId: number, owner: Api, phone: string) =>
  completedOrderFixture(t, owner, shopId, { phone, customerName: '评价顾客', employee: { rating: 5 } });

describe('pinglun/findAllByPage', () => {
  it('lists the current shop reviews with a summary; filters by rating, replied and date; another merchant sees none', async () => {
    const r = await ownerA.get(`${P}/findAllByPage`, { pageSize: 50 });
    expect(r.code).toBe(200);
    expect(r.result.total).toBeGreaterThan(0);
    expectEvery(r.result.records, (x: { shopId: number }) => x.shopId === shops.aMain);
    expect(r.result.summary.count).toBe(r.result.total);
    const unreplied = await ownerA.get(`${P}/findAllByPage`, { replied: 0 });
    expect(unreplied.result.total).toBe(r.result.summary.unreplied);
    expectEvery(unreplied.result.records, (x: { merchantReply: null }) => x.merchantReply === null);
    const replied = await ownerA.get(`${P}/findAllByPage`, { replied: 1 });
    expect(replied.result.total + unreplied.result.total).toBe(r.result.total);
    const five = await ownerA.get(`${P}/findAllByPage`, { rating: 5 });
    expectEvery(five.result.records, (x: { rating: number }) => x.rating === 5);
    const future = await ownerA.get(`${P}/findAllByPage`, { startDate: '2099-01-01' });
    expect(future.result.total).toBe(0);
    // Another merchant's shop as a filter is "not found", like a detail call.
    expect(await ownerB.get(`${P}/findAllByPage`, { shopId: shops.aMain })).toMatchObject({ code: 2002 });
  });

  it('refuses bad filters (2001), anonymous (401) and platform users (301)', async () => {
    expect(await ownerA.get(`${P}/findAllByPage`, { rating: 6 })).toMatchObject({ code: 2001 });
    expect(await ownerA.get(`${P}/findAllByPage`, { replied: 2 })).toMatchObject({ code: 2001 });
    expect(await api(t.app).get(`${P}/findAllByPage`)).toMatchObject({ status: 401 });
    const admin = api(t.app, await loginAs(t.app, PHONES.admin));
    expect(await admin.get(`${P}/findAllByPage`)).toMatchObject({ code: 301 });
  });
});

describe('customer review and the averages', () => {
  it('a review of a completed order moves it to 60 and updates the shop, goods and employee ratings', async () => {
    const o = await completedOrder(shops.aMain, ownerA, '13922220001');
    const r = await o.customer.post(`${C}/order/pingjia`, {
      id: o.id,
      rating: 1,
      content: '迟到很久，体验不好',
      images: JSON.stringify(['/uploads/review/a.png']),
    });
    expect(r).toMatchObject({ code: 200 });
    const order = await t.db
      .selectFrom('serviceOrder')
      .select('status')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(60);
    const all = await t.db.selectFrom('review').select('rating').where('shopId', '=', shops.aMain).execute();
    const avg = Math.round((all.reduce((a, x) => a + x.rating, 0) / all.length) * 10) / 10;
    const shop = await t.db.selectFrom('shop').select('rating').where('id', '=', shops.aMain).executeTakeFirstOrThrow();
    expect(Number(shop.rating)).toBe(avg);
    const emp = await t.db
      .selectFrom('employee')
      .select('rating')
      .where('id', '=', o.employeeId)
      .executeTakeFirstOrThrow();
    expect(Number(emp.rating)).toBe(1);
    const gAll = await t.db.selectFrom('review').select('rating').where('goodsId', '=', o.goodsId).execute();
    const gr = await t.db
      .selectFrom('goodsRating')
      .selectAll()
      .where('goodsId', '=', o.goodsId)
      .executeTakeFirstOrThrow();
    expect(gr.reviewCount).toBe(gAll.length);
    expect(Number(gr.rating)).toBe(Math.round((gAll.reduce((a, x) => a + x.rating, 0) / gAll.length) * 10) / 10);
    // twice: refused, still one review
    expect(await o.customer.post(`${C}/order/pingjia`, { id: o.id, rating: 5, content: '再评一次' })).toMatchObject({
      code: 2004,
    });
    expect(await t.db.selectFrom('review').select('id').where('orderId', '=', o.id).execute()).toHaveLength(1);
    // the merchant gets a message
    const msg = await t.db
      .selectFrom('message')
      .select('title')
      .where('refId', '=', o.id)
      .where('title', '=', '收到新评价')
      .execute();
    expect(msg.length).toBeGreaterThan(0);
  });

  it('cannot review an order that is not completed (2004), nor another customer order (2002); bad rating 2001', async () => {
    const s = await openCustomerSession(t.db, '13922220002', '未完成');
    const c = api(t.app, undefined, { headers: { 'x-customer-token': s.token } });
    const demoDone = await t.db
      .selectFrom('serviceOrder')
      .select('id')
      .where('status', '=', 50)
      .where('merchantId', '=', merchants.a)
      .executeTakeFirstOrThrow();
    expect(await c.post(`${C}/order/pingjia`, { id: demoDone.id, rating: 5, content: '不是我的订单' })).toMatchObject({
      code: 2002,
    });
    const o = await completedOrder(shops.aMain, ownerA, '13922220003');
    expect(await o.customer.post(`${C}/order/pingjia`, { id: o.id, rating: 6, content: 'x' })).toMatchObject({
      code: 2001,
    });
    expect(await o.customer.post(`${C}/order/pingjia`, { id: o.id, rating: 5, content: '' })).toMatchObject({
      code: 2001,
    });
    // without the customer header: 2001; with a dead token: 401
    expect(await api(t.app).post(`${C}/order/pingjia`, { id: o.id, rating: 5, content: '匿名' })).toMatchObject({
      code: 2001,
    });
    const dead = api(t.app, undefined, { headers: { 'x-customer-token': 'y'.repeat(43) } });
    expect(await dead.post(`${C}/order/pingjia`, { id: o.id, rating: 5, content: '过期' })).toMatchObject({
      status: 401,
    });
  });
});

describe('pinglun/shangjiahuifu', () => {
  it('replies once, edits within 7 days, refuses after; another merchant 2002; a role without the button 301', async () => {
    const o = await completedOrder(shops.aMain, ownerA, '13922220004');
    await o.customer.post(`${C}/order/pingjia`, { id: o.id, rating: 4, content: '不错' });
    const rv = await t.db.selectFrom('review').select('id').where('orderId', '=', o.id).executeTakeFirstOrThrow();

    expect(await ownerB.post(`${P}/shangjiahuifu`, { id: rv.id, merchantReply: '越权回复' })).toMatchObject({
      code: 2002,
    });
    expect(await ownerA.post(`${P}/shangjiahuifu`, { id: rv.id, merchantReply: '' })).toMatchObject({ code: 2001 });
    expect(await ownerA.post(`${P}/shangjiahuifu`, { id: rv.id, merchantReply: 'x'.repeat(501) })).toMatchObject({
      code: 2001,
    });
    expect(await api(t.app).post(`${P}/shangjiahuifu`, { id: rv.id, merchantReply: '匿名' })).toMatchObject({
      status: 401,
    });

    expect(await ownerA.post(`${P}/shangjiahuifu`, { id: rv.id, merchantReply: '感谢好评' })).toMatchObject({
      code: 200,
      message: '回复成功',
    });
    expect(await ownerA.post(`${P}/shangjiahuifu`, { id: rv.id, merchantReply: '感谢您的好评！' })).toMatchObject({
      code: 200,
      message: '回复已修改',
    });
    const row = await t.db
      .selectFrom('review')
      .select(['merchantReply'])
      .where('id', '=', rv.id)
      .executeTakeFirstOrThrow();
    expect(row.merchantReply).toBe('感谢您的好评！');

    await t.db
      .updateTable('review')
      .set({ createdAt: new Date(Date.now() - 8 * 86400_000).toISOString() })
      .where('id', '=', rv.id)
      .execute();
    expect(await ownerA.post(`${P}/shangjiahuifu`, { id: rv.id, merchantReply: '过期修改' })).toMatchObject({
      code: 2004,
    });
    expect(
      (await t.db.selectFrom('review').select('merchantReply').where('id', '=', rv.id).executeTakeFirstOrThrow())
        .merchantReply,
    ).toBe('感谢您的好评！');
    const listed = await ownerA.get(`${P}/findAllByPage`, { pageSize: 100 });
    expect(listed.result.records.find((x: { id: number }) => x.id === rv.id)).toMatchObject({ canReply: false });

    const role = await t.db
      .selectFrom('userRole')
      .innerJoin('user', 'user.id', 'userRole.userId')
      .select('userRole.roleId')
      .where('user.phone', '=', PHONES.subA)
      .executeTakeFirstOrThrow();
    const btn = await t.db.selectFrom('menu').select('id').where('perms', '=', 'merchant:review:reply').execute();
    await t.db
      .deleteFrom('roleMenu')
      .where('roleId', '=', role.roleId)
      .where(
        'menuId',
        'in',
        btn.map((b) => b.id),
      )
      .execute();
    const fresh = await t.db
      .selectFrom('review')
      .select('id')
      .where('merchantId', '=', merchants.a)
      .where('merchantReply', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await subA.post(`${P}/shangjiahuifu`, { id: fresh.id, merchantReply: '无权回复' })).toMatchObject({
      status: 403,
      code: 301,
    });
    expect(
      (await t.db.selectFrom('review').select('merchantReply').where('id', '=', fresh.id).executeTakeFirstOrThrow())
        .merchantReply,
    ).toBeNull();
    expect(await subA.get(`${P}/findAllByPage`)).toMatchObject({ code: 200 });
  });
});

describe('a shop without reviews (honest numbers)', () => {
  it('has no rating (暂无评分) in the review summary and the goods detail, not the stored 5.0', async () => {
    await t.db.deleteFrom('review').where('shopId', '=', shops.bMain).execute();
    const list = await ownerB.get<{ summary: { shopRating: number | null; count: number } }>(`${P}/findAllByPage`, {
      pageNum: 1,
      pageSize: 10,
    });
    expect(list.code, list.message).toBe(200);
    expect(list.result.summary).toMatchObject({ count: 0, shopRating: null });
    const goods = await t.db
      .selectFrom('goods')
      .select('id')
      .where('shopId', '=', shops.bMain)
      .executeTakeFirstOrThrow();
    const detail = await ownerB.get<{ shopRating: number | null }>(
      `app/jiazheng/shangjia/shangpin/shangjia/findById/${goods.id}`,
    );
    expect(detail.code, detail.message).toBe(200);
    expect(detail.result.shopRating).toBeNull();
    // A shop with reviews keeps its rating.
    const a = await ownerA.get<{ summary: { shopRating: number | null } }>(`${P}/findAllByPage`, {
      pageNum: 1,
      pageSize: 10,
    });
    expect(a.result.summary.shopRating).toEqual(expect.any(Number));
  });
});
