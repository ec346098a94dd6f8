/**
 * Card-paid orders as the other views see them (docs/ledger.md "预收: prepaid cards"): the customer's own order
 * answers and 员工详情's orders name the card that paid (never only the list price), and the 打款 list names an offline card's ¥0
 * settlement 线下卡项，无需结算 and leaves it out of 已解冻. SQLite and PostgreSQL (TEST_DB=postgres).
 */
import { SETTLEMENT_STATUS } from '@jz/contracts/finance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildTestApp, demoMerchantA, demoUsers, expectEvery, type TestApp } from './helpers/index.ts';
import { addCardProduct, cardHolder, sellCardOffline } from './helpers/card-client.ts';
import { freeEmployee, placedOrder, serveOrder } from './helpers/order-flow.ts';

const C = 'app/jiazheng/customer/card';
const O = 'app/jiazheng/customer/order';
const D = 'app/jiazheng/pay/dingdan';
const Y = 'app/jiazheng/tongji';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let merchantA: number;
let mainShop: number;
let goodsId: number;

const holder = () => cardHolder(t, merchantA, { phonePrefix: '1374' });
const listPrice = async (id: number) =>
  Number(
    (await t.db.selectFrom('serviceOrder').select('payAmount').where('id', '=', id).executeTakeFirstOrThrow())
      .payAmount,
  );

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  ({ merchantId: merchantA, mainShop, goodsId } = await demoMerchantA(t));
  for (let i = 0; i < 6; i++) await freeEmployee(t, mainShop);
});
afterAll(() => t?.close());

describe("the customer's order answers", () => {
  it('a 次卡 payment: the card, 第 n 次 / 共 N 次 and its cash; the amount stays the list price', async () => {
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '顾客视图 3 次卡',
      goodsId,
      visits: 3,
      price: 10000,
      validityDays: 30,
    });
    const h = await holder();
    const cardId = (await sellCardOffline(ownerA, productId, h.clientId)).id;
    const first = await placedOrder(t, mainShop, { phone: h.phone });
    const second = await placedOrder(t, mainShop, { phone: h.phone });
    const unpaid = await placedOrder(t, mainShop, { phone: h.phone });
    expect((await h.api.post(`${C}/payOrder`, { id: first.id, cardId })).code).toBe(200);
    const paid = await h.api.post(`${C}/payOrder`, { id: second.id, cardId });
    expect(paid.code, paid.message).toBe(200);
    // card/payOrder answers the customer's order: it already says how it was paid
    expect(paid.result).toMatchObject({
      cardPayment: { cardId, visitNo: 2, totalVisits: 3, cash: 3333 },
      cardPaymentLabel: '次卡：顾客视图 3 次卡（第 2 次 / 共 3 次）',
    });

    const detail = (await h.api.get(`${O}/findById/${second.id}`)).result;
    expect(detail.amount).toBe(await listPrice(second.id));
    expect(detail.cardPayment).toEqual({
      cardId,
      cardNo: expect.any(String),
      kind: 'times',
      cardName: '顾客视图 3 次卡',
      visitNo: 2,
      totalVisits: 3,
      cash: 3333,
      bonus: 0,
      payMethod: 'offline',
      restored: false,
    });
    expect(detail.cardPaymentLabel).toBe('次卡：顾客视图 3 次卡（第 2 次 / 共 3 次）');

    const unpaidDetail = (await h.api.get(`${O}/findById/${unpaid.id}`)).result;
    expect(unpaidDetail).toMatchObject({ cardPayment: null, cardPaymentLabel: null });

    // The merchant cancels the first: the visit went back, and the customer's list says so.
    expect((await ownerA.post(`${D}/shangjiaCancel`, { id: first.id, reason: '客户改期' })).code).toBe(200);
    const list = await h.api.get(`${O}/findAllByPage`, { pageNum: 1, pageSize: 20 });
    expect(list.code, list.message).toBe(200);
    expect(list.result.total).toBe(3);
    expect(list.result.records).toHaveLength(3);
    const byId = new Map(list.result.records.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(first.id)).toMatchObject({ cardPayment: { visitNo: 1, restored: true } });
    expect(byId.get(second.id)).toMatchObject({ cardPayment: { visitNo: 2, restored: false } });
    expect(byId.get(unpaid.id)).toMatchObject({ cardPayment: null });
  });

  it('a 储值卡 payment: the stored value spent, cash and bonus apart', async () => {
    const h = await holder();
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    const amount = await listPrice(o.id);
    const productId = await addCardProduct(ownerA, {
      kind: 'value',
      name: '顾客视图储值',
      price: amount - 700,
      bonus: 1000,
      validityDays: 30,
    });
    const cardId = (await h.api.post(`${C}/buy`, { productId })).result.id as number;
    expect((await h.api.post(`${C}/payOrder`, { id: o.id, cardId })).code).toBe(200);
    const detail = (await h.api.get(`${O}/findById/${o.id}`)).result;
    expect(detail.amount).toBe(amount);
    expect(detail.cardPayment).toMatchObject({
      kind: 'value',
      cardName: '顾客视图储值',
      visitNo: null,
      totalVisits: null,
      cash: amount - 700,
      bonus: 700,
      payMethod: 'online',
    });
    expect(detail.cardPaymentLabel).toBe(`储值卡：顾客视图储值（扣 ¥${(amount / 100).toFixed(2)}）`);
  });

  it("another customer's card-paid order stays hidden", async () => {
    const a = await holder();
    const b = await holder();
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '顾客视图隔离卡',
      goodsId,
      visits: 2,
      price: 10000,
      validityDays: 30,
    });
    const cardId = (await sellCardOffline(ownerA, productId, a.clientId)).id;
    const o = await placedOrder(t, mainShop, { phone: a.phone });
    const own = await placedOrder(t, mainShop, { phone: b.phone });
    expect((await a.api.post(`${C}/payOrder`, { id: o.id, cardId })).code).toBe(200);
    const other = await b.api.get(`${O}/findById/${o.id}`);
    expect(other.code).toBe(2002);
    expect(other.result ?? null).toBeNull();
    const list = await b.api.get(`${O}/findAllByPage`, { pageNum: 1, pageSize: 20 });
    expect(list.result.records.map((r: { id: number }) => r.id)).toEqual([own.id]);
    expectEvery(list.result.records, (r: { cardPayment: unknown }) => r.cardPayment === null, 'her own, unpaid');
  });
});

describe('the 打款 list', () => {
  it("an offline card's ¥0 settlement is named 线下卡项，无需结算 and is not counted as 已解冻", async () => {
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '打款视图 2 次卡',
      goodsId,
      visits: 2,
      price: 10000,
      validityDays: 30,
    });
    const h = await holder();
    const cardId = (await sellCardOffline(ownerA, productId, h.clientId)).id;
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    const paid = await h.api.post(`${C}/payOrder`, { id: o.id, cardId });
    expect(paid.code, paid.message).toBe(200);
    const e = await serveOrder(t, ownerA, { id: o.id, code: paid.result.verifyCode }, mainShop);
    const orderNo = paid.result.orderNo as string;

    // 员工详情's 最近订单 names the card money too, not only the list price
    const staff = await ownerA.get(`${Y}/yuangong/dingdan`, { employeeId: e.id });
    expect(staff.code, staff.message).toBe(200);
    expect(staff.result.recent.find((r: { id: number }) => r.id === o.id)).toMatchObject({
      payAmount: await listPrice(o.id),
      cardPayment: { cardId, kind: 'times', visitNo: 1, totalVisits: 2, cash: 5000, payMethod: 'offline' },
    });

    const page = await ownerA.get(`${D}/findDakuanByPage`, { pageNum: 1, pageSize: 10, orderNo });
    expect(page.code, page.message).toBe(200);
    expect(page.result.records).toHaveLength(1);
    expect(page.result.records[0]).toMatchObject({
      orderId: o.id,
      amount: 0,
      status: SETTLEMENT_STATUS.UNFROZEN,
      offlineCard: true,
      statusLabel: '线下卡项，无需结算',
    });
    const totals = await ownerA.get(`${D}/findDakuanHuizong`, { orderNo });
    expect(totals.code, totals.message).toBe(200);
    expect(totals.result).toMatchObject({
      frozen: { count: 0, amount: 0 },
      unfrozen: { count: 0, amount: 0 },
      offlineCard: { count: 1, amount: 0 },
      total: { count: 1, amount: 0 },
    });
    // 已解冻 lists what the 已解冻 total counts
    const unfrozen = await ownerA.get(`${D}/findDakuanByPage`, {
      pageNum: 1,
      pageSize: 10,
      orderNo,
      status: SETTLEMENT_STATUS.UNFROZEN,
    });
    expect(unfrozen.result.total).toBe(0);
    // another merchant sees none of it
    const b = await ownerB.get(`${D}/findDakuanByPage`, { pageNum: 1, pageSize: 10, orderNo });
    expect(b.result.total).toBe(0);
  });

  it('an online card settles on its card cash, frozen as usual, and is labelled by its state', async () => {
    const h = await holder();
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    const productId = await addCardProduct(ownerA, {
      kind: 'value',
      name: '打款视图储值',
      price: await listPrice(o.id),
      bonus: 0,
      validityDays: 30,
    });
    const cardId = (await h.api.post(`${C}/buy`, { productId })).result.id as number;
    const paid = await h.api.post(`${C}/payOrder`, { id: o.id, cardId });
    expect(paid.code, paid.message).toBe(200);
    await serveOrder(t, ownerA, { id: o.id, code: paid.result.verifyCode }, mainShop);
    const orderNo = paid.result.orderNo as string;

    const page = await ownerA.get(`${D}/findDakuanByPage`, { pageNum: 1, pageSize: 10, orderNo });
    expect(page.result.records).toHaveLength(1);
    expect(page.result.records[0]).toMatchObject({
      status: SETTLEMENT_STATUS.FROZEN,
      offlineCard: false,
      statusLabel: '冻结中',
    });
    expect(page.result.records[0].amount).toBeGreaterThan(0);
    const totals = await ownerA.get(`${D}/findDakuanHuizong`, { orderNo });
    expect(totals.result).toMatchObject({ frozen: { count: 1 }, unfrozen: { count: 0 }, offlineCard: { count: 0 } });
  });
});
