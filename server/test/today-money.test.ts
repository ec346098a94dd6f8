/**
 * 今日数据 on /index: 今日成交额 is one defined thing — the paid amount of the orders paid today
 * (Shanghai day) without a refund — and only users allowed to see money get it: the server leaves it out (null) for
 * an order holder without 运营数据 / 财务管理 / 资金总览, whatever the web shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { roleWith, subWith } from './security/authority.ts';

const J = 'app/jiazheng/tongji/jinri';

let t: TestApp;
let ownerA: Api;
let mainShop: number;

beforeAll(async () => {
  t = await buildTestApp();
  ownerA = api(t.app, await loginAs(t.app, PHONES.ownerA));
  mainShop = (
    await t.db.selectFrom('shop').select('id').where('name', '=', '运城洁家家政（总店）').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

let seq = 0;
/** An order of A's main shop paid now, with the given amount and refund state. */
async function paidNow(payAmount: number, refundStatus: number) {
  const src = await t.db
    .selectFrom('serviceOrder')
    .selectAll()
    .where('shopId', '=', mainShop)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: _id, ...rest } = src;
  const now = new Date().toISOString();
  await t.db
    .insertInto('serviceOrder')
    .values({
      ...rest,
      orderNo: `TM${Date.now()}${seq}`,
      verifyCode: `8${String(++seq).padStart(11, '0')}`,
      status: 20,
      payAmount,
      refundStatus,
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

describe('今日成交额 (tongji/jinri revenue)', () => {
  it('sums the paid amount of today’s paid orders without a refund (refunding, refunded or failed ones left out)', async () => {
    const before = (await ownerA.get(J)).result;
    expect(before.revenue).toEqual(expect.any(Number));
    await paidNow(10_000, 0);
    await paidNow(20_000, 1);
    await paidNow(40_000, 2);
    const after = (await ownerA.get(J)).result;
    expect(after.newOrders).toBe(before.newOrders + 3);
    expect(after.revenue).toBe(before.revenue + 10_000);
  });

  it('is left out (null) for an order holder who may not see money; the counts stay', async () => {
    const role = await roleWith(t, ownerA, '接单员', (p) => p.startsWith('merchant:order:'));
    const sub = await subWith(t, ownerA, '13911250001', role, 'all');
    const r = await sub.api.get(J);
    expect(r.code, r.message).toBe(200);
    expect(r.result.revenue).toBeNull();
    expect(r.result).toMatchObject({ newOrders: expect.any(Number), waiting: expect.any(Number) });
    expect(r.raw).toContain('"revenue":null');
  });

  it.each([
    ['运营数据', 'merchant:stats:operations', '13911250011'],
    ['财务管理', 'merchant:finance:view', '13911250012'],
    ['资金总览', 'merchant:finance:overview', '13911250013'],
  ])('is given to an order holder who also holds %s', async (name, code, phone) => {
    const role = await roleWith(t, ownerA, `接单与${name}`, (p) => p.startsWith('merchant:order:') || p === code);
    const sub = await subWith(t, ownerA, phone, role, 'all');
    const r = await sub.api.get(J);
    const owner = (await ownerA.get(J)).result;
    expect(r.result.revenue).toBe(owner.revenue);
  });

  it('a money holder without 订单管理 still gets no figures (301): the counts are order data', async () => {
    const role = await roleWith(t, ownerA, '只看运营', (p) => p === 'merchant:stats:operations');
    const sub = await subWith(t, ownerA, '13911259999', role, 'all');
    expect(await sub.api.get(J)).toMatchObject({ code: 301 });
  });
});
