/**
 * Query plans of the hot merchant calls (docs/performance.md): the real repository functions run against a seeded copy with a
 * plugin that records every query they send; each recorded SELECT is then explained (EXPLAIN QUERY PLAN on SQLite,
 * EXPLAIN on PostgreSQL with sequential scans and sorts priced out of the planner's reach, so a plan that still
 * chooses one has no usable index) and must not read the order or goods table in full.
 */
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/client.ts';
import * as dict from '../src/modules/system/dict/dict.repo.ts';
import * as goods from '../src/modules/merchant/goods/goods.repo.ts';
import * as orders from '../src/modules/merchant/order/order.repo.ts';
import type { Tenant } from '../src/lib/tenant.ts';
import { cloneDatabase, type TestDb, testDbKind } from './helpers/db.ts';

/** Records the operation node of every query (after the CamelCase plugin: the SQL the database receives). */
class Recorder implements KyselyPlugin {
  nodes: { node: RootOperationNode; queryId: PluginTransformQueryArgs['queryId'] }[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push({ node: args.node, queryId: args.queryId });
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const HOT = ['service_order', 'goods', 'order_status_count', 'order_day_count'];
let tdb: TestDb;
let db: DB;
let tenant: Tenant;
const pg = () => testDbKind() === 'postgres';

beforeAll(async () => {
  tdb = await cloneDatabase();
  db = tdb.handle.db;
  const owner = await db
    .selectFrom('user')
    .select(['id', 'merchantId', 'currentShopId'])
    .where('isOwner', '=', 1)
    .where('merchantId', 'is not', null)
    .where('currentShopId', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  tenant = {
    merchantId: owner.merchantId!,
    shopId: owner.currentShopId!,
    user: {} as never,
    shopIds: null,
  } as unknown as Tenant;
});
afterAll(async () => tdb?.dispose());

/** Runs `call` against a recording db and answers the compiled SELECTs it sent. */
async function recorded(call: (db: DB) => Promise<unknown>) {
  const rec = new Recorder();
  await call(db.withPlugin(rec));
  return rec.nodes
    .filter((n) => n.node.kind === 'SelectQueryNode')
    .map((n) => db.getExecutor().compileQuery(n.node, n.queryId));
}

/** The plan as text lines. */
async function explain(q: CompiledQuery): Promise<string[]> {
  if (!pg()) {
    const r = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]),
    );
    return r.rows.map((x) => x.detail);
  }
  return db.transaction().execute(async (tx) => {
    // Seq scans and sorts cost "infinity": on a small seeded database the planner would rightly pick them; forbidding
    // them shows whether an index can serve the query at all.
    await tx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
    await tx.executeQuery(CompiledQuery.raw('SET LOCAL enable_sort = off'));
    const r = await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${q.sql}`, [...q.parameters]));
    return r.rows.map((x) => x['QUERY PLAN']);
  });
}

/** A full read of an order/goods table: SQLite "SCAN service_order" (no index); PostgreSQL "Seq Scan on service_order". */
function fullScans(plan: string[]) {
  return plan.filter((line) =>
    HOT.some((t) =>
      pg()
        ? new RegExp(`Seq Scan on ${t}\\b`).test(line)
        : new RegExp(`^SCAN ${t}\\b`).test(line.trim()) && !/USING (COVERING )?INDEX/.test(line),
    ),
  );
}

async function checkPlans(call: (db: DB) => Promise<unknown>) {
  const queries = await recorded(call);
  expect(queries.length).toBeGreaterThan(0);
  const plans: string[][] = [];
  for (const q of queries) {
    const plan = await explain(q);
    plans.push(plan);
    expect(fullScans(plan), `${q.sql}\n${plan.join('\n')}`).toEqual([]);
  }
  return { queries, plans };
}

describe('query plans of the hot calls (no full scan of orders or goods)', () => {
  it('order list, page 1 with total and status counts: index-only choice of the page, no sort of the table', async () => {
    const { queries, plans } = await checkPlans((d) => orders.pageOrders(d, tenant, { pageNum: 1, pageSize: 10 }));
    // The tabs and the total come from the maintained counters (migration 1301): no count(*) of the orders at all.
    expect(queries.filter((q) => /count\(\*\)/.test(q.sql))).toHaveLength(0);
    const counts = queries.findIndex((q) => /from "order_status_count"/.test(q.sql));
    expect(counts).toBeGreaterThanOrEqual(0);
    expect(plans[counts].join('\n')).toMatch(
      pg() ? /order_status_count_pk/ : /SEARCH order_status_count USING PRIMARY KEY/,
    );
    const page = plans[plans.length - 1].join('\n');
    // Which index PostgreSQL picks on the few seeded rows depends on its statistics; SQLite plans without them.
    if (pg())
      expect(page).toMatch(/Index (Only )?Scan (Backward )?using service_order_\w+ on service_order service_order_1/);
    else expect(page).toMatch(/service_order_shop_created_idx/);
  });

  it('order list filtered by status and date range', async () => {
    const { queries, plans } = await checkPlans((d) =>
      orders.pageOrders(d, tenant, {
        pageNum: 1,
        pageSize: 10,
        status: 50,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      } as never),
    );
    if (!pg()) expect(plans[plans.length - 1].join('\n')).toMatch(/service_order_shop_status_created_idx/);
    // The tabs under a date filter: a range of days of the day counters, never the orders.
    const counts = queries.findIndex((q) => /from "order_day_count"/.test(q.sql));
    expect(counts).toBeGreaterThanOrEqual(0);
    expect(queries.filter((q) => /count\(\*\)/.test(q.sql))).toHaveLength(0);
    expect(plans[counts].join('\n')).toMatch(
      pg() ? /order_day_count_pk/ : /SEARCH order_day_count USING PRIMARY KEY \(merchant_id=\? AND day>\? AND day<\?\)/,
    );
  });

  it('order list with a text filter still counts, through the merchant indexes (no full scan)', async () => {
    const { queries } = await checkPlans((d) =>
      orders.pageOrders(d, tenant, { pageNum: 1, pageSize: 10, shopId: 'all', orderNo: '2026' } as never),
    );
    // The recorder also sees each embedded subquery on its own; count the statements that were sent.
    const text = (sql: string) => sql.replace(/\$\d+/g, '?');
    const sent = queries.filter((q) => !queries.some((o) => o !== q && text(o.sql).includes(`(${text(q.sql)})`)));
    expect(sent.filter((q) => /count\(\*\)/.test(q.sql))).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it('a deep page of every shop of the merchant', async () => {
    const { plans } = await checkPlans((d) =>
      orders.pageOrders(d, tenant, { pageNum: 9999, pageSize: 10, shopId: 'all' } as never),
    );
    // No page that deep on the seeded data: the page query is skipped (the total says so) — only the counts ran.
    expect(plans.length).toBeGreaterThanOrEqual(1);
  });

  it('a deep page when the data reaches it (page query explained directly)', async () => {
    const queries = await recorded((d) =>
      orders.pageOrders(d, tenant, { pageNum: 1, pageSize: 10, shopId: 'all' } as never),
    );
    const page = queries[queries.length - 1];
    const deep = CompiledQuery.raw(
      page.sql,
      page.parameters.map((p, i) => (i === page.parameters.length - 1 ? 99_990 : p)),
    );
    const plan = await explain(deep);
    if (process.env.SHOW_PLANS) console.log(page.sql, '\n', plan.join('\n'));
    expect(fullScans(plan)).toEqual([]);
    expect(plan.join('\n')).toMatch(/service_order_merchant_created_id_idx|service_order_created_idx/);
  });

  it('a deep page placed through the day counters (seek by day, then a small offset)', async () => {
    const { queries, plans } = await checkPlans((d) =>
      orders.pageOrders(d, tenant, { pageNum: 2, pageSize: 1, shopId: 'all' } as never, { seekFrom: 0 }),
    );
    const seek = queries.findIndex((q) => /from "order_day_count"/.test(q.sql) && /group by "day"/.test(q.sql));
    if (seek >= 0)
      expect(plans[seek].join('\n')).toMatch(pg() ? /order_day_count_pk/ : /order_day_count USING PRIMARY KEY/);
  });

  it('pages read from the far end (past the middle) hold the same rows, in the same order, as walking forward', async () => {
    const all = await orders.pageOrders(db, tenant, { pageNum: 1, pageSize: 500, shopId: 'all' } as never);
    expect(all.total).toBeGreaterThan(3);
    for (const size of [1, 2, 3]) {
      const seen: number[] = [];
      for (let p = 1; (p - 1) * size < all.total; p++) {
        const page = await orders.pageOrders(db, tenant, { pageNum: p, pageSize: size, shopId: 'all' } as never);
        expect(page.total).toBe(all.total);
        seen.push(...page.records.map((r) => r.id));
      }
      expect(seen).toEqual(all.records.map((r) => r.id));
    }
    const beyond = await orders.pageOrders(db, tenant, { pageNum: 999, pageSize: 10, shopId: 'all' } as never);
    expect(beyond.records).toEqual([]);
  });

  it('goods list of the current shop', async () => {
    const { plans } = await checkPlans((d) => goods.pageGoods(d, tenant as never, { pageNum: 1, pageSize: 10 }));
    expect(plans.flat().join('\n')).toMatch(/goods_shop_sort_idx|goods_shop_idx|goods_merchant_idx/);
    // 销量 per row: one probe of (goods_id, status) that never reads the order rows (migration 2030)
    expect(plans.flat().join('\n')).toMatch(/service_order_goods_status_idx/);
    if (!pg()) expect(plans.flat().join('\n')).toMatch(/COVERING INDEX service_order_goods_status_idx/);
  });

  it('dictionary by type', async () => {
    const queries = await recorded((d) => dict.dataOfType(d, 'order_status'));
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) {
      const plan = (await explain(q)).join('\n');
      expect(plan).not.toMatch(pg() ? /Seq Scan on dict_data/ : /^SCAN dict_data$/m);
    }
  });
});
