import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeRules } from '../src/modules/merchant/finance/finance-rules.ts';
import { checkInvariants } from '../src/modules/merchant/finance/invariants.ts';
import { commissionOf, createSettlement, unfreezeDue } from '../src/modules/merchant/finance/settlement.service.ts';
import { type Api, api, buildTestApp, demoUsers, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { openCardNo } from './helpers/secrets.ts';
import { bindWithCode, PAYEE_A } from './helpers/step-up.ts';

const C = 'app/jiazheng/caiwu';
let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let admin: Api;
let mA: number;
let mB: number;
let shopA: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA, admin } = await demoUsers(t));
  const user = (phone: string) =>
    t.db.selectFrom('user').select(['merchantId']).where('phone', '=', phone).executeTakeFirstOrThrow();
  mA = (await user(PHONES.ownerA)).merchantId as number;
  mB = (await user(PHONES.ownerB)).merchantId as number;
  shopA = (
    await t.db.selectFrom('shop').select('id').where('merchantId', '=', mA).orderBy('id').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

const account = (merchantId: number) =>
  t.db.selectFrom('financeAccount').selectAll().where('merchantId', '=', merchantId).executeTakeFirstOrThrow();
const ledgerCount = async (merchantId: number) =>
  Number(
    (
      await t.db
        .selectFrom('financeLedger')
        .select(sql<number>`count(*)`.as('n'))
        .where('merchantId', '=', merchantId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('access', () => {
  it('anonymous callers get 401', async () => {
    const r = await api(t.app).get(`${C}/findZonglan`);
    expect(r.code).toBe(401);
  });
  it('the sub-account without finance permissions gets 301 on every finance call', async () => {
    for (const url of [
      'findZonglan',
      'findQushi',
      'shouzhi/findAllByPage',
      'dongjie/findAllByPage',
      'tixian/findAllByPage',
      'bangka/findAllByList',
      'bangka/findJiluByPage',
    ])
      expect((await subA.get(`${C}/${url}`)).code, url).toBe(301);
    const before = await account(mA);
    expect((await subA.post(`${C}/tixian/add`, { amount: 1000, bankCardId: 1 })).code).toBe(301);
    expect(await account(mA)).toEqual(before);
  });
  it('a platform user cannot use the merchant calls, and a merchant cannot use the review calls', async () => {
    expect((await admin.get(`${C}/findZonglan`)).code).toBe(301);
    expect((await ownerA.get(`${C}/tixian/shenhe/findAllByPage`)).code).toBe(301);
    expect((await ownerA.post(`${C}/tixian/shenhe`, { id: 1, pass: 1 })).code).toBe(301);
  });
});

describe('figures of the demo data', () => {
  it('overview adds up: withdrawable = balance - frozen, figures match the ledger, settlements and withdrawals', async () => {
    const r = await ownerA.get(`${C}/findZonglan`);
    expect(r.code).toBe(200);
    const o = r.result;
    expect(o.balance).toBeGreaterThan(0);
    expect(o.frozen).toBeGreaterThan(0);
    expect(o.pendingWithdraw).toBeGreaterThan(0);
    expect(o.withdrawable).toBe(o.balance - o.frozen);
    expect(o.rules).toMatchObject({ commissionRate: 5, settleDays: 7, minWithdraw: 1000, withdrawFee: 0 });
    const frozen = await ownerA.get(`${C}/dongjie/findAllByPage`, { pageSize: 50 });
    expect(frozen.result.totalAmount).toBe(o.frozen);
    expect(frozen.result.records.reduce((s: number, x: { amount: number }) => s + x.amount, 0)).toBe(o.frozen);
    for (const s of frozen.result.records) expect(new Date(s.unfreezeAt).getTime()).toBeGreaterThan(Date.now());
    const report = await checkInvariants(t.db);
    expect(report.problems).toEqual([]);
    expect(report.merchants.map((m) => m.merchantId)).toEqual(expect.arrayContaining([mA, mB]));
  });

  it('the trend over the last 30 days sums to the balance (income - expense), per day and per month', async () => {
    const o = (await ownerA.get(`${C}/findZonglan`)).result;
    const days = await ownerA.get(`${C}/findQushi`, { granularity: 'day' });
    expect(days.code).toBe(200);
    expect(days.result).toHaveLength(30);
    const net = days.result.reduce((s: number, p: { income: number; expense: number }) => s + p.income - p.expense, 0);
    expect(net).toBe(o.balance);
    const months = await ownerA.get(`${C}/findQushi`, { granularity: 'month' });
    expect(months.result).toHaveLength(12);
    expect(
      months.result.reduce((s: number, p: { income: number; expense: number }) => s + p.income - p.expense, 0),
    ).toBe(o.balance);
  });

  it('refuses a bad trend range or granularity with 2001', async () => {
    expect((await ownerA.get(`${C}/findQushi`, { startDate: '2026-02-01', endDate: '2026-01-01' })).code).toBe(2001);
    expect((await ownerA.get(`${C}/findQushi`, { granularity: 'week' })).code).toBe(2001);
    expect((await ownerA.get(`${C}/findQushi`, { startDate: '2026/01/01' })).code).toBe(2001);
  });
});

describe('ledger (收支明细)', () => {
  it('lists only the caller merchant entries, newest first, with filters', async () => {
    const all = await ownerA.get(`${C}/shouzhi/findAllByPage`, { pageSize: 50 });
    expect(all.code).toBe(200);
    expect(all.result.total).toBe(await ledgerCount(mA));
    const ids = all.result.records.map((r: { id: number }) => r.id);
    // newest first by time, id breaking ties (the list followed write order, not time)
    const keys = all.result.records.map((r: { createdAt: string; id: number }) => [r.createdAt, r.id] as const);
    const byTime = [...keys].sort((x, y) => (x[0] === y[0] ? y[1] - x[1] : y[0].localeCompare(x[0])));
    expect(keys).toEqual(byTime);
    const incomeOnly = await ownerA.get(`${C}/shouzhi/findAllByPage`, { direction: 1, pageSize: 50 });
    expectEvery(incomeOnly.result.records, (r: { direction: number }) => r.direction === 1);
    const withdrawals = await ownerA.get(`${C}/shouzhi/findAllByPage`, { kind: 'withdraw', pageSize: 50 });
    expect(withdrawals.result.total).toBeGreaterThan(0);
    expectEvery(
      withdrawals.result.records,
      (r: { kind: string; refType: string }) => r.kind === 'withdraw' && r.refType === 'withdrawal',
    );
    const future = await ownerA.get(`${C}/shouzhi/findAllByPage`, { startDate: '2099-01-01' });
    expect(future.result).toEqual({ records: [], total: 0 });
    const b = await ownerB.get(`${C}/shouzhi/findAllByPage`, { pageSize: 50 });
    expect(b.result.total).toBe(await ledgerCount(mB));
    const aIds = new Set(ids);
    expect(b.result.records.some((r: { id: number }) => aIds.has(r.id))).toBe(false);
  });

  it('searches every list by its number or text (substring, wildcards literal) and filters, paged 10/20/30/50', async () => {
    const w = (await ownerA.get(`${C}/tixian/findAllByPage`, { pageSize: 10 })).result.records[0];
    const byRef = await ownerA.get(`${C}/shouzhi/findAllByPage`, { refNo: w.withdrawNo.slice(2, 16) });
    expect(byRef.result.total).toBeGreaterThan(0);
    expectEvery(byRef.result.records, (r: { refNo: string }) => r.refNo.includes(w.withdrawNo.slice(2, 16)));
    expect((await ownerA.get(`${C}/shouzhi/findAllByPage`, { refNo: '%' })).result.total).toBe(0);
    expect((await ownerA.get(`${C}/tixian/findAllByPage`, { withdrawNo: w.withdrawNo })).result.total).toBe(1);

    const frozen = (await ownerA.get(`${C}/dongjie/findAllByPage`, { pageSize: 50 })).result;
    const one = frozen.records[0];
    const byOrder = await ownerA.get(`${C}/dongjie/findAllByPage`, { orderNo: one.orderNo.slice(-6) });
    expect(byOrder.result.records.map((r: { id: number }) => r.id)).toContain(one.id);
    expect(byOrder.result.total).toBeLessThanOrEqual(frozen.total);
    // the total stays the whole frozen amount (the 冻结 figure), whatever the filter
    expect(byOrder.result.totalAmount).toBe(frozen.totalAmount);

    const unbound = await ownerA.get(`${C}/bangka/findJiluByPage`, { action: 2 });
    expect(unbound.result.total).toBeGreaterThan(0);
    expectEvery(unbound.result.records, (r: { action: number }) => r.action === 2);
    const byBank = await ownerA.get(`${C}/bangka/findJiluByPage`, { keyword: '工商' });
    expect(byBank.result.total).toBeGreaterThan(0);
    expectEvery(byBank.result.records, (r: { bankName: string }) => r.bankName.includes('工商'));
    const byDigits = await ownerA.get(`${C}/bangka/findJiluByPage`, { keyword: '4888' });
    expectEvery(byDigits.result.records, (r: { cardNoMasked: string }) => r.cardNoMasked.endsWith('4888'));
    expect((await ownerA.get(`${C}/bangka/findJiluByPage`, { action: 3 })).code).toBe(2001);

    for (const pageSize of [10, 20, 30, 50]) {
      const p = await ownerA.get(`${C}/shouzhi/findAllByPage`, { pageSize, pageNum: 1 });
      expect(p.result.records.length).toBe(Math.min(pageSize, p.result.total));
    }
  });

  it('refuses unknown filters with 2001', async () => {
    expect((await ownerA.get(`${C}/shouzhi/findAllByPage`, { kind: 'robbery' })).code).toBe(2001);
    expect((await ownerA.get(`${C}/shouzhi/findAllByPage`, { direction: 4 })).code).toBe(2001);
  });

  it('exports an .xlsx workbook (and CSV with a UTF-8 BOM on request), only the caller rows, with the filters', async () => {
    const token = await loginAs(t.app, PHONES.ownerA);
    const exportAs = (payload: string, tok = token) =>
      t.app.inject({
        method: 'POST',
        url: `/tmpl/api/${C}/shouzhi/export`,
        headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const x = await exportAs('');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(String(x.headers['content-disposition'])).toMatch(/^attachment; filename\*=UTF-8''.+\.xlsx/);
    expect(String(x.headers['content-disposition'])).toMatch(/; filename="ledger_\d{14}\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('收支明细');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).font?.bold).toBe(true);
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      '时间',
      '收支',
      '类型',
      '收入(元)',
      '支出(元)',
      '划转(元)',
      '余额(元)',
      '冻结(元)',
      '可提现(元)',
      '关联单号',
      '说明',
    ]);
    expect(rows).toHaveLength((await ledgerCount(mA)) + 1);
    expect(rows.some((r) => r[2] === '订单结算')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('太原');
    // each row is a ledger entry of A, in the list's order: its amount in the column of its flow (收入 / 支出 / 划转,
    // from the balance change), the account after it in yuan (numbers), the related number as text
    const ledger = await t.db
      .selectFrom('financeLedger')
      .select(['amount', 'balanceChange', 'refNo'])
      .where('merchantId', '=', mA)
      .execute();
    const want = ledger.map((l) => {
      const flow = l.balanceChange > 0 ? 0 : l.balanceChange < 0 ? 1 : 2;
      return [0, 1, 2].map((c) => (c === flow ? l.amount / 100 : null)).concat([l.refNo as never]);
    });
    const got = rows.slice(1).map((r) => [r[3] ?? null, r[4] ?? null, r[5] ?? null, r[9] ?? '']);
    const key = (v: unknown[]) => JSON.stringify(v);
    expect(got.map(key).sort()).toEqual(want.map(key).sort());
    const flowName = (r: unknown[]) => (r[3] != null ? '收入' : r[4] != null ? '支出' : '划转');
    expectEvery(rows.slice(1), (r) => r[1] === flowName(r));

    const csv = await exportAs('format=csv&kind=settle');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('类型');
    const settles = await t.db
      .selectFrom('financeLedger')
      .select('id')
      .where('merchantId', '=', mA)
      .where('kind', '=', 'settle')
      .execute();
    expect(lines).toHaveLength(settles.length + 1);
    expectEvery(lines.slice(1), (l) => l.includes('订单结算'));

    expect(JSON.parse((await exportAs('format=pdf')).body).code).toBe(2001);
    expect(JSON.parse((await exportAs('', await loginAs(t.app, PHONES.subA))).body).code).toBe(301);
  });

  it('is append-only in the database itself', async () => {
    const before = await ledgerCount(mA);
    await expect(sql`update finance_ledger set amount = amount + 1`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from finance_ledger`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await ledgerCount(mA)).toBe(before);
  });
});

describe('bank cards and binding records', () => {
  it('lists masked cards only, of the caller merchant', async () => {
    const a = await ownerA.get(`${C}/bangka/findAllByList`);
    expect(a.code).toBe(200);
    expect(a.result.length).toBeGreaterThan(0);
    for (const c of a.result) {
      expect(c.cardNoMasked).toMatch(/^\d{4} \*{4} \*{4} \d{4}$/);
      expect(c).not.toHaveProperty('cardNo');
    }
    const full = await t.db.selectFrom('bankCard').select('cardNo').where('merchantId', '=', mA).execute();
    for (const f of full) expect(a.raw).not.toContain(openCardNo(f.cardNo));
    const b = await ownerB.get(`${C}/bangka/findAllByList`);
    expect(b.result.some((c: { id: number }) => a.result.some((x: { id: number }) => x.id === c.id))).toBe(false);
  });

  it('binds a card by hand, records it, refuses bad input; unbinds it once; another merchant gets 2002', async () => {
    const before = (await ownerA.get(`${C}/bangka/findJiluByPage`)).result.total;
    // (binding needs the owner's SMS code and the onboarded holder: A's legal representative's own card)
    const bad = await bindWithCode(t, ownerA, {
      bankName: '招商银行',
      branchName: '招商银行运城分行',
      branchCode: '30818100001',
      cardNo: '6225880000001111',
      holderName: PAYEE_A.legalRep,
      cardType: 1,
    });
    expect(bad.code).toBe(2001);
    expect(bad.message).toContain('联行号');
    const added = await bindWithCode(t, ownerA, {
      bankName: '招商银行',
      branchName: '招商银行运城分行',
      branchCode: '308181000013',
      cardNo: '6225 8800 0000 1111',
      holderName: PAYEE_A.legalRep,
      cardType: 1,
    });
    expect(added.code, added.message).toBe(200);
    const id = added.result.id;
    const stored = await t.db.selectFrom('bankCard').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.cardNo).not.toContain('6225880000001111');
    expect({ ...stored, cardNo: openCardNo(stored.cardNo) }).toMatchObject({
      cardNo: '6225880000001111',
      cardNoMasked: '6225 **** **** 1111',
      source: 'manual',
      status: 1,
    });
    const byB = await ownerB.post(`${C}/bangka/jiebang`, { id });
    expect(byB.code).toBe(2002);
    expect(
      (await t.db.selectFrom('bankCard').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    ).toBe(1);
    expect((await subA.post(`${C}/bangka/jiebang`, { id })).code).toBe(301);
    expect((await ownerA.post(`${C}/bangka/jiebang`, { id })).code).toBe(200);
    expect((await ownerA.post(`${C}/bangka/jiebang`, { id })).code).toBe(2002);
    const records = (await ownerA.get(`${C}/bangka/findJiluByPage`)).result;
    expect(records.total).toBe(before + 2);
    expect(records.records.slice(0, 2).map((r: { action: number }) => r.action)).toEqual([2, 1]);
    expect(records.records[0]).toMatchObject({ bankCardId: id, cardNoMasked: '6225 **** **** 1111' });
    expect(records.records[0].operatorName).toBeTruthy();
    expect(JSON.stringify(records)).not.toContain('6225880000001111');
  });

  it('refuses to unbind a card with a withdrawal in review', async () => {
    const w = await t.db
      .selectFrom('financeWithdrawal')
      .select('bankCardId')
      .where('merchantId', '=', mA)
      .where('status', '=', 10)
      .executeTakeFirstOrThrow();
    const r = await ownerA.post(`${C}/bangka/jiebang`, { id: w.bankCardId });
    expect(r.code).toBe(2004);
    expect(
      (await t.db.selectFrom('bankCard').select('status').where('id', '=', w.bankCardId).executeTakeFirstOrThrow())
        .status,
    ).toBe(1);
  });
});

describe('settlements (createSettlement) and the unfreeze job', () => {
  it('computes the 5 % commission, freezes the net, books one entry; a second call for the same order moves nothing', async () => {
    const before = await account(mA);
    const n = await ledgerCount(mA);
    const input = {
      merchantId: mA,
      shopId: shopA,
      orderId: 700001,
      orderNo: 'T700001',
      amount: 10001,
      completedAt: new Date().toISOString(),
    };
    const first = await createSettlement(t.db, input);
    const again = await Promise.all([createSettlement(t.db, input), createSettlement(t.db, input)]);
    expect(again).toEqual([first, first]);
    const s = await t.db
      .selectFrom('financeSettlement')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(s).toMatchObject({ orderAmount: 10001, commission: commissionOf(10001, 5), amount: 10001 - 500, status: 0 });
    expect(new Date(s.unfreezeAt).getTime() - new Date(s.completedAt).getTime()).toBe(7 * 86400_000);
    const after = await account(mA);
    expect(after.balance - before.balance).toBe(9501);
    expect(after.frozen - before.frozen).toBe(9501);
    expect(after.totalIncome - before.totalIncome).toBe(9501);
    expect(await ledgerCount(mA)).toBe(n + 1);
    expect((await checkInvariants(t.db)).problems).toEqual([]);
  });

  it('joins the caller transaction: a rollback leaves nothing behind', async () => {
    const before = await account(mA);
    await expect(
      t.db.transaction().execute(async (tx) => {
        await createSettlement(tx, {
          merchantId: mA,
          shopId: shopA,
          orderId: 700002,
          orderNo: 'T700002',
          amount: 5000,
          completedAt: new Date().toISOString(),
        });
        throw new Error('order confirmation failed');
      }),
    ).rejects.toThrow('order confirmation failed');
    expect(await account(mA)).toEqual(before);
    expect(
      await t.db.selectFrom('financeSettlement').select('id').where('orderId', '=', 700002).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('reads the rules from config finance_rules and falls back to the defaults', async () => {
    expect(await financeRules(t.db)).toEqual({ commissionRate: 5, settleDays: 7, minWithdraw: 1000, withdrawFee: 0 });
    const hasConfig = await t.db
      .selectFrom('config' as never)
      .select(sql`1`.as('x'))
      .limit(1)
      .execute()
      .then(() => true)
      .catch(() => false);
    if (!hasConfig) return;
    const now = new Date().toISOString();
    await sql`insert into config (type, value, created_at, updated_at) values ('finance_rules', ${JSON.stringify({ commissionRate: 10, settleDays: 3 })}, ${now}, ${now})`.execute(
      t.db,
    );
    expect(await financeRules(t.db)).toEqual({ commissionRate: 10, settleDays: 3, minWithdraw: 1000, withdrawFee: 0 });
    const { id } = await createSettlement(t.db, {
      merchantId: mB,
      shopId: 1,
      orderId: 700003,
      orderNo: 'T700003',
      amount: 20000,
      completedAt: now,
    });
    const s = await t.db.selectFrom('financeSettlement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(s).toMatchObject({ commission: 2000, amount: 18000, commissionRate: 10 });
    expect(new Date(s.unfreezeAt).getTime() - new Date(now).getTime()).toBe(3 * 86400_000);
    await sql`update config set value = ${'not json'} where type = 'finance_rules'`.execute(t.db);
    expect((await financeRules(t.db)).commissionRate).toBe(5);
    await sql`delete from config where type = 'finance_rules'`.execute(t.db);
  });

  it('unfreezes due settlements exactly once, even with concurrent runs', async () => {
    const past = new Date(Date.now() - 8 * 86400_000).toISOString();
    for (let i = 0; i < 5; i++)
      await createSettlement(t.db, {
        merchantId: mA,
        shopId: shopA,
        orderId: 710000 + i,
        orderNo: `T71000${i}`,
        amount: 2000,
        completedAt: past,
      });
    const before = await account(mA);
    const runs = await Promise.all([unfreezeDue(t.db), unfreezeDue(t.db), unfreezeDue(t.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await unfreezeDue(t.db)).toBe(0);
    const after = await account(mA);
    expect(before.frozen - after.frozen).toBe(5 * 1900);
    expect(after.balance).toBe(before.balance);
    const entries = await t.db
      .selectFrom('financeLedger')
      .select('id')
      .where('kind', '=', 'unfreeze')
      .where('refNo', 'like', 'T7100%')
      .execute();
    expect(entries).toHaveLength(5);
    expect((await checkInvariants(t.db)).problems).toEqual([]);
  });
});
