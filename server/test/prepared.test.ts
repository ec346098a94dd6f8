/**
 * docs/performance.md: the hot statements (the caller, the order list's pages and counters) are compiled once and run prepared
 * (db/prepared.ts). What is prepared is the same SQL Kysely builds for the call, the tenant and shop stay parameters
 * (one merchant's statement never answers another's rows), and PostgreSQL runs them as named statements.
 */
import { type OrderQuery, orderRow, waitingOrder } from '@jz/contracts/order';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { observeQueries, poolOf } from '../src/db/client.ts';
import { preparedSql, runPrepared } from '../src/db/prepared.ts';
import type { Tenant } from '../src/lib/tenant.ts';
import * as orders from '../src/modules/merchant/order/order.repo.ts';
import { cloneDatabase, type TestDb, testDbKind } from './helpers/db.ts';
import { expectEvery } from './helpers/expect-every.ts';

let tdb: TestDb;
const owners: Tenant[] = [];

beforeAll(async () => {
  tdb = await cloneDatabase();
  const rows = await tdb.handle.db
    .selectFrom('user')
    .select(['id', 'merchantId', 'currentShopId'])
    .where('isOwner', '=', 1)
    .where('merchantId', 'is not', null)
    .where('currentShopId', 'is not', null)
    .orderBy('merchantId')
    .execute();
  const seen = new Set<number>();
  for (const r of rows)
    if (!seen.has(r.merchantId!)) {
      seen.add(r.merchantId!);
      owners.push({ merchantId: r.merchantId!, shopId: r.currentShopId!, allowedShopIds: null, user: {} as never });
    }
  expect(owners.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => tdb?.dispose());

const page = (t: Tenant, f: Partial<OrderQuery>) =>
  orders.pageOrders(tdb.handle.db, t, { pageNum: 1, pageSize: 10, ...f } as OrderQuery);

describe('prepared statements', () => {
  it('binds each call its own values: the same statement answers each merchant its own orders only', async () => {
    const [a, b] = owners;
    const shopsOf = async (t: Tenant) =>
      (await tdb.handle.db.selectFrom('shop').select('id').where('merchantId', '=', t.merchantId).execute()).map(
        (s) => s.id,
      );
    for (const t of [a, b, a]) {
      const r = await page(t, { shopId: 'all' });
      const own = await shopsOf(t);
      expect(r.records.length).toBeGreaterThan(0);
      for (const o of r.records) expect(own).toContain(o.shopId);
      const direct = await tdb.handle.db
        .selectFrom('serviceOrder')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchantId', '=', t.merchantId)
        .executeTakeFirstOrThrow();
      expect(r.total).toBe(Number(direct.n));
    }
    // One shape, one SQL text, the merchant a parameter in it.
    const sqlText = preparedSql(tdb.handle.db, 'orders.page1:all,,,');
    expect(sqlText).toMatch(/"service_order"\."merchant_id" = (\?|\$\d+)/);
    expect(sqlText).not.toMatch(/"merchant_id" = \d/);
  });

  it('a filter shape of its own: status, dates and text filters are parameters too, and deep pages match page 1', async () => {
    const [a] = owners;
    const all = await page(a, { shopId: 'all', pageSize: 100 });
    const status = all.records[0].status;
    const byStatus = await page(a, { shopId: 'all', status, pageSize: 100 } as never);
    expectEvery(byStatus.records, (o) => o.status === status, 'orders of the status');
    expect(byStatus.total).toBe(all.counts[status]);
    const no = all.records[0].orderNo;
    const byNo = await page(a, { shopId: 'all', orderNo: no.slice(-6) } as never);
    expect(byNo.records.map((o) => o.orderNo)).toContain(no);
    expect(await page(a, { shopId: 'all', orderNo: 'no-such-order' } as never)).toMatchObject({ total: 0 });
    // Page 2 of 3 and the last page, prepared, walk the same rows as one big page.
    const size = Math.max(1, Math.floor(all.total / 3));
    const walked = [];
    for (let n = 1; (n - 1) * size < Math.min(all.total, 100); n++)
      walked.push(...(await page(a, { shopId: 'all', pageNum: n, pageSize: size } as never)).records);
    expect(walked.slice(0, all.records.length).map((o) => o.id)).toEqual(all.records.map((o) => o.id));
  });

  it('the list reads only the columns of its row; the waiting queue has statements of its own with three more', async () => {
    const [a] = owners;
    const db = tdb.handle.db;
    const f = { pageNum: 1, pageSize: 10, shopId: 'all' } as OrderQuery;
    // Alternated on one shape: neither column set leaks into the other's statement.
    for (let round = 0; round < 2; round++) {
      const list = await page(a, { shopId: 'all' });
      const queue = await orders.waitingOrders(db, a, f);
      const deep = await page(a, { shopId: 'all', pageNum: 2, pageSize: 3 } as never);
      expect(list.records.length).toBeGreaterThan(0);
      expect(queue.records.map((o) => o.id)).toEqual(list.records.map((o) => o.id));
      for (const o of [...list.records, ...deep.records])
        expect(Object.keys(o).sort()).toEqual(Object.keys(orderRow.shape).sort());
      for (const o of queue.records) {
        expect(Object.keys(o).sort()).toEqual(Object.keys(waitingOrder.shape).sort());
        expect(o.address).not.toBe('');
      }
    }
    const listSql = preparedSql(db, 'orders.page1:all,,,') ?? '';
    expect(listSql).toMatch(/"service_order"\."merchant_id" = (\?|\$\d+)/);
    for (const column of ['goods_cover', 'verify_code', 'pay_no', 'address', 'goods_price', 'remark'])
      expect(listSql).not.toContain(`"${column}"`);
    expect(preparedSql(db, 'orders.waiting.page1:all,,,')).toContain('"address"');
    expect(preparedSql(db, 'orders.page:all,,,:desc:')).not.toContain('"address"');
  });

  it('refuses a parameter transformed inside the builder, and a missing value', async () => {
    const db = tdb.handle.db;
    await expect(
      runPrepared(db, 'test.transformed', { name: 'x' }, (p) =>
        db.selectFrom('user').select('id').where('loginName', 'like', `%${p.name}%`),
      ),
    ).rejects.toThrow(/transformed inside the builder/);
    await expect(
      runPrepared(db, 'test.missing', {} as { name: string }, (p) =>
        db.selectFrom('user').select('id').where('loginName', '=', p.name),
      ),
    ).rejects.toThrow(/no value for name/);
  });

  it('PostgreSQL: a named statement on the pool (parsed and planned once per connection)', async () => {
    if (testDbKind() !== 'postgres') return;
    const pool = poolOf(tdb.handle.db)!;
    const spy = vi.spyOn(pool, 'query');
    await page(owners[0], { shopId: 'all' });
    const named = spy.mock.calls.map((c) => c[0] as unknown).filter((c) => typeof c === 'object' && c && 'name' in c);
    expect(named).toHaveLength(1);
    expect((named[0] as { name: string }).name).toMatch(/^jz_[0-9a-f]{24}$/);
  });

  it('the query observer (the metrics query histogram) times the prepared statements too', async () => {
    const seen: boolean[] = [];
    observeQueries(tdb.handle.db, (_ms, failed) => seen.push(failed));
    try {
      await page(owners[0], { shopId: 'all' });
      expect(seen.length).toBeGreaterThanOrEqual(1);
      expectEvery(seen, (failed) => !failed, 'a statement timed as succeeded');
    } finally {
      observeQueries(tdb.handle.db, undefined);
    }
  });
});
