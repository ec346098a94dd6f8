import { shanghaiDay } from '@jz/contracts/dispatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { dueNow, freeEmployee, paidOrder } from './helpers/order-flow.ts';

/**
 * A merchant's day with orders (docs/dispatch.md): 验券 looks a code up before using it and asks when the visit is
 * far (the check changes nothing), 确认完成 waits for the visit, and 订单管理 / its export filter by 预约日期 inside
 * the caller's merchant and shops.
 */
const D = 'app/jiazheng/pay/dingdan';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let shops: { aMain: number; aBranch: number; bMain: number };

const shopId = (name: string) =>
  t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow();
const orderRow = (id: number) =>
  t.db.selectFrom('serviceOrder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const timelineOf = (id: number) =>
  t.db.selectFrom('orderTimeline').selectAll().where('orderId', '=', id).orderBy('id').execute();
const attemptsOf = (merchantShop: number) =>
  t.db
    .selectFrom('verifyAttempt')
    .innerJoin('shop', 'shop.merchantId', 'verifyAttempt.merchantId')
    .select('verifyAttempt.id')
    .where('shop.id', '=', merchantShop)
    .execute();

/** subA limited to the branch shop (as day-sheet.test does), signed in afresh. */
async function subLimitedToBranch() {
  const u = await t.db
    .selectFrom('user')
    .select(['id', 'merchantId'])
    .where('phone', '=', PHONES.subA)
    .executeTakeFirstOrThrow();
  await t.db.deleteFrom('userShop').where('userId', '=', u.id).execute();
  await t.db
    .insertInto('userShop')
    .values({ userId: u.id, shopId: shops.aBranch, merchantId: u.merchantId! })
    .execute();
  await t.db.updateTable('user').set({ allShops: 0, currentShopId: shops.aBranch }).where('id', '=', u.id).execute();
  return api(t.app, await loginAs(t.app, PHONES.subA, { fresh: true }));
}

/** A paid order of the shop assigned to a new free employee (待服务), with its code. */
async function toServe(shop: Api, shopIdOf: number) {
  const o = await paidOrder(t, shopIdOf);
  const e = await freeEmployee(t, shopIdOf);
  expect(await shop.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id })).toMatchObject({ code: 200 });
  return o;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  shops = {
    aMain: (await shopId('运城洁家家政（总店）')).id,
    aBranch: (await shopId('运城洁家家政（学苑路分店）')).id,
    bMain: (await shopId('太原安心家政')).id,
  };
});
afterAll(() => t?.close());

describe('验券 asks before an early use (shangjiaYanquan/check)', () => {
  it('answers the order and the question two days ahead, changes nothing, then verifying proceeds', async () => {
    const o = await toServe(ownerA, shops.aMain);
    const before = await orderRow(o.id);
    const steps = (await timelineOf(o.id)).length;
    const attempts = (await attemptsOf(shops.aMain)).length;

    const r = await ownerA.post(`${D}/shangjiaYanquan/check`, { code: `${o.code.slice(0, 6)} ${o.code.slice(6)}` });
    expect(r).toMatchObject({ code: 200, result: { order: { id: o.id, status: 30, orderNo: o.orderNo } } });
    const at = Date.parse(o.appointmentAt);
    const mmdd = shanghaiDay(at).slice(5);
    expect(r.result.question).toMatch(
      new RegExp(`^该订单预约 ${mmdd} \\d\\d:\\d\\d，还有约 \\d+ (小时|天)，确定现在验券并开始服务吗？$`),
    );
    expect(r.raw).not.toContain(o.code);
    // nothing changed: the order, its timeline, and no attempt left behind for a found code
    expect(await orderRow(o.id)).toEqual(before);
    expect(await timelineOf(o.id)).toHaveLength(steps);
    expect(await attemptsOf(shops.aMain)).toHaveLength(attempts);

    expect(await ownerA.post(`${D}/shangjiaYanquan`, { code: o.code })).toMatchObject({
      code: 200,
      result: { order: { id: o.id, status: 40 } },
    });
    // checked again once used: refused as verifying is
    expect(await ownerA.post(`${D}/shangjiaYanquan/check`, { code: o.code })).toMatchObject({
      code: 2004,
      message: '该券码已核销',
    });
  });

  it('asks nothing when the visit is within two hours', async () => {
    const o = await toServe(ownerA, shops.aMain);
    await t.db
      .updateTable('serviceOrder')
      .set({ appointmentAt: new Date(Date.now() + 90 * 60_000).toISOString() })
      .where('id', '=', o.id)
      .execute();
    expect(await ownerA.post(`${D}/shangjiaYanquan/check`, { code: o.code })).toMatchObject({
      code: 200,
      result: { order: { id: o.id }, question: '' },
    });
  });

  it("another merchant's code is not found (2002) and counts as a wrong attempt; a shop outside a sub-account too", async () => {
    const o = await toServe(ownerA, shops.aMain);
    const before = await orderRow(o.id);
    const bAttempts = (await attemptsOf(shops.bMain)).length;
    const r = await ownerB.post(`${D}/shangjiaYanquan/check`, { code: o.code });
    expect(r).toMatchObject({ code: 2002, message: '券码无效：没有找到本商家的对应订单', result: null });
    expect(await attemptsOf(shops.bMain)).toHaveLength(bAttempts + 1);
    expect(await orderRow(o.id)).toEqual(before);

    // a sub-account limited to the branch: a main-shop code is not found either
    const sub = await subLimitedToBranch();
    expect(await sub.post(`${D}/shangjiaYanquan/check`, { code: o.code })).toMatchObject({ code: 2002 });
    expect(await orderRow(o.id)).toEqual(before);
  });

  it('bad input 2001, anonymous 401, a waiting order 2004', async () => {
    expect(await ownerA.post(`${D}/shangjiaYanquan/check`, { code: '12345' })).toMatchObject({ code: 2001 });
    expect(await api(t.app).post(`${D}/shangjiaYanquan/check`, { code: '123456789012' })).toMatchObject({
      status: 401,
    });
    const waiting = await paidOrder(t, shops.aMain);
    expect(await ownerA.post(`${D}/shangjiaYanquan/check`, { code: waiting.code })).toMatchObject({
      code: 2004,
      message: '订单尚未接单，请先指派员工',
    });
  });
});

describe('确认完成 waits for the visit', () => {
  it('refuses an order in service two days before its appointment, says from when, and changes nothing', async () => {
    const o = await toServe(ownerA, shops.aMain);
    expect(await ownerA.post(`${D}/shangjiaYanquan`, { code: o.code })).toMatchObject({ code: 200 });
    const before = await orderRow(o.id);
    const r = await ownerA.post(`${D}/queren`, { id: o.id });
    expect(r.code).toBe(2004);
    const appt = shanghaiDay(Date.parse(o.appointmentAt)).slice(5);
    expect(r.message).toMatch(
      new RegExp(`^该订单预约 ${appt} \\d\\d:\\d\\d，尚未到服务时间，\\d\\d-\\d\\d \\d\\d:\\d\\d 起才能确认完成$`),
    );
    expect(await orderRow(o.id)).toEqual(before);
    expect(await t.db.selectFrom('financeSettlement').select('id').where('orderId', '=', o.id).execute()).toEqual([]);
    // another merchant is refused as not found before any time rule
    expect(await ownerB.post(`${D}/queren`, { id: o.id })).toMatchObject({ code: 2002 });

    // within two hours of the appointment it completes
    await t.db
      .updateTable('serviceOrder')
      .set({ appointmentAt: new Date(Date.now() + 100 * 60_000).toISOString() })
      .where('id', '=', o.id)
      .execute();
    expect(await ownerA.post(`${D}/queren`, { id: o.id })).toMatchObject({ code: 200 });
    expect((await orderRow(o.id)).status).toBe(50);
  });
});

describe('订单管理 by 预约日期', () => {
  it('lists the orders whose appointment falls in the days, inside the caller’s merchant and shops; export too', async () => {
    const a = await paidOrder(t, shops.aMain);
    const day = shanghaiDay(Date.parse(a.appointmentAt));
    const q = { shopId: 'all', appointmentStartDate: day, appointmentEndDate: day, pageSize: 100 };
    const r = await ownerA.get(`${D}/findAllByPage`, q);
    expect(r.code).toBe(200);
    expect(r.result.records.map((x: { id: number }) => x.id)).toContain(a.id);
    expectEvery(
      r.result.records,
      (x: { appointmentAt: string; shopId: number }) =>
        shanghaiDay(Date.parse(x.appointmentAt)) === day && [shops.aMain, shops.aBranch].includes(x.shopId),
      'appointment on the day, in A’s shops',
    );
    // the counts follow the same filter (not the 下单日期 counters)
    expect(r.result.counts.all).toBe(r.result.total);
    expect(r.result.total).toBe(r.result.records.length);

    // the day before or after does not list it
    const next = shanghaiDay(Date.parse(a.appointmentAt) + 86_400_000);
    const later = await ownerA.get(`${D}/findAllByPage`, { ...q, appointmentStartDate: next, appointmentEndDate: '' });
    expect(later.result.records.map((x: { id: number }) => x.id)).not.toContain(a.id);
    for (const x of later.result.records as { appointmentAt: string }[])
      expect(shanghaiDay(Date.parse(x.appointmentAt)) >= next).toBe(true);

    // another merchant with the same filter sees none of A's orders
    const b = await ownerB.get(`${D}/findAllByPage`, q);
    expect(b.code).toBe(200);
    expect(b.result.records.map((x: { id: number }) => x.id)).not.toContain(a.id);
    for (const x of b.result.records as { shopId: number }[]) expect(x.shopId).toBe(shops.bMain);

    // bad dates are refused
    expect(await ownerA.get(`${D}/findAllByPage`, { appointmentStartDate: '2026/1/1' })).toMatchObject({ code: 2001 });
    expect(await ownerA.get(`${D}/findAllByPage`, { appointmentEndDate: '2026-02-30' })).toMatchObject({ code: 2001 });

    // the export takes the same filter
    const res = await t.app.inject({
      method: 'POST',
      url: `/tmpl/api/${D}/export`,
      headers: {
        authorization: `Bearer ${await loginAs(t.app, PHONES.ownerA)}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ ...q, pageSize: undefined, format: 'csv' }),
    });
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.trim().split('\r\n').slice(1);
    expect(lines.map((l) => l.split(',')[0]).sort()).toEqual(
      r.result.records.map((x: { orderNo: string }) => x.orderNo).sort(),
    );
  });

  it('a sub-account limited to a shop lists only its own shop’s orders; the other shop and 全部店铺 are refused', async () => {
    const main = await paidOrder(t, shops.aMain);
    const branch = await paidOrder(t, shops.aBranch);
    const sub = await subLimitedToBranch();
    for (const o of [main, branch]) {
      const day = shanghaiDay(Date.parse(o.appointmentAt));
      const q = { appointmentStartDate: day, appointmentEndDate: day, pageSize: 100 };
      const r = await sub.get(`${D}/findAllByPage`, q);
      expect(r.code).toBe(200);
      // the main order's day may hold no branch order at all: an empty page is an honest answer there
      for (const x of r.result.records as { shopId: number }[]) expect(x.shopId).toBe(shops.aBranch);
      expect(r.result.records.map((x: { id: number }) => x.id).includes(o.id)).toBe(o === branch);
      expect(await sub.get(`${D}/findAllByPage`, { ...q, shopId: shops.aMain })).toMatchObject({ code: 301 });
      expect(await sub.get(`${D}/findAllByPage`, { ...q, shopId: 'all' })).toMatchObject({ code: 301 });
    }
  });
});

// dueNow is the fixtures' way past this rule; it is used here so a change to it shows in this file too.
describe('dueNow (the fixtures)', () => {
  it('makes a served order completable now', async () => {
    const o = await toServe(ownerA, shops.aMain);
    await ownerA.post(`${D}/shangjiaYanquan`, { code: o.code });
    await dueNow(t, o.id);
    expect(await ownerA.post(`${D}/queren`, { id: o.id })).toMatchObject({ code: 200 });
  });
});
