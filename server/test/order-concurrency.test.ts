import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EVENT_LOCK } from '../src/modules/merchant/order/order-transition.service.ts';
import {
  type Api,
  api,
  buildTestApp,
  expectEvery,
  loginAs,
  PHONES,
  type TestApp,
  testDbKind,
} from './helpers/index.ts';
import { dueNow, freeEmployee, placedOrder } from './helpers/order-flow.ts';

/**
 * The concurrency rule of docs/decisions.md#orders: ten parallel identical transitions give exactly one success and nine 2004
 * refusals (never a 500, never a double transition), and money moves once. Runs on SQLite and on PostgreSQL
 * (TEST_DB=postgres), where the requests really overlap on a connection pool.
 */
const D = 'app/jiazheng/pay/dingdan';
const C = 'app/jiazheng/customer';
const N = 10;

let t: TestApp;
let ownerA: Api;
let shopId: number;
let merchantId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ownerA = api(t.app, await loginAs(t.app, PHONES.ownerA));
  const shop = await t.db
    .selectFrom('shop')
    .select(['id', 'merchantId'])
    .where('name', '=', '运城洁家家政（总店）')
    .executeTakeFirstOrThrow();
  shopId = shop.id;
  merchantId = shop.merchantId;
});
afterAll(() => t?.close());

const newEmployee = async () => (await freeEmployee(t, shopId)).id;
const placed = () => placedOrder(t, shopId, { customerName: '并发' });

const status = async (id: number) =>
  (await t.db.selectFrom('serviceOrder').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const timelineTo = async (id: number, to: number) =>
  (
    await t.db
      .selectFrom('orderTimeline')
      .select('id')
      .where('orderId', '=', id)
      .where('toStatus', '=', to)
      .where('action', 'not in', ['退款成功', '退款失败'])
      .execute()
  ).length;

function tally(rs: { code: number; status: number }[]) {
  expectEvery(rs, (r) => r.status < 500);
  return { ok: rs.filter((r) => r.code === 200).length, refused: rs.filter((r) => r.code === 2004).length };
}

describe('ten parallel identical transitions', () => {
  it('pay (10 -> 20): one success; the goods sales grow once', async () => {
    const o = await placed();
    const { goodsId } = await t.db
      .selectFrom('serviceOrder')
      .select('goodsId')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    // 销量 as the goods detail answers it: counted from the orders (it was a stored counter grown at payment)
    const sales = async () =>
      (await ownerA.get<{ sales: number }>(`app/jiazheng/shangjia/shangpin/shangjia/findById/${goodsId}`)).result.sales;
    const before = await sales();
    const rs = await Promise.all(Array.from({ length: N }, () => o.customer.post(`${C}/order/pay`, { id: o.id })));
    expect(tally(rs)).toEqual({ ok: 1, refused: N - 1 });
    expect(await status(o.id)).toBe(20);
    expect(await timelineTo(o.id, 20)).toBe(1);
    expect((await sales()) - before).toBe(1);
  });

  it('setYuangong (20 -> 30), shangjiaYanquan (30 -> 40), queren (40 -> 50): one success each, one settlement', async () => {
    const o = await placed();
    const pay = await o.customer.post(`${C}/order/pay`, { id: o.id });
    const code = pay.result.verifyCode as string;
    const e = await newEmployee();

    let rs = await Promise.all(
      Array.from({ length: N }, () => ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e })),
    );
    expect(tally(rs)).toEqual({ ok: 1, refused: N - 1 });
    expect(await status(o.id)).toBe(30);
    expect(await timelineTo(o.id, 30)).toBe(1);

    rs = await Promise.all(Array.from({ length: N }, () => ownerA.post(`${D}/shangjiaYanquan`, { code })));
    expect(tally(rs)).toEqual({ ok: 1, refused: N - 1 });
    expect(await status(o.id)).toBe(40);
    expect(await timelineTo(o.id, 40)).toBe(1);

    const account = () =>
      t.db
        .selectFrom('financeAccount')
        .select(['balance', 'frozen'])
        .where('merchantId', '=', merchantId)
        .executeTakeFirstOrThrow();
    const before = await account();
    await dueNow(t, o.id);
    rs = await Promise.all(Array.from({ length: N }, () => ownerA.post(`${D}/queren`, { id: o.id })));
    expect(tally(rs)).toEqual({ ok: 1, refused: N - 1 });
    expect(await status(o.id)).toBe(50);
    expect(await timelineTo(o.id, 50)).toBe(1);
    const s = await t.db.selectFrom('financeSettlement').selectAll().where('orderId', '=', o.id).execute();
    expect(s).toHaveLength(1);
    const after = await account();
    expect(Number(after.balance) - Number(before.balance)).toBe(Number(s[0].amount));
    expect(Number(after.frozen) - Number(before.frozen)).toBe(Number(s[0].amount));
    // the account still equals its ledger
    const ledger = await t.db
      .selectFrom('financeLedger')
      .select(sql<number>`coalesce(sum(balance_change), 0)`.as('b'))
      .where('merchantId', '=', merchantId)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.b)).toBe(Number(after.balance));
    expect(
      (await t.db.selectFrom('employee').select('workState').where('id', '=', e).executeTakeFirstOrThrow()).workState,
    ).toBe(1);
  });

  it('shangjiaCancel (20 -> 70): one success, one refund', async () => {
    const o = await placed();
    await o.customer.post(`${C}/order/pay`, { id: o.id });
    const rs = await Promise.all(
      Array.from({ length: N }, () => ownerA.post(`${D}/shangjiaCancel`, { id: o.id, reason: '并发取消' })),
    );
    expect(tally(rs)).toEqual({ ok: 1, refused: N - 1 });
    const row = await t.db
      .selectFrom('serviceOrder')
      .select(['status', 'refundStatus'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 70, refundStatus: 2 });
    const refunds = await t.db
      .selectFrom('orderTimeline')
      .select('id')
      .where('orderId', '=', o.id)
      .where('action', '=', '退款成功')
      .execute();
    expect(refunds).toHaveLength(1);
  });

  it('assign racing cancel: each transition at most once, the employee state follows the winner', async () => {
    const o = await placed();
    await o.customer.post(`${C}/order/pay`, { id: o.id });
    const e = await newEmployee();
    const rs = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 2
          ? ownerA.post(`${D}/shangjiaCancel`, { id: o.id, reason: '竞争取消' })
          : ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e }),
      ),
    );
    const first = tally(rs);
    // assign then cancel (20 -> 30 -> 70) is legal in sequence, but never two of the same
    const to30 = await timelineTo(o.id, 30);
    const to70 = await timelineTo(o.id, 70);
    expect(to30).toBeLessThanOrEqual(1);
    expect(to70).toBeLessThanOrEqual(1);
    expect(first.ok).toBe(to30 + to70);
    expect(first.ok + first.refused).toBe(N);
    const st = await status(o.id);
    expect([30, 70]).toContain(st);
    const ws = (await t.db.selectFrom('employee').select('workState').where('id', '=', e).executeTakeFirstOrThrow())
      .workState;
    expect(ws).toBe(st === 30 ? 2 : 1);
  });

  it('customer reviews (50 -> 60): one review row, one rating update', async () => {
    const o = await placed();
    const pay = await o.customer.post(`${C}/order/pay`, { id: o.id });
    await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: await newEmployee() });
    await ownerA.post(`${D}/shangjiaYanquan`, { code: pay.result.verifyCode });
    await dueNow(t, o.id);
    await ownerA.post(`${D}/queren`, { id: o.id });
    const rs = await Promise.all(
      Array.from({ length: N }, () =>
        o.customer.post(`${C}/order/pingjia`, { id: o.id, rating: 4, content: '并发评价' }),
      ),
    );
    expect(tally(rs)).toEqual({ ok: 1, refused: N - 1 });
    expect(await t.db.selectFrom('review').select('id').where('orderId', '=', o.id).execute()).toHaveLength(1);
    expect(await status(o.id)).toBe(60);
  });
});

describe.skipIf(testDbKind() !== 'postgres')('live events and locks across concurrent transitions (PostgreSQL)', () => {
  const lockWaits = async (what: 'advisory' | 'any') =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
          and (${what} = 'any' or wait_event = 'advisory')`.execute(t.db)
      ).rows[0].n,
    );
  const until = async (ok: () => Promise<boolean>) => {
    const end = Date.now() + 10_000;
    while (!(await ok()) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  };

  /**
   * A transition writes its live event last, under the merchant's event lock, held until it commits: so one merchant's
   * event ids follow commit order and a stream resuming after id N can never miss a smaller id committed later (it
   * did under the cluster load). The test's transaction plays a transition at its commit: it holds the lock and
   * writes an event while a payment of the same merchant runs; the payment's event must get the later id.
   */
  it("one merchant's event ids are given out in commit order", async () => {
    const o = await placed();
    let pay: Promise<{ code: number }> | undefined;
    let held = 0;
    await t.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${ORDER_EVENT_LOCK}::int, ${merchantId}::int)`.execute(trx);
      pay = o.customer.post(`${C}/order/pay`, { id: o.id });
      await until(async () => (await lockWaits('advisory')) >= 1);
      expect(await lockWaits('advisory')).toBe(1);
      held = (
        await trx
          .insertInto('orderEvent')
          .values({
            merchantId,
            shopId,
            orderId: o.id,
            kind: 'reassigned',
            status: 10,
            createdAt: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    });
    expect((await pay!).code).toBe(200);
    const paid = await t.db
      .selectFrom('orderEvent')
      .select('id')
      .where('orderId', '=', o.id)
      .where('kind', '=', 'new')
      .executeTakeFirstOrThrow();
    expect(paid.id).toBeGreaterThan(held);
  });

  /**
   * Completing an order (queren) locks its employee's row, then its shop's row. A review of another order of the
   * same employee must take them in that order too; it took the shop first and the two deadlocked under the cluster
   * load (scripts/cluster.mjs). Deterministic: a transaction of the test holds the employee row, as a completion does,
   * while the review runs; once the review waits, the test's transaction takes the shop row. The review must not be
   * holding it: the test's transaction gets it, commits, and the review then goes through (200, not a 500).
   */
  it('the review waits for the employee without holding the shop', async () => {
    const o = await placed();
    const pay = await o.customer.post(`${C}/order/pay`, { id: o.id });
    const e = await newEmployee();
    await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e });
    await ownerA.post(`${D}/shangjiaYanquan`, { code: pay.result.verifyCode });
    await dueNow(t, o.id);
    expect((await ownerA.post(`${D}/queren`, { id: o.id })).code).toBe(200);

    let review: Promise<{ code: number; status: number }> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await sql`select id from employee where id = ${e} for update`.execute(trx);
      review = o.customer.post(`${C}/order/pingjia`, { id: o.id, rating: 5, content: '锁顺序' });
      await until(async () => (await lockWaits('any')) >= 1);
      expect(await lockWaits('any')).toBe(1);
      // A completion's next step: the shop row. With the review holding it, this would deadlock.
      await sql`set local lock_timeout = '3s'`.execute(trx);
      await sql`update shop set order_count = order_count where id = ${shopId}`.execute(trx);
    });
    const r = await review!;
    expect(r.status).toBeLessThan(500);
    expect(r.code).toBe(200);
    expect(await status(o.id)).toBe(60);
  });
});
