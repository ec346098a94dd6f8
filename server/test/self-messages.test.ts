/**
 * Messages are for what others or the system did (docs/messages.md): a console user is never told of its own
 * act; its colleagues still hear of money and states they must know (a completion and its settlement, a cancellation
 * and its refund, a withdrawal request), not of routine work (接单, 改派, 验券). And the completion message states the
 * settlement as it was written (it said "结算 399.00 元（扣除佣金后）" while 379.05 元 was settled).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestWithdrawal } from '../src/modules/merchant/finance/withdraw.service.ts';
import { sendMessage } from '../src/modules/merchant/message/message.service.ts';
import { expireUnpaid } from '../src/modules/merchant/order/order-transition.service.ts';
import { type Api, buildTestApp, demoUsers, expectEvery, PHONES, type TestApp } from './helpers/index.ts';
import { completedOrder, paidOrder, serveOrder } from './helpers/order-flow.ts';
import { roleWith, subWith } from './security/authority.ts';

const D = 'app/jiazheng/pay/dingdan';
let t: TestApp;
let ownerA: Api;
let subA: Api;
let u: { ownerA: number; subA: number; merchantA: number };
let shopA: number;

const yuan = (fen: number) => (fen / 100).toFixed(2);
/** Titles of the order messages each user received about an order. */
async function heard(orderId: number) {
  const rows = await t.db
    .selectFrom('message')
    .select(['userId', 'title', 'content'])
    .where('refType', '=', 'order')
    .where('refId', '=', orderId)
    .orderBy('id')
    .execute();
  const of = (userId: number) => rows.filter((r) => r.userId === userId).map((r) => r.title);
  return { rows, of };
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, subA } = await demoUsers(t, 'ownerA', 'subA'));
  const user = (phone: string) =>
    t.db.selectFrom('user').select(['id', 'merchantId']).where('phone', '=', phone).executeTakeFirstOrThrow();
  const [a, s] = [await user(PHONES.ownerA), await user(PHONES.subA)];
  u = { ownerA: a.id, subA: s.id, merchantA: a.merchantId as number };
  shopA = (
    await t.db.selectFrom('shop').select('id').where('name', '=', '运城洁家家政（总店）').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

describe('the completion message states the settlement as written', () => {
  it('net, order amount and commission of the settlement row, the same words as its ledger entry', async () => {
    const o = await completedOrder(t, ownerA, shopA, { phone: '13922220011' });
    const s = await t.db
      .selectFrom('financeSettlement')
      .selectAll()
      .where('orderId', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(Number(s.commission)).toBeGreaterThan(0);
    expect(Number(s.amount)).toBe(o.payAmount - Number(s.commission));
    const done = (await heard(o.id)).rows.filter((m) => m.title === '订单已完成');
    expect(done.length).toBeGreaterThan(0);
    const figures = `结算 ${yuan(Number(s.amount))} 元（订单金额 ${yuan(o.payAmount)} 元，扣除平台佣金 ${yuan(Number(s.commission))} 元）`;
    for (const m of done) {
      expect(m.content).toContain(figures);
      expect(m.content).toMatch(/冻结至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      // the old text named the pay amount as the settlement
      expect(m.content).not.toContain(`结算 ${yuan(o.payAmount)} 元`);
    }
    const entry = await t.db
      .selectFrom('financeLedger')
      .select('remark')
      .where('refType', '=', 'settlement')
      .where('refId', '=', s.id)
      .where('kind', '=', 'settle')
      .executeTakeFirstOrThrow();
    expect(entry.remark).toBe(`订单 ${o.orderNo} ${done[0].content.split('已完成，')[1]}`);
  });
});

describe('order messages: not to the user who acted', () => {
  it('the owner serves an order: it hears only of the payment; a colleague hears of the payment and the completion', async () => {
    const o = await completedOrder(t, ownerA, shopA, { phone: '13922220012' });
    const m = await heard(o.id);
    expect(m.of(u.ownerA)).toEqual(['新订单']);
    expect(m.of(u.subA)).toEqual(['新订单', '订单已完成']);
  });

  it('a sub-account serves an order: the owner hears of the payment and the completion (money), not of routine work', async () => {
    const o = await completedOrder(t, subA, shopA, { phone: '13922220013' });
    const m = await heard(o.id);
    expect(m.of(u.subA)).toEqual(['新订单']);
    expect(m.of(u.ownerA)).toEqual(['新订单', '订单已完成']);
  });

  it('a sub-account cancels: the owner hears of the cancellation and its refund; the sub-account does not', async () => {
    const o = await paidOrder(t, shopA, { phone: '13922220014' });
    const r = await subA.post(`${D}/shangjiaCancel`, { id: o.id, reason: '客户改期，协商取消' });
    expect(r.code, r.message).toBe(200);
    const m = await heard(o.id);
    expect(m.of(u.subA)).toEqual(['新订单']);
    expect(m.of(u.ownerA)).toEqual(['新订单', '订单已取消']);
    expect(m.rows.find((x) => x.title === '订单已取消')?.content).toContain('退款');
  });

  it('what the customer or the system did reaches everyone who may see the order', async () => {
    const o = await paidOrder(t, shopA, { phone: '13922220015' });
    await serveOrder(t, ownerA, o, shopA);
    const rv = await o.customer.post('app/jiazheng/customer/order/pingjia', {
      id: o.id,
      rating: 5,
      content: '服务很好，准时上门',
    });
    expect(rv.code, rv.message).toBe(200);
    const m = await heard(o.id);
    expect(m.of(u.ownerA)).toEqual(['新订单', '收到新评价']);
    expect(m.of(u.subA)).toEqual(['新订单', '订单已完成', '收到新评价']);
    // an unpaid order expired by the job
    const unpaid = await t.db
      .selectFrom('serviceOrder')
      .select('id')
      .where('merchantId', '=', u.merchantA)
      .where('status', '=', 10)
      .executeTakeFirstOrThrow();
    await expireUnpaid(t.db, 30, Date.now() + 365 * 86400_000, [unpaid.id]);
    const x = await heard(unpaid.id);
    expect(x.of(u.ownerA)).toEqual(['订单超时取消']);
    expect(x.of(u.subA)).toEqual(['订单超时取消']);
  });

  it('another merchant’s users never hear of it, whoever acted', async () => {
    const o = await completedOrder(t, subA, shopA, { phone: '13922220016' });
    const m = await heard(o.id);
    const users = await t.db
      .selectFrom('user')
      .select('id')
      .where('merchantId', '=', u.merchantA)
      .execute()
      .then((r) => new Set(r.map((x) => x.id)));
    expectEvery(m.rows, (r) => users.has(r.userId));
  });
});

describe('finance messages', () => {
  it('a withdrawal request tells the owner and the finance holders, never the applicant', async () => {
    const role = await roleWith(t, ownerA, '财务（消息测试）', (p) => p.startsWith('merchant:finance:'));
    const finance = await subWith(t, ownerA, '13900024001', role, 'all');
    const card = await t.db
      .selectFrom('bankCard')
      .select('id')
      .where('merchantId', '=', u.merchantA)
      .where('status', '=', 1)
      .where('confirmedAt', 'is not', null)
      .executeTakeFirstOrThrow();
    const told = async (withdrawalId: number) =>
      (
        await t.db
          .selectFrom('message')
          .select('userId')
          .where('refType', '=', 'withdrawal')
          .where('refId', '=', withdrawalId)
          .where('title', '=', '提现申请已提交')
          .execute()
      )
        .map((r) => r.userId)
        .sort((a, b) => a - b);
    const bySub = await requestWithdrawal(t.db, {
      merchantId: u.merchantA,
      userId: finance.id,
      amount: 1000,
      bankCardId: card.id,
    });
    expect(await told(bySub.id)).toEqual([u.ownerA]);
    const byOwner = await requestWithdrawal(t.db, {
      merchantId: u.merchantA,
      userId: u.ownerA,
      amount: 1000,
      bankCardId: card.id,
    });
    // the demo sub-account holds no finance code: it is not told either
    expect(await told(byOwner.id)).toEqual([finance.id]);
    const msg = await t.db
      .selectFrom('message')
      .select('content')
      .where('refId', '=', bySub.id)
      .where('refType', '=', 'withdrawal')
      .executeTakeFirstOrThrow();
    expect(msg.content).toMatch(/^账号4001 申请提现 10\.00 元至 .+，等待平台审核。$/);
  });
});

describe('sendMessage: the rule itself', () => {
  it('leaves out causedBy; selfCaused nobody sends nothing; a message to the actor itself is not sent', async () => {
    const base = { type: 'order' as const, title: '规则测试', content: '测试', refType: 'order' as const, refId: 1 };
    const count = async (title: string) =>
      (await t.db.selectFrom('message').select('userId').where('title', '=', title).execute()).map((r) => r.userId);
    expect(
      await sendMessage(t.db, { ...base, title: '规则测试一', merchantId: u.merchantA, causedBy: u.subA }),
    ).toBeGreaterThan(0);
    const one = await count('规则测试一');
    expect(one).toContain(u.ownerA);
    expect(one).not.toContain(u.subA);
    expect(
      await sendMessage(t.db, {
        ...base,
        title: '规则测试二',
        merchantId: u.merchantA,
        causedBy: u.subA,
        selfCaused: 'nobody',
      }),
    ).toBe(0);
    expect(await sendMessage(t.db, { ...base, title: '规则测试三', userId: u.ownerA, causedBy: u.ownerA })).toBe(0);
    expect(await sendMessage(t.db, { ...base, title: '规则测试四', userId: u.ownerA, causedBy: u.subA })).toBe(1);
    // no actor (a customer, the platform, the system): everyone who may see it
    const all = await sendMessage(t.db, { ...base, title: '规则测试五', merchantId: u.merchantA });
    expect(all).toBe(one.length + 1);
  });
});
