/**
 * 收支明细 shows movements: a 结算解冻 is a 划转 from frozen to withdrawable, not income, so the 收入 rows sum
 * to the money that came in; rows are in time order (newest first, id breaking ties) with the account after each row
 * summed in that order; the totals and the export say what the page says. Runs on SQLite and PostgreSQL.
 */
import type { LedgerEntry, LedgerTotals } from '@jz/contracts/finance';
import type { Page } from '@jz/contracts/envelope';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettlement, unfreezeDue } from '../src/modules/merchant/finance/settlement.service.ts';
import { type Api, api, buildTestApp, demoUsers, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { completedOrder } from './helpers/order-flow.ts';

const F = 'app/jiazheng/caiwu/shouzhi';
let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let mA: number;
let shopA: number;
let order: Awaited<ReturnType<typeof completedOrder>>;

const account = (merchantId: number) =>
  t.db.selectFrom('financeAccount').selectAll().where('merchantId', '=', merchantId).executeTakeFirstOrThrow();

/** Every page of the list for these filters, in the order the pages give them. */
async function allRows(who: Api, q: Record<string, string | number> = {}, pageSize = 7) {
  const rows: LedgerEntry[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const r = await who.get<Page<LedgerEntry>>(`${F}/findAllByPage`, { ...q, pageNum, pageSize });
    expect(r.code, r.message).toBe(200);
    rows.push(...r.result.records);
    if (rows.length >= r.result.total || !r.result.records.length) return rows;
  }
}
const sum = (rows: LedgerEntry[], flow: number) =>
  rows.filter((r) => r.direction === flow).reduce((s, r) => s + r.amount, 0);

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA } = await demoUsers(t, 'ownerA', 'ownerB', 'subA'));
  const shop = await t.db
    .selectFrom('shop')
    .select(['id', 'merchantId'])
    .where('name', '=', '运城洁家家政（总店）')
    .executeTakeFirstOrThrow();
  shopA = shop.id;
  mA = shop.merchantId;
  // An order completed through the console, then every due settlement unfrozen (its own included: T+7 from now).
  order = await completedOrder(t, ownerA, shopA);
  await unfreezeDue(t.db, new Date(Date.now() + 8 * 86400_000).toISOString());
});
afterAll(() => t?.close());

describe('an order completed and its settlement unfrozen', () => {
  it('shows 订单结算 as 收入 and 结算解冻 as 划转: the order adds its settlement to income once', async () => {
    const s = await t.db
      .selectFrom('financeSettlement')
      .selectAll()
      .where('orderId', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(s.status).toBe(1);
    const rows = await allRows(ownerA, { refNo: order.orderNo });
    expect(rows.map((r) => [r.kind, r.direction, r.amount])).toEqual([
      ['unfreeze', 3, Number(s.amount)],
      ['settle', 1, Number(s.amount)],
    ]);
    const [unfreeze] = rows;
    // the 划转 leaves the balance as it was and moves the money from frozen to withdrawable
    expect(unfreeze.balanceChange).toBe(0);
    expect(unfreeze.frozenChange).toBe(-Number(s.amount));
    expect(sum(rows, 1)).toBe(Number(s.amount));
    const totals = await ownerA.get<LedgerTotals>(`${F}/findHuizong`, { refNo: order.orderNo });
    expect(totals.result).toEqual({
      scope: 'merchant',
      income: { count: 1, amount: Number(s.amount) },
      expense: { count: 0, amount: 0 },
      transfer: { count: 1, amount: Number(s.amount) },
    });
  });

  it('the 收入 rows of the whole ledger sum to the income, 收入 − 支出 to the balance, 划转 to what was unfrozen', async () => {
    const rows = await allRows(ownerA, {}, 50);
    const a = await account(mA);
    const returned = await t.db
      .selectFrom('financeWithdrawal')
      .select('amount')
      .where('merchantId', '=', mA)
      .where('status', 'in', [40, 50])
      .execute();
    // 收入 = the settlements (累计收入) and the withdrawals that came back; a 结算解冻 is never counted
    expect(sum(rows, 1)).toBe(Number(a.totalIncome) + returned.reduce((x, w) => x + Number(w.amount), 0));
    expectEvery(
      rows.filter((r) => r.kind === 'unfreeze'),
      (r) => r.direction === 3,
    );
    expectEvery(
      rows.filter((r) => r.direction === 1),
      (r) => r.balanceChange > 0,
    );
    expect(sum(rows, 1) - sum(rows, 2)).toBe(Number(a.balance));
    const unfrozen = await t.db
      .selectFrom('financeSettlement')
      .select('amount')
      .where('merchantId', '=', mA)
      .where('status', '=', 1)
      .where('amount', '>', 0)
      .execute();
    expect(sum(rows, 3)).toBe(unfrozen.reduce((x, s) => x + Number(s.amount), 0));
    const totals = (await ownerA.get<LedgerTotals>(`${F}/findHuizong`)).result;
    expect(totals.income).toEqual({ count: rows.filter((r) => r.direction === 1).length, amount: sum(rows, 1) });
    expect(totals.expense.amount).toBe(sum(rows, 2));
    expect(totals.transfer.amount).toBe(sum(rows, 3));
  });

  it('filters by flow: 收入 never lists a 结算解冻, 划转 lists only them', async () => {
    const income = await allRows(ownerA, { direction: 1 }, 50);
    expect(income.length).toBeGreaterThan(0);
    expectEvery(income, (r) => r.direction === 1 && r.kind !== 'unfreeze');
    const transfers = await allRows(ownerA, { direction: 3 }, 50);
    expect(transfers.length).toBeGreaterThan(0);
    expectEvery(transfers, (r) => r.direction === 3 && r.kind === 'unfreeze');
    const totals = (await ownerA.get<LedgerTotals>(`${F}/findHuizong`, { direction: 3 })).result;
    expect(totals).toMatchObject({
      income: { count: 0 },
      expense: { count: 0 },
      transfer: { count: transfers.length },
    });
  });
});

describe('time order', () => {
  it('newest first by time, whatever order the entries were written in; ties by id; pages never overlap', async () => {
    // Written after everything else, dated before it: a back-dated settlement (as the demo seeds write their past),
    // and two entries of the same instant.
    const past = new Date(Date.now() - 40 * 86400_000).toISOString();
    const same = new Date(Date.now() - 39 * 86400_000).toISOString();
    const base = { merchantId: mA, shopId: shopA, amount: 10000, completedAt: past };
    const old = await createSettlement(t.db, { ...base, orderId: -990001, orderNo: 'LEDGERPAST0001' }, { now: past });
    const twin1 = await createSettlement(
      t.db,
      { ...base, orderId: -990002, orderNo: 'LEDGERTWIN0001', completedAt: same },
      { now: same },
    );
    const twin2 = await createSettlement(
      t.db,
      { ...base, orderId: -990003, orderNo: 'LEDGERTWIN0002', completedAt: same },
      { now: same },
    );
    const rows = await allRows(ownerA, {}, 7);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(a.createdAt >= b.createdAt, `${a.id} before ${b.id}`).toBe(true);
      if (a.createdAt === b.createdAt) expect(a.id).toBeGreaterThan(b.id);
    }
    const at = (no: string) => rows.findIndex((r) => r.refNo === no);
    expect(at('LEDGERPAST0001')).toBe(rows.length - 1 - rows.filter((r) => r.createdAt < past).length);
    expect(at('LEDGERTWIN0002')).toBe(at('LEDGERTWIN0001') - 1);
    expect(old.id).toBeLessThan(twin1.id);
    expect(twin1.id).toBeLessThan(twin2.id);

    // The account after each row follows from the row below it; the newest row ends at today's account.
    const up = [...rows].reverse();
    let balance = 0;
    let frozen = 0;
    for (const r of up) {
      balance += r.balanceChange;
      frozen += r.frozenChange;
      expect([r.balanceAfter, r.frozenAfter, r.withdrawableAfter]).toEqual([balance, frozen, balance - frozen]);
    }
    const a = await account(mA);
    expect([rows[0].balanceAfter, rows[0].frozenAfter]).toEqual([Number(a.balance), Number(a.frozen)]);
    // a filter keeps each row's figures: the account as it was then
    const filtered = await allRows(ownerA, { kind: 'settle' }, 50);
    for (const r of filtered) expect(r.balanceAfter).toBe(rows.find((x) => x.id === r.id)?.balanceAfter);
  });
});

describe('the export says what the page says', () => {
  async function exported(token: string, payload: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/tmpl/api/${F}/export`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    return res;
  }

  it('same rows, same order, the amount in the column of its flow, the same figures (xlsx and CSV)', async () => {
    const token = await loginAs(t.app, PHONES.ownerA);
    const page = await allRows(ownerA, {}, 50);
    const res = await exported(token, '');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 9)).toEqual([
      '时间',
      '收支',
      '类型',
      '收入(元)',
      '支出(元)',
      '划转(元)',
      '余额(元)',
      '冻结(元)',
      '可提现(元)',
    ]);
    const body = rows.slice(1);
    expect(body).toHaveLength(page.length);
    const flowName = { 1: '收入', 2: '支出', 3: '划转' } as Record<number, string>;
    body.forEach((r, i) => {
      const p = page[i];
      const cell = (flow: number) => (p.direction === flow ? p.amount / 100 : null);
      expect([r[1], r[3] ?? null, r[4] ?? null, r[5] ?? null, r[6], r[7], r[8], r[9]], `row ${i + 1}`).toEqual([
        flowName[p.direction],
        cell(1),
        cell(2),
        cell(3),
        p.balanceAfter / 100,
        p.frozenAfter / 100,
        p.withdrawableAfter / 100,
        p.refNo,
      ]);
    });
    // summing the 收入 column gives the page's income total
    const totals = (await ownerA.get<LedgerTotals>(`${F}/findHuizong`)).result;
    const col = (c: number) => Math.round(body.reduce((s: number, r) => s + ((r[c] as number) ?? 0), 0) * 100);
    expect([col(3), col(4), col(5)]).toEqual([totals.income.amount, totals.expense.amount, totals.transfer.amount]);

    const csv = await exported(token, 'format=csv&direction=3');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const transfers = page.filter((p) => p.direction === 3);
    expect(lines).toHaveLength(transfers.length + 1);
    expectEvery(lines.slice(1), (l) => l.split(',')[1] === '划转' && l.split(',')[3] === '' && l.split(',')[4] === '');
  });
});

describe('refusals', () => {
  it('another merchant sees none of these rows; no permission 301; anonymous 401; a bad flow 2001', async () => {
    const b = await allRows(ownerB, {}, 50);
    expect(b.some((r) => r.refNo === order.orderNo)).toBe(false);
    const bTotals = (await ownerB.get<LedgerTotals>(`${F}/findHuizong`, { refNo: order.orderNo })).result;
    expect(bTotals.income.count + bTotals.transfer.count).toBe(0);
    expect((await subA.get(`${F}/findHuizong`)).code).toBe(301);
    expect((await api(t.app).get(`${F}/findHuizong`)).code).toBe(401);
    expect((await ownerA.get(`${F}/findHuizong`, { direction: 4 })).code).toBe(2001);
    expect((await ownerA.get(`${F}/findAllByPage`, { direction: 0 })).code).toBe(2001);
    expect((await ownerA.get(`${F}/findHuizong`, { startDate: '2026/01/01' })).code).toBe(2001);
  });
});
