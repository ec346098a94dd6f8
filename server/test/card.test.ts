/**
 * Prepaid cards (次卡 / 储值卡, docs/ledger.md "预收: prepaid cards"): products, offline and online sales, paying
 * orders with a card, the settlement of one visit, bonus never settled, cancel restores, expiry, refund less the fee,
 * concurrent redemptions of the last visit and the last yuan, isolation, a shop-limited sub-account, bad input and
 * the finance invariants. SQLite and PostgreSQL (TEST_DB=postgres).
 */
import { CARD_STATUS } from '@jz/contracts/card';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSettlementOrderId } from '../src/modules/merchant/card/card-money.ts';
import { expireDue } from '../src/modules/merchant/card/card.service.ts';
import { checkInvariants } from '../src/modules/merchant/finance/invariants.ts';
import {
  type Api,
  api,
  buildTestApp,
  demoMerchantA,
  demoUsers,
  expectEvery,
  loginAs,
  PHONES,
  type TestApp,
} from './helpers/index.ts';
import { addCardProduct, cardHolder } from './helpers/card-client.ts';
import { dueNow, freeEmployee, placedOrder, serveOrder } from './helpers/order-flow.ts';

const P = 'app/jiazheng/shangjia/kaxiang';
const S = 'app/jiazheng/shangjia/shouka';
const C = 'app/jiazheng/customer/card';
const D = 'app/jiazheng/pay/dingdan';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let merchantA: number;
let mainShop: number;
let branchShop: number;
let goodsId: number;

/** A customer with a client record at merchant A (helpers/card-client.ts). */
const holder = () => cardHolder(t, merchantA, { phonePrefix: '1377' });

const cardRow = (id: number) => t.db.selectFrom('card').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const settlementOf = (orderId: number) =>
  t.db.selectFrom('financeSettlement').selectAll().where('orderId', '=', orderId).executeTakeFirst();

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  ({ merchantId: merchantA, mainShop, branchShop, goodsId } = await demoMerchantA(t));
  // Capacity is never what refuses in these tests: enough free employees for every order placed at one time.
  for (let i = 0; i < 12; i++) await freeEmployee(t, mainShop);
});
afterAll(() => t?.close());

describe('card products', () => {
  it('adds a 次卡 and a 储值卡, lists them, refuses bad input and another merchant', async () => {
    const times = await addCardProduct(ownerA, {
      kind: 'times',
      name: '日常保洁 3 次卡',
      goodsId,
      visits: 3,
      price: 10000,
      validityDays: 90,
      refundFeeType: 'percent',
      refundFeeValue: 10,
    });
    const value = await addCardProduct(ownerA, {
      kind: 'value',
      name: '充 1000 送 100',
      price: 100000,
      bonus: 10000,
      validityDays: 365,
    });
    const page = await ownerA.get(`${P}/findAllByPage`, { pageSize: 50 });
    expect(page.code).toBe(200);
    const ids = page.result.records.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([times, value]));

    for (const bad of [
      { kind: 'times', name: '缺商品', visits: 3, price: 100, validityDays: 30 },
      { kind: 'times', name: '缺次数', goodsId, price: 100, validityDays: 30 },
      { kind: 'value', name: '负价', price: -1, validityDays: 30 },
      { kind: 'value', name: '零天', price: 100, validityDays: 0 },
      { kind: 'value', name: '比例', price: 100, validityDays: 3, refundFeeType: 'percent', refundFeeValue: 101 },
      { kind: 'bogus', name: 'x', price: 100, validityDays: 3 },
    ]) {
      const r = await ownerA.post(`${P}/add`, bad);
      expect(r.code, JSON.stringify(bad)).toBe(2001);
    }
    // Merchant B: A's goods are not found, A's products neither.
    expect(
      (await ownerB.post(`${P}/add`, { kind: 'times', name: 'x', goodsId, visits: 2, price: 100, validityDays: 3 }))
        .code,
    ).toBe(2002);
    expect((await ownerB.post(`${P}/setShoumaiState/${times}`, { onSale: 0 })).code).toBe(2002);
    expect((await ownerB.del(`${P}/delByIds/${times}`)).code).toBe(2002);
    const bPage = await ownerB.get(`${P}/findAllByPage`, { pageSize: 50 });
    expect(bPage.result.records.map((r: { id: number }) => r.id)).not.toContain(times);
    expect((await api(t.app).get(`${P}/findAllByPage`)).code).toBe(401);
  });
});

describe('selling and redeeming', () => {
  it('次卡 sold online: one visit paid by the card settles price / N exactly; the last visit takes the remainder', async () => {
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '3 次卡',
      goodsId,
      visits: 3,
      price: 10000,
      validityDays: 30,
    });
    const h = await holder();
    const bought = await h.api.post(`${C}/buy`, { productId });
    expect(bought.code, bought.message).toBe(200);
    const cardId = bought.result.id as number;
    expect(bought.result.remainingVisits).toBe(3);

    const visits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const o = await placedOrder(t, mainShop, { phone: h.phone });
      const paid = await h.api.post(`${C}/payOrder`, { id: o.id, cardId });
      expect(paid.code, paid.message).toBe(200);
      expect(paid.result.status).toBe(20);
      await serveOrder(t, ownerA, { id: o.id, code: paid.result.verifyCode }, mainShop);
      const s = await settlementOf(o.id);
      visits.push(Number(s?.orderAmount));
    }
    // 10000 / 3: 3333, 3333 and the remainder 3334 on the last; the settlements sum to the price exactly.
    expect(visits).toEqual([3333, 3333, 3334]);
    const c = await cardRow(cardId);
    expect([c.remainingVisits, Number(c.cashBalance)]).toEqual([0, 0]);
    // No visit left: the next order is refused.
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    const refused = await h.api.post(`${C}/payOrder`, { id: o.id, cardId });
    expect(refused.code).toBe(2004);
    expect(refused.message).toContain('次数不足');
  });

  it('储值卡 with bonus: cash first, then bonus; the bonus part is never settled', async () => {
    const h = await holder();
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    const amount = Number(
      (await t.db.selectFrom('serviceOrder').select('payAmount').where('id', '=', o.id).executeTakeFirstOrThrow())
        .payAmount,
    );
    // Cash 500 fen short of the order: the bonus pays the rest.
    const productId = await addCardProduct(ownerA, {
      kind: 'value',
      name: '储值',
      price: amount - 500,
      bonus: 1000,
      validityDays: 30,
    });
    const cardId = (await h.api.post(`${C}/buy`, { productId })).result.id as number;
    const paid = await h.api.post(`${C}/payOrder`, { id: o.id, cardId });
    expect(paid.code, paid.message).toBe(200);
    const c = await cardRow(cardId);
    expect([Number(c.cashBalance), Number(c.bonusBalance)]).toEqual([0, 500]);
    await serveOrder(t, ownerA, { id: o.id, code: paid.result.verifyCode }, mainShop);
    expect(Number((await settlementOf(o.id))?.orderAmount)).toBe(amount - 500);
  });

  it('a card sold offline records who and how; its visits settle nothing (the cash is with the merchant)', async () => {
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '线下 2 次',
      goodsId,
      visits: 2,
      price: 5000,
      validityDays: 30,
    });
    const h = await holder();
    const sold = await ownerA.post(`${S}/xianxia`, { productId, clientId: h.clientId, payChannel: '微信转账' });
    expect(sold.code, sold.message).toBe(200);
    const detail = await ownerA.get(`${S}/findById/${sold.result.id}`);
    expect(detail.result).toMatchObject({
      payMethod: 'offline',
      payChannel: '微信转账',
      remainingVisits: 2,
      pricePaid: 5000,
    });
    expect(detail.result.soldByName).toBeTruthy();
    expect(detail.result.movements.map((m: { kind: string }) => m.kind)).toEqual(['sale']);
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    const paid = await h.api.post(`${C}/payOrder`, { id: o.id, cardId: sold.result.id });
    expect(paid.code, paid.message).toBe(200);
    await serveOrder(t, ownerA, { id: o.id, code: paid.result.verifyCode }, mainShop);
    expect(Number((await settlementOf(o.id))?.orderAmount)).toBe(0);
    // Bad input and refusals.
    expect((await ownerA.post(`${S}/xianxia`, { productId, clientId: h.clientId, payChannel: '刷脸' })).code).toBe(
      2001,
    );
    expect((await ownerA.post(`${S}/xianxia`, { productId, clientId: 999999, payChannel: '现金' })).code).toBe(2002);
    expect((await ownerB.post(`${S}/xianxia`, { productId, clientId: h.clientId, payChannel: '现金' })).code).toBe(
      2002,
    );
  });

  it('a merchant cancel gives the visit back (restore) and refunds nothing through the provider', async () => {
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '取消退回',
      goodsId,
      visits: 2,
      price: 6000,
      validityDays: 30,
    });
    const h = await holder();
    const cardId = (await h.api.post(`${C}/buy`, { productId })).result.id as number;
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    expect((await h.api.post(`${C}/payOrder`, { id: o.id, cardId })).code).toBe(200);
    expect((await cardRow(cardId)).remainingVisits).toBe(1);
    const cancel = await ownerA.post(`${D}/shangjiaCancel`, { id: o.id, reason: '客户改期' });
    expect(cancel.code, cancel.message).toBe(200);
    const c = await cardRow(cardId);
    expect([c.remainingVisits, Number(c.cashBalance)]).toEqual([2, 6000]);
    const order = await t.db
      .selectFrom('serviceOrder')
      .select(['status', 'refundStatus'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 70, refundStatus: 2 });
    const kinds = (await ownerA.get(`${S}/findById/${cardId}`)).result.movements.map((m: { kind: string }) => m.kind);
    expect(kinds).toEqual(['restore', 'redeem', 'sale']);
  });

  it("another customer's card, another goods item, an expired card: refused", async () => {
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '他人',
      goodsId,
      visits: 2,
      price: 2000,
      validityDays: 30,
    });
    const h = await holder();
    const other = await holder();
    const cardId = (await h.api.post(`${C}/buy`, { productId })).result.id as number;
    const o = await placedOrder(t, mainShop, { phone: other.phone });
    expect((await other.api.post(`${C}/payOrder`, { id: o.id, cardId })).code).toBe(2002);
    const mine = await other.api.get(`${C}/mine`);
    expect(mine.result.map((c: { id: number }) => c.id)).not.toContain(cardId);
    await t.db
      .updateTable('card')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', cardId)
      .execute();
    const o2 = await placedOrder(t, mainShop, { phone: h.phone });
    const r = await h.api.post(`${C}/payOrder`, { id: o2.id, cardId });
    expect(r.code).toBe(2004);
    expect(r.message).toContain('过期');
    expect((await h.api.post(`${C}/payOrder`, { id: o2.id, cardId: 'x' })).code).toBe(2001);
    expect((await api(t.app).post(`${C}/payOrder`, { id: o2.id, cardId })).code).toBe(2001);
  });
});

describe('what the order answers say of a card payment', () => {
  it('the detail, the list and the export name the card and its money, not the list price', async () => {
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '答复 3 次卡',
      goodsId,
      visits: 3,
      price: 10000,
      validityDays: 30,
    });
    const h = await holder();
    const sold = await ownerA.post(`${S}/xianxia`, { productId, clientId: h.clientId, payChannel: '现金' });
    const cardId = sold.result.id as number;
    const first = await placedOrder(t, mainShop, { phone: h.phone });
    const second = await placedOrder(t, mainShop, { phone: h.phone });
    const unpaid = await placedOrder(t, mainShop, { phone: h.phone });
    expect((await h.api.post(`${C}/payOrder`, { id: first.id, cardId })).code).toBe(200);
    const paid = await h.api.post(`${C}/payOrder`, { id: second.id, cardId });
    expect(paid.code, paid.message).toBe(200);

    const detail = (await ownerA.get(`${D}/findById/${second.id}`)).result;
    expect(detail.cardPayment).toEqual({
      cardId,
      cardNo: (await cardRow(cardId)).cardNo,
      kind: 'times',
      cardName: '答复 3 次卡',
      visitNo: 2,
      totalVisits: 3,
      cash: 3333,
      bonus: 0,
      payMethod: 'offline',
      restored: false,
    });
    expect(detail.payAmount).toBeGreaterThan(3333);
    expect((await ownerA.get(`${D}/findById/${unpaid.id}`)).result.cardPayment).toBeNull();

    // The visit is served: settled 0, said to be an offline card's (nothing was frozen).
    const e = await freeEmployee(t, mainShop);
    expect((await ownerA.post(`${D}/setYuangong`, { id: second.id, yuangongId: e.id })).code).toBe(200);
    expect((await ownerA.post(`${D}/shangjiaYanquan`, { code: paid.result.verifyCode })).code).toBe(200);
    await dueNow(t, second.id);
    const confirmed = await ownerA.post(`${D}/queren`, { id: second.id });
    expect(confirmed.code, confirmed.message).toBe(200);
    expect(confirmed.message).toBe('订单已完成（线下卡项，无需结算）');
    const served = (await ownerA.get(`${D}/findById/${second.id}`)).result;
    expect(served.settlement).toMatchObject({ amount: 0, offlineCard: true });
    // The completion message names it too, never "结算 0.00 元（订单金额 0.00 元…）".
    const done = await t.db
      .selectFrom('message')
      .select('content')
      .where('refType', '=', 'order')
      .where('refId', '=', second.id)
      .where('title', '=', '订单已完成')
      .execute();
    expect(done.length).toBeGreaterThan(0);
    expectEvery(
      done,
      (m) =>
        m.content.endsWith('已完成，线下卡项，无需结算（卡款已在售卡时线下收取，本次服务确认卡内本金 33.33 元为收入）'),
      'the offline card named in the completion message',
    );

    // The first is cancelled: its visit goes back, the answer says so and keeps which visit it was.
    expect((await ownerA.post(`${D}/shangjiaCancel`, { id: first.id, reason: '客户改期' })).code).toBe(200);
    const list = await ownerA.get(`${D}/findAllByPage`, { pageSize: 20, customerPhone: h.phone, shopId: 'all' });
    const byId = new Map(list.result.records.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(first.id)).toMatchObject({ cardPayment: { visitNo: 1, cash: 3333, restored: true } });
    expect(byId.get(second.id)).toMatchObject({ cardPayment: { visitNo: 2, cash: 3333, restored: false } });
    expect(byId.get(unpaid.id)).toMatchObject({ cardPayment: null });

    const x = await t.app.inject({
      method: 'POST',
      url: `/tmpl/api/${D}/export`,
      headers: { authorization: `Bearer ${await loginAs(t.app, PHONES.ownerA)}` },
      payload: { customerPhone: h.phone, shopId: 'all', format: 'csv' },
    });
    const lines = x.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    const head = lines[0].split(',');
    const col = (name: string) => head.indexOf(name);
    const row = lines.find((l) => l.startsWith(detail.orderNo))?.split(',') ?? [];
    expect(row[col('实付(元)')]).toBe('33.33');
    expect(row[col('支付方式')]).toBe('次卡：答复 3 次卡（第 2 次 / 共 3 次）');
  });

  it('a 储值卡 payment: the cash part and the bonus apart', async () => {
    const h = await holder();
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    const amount = Number(
      (await t.db.selectFrom('serviceOrder').select('payAmount').where('id', '=', o.id).executeTakeFirstOrThrow())
        .payAmount,
    );
    const productId = await addCardProduct(ownerA, {
      kind: 'value',
      name: '答复储值',
      price: amount - 700,
      bonus: 1000,
      validityDays: 30,
    });
    const cardId = (await h.api.post(`${C}/buy`, { productId })).result.id as number;
    expect((await h.api.post(`${C}/payOrder`, { id: o.id, cardId })).code).toBe(200);
    const detail = (await ownerA.get(`${D}/findById/${o.id}`)).result;
    expect(detail.cardPayment).toMatchObject({
      kind: 'value',
      cardName: '答复储值',
      visitNo: null,
      totalVisits: null,
      cash: amount - 700,
      bonus: 700,
      payMethod: 'online',
    });
  });
});

describe('races: exactly one of ten wins', () => {
  it('the last visit of a 次卡', async () => {
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '单次',
      goodsId,
      visits: 1,
      price: 3000,
      validityDays: 30,
    });
    const h = await holder();
    const cardId = (await h.api.post(`${C}/buy`, { productId })).result.id as number;
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await placedOrder(t, mainShop, { phone: h.phone }));
    const answers = await Promise.all(orders.map((o) => h.api.post(`${C}/payOrder`, { id: o.id, cardId })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expectEvery(
      answers.filter((a) => a.code !== 200),
      (a) => a.code === 2004 && /卡/.test(a.message),
      'losers refused for the card',
    );
    const c = await cardRow(cardId);
    expect(c.remainingVisits).toBe(0);
    const redeems = await t.db
      .selectFrom('cardMovement')
      .select('id')
      .where('cardId', '=', cardId)
      .where('kind', '=', 'redeem')
      .execute();
    expect(redeems).toHaveLength(1);
  });

  it('the last yuan of a 储值卡', async () => {
    const h = await holder();
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await placedOrder(t, mainShop, { phone: h.phone }));
    const amount = Number(
      (
        await t.db
          .selectFrom('serviceOrder')
          .select('payAmount')
          .where('id', '=', orders[0].id)
          .executeTakeFirstOrThrow()
      ).payAmount,
    );
    const productId = await addCardProduct(ownerA, {
      kind: 'value',
      name: '刚好一单',
      price: amount,
      validityDays: 30,
    });
    const cardId = (await h.api.post(`${C}/buy`, { productId })).result.id as number;
    const answers = await Promise.all(orders.map((o) => h.api.post(`${C}/payOrder`, { id: o.id, cardId })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    const c = await cardRow(cardId);
    expect([Number(c.cashBalance), Number(c.bonusBalance)]).toEqual([0, 0]);
  });
});

describe('expiry and refund', () => {
  it('expiry recognises the unused cash (settled for an online card) and closes the card once', async () => {
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '过期',
      goodsId,
      visits: 4,
      price: 8000,
      validityDays: 30,
    });
    const h = await holder();
    const cardId = (await h.api.post(`${C}/buy`, { productId })).result.id as number;
    await t.db
      .updateTable('card')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', cardId)
      .execute();
    await Promise.all([expireDue(t.db), expireDue(t.db)]);
    const c = await cardRow(cardId);
    expect([c.status, c.remainingVisits, Number(c.cashBalance)]).toEqual([CARD_STATUS.EXPIRED, 0, 0]);
    const exp = await t.db
      .selectFrom('cardMovement')
      .selectAll()
      .where('cardId', '=', cardId)
      .where('kind', '=', 'expire')
      .execute();
    expect(exp).toHaveLength(1);
    expect(Number(exp[0].revenue)).toBe(8000);
    const s = await settlementOf(cardSettlementOrderId(exp[0].id));
    expect(Number(s?.orderAmount)).toBe(8000);
  });

  it('退卡 pays back the unused cash less the terms fee, with a reason; a stale amount is refused', async () => {
    const productId = await addCardProduct(ownerA, {
      kind: 'times',
      name: '退卡',
      goodsId,
      visits: 3,
      price: 10000,
      validityDays: 30,
      refundFeeType: 'percent',
      refundFeeValue: 10,
    });
    const h = await holder();
    const sold = await ownerA.post(`${S}/xianxia`, { productId, clientId: h.clientId, payChannel: '现金' });
    const cardId = sold.result.id as number;
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    expect((await h.api.post(`${C}/payOrder`, { id: o.id, cardId })).code).toBe(200);
    const d = (await ownerA.get(`${S}/findById/${cardId}`)).result;
    // 6667 unused, fee 10 % = 667, back 6000.
    expect([d.cashBalance, d.refundFeeNow, d.refundable]).toEqual([6667, 667, 6000]);
    expect((await ownerA.post(`${S}/tuika`, { id: cardId, reason: '', expectedAmount: 6000 })).code).toBe(2001);
    expect((await ownerA.post(`${S}/tuika`, { id: cardId, reason: '搬家', expectedAmount: 5999 })).code).toBe(2004);
    expect((await ownerB.post(`${S}/tuika`, { id: cardId, reason: '搬家', expectedAmount: 6000 })).code).toBe(2002);
    const r = await ownerA.post(`${S}/tuika`, { id: cardId, reason: '客户搬家', expectedAmount: 6000 });
    expect(r.code, r.message).toBe(200);
    expect(r.result).toEqual({ refundAmount: 6000, fee: 667 });
    const c = await cardRow(cardId);
    expect([c.status, c.remainingVisits, Number(c.cashBalance), c.closeReason]).toEqual([
      CARD_STATUS.REFUNDED,
      0,
      0,
      '客户搬家',
    ]);
    expect((await ownerA.post(`${S}/tuika`, { id: cardId, reason: '再退', expectedAmount: 0 })).code).toBe(2004);
    // The order paid before the refund is cancelled afterwards: the visit comes back and is owed to the customer.
    expect((await ownerA.post(`${D}/shangjiaCancel`, { id: o.id, reason: '取消' })).code).toBe(200);
    const after = await cardRow(cardId);
    expect([after.remainingVisits, Number(after.cashBalance)]).toEqual([0, 0]);
  });

  it('预收 summary: received − recognised − refunded = 预收余额', async () => {
    const s = (await ownerA.get(`${S}/findHuizong`)).result;
    expect(s.received - s.recognised - s.refunded).toBe(s.deferred);
    expect(s.deferred).toBeGreaterThan(0);
    const b = (await ownerB.get(`${S}/findHuizong`)).result;
    expect(b.cards).toBe(0);
  });
});

describe('isolation and shop limits', () => {
  it("merchant B reads nothing of A's cards", async () => {
    const list = await ownerA.get(`${S}/findAllByPage`, { pageSize: 5 });
    const id = list.result.records[0].id;
    expect((await ownerB.get(`${S}/findById/${id}`)).code).toBe(2002);
    expect((await ownerB.get(`${S}/findAllByPage`)).result.total).toBe(0);
  });

  it('a sub-account limited to the branch sees none of the main shop cards or products', async () => {
    const sub = await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.subA).executeTakeFirstOrThrow();
    await t.db.deleteFrom('userShop').where('userId', '=', sub.id).execute();
    await t.db.insertInto('userShop').values({ userId: sub.id, shopId: branchShop, merchantId: merchantA }).execute();
    await t.db.updateTable('user').set({ currentShopId: branchShop, allShops: 0 }).where('id', '=', sub.id).execute();
    const subA = api(t.app, await loginAs(t.app, PHONES.subA, { fresh: true }));
    const cards = await subA.get(`${S}/findAllByPage`, { pageSize: 50 });
    expect(cards.code, cards.message).toBe(200);
    expect(cards.result.total).toBe(0);
    const products = await subA.get(`${P}/findAllByPage`, { pageSize: 50 });
    expect(products.result.total).toBe(0);
    const any = await t.db
      .selectFrom('card')
      .select(['id', 'productId', 'clientId'])
      .where('merchantId', '=', merchantA)
      .executeTakeFirstOrThrow();
    expect((await subA.get(`${S}/findById/${any.id}`)).code).toBe(2002);
    expect(
      (await subA.post(`${S}/xianxia`, { productId: any.productId, clientId: any.clientId, payChannel: '现金' })).code,
    ).toBe(2002);
    const s = (await subA.get(`${S}/findHuizong`)).result;
    expect(s.cards).toBe(0);
  });
});

describe('finance invariants cover cards', () => {
  it('hold after all of the above, and fail on a corrupted movement', async () => {
    const ok = await checkInvariants(t.db);
    expect(ok.problems).toEqual([]);
    const m = await t.db
      .selectFrom('cardMovement')
      .select(['id', 'cashDelta'])
      .where('kind', '=', 'sale')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('cardMovement')
      .set({ cashDelta: Number(m.cashDelta) + 1 })
      .where('id', '=', m.id)
      .execute();
    const bad = await checkInvariants(t.db);
    expect(bad.problems.some((p) => p.includes('预收余额'))).toBe(true);
    await t.db
      .updateTable('cardMovement')
      .set({ cashDelta: Number(m.cashDelta) })
      .where('id', '=', m.id)
      .execute();
  });
});
