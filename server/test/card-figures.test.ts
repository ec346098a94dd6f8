/**
 * Card money in the figures (docs/ledger.md "预收 in 收支明细, 运营数据 and the exports"): a sale raises 预收 and no
 * income; an order paid with a card counts in 运营数据 at the card cash it used, never its list price nor the bonus; a
 * served visit moves that cash from 预收 to recognised revenue (and, for an online card, into the ledger through its
 * settlement); 退卡 lowers 预收 by what goes back; the 预收 flows, 运营数据 and both exports agree; other merchants,
 * other shops and bad input. SQLite and PostgreSQL (TEST_DB=postgres).
 */
import { CLIENT_ID } from '@jz/contracts/auth';
import type { CardFlows, CardSummary } from '@jz/contracts/card';
import type { LedgerTotals } from '@jz/contracts/finance';
import type { OperationsStats } from '@jz/contracts/stats';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInShanghai } from '../src/modules/merchant/stats/stats.repo.ts';
import {
  type Api,
  api,
  buildTestApp,
  demoMerchantA,
  demoUsers,
  loginAs,
  PHONES,
  type TestApp,
} from './helpers/index.ts';
import { addCardProduct, cardHolder, clientRecord, sellCardOffline } from './helpers/card-client.ts';
import { customerFor, freeEmployee, placedOrder, serveOrder } from './helpers/order-flow.ts';

const S = 'app/jiazheng/shangjia/shouka';
const C = 'app/jiazheng/customer/card';
const STATS = 'app/jiazheng/tongji';
const LEDGER = 'app/jiazheng/caiwu/shouzhi';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let merchantA: number;
let mainShop: number;
let branchShop: number;
let goodsId: number;
let today: string;
let range: { startDate: string; endDate: string };

/** A customer with a client record at merchant A (helpers/card-client.ts). */
const holder = () => cardHolder(t, merchantA, { phonePrefix: '1378', name: '预收测试客户' });
const addProduct = (body: Record<string, string | number>) => addCardProduct(ownerA, body);

/** Everything the pages show, read at once: 预收 flows (merchant), 运营数据 of the main shop, the ledger, the summary. */
async function figures() {
  const flows = await ownerA.get<CardFlows>(`${S}/findLiushui`, range);
  expect(flows.code, flows.message).toBe(200);
  const stats = await ownerA.get<OperationsStats>(`${STATS}/yunying`, { ...range, shopId: mainShop });
  expect(stats.code, stats.message).toBe(200);
  const ledger = await ownerA.get<LedgerTotals>(`${LEDGER}/findHuizong`, range);
  const summary = await ownerA.get<CardSummary>(`${S}/findHuizong`);
  return { flows: flows.result, stats: stats.result, ledger: ledger.result, summary: summary.result };
}
type Figures = Awaited<ReturnType<typeof figures>>;

/** What changed between two readings, in the figures the tests speak of. */
function delta(a: Figures, b: Figures) {
  return {
    sold: b.flows.sold - a.flows.sold,
    received: b.flows.received - a.flows.received,
    redeemed: b.flows.redeemed - a.flows.redeemed,
    redeemedCash: b.flows.redeemedCash - a.flows.redeemedCash,
    redeemedBonus: b.flows.redeemedBonus - a.flows.redeemedBonus,
    recognised: b.flows.recognised - a.flows.recognised,
    refunded: b.flows.refunded - a.flows.refunded,
    deferred: b.flows.deferredEnd - a.flows.deferredEnd,
    orders: b.stats.orders - a.stats.orders,
    paidAmount: b.stats.paidAmount - a.stats.paidAmount,
    cardOrders: b.stats.cardOrders - a.stats.cardOrders,
    cardPaidAmount: b.stats.cardPaidAmount - a.stats.cardPaidAmount,
    statsReceived: b.stats.cards.received - a.stats.cards.received,
    statsRecognised: b.stats.cards.recognised - a.stats.cards.recognised,
    income: b.ledger.income.amount - a.ledger.income.amount,
  };
}

/** The flows' own books: 期末 = 期初 + 收款 − 确认 − 退款, and today's 期末 is the summary's 预收余额. */
function booksBalance(f: Figures) {
  const { flows } = f;
  expect(flows.deferredStart + flows.received - flows.recognised - flows.refunded).toBe(flows.deferredEnd);
  expect(flows.deferredEnd).toBe(f.summary.deferred);
}

const orderAmount = async (id: number) =>
  Number(
    (await t.db.selectFrom('serviceOrder').select('payAmount').where('id', '=', id).executeTakeFirstOrThrow())
      .payAmount,
  );
const settlementNet = async (orderId: number) =>
  Number(
    (
      await t.db
        .selectFrom('financeSettlement')
        .select('amount')
        .where('orderId', '=', orderId)
        .executeTakeFirstOrThrow()
    ).amount,
  );

async function exported(path: string, body: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/tmpl/api/${path}`,
    headers: {
      client: CLIENT_ID,
      authorization: `Bearer ${await loginAs(t.app, PHONES.ownerA)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(body).toString(),
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  for (const ws of wb.worksheets) {
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    sheets.set(ws.name, rows);
  }
  return sheets;
}

/** The 预收 sheet's one row as { header: value } (money in yuan as the workbook holds it). */
function cardSheet(sheets: Map<string, unknown[][]>) {
  const rows = sheets.get('预收（卡项）');
  expect(rows, [...sheets.keys()].join(',')).toBeDefined();
  const [head, values] = rows ?? [];
  return Object.fromEntries(head.map((h, i) => [h, values[i] ?? null]));
}
const asSheet = (f: CardFlows) => ({
  开始日期: f.startDate,
  结束日期: f.endDate,
  '期初预收余额(元)': f.deferredStart / 100,
  售卡张数: f.sold,
  '售卡收款(元)': f.received / 100,
  用卡支付订单数: f.redeemed,
  '用卡本金(元)': f.redeemedCash / 100,
  '用卡赠送(元)': f.redeemedBonus / 100,
  '确认收入(元)': f.recognised / 100,
  '退卡退款(元)': f.refunded / 100,
  '期末预收余额(元)': f.deferredEnd / 100,
});

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  ({ merchantId: merchantA, mainShop, branchShop, goodsId } = await demoMerchantA(t));
  for (let i = 0; i < 8; i++) await freeEmployee(t, mainShop);
  today = todayInShanghai();
  range = { startDate: today, endDate: today };
});
afterAll(() => t?.close());

let timesCard: number;

describe('a 次卡 sold online: sale, a paid visit, the visit served, 退卡', () => {
  it('the sale raises 预收 and nothing else: no order, no 支付金额, no ledger income', async () => {
    const before = await figures();
    booksBalance(before);
    const productId = await addProduct({
      kind: 'times',
      name: '预收 3 次卡',
      goodsId,
      visits: 3,
      price: 9000,
      validityDays: 30,
    });
    const h = await holder();
    const bought = await h.api.post(`${C}/buy`, { productId });
    expect(bought.code, bought.message).toBe(200);
    timesCard = bought.result.id;
    const after = await figures();
    booksBalance(after);
    expect(delta(before, after)).toMatchObject({
      sold: 1,
      received: 9000,
      deferred: 9000,
      recognised: 0,
      orders: 0,
      paidAmount: 0,
      statsReceived: 9000,
      income: 0,
    });

    // A visit paid with the card: 运营数据 counts it at the card cash (9000 / 3), not the order's list price.
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    const listPrice = await orderAmount(o.id);
    expect(listPrice).not.toBe(3000);
    const paid = await h.api.post(`${C}/payOrder`, { id: o.id, cardId: timesCard });
    expect(paid.code, paid.message).toBe(200);
    const redeemed = await figures();
    booksBalance(redeemed);
    expect(delta(after, redeemed)).toMatchObject({
      orders: 1,
      paidAmount: 3000,
      cardOrders: 1,
      cardPaidAmount: 3000,
      redeemed: 1,
      redeemedCash: 3000,
      redeemedBonus: 0,
      recognised: 0,
      deferred: 0,
      income: 0,
    });

    // Served: the visit's cash leaves 预收 as revenue; the online card's settlement enters the ledger on that cash.
    const employee = await serveOrder(t, ownerA, { id: o.id, code: paid.result.verifyCode }, mainShop);
    const served = await figures();
    booksBalance(served);
    const net = await settlementNet(o.id);
    expect(net).toBeGreaterThan(0);
    expect(net).toBeLessThanOrEqual(3000);
    expect(delta(redeemed, served)).toMatchObject({
      recognised: 3000,
      statsRecognised: 3000,
      deferred: -3000,
      paidAmount: 0,
      income: net,
    });
    // 员工数据: the served order's 服务收入 is its card cash too.
    const staff = await ownerA.get(`${STATS}/yuangong`, { ...range, shopId: mainShop });
    const row = staff.result.rows.find((r: { employeeId: number }) => r.employeeId === employee.id);
    expect(row).toMatchObject({ ordersServed: 1, revenue: 3000 });
  });

  it('退卡 gives back the unused cash: 预收 falls by it, recognised does not move', async () => {
    const before = await figures();
    const detail = (await ownerA.get(`${S}/findById/${timesCard}`)).result;
    expect(detail.refundable).toBe(6000);
    const r = await ownerA.post(`${S}/tuika`, { id: timesCard, reason: '客户搬家', expectedAmount: 6000 });
    expect(r.code, r.message).toBe(200);
    const after = await figures();
    booksBalance(after);
    expect(delta(before, after)).toMatchObject({ refunded: 6000, deferred: -6000, recognised: 0, income: 0 });
  });
});

describe('a 储值卡 with bonus', () => {
  it('the order counts at its cash part; the bonus is never 支付金额, revenue nor ledger income', async () => {
    const h = await holder();
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    const listPrice = await orderAmount(o.id);
    const productId = await addProduct({
      kind: 'value',
      name: '预收储值',
      price: listPrice - 500,
      bonus: 1000,
      validityDays: 30,
    });
    const cardId = (await h.api.post(`${C}/buy`, { productId })).result.id as number;
    const before = await figures();
    const paid = await h.api.post(`${C}/payOrder`, { id: o.id, cardId });
    expect(paid.code, paid.message).toBe(200);
    const redeemed = await figures();
    expect(delta(before, redeemed)).toMatchObject({
      orders: 1,
      paidAmount: listPrice - 500,
      cardPaidAmount: listPrice - 500,
      redeemedCash: listPrice - 500,
      redeemedBonus: 500,
      deferred: 0,
    });
    await serveOrder(t, ownerA, { id: o.id, code: paid.result.verifyCode }, mainShop);
    const served = await figures();
    booksBalance(served);
    expect(delta(redeemed, served)).toMatchObject({
      recognised: listPrice - 500,
      deferred: -(listPrice - 500),
      income: await settlementNet(o.id),
    });
    expect(
      Number(
        (
          await t.db
            .selectFrom('financeSettlement')
            .select('orderAmount')
            .where('orderId', '=', o.id)
            .executeTakeFirstOrThrow()
        ).orderAmount,
      ),
    ).toBe(listPrice - 500);
  });
});

describe('a card sold offline', () => {
  it('raises 预收 like any sale; its served visit is revenue but no ledger income (the merchant holds the cash)', async () => {
    const productId = await addProduct({
      kind: 'times',
      name: '线下 2 次',
      goodsId,
      visits: 2,
      price: 5000,
      validityDays: 30,
    });
    const h = await holder();
    const before = await figures();
    const sold = await sellCardOffline(ownerA, productId, h.clientId);
    const o = await placedOrder(t, mainShop, { phone: h.phone });
    const paid = await h.api.post(`${C}/payOrder`, { id: o.id, cardId: sold.id });
    expect(paid.code, paid.message).toBe(200);
    await serveOrder(t, ownerA, { id: o.id, code: paid.result.verifyCode }, mainShop);
    const after = await figures();
    booksBalance(after);
    expect(delta(before, after)).toMatchObject({
      sold: 1,
      received: 5000,
      paidAmount: 2500,
      recognised: 2500,
      deferred: 2500,
      income: 0,
    });
  });
});

describe('a card sold offline before the person had an account', () => {
  it('is the customer’s once the record is linked: listed by the customer API and pays an order; not another’s', async () => {
    const productId = await addProduct({
      kind: 'times',
      name: '先卡后号',
      goodsId,
      visits: 2,
      price: 4000,
      validityDays: 30,
    });
    const clientId = await clientRecord(t, merchantA, null, '预收测试客户');
    const cardId = (await sellCardOffline(ownerA, productId, clientId)).id;
    const phone = `1379${String(process.pid % 1000).padStart(3, '0')}0001`;
    const person = await customerFor(t, phone);
    const mine = async () => ((await person.api.get(`${C}/mine`)).result as { id: number }[]).map((c) => c.id);
    expect(await mine()).not.toContain(cardId);
    const early = await placedOrder(t, mainShop, { phone });
    expect((await person.api.post(`${C}/payOrder`, { id: early.id, cardId })).code).toBe(2002);

    // The record gets the account (as recordFromOrder does by the phone): the card follows it.
    await t.db.updateTable('client').set({ customerId: person.id }).where('id', '=', clientId).execute();
    expect(await mine()).toContain(cardId);
    const paid = await person.api.post(`${C}/payOrder`, { id: early.id, cardId });
    expect(paid.code, paid.message).toBe(200);

    const other = await holder();
    expect(((await other.api.get(`${C}/mine`)).result as { id: number }[]).map((c) => c.id)).not.toContain(cardId);
    const theirs = await placedOrder(t, mainShop, { phone: other.phone });
    expect((await other.api.post(`${C}/payOrder`, { id: theirs.id, cardId })).code).toBe(2002);
  });
});

describe('the pages and the exports agree', () => {
  it('the 收支明细 and 运营数据 exports carry the same 预收 row as the flows and 运营数据', async () => {
    const f = await figures();
    expect(f.stats.cards).toEqual((await ownerA.get<CardFlows>(`${S}/findLiushui`, range)).result);
    const ledger = await exported(`${LEDGER}/export`, range);
    expect(cardSheet(ledger)).toEqual(asSheet(f.flows));
    // A flow filter picks account rows only: no 预收 sheet.
    expect([...(await exported(`${LEDGER}/export`, { ...range, direction: '1' })).keys()]).toEqual(['收支明细']);

    const ops = await exported(`${STATS}/yunying/export`, { ...range, shopId: String(mainShop) });
    expect(cardSheet(ops)).toEqual(asSheet(f.stats.cards));
    const [head, values] = ops.get('运营概览') ?? [];
    const overview = Object.fromEntries(head.map((h, i) => [h, values[i]]));
    expect(overview).toMatchObject({
      '支付金额(元)': f.stats.paidAmount / 100,
      其中用卡支付订单数: f.stats.cardOrders,
      '其中用卡本金(元)': f.stats.cardPaidAmount / 100,
    });
  });

  it('a range after today starts and ends at today’s 预收余额 with no flow', async () => {
    const now = await figures();
    const tomorrow = new Date(Date.parse(`${today}T12:00:00+08:00`) + 86_400_000).toISOString().slice(0, 10);
    const later = (await ownerA.get<CardFlows>(`${S}/findLiushui`, { startDate: tomorrow, endDate: tomorrow })).result;
    expect(later).toMatchObject({
      sold: 0,
      received: 0,
      recognised: 0,
      refunded: 0,
      deferredStart: now.flows.deferredEnd,
      deferredEnd: now.flows.deferredEnd,
    });
    // Without a range: from the first card to today, starting at 0.
    const all = (await ownerA.get<CardFlows>(`${S}/findLiushui`)).result;
    expect(all).toMatchObject({ startDate: null, deferredStart: 0, deferredEnd: now.summary.deferred });
    expect(all.received).toBe(now.summary.received);
  });
});

describe('other merchants, other shops, bad input', () => {
  it('merchant B, the branch and a branch-limited sub-account see none of these cards', async () => {
    const b = (await ownerB.get<CardFlows>(`${S}/findLiushui`)).result;
    expect(b).toMatchObject({ sold: 0, received: 0, deferredEnd: 0 });
    const bStats = await ownerB.get<OperationsStats>(`${STATS}/yunying`, { ...range, shopId: 'all' });
    expect(bStats.result.cards).toMatchObject({ sold: 0, received: 0, redeemed: 0, deferredEnd: 0 });
    const branch = await ownerA.get<OperationsStats>(`${STATS}/yunying`, { ...range, shopId: branchShop });
    expect(branch.result.cards).toMatchObject({ sold: 0, received: 0, redeemed: 0 });
    expect(branch.result.cardOrders).toBe(0);

    const sub = await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.subA).executeTakeFirstOrThrow();
    await t.db.deleteFrom('userShop').where('userId', '=', sub.id).execute();
    await t.db.insertInto('userShop').values({ userId: sub.id, shopId: branchShop, merchantId: merchantA }).execute();
    await t.db.updateTable('user').set({ currentShopId: branchShop, allShops: 0 }).where('id', '=', sub.id).execute();
    const subA = api(t.app, await loginAs(t.app, PHONES.subA, { fresh: true }));
    const limited = await subA.get<CardFlows>(`${S}/findLiushui`, range);
    expect(limited.code, limited.message).toBe(200);
    expect(limited.result).toMatchObject({ sold: 0, received: 0, redeemed: 0, deferredEnd: 0 });
  });

  it('bad ranges are 2001, no session 401', async () => {
    expect((await ownerA.get(`${S}/findLiushui`, { startDate: '2026-02-02', endDate: '2026-02-01' })).code).toBe(2001);
    expect((await ownerA.get(`${S}/findLiushui`, { startDate: '2026-02-30' })).code).toBe(2001);
    expect((await ownerA.get(`${S}/findLiushui`, { endDate: 'yesterday' })).code).toBe(2001);
    expect((await api(t.app).get(`${S}/findLiushui`)).code).toBe(401);
  });
});
