import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCustomerSession } from '../src/modules/customer/customer.repo.ts';
import { AppError } from '../src/lib/errors.ts';
import { dayEndIso, dayStartIso } from '../src/lib/time.ts';
import type { Tenant } from '../src/lib/tenant.ts';
import { createOrder } from '../src/modules/merchant/order/order-create.repo.ts';
import { checkOrderCounts, countedByStatus } from '../src/modules/merchant/order/order-counts.ts';
import { pageOrders, waitingCount } from '../src/modules/merchant/order/order.repo.ts';
import { assignEmployee } from '../src/modules/merchant/order/order-assign.ts';
import {
  type Actor,
  confirmDone,
  expireUnpaid,
  markPaid,
  markReviewed,
  merchantCancel,
  verifyByCode,
} from '../src/modules/merchant/order/order-transition.service.ts';
import { buildTestApp, type TestApp } from './helpers/index.ts';
import { dueNow, freeEmployee, specIdOf } from './helpers/order-flow.ts';
import { bookingFor } from './helpers/appointment.ts';

/**
 * The order counters of migration 1301 (order_status_count, order_day_count) against COUNT(*): after the seed, and
 * after many random transitions through the real state machine, a good part of them concurrent (several at once on
 * the same orders, so some lose and are refused): they must match exactly, on SQLite and PostgreSQL.
 */
let t: TestApp;
let merchantId: number;
let shops: { id: number; goodsId: number; specId?: number; employees: number[] }[] = [];
const customers: number[] = [];
let actor: Actor;

/** A small deterministic PRNG: a failing run can be replayed. */
let seed = 20261122;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await t.db
    .selectFrom('user')
    .select(['id', 'merchantId', 'loginName'])
    .where('phone', '=', '13800000001')
    .executeTakeFirstOrThrow();
  merchantId = owner.merchantId!;
  actor = { type: 'merchant', id: owner.id, name: owner.loginName };
  const shopRows = await t.db
    .selectFrom('shop')
    .select('id')
    .where('merchantId', '=', merchantId)
    .where('auditStatus', '=', 1)
    .where('yingyeState', '=', 1)
    .orderBy('id')
    .execute();
  expect(shopRows.length).toBeGreaterThan(0);
  for (const s of shopRows) {
    const g = await t.db
      .selectFrom('goods')
      .selectAll()
      .where('shopId', '=', s.id)
      .where('shelfState', '=', 1)
      .where('minQuantity', '<=', 1)
      .executeTakeFirst();
    if (!g) continue;
    // Fresh free employees, so assignment is limited by the orders, not by who is busy.
    const employees: number[] = [];
    for (let i = 0; i < 4; i++) employees.push((await freeEmployee(t, s.id)).id);
    shops.push({ id: s.id, goodsId: g.id, specId: await specIdOf(t, g.id), employees });
  }
  shops = shops.filter((s) => s.employees.length);
  expect(shops.length).toBeGreaterThan(0);
  for (let i = 0; i < 5; i++)
    customers.push((await openCustomerSession(t.db, `1397777${String(1000 + i)}`, `计数顾客${i}`)).customer.id);
});
afterAll(() => t?.close());

const expectedRefusal = (e: unknown) => e instanceof AppError;

async function placeOne() {
  const s = pick(shops);
  const customerId = pick(customers);
  return createOrder(t.db, customerId, {
    goodsId: s.goodsId,
    specId: s.specId,
    quantity: 1,
    customerName: '计数',
    customerPhone: '13977770000',
    address: '山西省运城市盐湖区计数路 1 号',
    ...(await bookingFor(t.db, s.id)),
  } as never);
}

/** One random step on one of the merchant's orders, chosen by its current status. */
async function step(o: { id: number; status: number; customerId: number; shopId: number; verifyCode: string }) {
  const shop = shops.find((s) => s.id === o.shopId);
  switch (o.status) {
    case 10:
      return rand() < 0.8 ? markPaid(t.db, o.customerId, o.id, actor) : expireUnpaid(t.db, -1, Date.now(), [o.id]);
    case 20:
      return rand() < 0.75
        ? assignEmployee(t.db, merchantId, o.id, pick(shop?.employees ?? [0]), actor)
        : merchantCancel(t.db, merchantId, o.id, '计数测试取消', actor);
    case 30:
      return rand() < 0.7
        ? verifyByCode(t.db, merchantId, o.verifyCode, actor)
        : rand() < 0.5
          ? merchantCancel(t.db, merchantId, o.id, '计数测试取消', actor)
          : assignEmployee(t.db, merchantId, o.id, pick(shop?.employees ?? [0]), actor);
    case 40:
      // 确认完成 opens 2 h before the visit and orders are booked further ahead: the visit is made due first.
      await dueNow(t, o.id);
      return confirmDone(t.db, merchantId, o.id, actor);
    case 50:
      return markReviewed(
        t.db,
        o.customerId,
        o.id,
        { type: 'customer', id: o.customerId, name: '顾客' },
        async () => {},
      );
    default:
      return undefined;
  }
}

const ordersOfMerchant = () =>
  t.db
    .selectFrom('serviceOrder')
    .select(['id', 'status', 'customerId', 'shopId', 'verifyCode'])
    .where('merchantId', '=', merchantId)
    .where('customerId', 'in', customers)
    .execute();

describe('order counters (migration 1301)', () => {
  it('match COUNT(*) after the seed (the backfill and the triggers during seeding)', async () => {
    expect(await checkOrderCounts(t.db)).toEqual([]);
  });

  it('match COUNT(*) after many random transitions, a good part of them concurrent', async () => {
    const unexpected: unknown[] = [];
    const settle = async (ps: Promise<unknown>[]) => {
      for (const r of await Promise.allSettled(ps))
        if (r.status === 'rejected' && !expectedRefusal(r.reason)) unexpected.push(r.reason);
    };
    for (let round = 0; round < 12; round++) {
      await settle(Array.from({ length: 4 }, () => placeOne()));
      const orders = await ordersOfMerchant();
      const live = orders.filter((o) => o.status < 60 && o.status !== 70);
      const chosen = live.filter(() => rand() < 0.6);
      // Each chosen order gets one step; a third of them get a second, competing step at the same moment.
      await settle(chosen.flatMap((o) => (rand() < 0.33 ? [step(o), step(o)] : [step(o)])));
      expect(unexpected, String(unexpected[0])).toEqual([]);
      expect(await checkOrderCounts(t.db, merchantId)).toEqual([]);
    }
    const statuses = new Set((await ordersOfMerchant()).map((o) => o.status));
    // The walk reached most of the state machine.
    expect(statuses.size).toBeGreaterThanOrEqual(5);
    expect(await checkOrderCounts(t.db)).toEqual([]);
  }, 120_000);

  it('follow deletes and direct changes of status, shop and creation time (every write path, not only the repo)', async () => {
    const placed = await placeOne();
    const other = shops.find((s) => s.id !== shops[0].id)?.id ?? shops[0].id;
    await t.db
      .updateTable('serviceOrder')
      .set({ shopId: other, createdAt: '2025-12-31T16:30:00.000Z' })
      .where('id', '=', placed.id)
      .execute();
    expect(await checkOrderCounts(t.db, merchantId)).toEqual([]);
    // 16:30 UTC on 31 Dec is 1 Jan in Shanghai: the day counter follows the business calendar.
    const jan1 = await countedByStatus(t.db, merchantId, other, { startDate: '2026-01-01', endDate: '2026-01-01' });
    expect(jan1.reduce((a, r) => a + r.n, 0)).toBeGreaterThanOrEqual(1);
    await t.db.updateTable('serviceOrder').set({ status: 70 }).where('id', '=', placed.id).execute();
    expect(await checkOrderCounts(t.db, merchantId)).toEqual([]);
    await t.db.deleteFrom('orderTimeline').where('orderId', '=', placed.id).execute();
    await t.db.deleteFrom('serviceOrder').where('id', '=', placed.id).execute();
    expect(await checkOrderCounts(t.db, merchantId)).toEqual([]);
  });

  it('the order list tabs from the counters equal counting the orders, with and without shop and date filters', async () => {
    const tenant = { merchantId, shopId: shops[0].id, allowedShopIds: null, user: {} } as unknown as Tenant;
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const filters = [
      { shopId: 'all' as const },
      { shopId: shops[0].id },
      { shopId: 'all' as const, startDate: '2020-01-01', endDate: today },
      { shopId: shops[0].id, startDate: today },
      { shopId: 'all' as const, endDate: '2026-01-01' },
    ];
    for (const f of filters) {
      const r = await pageOrders(t.db, tenant, { pageNum: 1, pageSize: 10, ...f } as never);
      let q = t.db
        .selectFrom('serviceOrder')
        .select(['status', sql<number>`count(*)`.as('n')])
        .where('merchantId', '=', merchantId);
      if (f.shopId !== 'all') q = q.where('shopId', '=', f.shopId);
      if ('startDate' in f && f.startDate) q = q.where('createdAt', '>=', dayStartIso(f.startDate));
      if ('endDate' in f && f.endDate) q = q.where('createdAt', '<', dayEndIso(f.endDate));
      const rows = await q.groupBy('status').execute();
      const want: Record<string, number> = { all: 0 };
      for (const k of Object.keys(r.counts)) want[k] = 0;
      for (const x of rows) {
        want[x.status] = Number(x.n);
        want.all += Number(x.n);
      }
      expect(r.counts, JSON.stringify(f)).toEqual(want);
      expect(r.total).toBe(want.all);
      // The waiting count the console polls (待接单) comes from the same counters.
      if (!('startDate' in f) && !('endDate' in f))
        expect(await waitingCount(t.db, merchantId, f.shopId === 'all' ? null : f.shopId)).toBe(want[20] ?? 0);
    }
  });
});

describe('deep pages found through the day counters', () => {
  it('hold exactly the rows a plain offset would, for every filter the counters answer', async () => {
    // 4,000 orders over 80 days in both shops and every status (a copy of one order; the triggers count them).
    const tmpl = await t.db
      .selectFrom('serviceOrder')
      .selectAll()
      .where('merchantId', '=', merchantId)
      .executeTakeFirstOrThrow();
    const { id: _id, ...rest } = tmpl;
    const statuses = [10, 20, 30, 40, 50, 60, 70];
    const base = Date.parse('2026-06-01T00:00:00.000Z');
    for (let b = 0; b < 10; b++) {
      const values = Array.from({ length: 400 }, (_, i) => {
        const k = b * 400 + i;
        // Several orders share a created_at, so the id breaks ties the same way in both readings.
        const at = new Date(base - Math.floor(rand() * 80 * 86400) * 1000).toISOString();
        return {
          ...rest,
          orderNo: `DEEP${String(k).padStart(8, '0')}`,
          verifyCode: `9${String(k).padStart(11, '0')}`,
          shopId: shops[k % shops.length].id,
          status: pick(statuses),
          createdAt: at,
          updatedAt: at,
        };
      });
      await t.db.insertInto('serviceOrder').values(values).execute();
    }
    expect(await checkOrderCounts(t.db, merchantId)).toEqual([]);

    const tenant = { merchantId, shopId: shops[0].id, allowedShopIds: null, user: {} } as unknown as Tenant;
    const filters: Record<string, unknown>[] = [
      { shopId: 'all' },
      { shopId: shops[0].id },
      { shopId: 'all', status: 50 },
      { shopId: 'all', startDate: '2026-04-01', endDate: '2026-05-20' },
      { shopId: shops[0].id, status: 70, startDate: '2026-03-15' },
    ];
    for (const f of filters) {
      let q = t.db.selectFrom('serviceOrder').select('id').where('merchantId', '=', merchantId);
      if (f.shopId !== 'all') q = q.where('shopId', '=', f.shopId as number);
      if (f.status) q = q.where('status', '=', f.status as number);
      if (f.startDate) q = q.where('createdAt', '>=', dayStartIso(f.startDate as string));
      if (f.endDate) q = q.where('createdAt', '<', dayEndIso(f.endDate as string));
      const all = (await q.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
      for (const pageSize of [10, 7]) {
        const pages = Math.ceil(all.length / pageSize);
        // Deep pages on both sides of the middle (read from either end), and the last page.
        for (const p of [
          2,
          Math.floor(pages * 0.3),
          Math.floor(pages * 0.45),
          Math.floor(pages * 0.6),
          pages - 1,
          pages,
        ]) {
          if (p < 1) continue;
          // seekFrom 0: the day counters place every page past the first day (in production only past 2,000 rows).
          const r = await pageOrders(t.db, tenant, { pageNum: p, pageSize, ...f } as never, { seekFrom: 0 });
          expect(r.total).toBe(all.length);
          expect(
            r.records.map((x) => x.id),
            `${JSON.stringify(f)} page ${p} of ${pageSize}`,
          ).toEqual(all.slice((p - 1) * pageSize, p * pageSize));
        }
      }
    }
  }, 120_000);
});

describe('counters under lock contention', () => {
  it('transitions that share an employee never deadlock on the counter rows (assign E to one order while cancelling another of E)', async () => {
    const shop = shops[0];
    const failures: string[] = [];
    for (let i = 0; i < 15; i++) {
      const e = shop.employees[i % shop.employees.length];
      const placedB = await createOrder(t.db, customers[0], {
        goodsId: shop.goodsId,
        specId: shop.specId,
        quantity: 1,
        customerName: '锁',
        customerPhone: '13977770001',
        address: '山西省运城市盐湖区计数路 2 号',
        ...(await bookingFor(t.db, shop.id)),
      } as never);
      const placedA = await createOrder(t.db, customers[1], {
        goodsId: shop.goodsId,
        specId: shop.specId,
        quantity: 1,
        customerName: '锁',
        customerPhone: '13977770002',
        address: '山西省运城市盐湖区计数路 3 号',
        ...(await bookingFor(t.db, shop.id)),
      } as never);
      await markPaid(t.db, customers[0], placedB.id, actor);
      await markPaid(t.db, customers[1], placedA.id, actor);
      const b = await t.db
        .selectFrom('serviceOrder')
        .select('status')
        .where('id', '=', placedB.id)
        .executeTakeFirstOrThrow();
      if (b.status === 20) await assignEmployee(t.db, merchantId, placedB.id, e, actor);
      const rs = await Promise.allSettled([
        assignEmployee(t.db, merchantId, placedA.id, e, actor),
        merchantCancel(t.db, merchantId, placedB.id, '锁测试', actor),
      ]);
      for (const r of rs)
        if (r.status === 'rejected' && !(r.reason instanceof AppError)) failures.push(String(r.reason?.message));
    }
    expect(failures).toEqual([]);
    expect(await checkOrderCounts(t.db, merchantId)).toEqual([]);
  }, 120_000);
});
