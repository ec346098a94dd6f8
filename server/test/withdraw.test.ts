import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindCard } from '../src/modules/merchant/finance/bank-card.service.ts';
import { checkInvariants } from '../src/modules/merchant/finance/invariants.ts';
import { SANDBOX_FAIL_SUFFIX } from '../src/modules/merchant/finance/payout.ts';
import { withIdCheck, withLuhn } from '../src/modules/merchant/jinjian/checksum-fixtures.ts';
import { type Api, api, buildTestApp, demoUsers, expectEvery, PHONES, type TestApp } from './helpers/index.ts';
import { openCardNo } from './helpers/secrets.ts';
import { stepUpCode, withdrawWithCode } from './helpers/step-up.ts';

const C = 'app/jiazheng/caiwu';
const ADD = `${C}/tixian/add`;
const REVIEW = `${C}/tixian/shenhe`;

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let admin: Api;
let mA: number;
let mB: number;
let cardA: number;
let cardB: number;
let ownerIdB: number;

beforeAll(async () => {
  // Every withdrawal needs a fresh step-up code to the owner's phone: more than the 5 an hour a phone may receive.
  t = await buildTestApp({ env: { SMS_RATE_LIMIT: 'off' } });
  ({ ownerA, ownerB, subA, admin } = await demoUsers(t));
  const m = async (phone: string) =>
    (await t.db.selectFrom('user').select('merchantId').where('phone', '=', phone).executeTakeFirstOrThrow())
      .merchantId as number;
  mA = await m(PHONES.ownerA);
  mB = await m(PHONES.ownerB);
  ownerIdB = (await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.ownerB).executeTakeFirstOrThrow())
    .id;
  cardA = (await ownerA.get(`${C}/bangka/findAllByList`)).result[0].id;
  cardB = (await ownerB.get(`${C}/bangka/findAllByList`)).result[0].id;

  // Demo merchant B has not signed the current 商家入驻协议: no withdrawal until it does.
  const refused = await ownerB.post(ADD, { amount: 1000, bankCardId: cardB });
  expect(refused).toMatchObject({ code: 2004 });
  expect(refused.message).toMatch(/^请先签署《商家入驻协议》.*后再提现$/);
  const pending = (await ownerB.get<{ id: number }[]>('app/jiazheng/xieyi/findDaiqianList')).result;
  for (const a of pending)
    expect((await ownerB.post('app/jiazheng/xieyi/qianshu', { id: a.id, signerName: '赵安' })).code).toBe(200);
});
afterAll(() => t?.close());

const account = (merchantId: number) =>
  t.db.selectFrom('financeAccount').selectAll().where('merchantId', '=', merchantId).executeTakeFirstOrThrow();
const count = async (table: 'financeLedger' | 'financeWithdrawal', merchantId: number) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .where('merchantId', '=', merchantId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const snapshot = async (merchantId: number) => ({
  account: await account(merchantId),
  ledger: await count('financeLedger', merchantId),
  withdrawals: await count('financeWithdrawal', merchantId),
});
const withdrawable = async (merchantId: number) => {
  const a = await account(merchantId);
  return a.balance - a.frozen;
};

beforeEach(async () => {
  expect((await checkInvariants(t.db)).problems).toEqual([]);
});

describe('onboarding gate (用户进件)', () => {
  it('refuses a merchant the payment provider has not onboarded, with the reason; the overview says why', async () => {
    // Demo merchant B's personal application was rejected; A is onboarded as an enterprise.
    const before = await snapshot(mB);
    const refused = await ownerB.post(ADD, { amount: 1000, bankCardId: cardB });
    expect(refused.code).toBe(2004);
    expect(refused.message).toBe('进件被驳回，请按驳回原因修改资料后重新提交，开通后才能提现');
    // another merchant's card is still 2002 first (nothing about it leaks through the gate)
    expect((await ownerB.post(ADD, { amount: 1000, bankCardId: cardA })).code).toBe(2002);
    expect(await snapshot(mB)).toEqual(before);
    const o = (await ownerB.get(`${C}/findZonglan`)).result;
    expect(o.onboarding).toEqual({ status: 30, withdrawHint: expect.stringMatching(/开通后才能提现/) });
    expect((await ownerA.get(`${C}/findZonglan`)).result.onboarding).toEqual({ status: 20, withdrawHint: null });
  });

  it('still refuses while the application is in review; the sandbox approval opens withdrawals to the approved card', async () => {
    const card = withLuhn('621700016100654321');
    const sub = await ownerB.post('app/jiazheng/pay/huifu/jinjianGeren', {
      name: '赵安',
      certType: '00',
      idCardNo: withIdCheck('14010519800101003'),
      certValidityType: '1',
      certBeginDate: '2015-01-01',
      mobile: '13800000002',
      idCardFrontUrl: '/uploads/jinjian/a.png',
      idCardBackUrl: '/uploads/jinjian/b.png',
      bankName: '中国建设银行',
      branchCode: '105161000178',
      cardNo: card,
      holderName: '赵安',
      cardMobile: '13800000002',
    });
    expect(sub.code, sub.message).toBe(200);
    const pending = await ownerB.post(ADD, { amount: 1000, bankCardId: cardB });
    expect(pending.code).toBe(2004);
    expect(pending.message).toMatch(/进件审核中/);
    // the sandbox decides after its delay: move the submission back in time
    await t.db
      .updateTable('jinjianApplication')
      .set({ submittedAt: new Date(Date.now() - 3600_000).toISOString() })
      .where('id', '=', sub.result.id)
      .execute();
    // any read of the state asks the provider: here the overview
    expect((await ownerB.get(`${C}/findZonglan`)).result.onboarding).toEqual({ status: 20, withdrawHint: null });
    const cards = (await ownerB.get(`${C}/bangka/findAllByList`)).result as { id: number; source: string }[];
    const approved = cards.find((c) => c.source === 'jinjian');
    expect(approved).toBeDefined();
    const r = await withdrawWithCode(t, ownerB, { amount: 1000, bankCardId: approved!.id });
    expect(r.code, r.message).toBe(200);
    expect(r.result.cardNoMasked).toBe(`6217 **** **** ${card.slice(-4)}`);
  });
});

describe('withdrawal request (tixian/add)', () => {
  it('refuses a negative, zero, fractional, non-numeric, below-minimum or over-balance amount and changes nothing', async () => {
    const before = await snapshot(mA);
    for (const amount of ['-100', '0', '1500.5', 'abc', '']) {
      const r = await withdrawWithCode(t, ownerA, { amount, bankCardId: cardA });
      expect(r.code, `amount ${amount}`).toBe(2001);
    }
    const low = await withdrawWithCode(t, ownerA, { amount: 999, bankCardId: cardA });
    expect(low.code).toBe(2001);
    expect(low.message).toContain('10.00');
    const over = await withdrawWithCode(t, ownerA, { amount: (await withdrawable(mA)) + 1, bankCardId: cardA });
    expect(over.code).toBe(2004);
    expect(over.message).toContain('可提现金额不足');
    expect(await snapshot(mA)).toEqual(before);
  });

  it("refuses another merchant's card (2002), an unbound card (2004), a sub-account (301), anonymous (401)", async () => {
    const before = await snapshot(mA);
    expect((await withdrawWithCode(t, ownerA, { amount: 2000, bankCardId: cardB })).code).toBe(2002);
    expect((await withdrawWithCode(t, ownerA, { amount: 2000, bankCardId: 999999 })).code).toBe(2002);
    expect((await ownerA.post(ADD, { amount: 2000, bankCardId: cardB, smsCode: '123456' })).code).toBe(2002);
    const spare = await bindCard(t.db, {
      merchantId: mA,
      operatorUserId: null,
      bankName: '中国银行',
      branchName: '中国银行运城分行',
      branchCode: '104181000019',
      cardNo: '6216610000005555',
      holderName: '张三',
      cardType: 1,
      source: 'manual',
    });
    await ownerA.post(`${C}/bangka/jiebang`, { id: spare.id });
    expect((await withdrawWithCode(t, ownerA, { amount: 2000, bankCardId: spare.id })).code).toBe(2004);
    expect((await subA.post(ADD, { amount: 2000, bankCardId: cardA })).code).toBe(301);
    expect((await api(t.app).post(ADD, { amount: 2000, bankCardId: cardA })).code).toBe(401);
    expect((await snapshot(mA)).withdrawals).toBe(before.withdrawals);
    expect((await snapshot(mA)).account.balance).toBe(before.account.balance);
  });

  it('moves the amount out of the balance into pending with one 提现 entry', async () => {
    const before = await account(mA);
    const r = await withdrawWithCode(t, ownerA, { amount: 2000, bankCardId: cardA });
    expect(r.code).toBe(200);
    expect(r.result).toMatchObject({ amount: 2000, fee: 0, actualAmount: 2000, status: 10, bankCardId: cardA });
    expect(r.result.cardNoMasked).toMatch(/\*{4}/);
    const after = await account(mA);
    expect(before.balance - after.balance).toBe(2000);
    expect(after.pendingWithdraw - before.pendingWithdraw).toBe(2000);
    const entries = await t.db
      .selectFrom('financeLedger')
      .selectAll()
      .where('refType', '=', 'withdrawal')
      .where('refId', '=', r.result.id)
      .execute();
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'withdraw',
        direction: 2,
        amount: 2000,
        balanceChange: -2000,
        balanceAfter: after.balance,
      }),
    ]);
    const list = await ownerA.get(`${C}/tixian/findAllByPage`, { status: 10 });
    expect(list.result.records.map((w: { id: number }) => w.id)).toContain(r.result.id);
    const listB = await ownerB.get(`${C}/tixian/findAllByPage`);
    expect(listB.result.records.map((w: { id: number }) => w.id)).not.toContain(r.result.id);
  });

  it('replays the first answer for the same Idempotency-Key, sequentially and concurrently; refuses the key for another body', async () => {
    const before = await snapshot(mA);
    const key = { headers: { 'Idempotency-Key': 'test-key-0001' } };
    const first = await withdrawWithCode(t, ownerA, { amount: 1500, bankCardId: cardA }, key);
    // the retry answers the first answer although its code is used up
    const second = await ownerA.post(ADD, { amount: 1500, bankCardId: cardA }, key);
    expect(first.code).toBe(200);
    expect(second.result).toEqual(first.result);
    // a double submit: one code, eight concurrent requests with the same key; one uses the code, all get its answer
    const got = await stepUpCode(t, ownerA, 'tixian/sendCode', { amount: 1200, bankCardId: cardA });
    if ('refused' in got) throw new Error(got.refused.message);
    const racing = await Promise.all(
      Array.from({ length: 8 }, () =>
        ownerA.post(
          ADD,
          { amount: 1200, bankCardId: cardA, smsCode: got.code },
          { headers: { 'Idempotency-Key': 'test-key-0002' } },
        ),
      ),
    );
    expectEvery(racing, (r) => r.code === 200);
    expect(new Set(racing.map((r) => r.result.id)).size).toBe(1);
    const after = await snapshot(mA);
    expect(after.withdrawals - before.withdrawals).toBe(2);
    expect(before.account.balance - after.account.balance).toBe(2700);
    const other = await ownerA.post(ADD, { amount: 9999, bankCardId: cardA }, key);
    expect(other.code).toBe(2004);
    expect(
      (await ownerA.post(ADD, { amount: 1500, bankCardId: cardA }, { headers: { 'Idempotency-Key': 'x' } })).code,
    ).toBe(2001);
    // Keys are per merchant: B using A's key gets its own withdrawal.
    const b = await withdrawWithCode(t, ownerB, { amount: 1500, bankCardId: cardB }, key);
    expect(b.code).toBe(200);
    expect(b.result.id).not.toBe(first.result.id);
  });

  it(`50 concurrent withdrawals never overdraw (${process.env.TEST_DB ?? 'sqlite'})`, async () => {
    const avail = await withdrawable(mA);
    const each = Math.max(1000, Math.floor(avail / 20) + 1); // at most 19 can succeed
    // A code is bound to its amount: 50 amounts 1 fen apart, each with its own code, asked for first.
    const amounts = Array.from({ length: 50 }, (_, i) => each + i);
    const codes: string[] = [];
    for (const amount of amounts) {
      const got = await stepUpCode(t, ownerA, 'tixian/sendCode', { amount, bankCardId: cardA });
      if ('refused' in got) throw new Error(got.refused.message);
      codes.push(got.code);
    }
    const before = await snapshot(mA);
    const results = await Promise.all(
      amounts.map((amount, i) => ownerA.post(ADD, { amount, bankCardId: cardA, smsCode: codes[i] })),
    );
    const paid = amounts.filter((_, i) => results[i].code === 200);
    const okCount = paid.length;
    const total = paid.reduce((a, b) => a + b, 0);
    expectEvery(
      results.filter((r) => r.code !== 200),
      (r) => r.code === 2004,
    );
    expect(total).toBeLessThanOrEqual(avail);
    // as many as fit: no refused amount would have fitted into what is left
    const refused = amounts.filter((_, i) => results[i].code !== 200);
    expectEvery(refused, (a) => a > avail - total);
    expect(okCount).toBeGreaterThan(0);
    const after = await snapshot(mA);
    expect(after.withdrawals - before.withdrawals).toBe(okCount);
    expect(before.account.balance - after.account.balance).toBe(total);
    expect(after.account.balance - after.account.frozen).toBeGreaterThanOrEqual(0);
    expect((await checkInvariants(t.db)).problems).toEqual([]);
  });
});

describe('platform review (提现审核)', () => {
  const newWithdrawal = async (amount = 1000, card = cardB, who = ownerB) => {
    const r = await withdrawWithCode(t, who, { amount, bankCardId: card });
    expect(r.code, r.message).toBe(200);
    return r.result as { id: number; amount: number };
  };

  it('lists every merchant, masked, for the admin only', async () => {
    const r = await admin.get(`${REVIEW}/findAllByPage`, { pageSize: 50, status: 10 });
    expect(r.code).toBe(200);
    const merchants = new Set(r.result.records.map((w: { merchantId: number }) => w.merchantId));
    expect(merchants.has(mA) && merchants.has(mB)).toBe(true);
    expect(r.result.records[0]).toHaveProperty('merchantName');
    const cards = await t.db.selectFrom('bankCard').select('cardNo').execute();
    for (const c of cards) expect(r.raw).not.toContain(openCardNo(c.cardNo));
    expect((await subA.get(`${REVIEW}/findAllByPage`)).code).toBe(301);
  });

  it('rejects with a reason: the money comes back with one 提现退回 entry; a second review is refused', async () => {
    const w = await newWithdrawal();
    const before = await account(mB);
    expect((await admin.post(REVIEW, { id: w.id, pass: 0 })).code).toBe(2001); // a reason is required
    const r = await admin.post(REVIEW, { id: w.id, pass: 0, remark: '账户信息不符' });
    expect(r.code).toBe(200);
    expect(r.result).toMatchObject({ status: 40, auditRemark: '账户信息不符' });
    const after = await account(mB);
    expect(after.balance - before.balance).toBe(1000);
    expect(before.pendingWithdraw - after.pendingWithdraw).toBe(1000);
    const back = await t.db
      .selectFrom('financeLedger')
      .selectAll()
      .where('refType', '=', 'withdrawal')
      .where('refId', '=', w.id)
      .where('kind', '=', 'return')
      .execute();
    expect(back).toHaveLength(1);
    expect((await admin.post(REVIEW, { id: w.id, pass: 1 })).code).toBe(2004);
    expect((await admin.post(REVIEW, { id: w.id, pass: 0, remark: '再驳回' })).code).toBe(2004);
    expect(await account(mB)).toEqual(after);
  });

  it('approves: paid through the sandbox, pending cleared, counted as withdrawn; two concurrent approvals pay once', async () => {
    const w = await newWithdrawal(1100);
    const before = await account(mB);
    const [x, y] = await Promise.all([
      admin.post(REVIEW, { id: w.id, pass: 1 }),
      admin.post(REVIEW, { id: w.id, pass: 1 }),
    ]);
    expect([x.code, y.code].sort()).toEqual([200, 2004]);
    const done = await t.db
      .selectFrom('financeWithdrawal')
      .selectAll()
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 30 });
    expect(done.payoutTradeNo).toMatch(/^SBX/);
    const after = await account(mB);
    expect(after.balance).toBe(before.balance);
    expect(before.pendingWithdraw - after.pendingWithdraw).toBe(1100);
    expect(after.totalWithdrawn - before.totalWithdrawn).toBe(1100);
  });

  it('a payout to the sandbox test card fails: status 打款失败 and the money returned with a ledger entry', async () => {
    const bad = await bindCard(t.db, {
      merchantId: mB,
      operatorUserId: null,
      bankName: '中国银行',
      branchName: '中国银行太原分行',
      branchCode: '104161000017',
      cardNo: `621661000000${SANDBOX_FAIL_SUFFIX}`,
      holderName: '李四',
      cardType: 1,
      source: 'manual',
      confirmedBy: ownerIdB,
    });
    const w = await newWithdrawal(1300, bad.id);
    const before = await account(mB);
    const r = await admin.post(REVIEW, { id: w.id, pass: 1 });
    expect(r.code).toBe(200);
    expect(r.result.status).toBe(50);
    expect(r.result.failReason).toBeTruthy();
    const after = await account(mB);
    expect(after.balance - before.balance).toBe(1300);
    expect(before.pendingWithdraw - after.pendingWithdraw).toBe(1300);
    expect(after.totalWithdrawn).toBe(before.totalWithdrawn);
    const kinds = (
      await t.db
        .selectFrom('financeLedger')
        .select('kind')
        .where('refType', '=', 'withdrawal')
        .where('refId', '=', w.id)
        .orderBy('id')
        .execute()
    ).map((e) => e.kind);
    expect(kinds).toEqual(['withdraw', 'return']);
  });

  it('answers 2002 for an unknown withdrawal and 2001 for bad input', async () => {
    expect((await admin.post(REVIEW, { id: 99999999, pass: 1 })).code).toBe(2002);
    expect((await admin.post(REVIEW, { id: 'x', pass: 1 })).code).toBe(2001);
    expect((await admin.post(REVIEW, { id: 1, pass: 2 })).code).toBe(2001);
  });

  it('keeps every invariant over all merchants at the end', async () => {
    const r = await checkInvariants(t.db);
    expect(r.problems).toEqual([]);
    for (const m of r.merchants) expect(m.withdrawable).toBeGreaterThanOrEqual(0);
  });
});

describe('payout recovery', () => {
  it('pays a withdrawal left in 打款中 once, even with concurrent recovery runs', async () => {
    const { resumeStuckPayouts, PAYOUT_RETRY_MS } = await import('../src/modules/merchant/finance/withdraw.service.ts');
    const r = await withdrawWithCode(t, ownerB, { amount: 1000, bankCardId: cardB });
    // As if the process stopped right after the approval was committed.
    const old = new Date(Date.now() - PAYOUT_RETRY_MS - 1000).toISOString();
    await t.db
      .updateTable('financeWithdrawal')
      .set({ status: 20, auditedAt: old, payoutAttemptAt: old })
      .where('id', '=', r.result.id)
      .execute();
    const before = await account(mB);
    const runs = await Promise.all([resumeStuckPayouts(t.db), resumeStuckPayouts(t.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await resumeStuckPayouts(t.db)).toBe(0);
    const w = await t.db
      .selectFrom('financeWithdrawal')
      .selectAll()
      .where('id', '=', r.result.id)
      .executeTakeFirstOrThrow();
    expect(w.status).toBe(30);
    const after = await account(mB);
    expect(after.totalWithdrawn - before.totalWithdrawn).toBe(1000);
    expect(before.pendingWithdraw - after.pendingWithdraw).toBe(1000);
    expect((await checkInvariants(t.db)).problems).toEqual([]);
  });
});
