import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPg } from '../../../db/migration-kit.ts';
import { dayEndIso, dayStartIso } from '../../../lib/time.ts';
import './order.tables.ts';

/**
 * dayStartIso / dayEndIso remembered per day: dayjs's time-zone conversion builds Intl formatters and costs about a
 * millisecond a call, several times per filtered list request. A day's bounds never change; the map stays small.
 */
function remembered(fn: (day: string) => string) {
  const seen = new Map<string, string>();
  return (day: string) => {
    let v = seen.get(day);
    if (v === undefined) {
      if (seen.size >= 5000) seen.clear();
      v = fn(day);
      seen.set(day, v);
    }
    return v;
  };
}
export const dayStart = remembered(dayStartIso);
export const dayEnd = remembered(dayEndIso);

/**
 * Orders per status read from the counters that triggers keep (migration 1301): the order list's tabs and total
 * without counting orders. Only shop and whole-day filters can be answered this way; other filters count orders.
 */
export function countedByStatusQuery(
  db: DB,
  merchantId: number,
  shopId: number | null,
  days: { startDate?: string; endDate?: string },
) {
  if (days.startDate || days.endDate) {
    let q = db
      .selectFrom('orderDayCount')
      .select(['status', sql<number>`sum(n)`.as('n')])
      .where('merchantId', '=', merchantId);
    if (days.startDate) q = q.where('day', '>=', days.startDate);
    if (days.endDate) q = q.where('day', '<=', days.endDate);
    if (shopId !== null) q = q.where('shopId', '=', shopId);
    return q.groupBy('status');
  }
  let q = db
    .selectFrom('orderStatusCount')
    .select(['status', sql<number>`sum(n)`.as('n')])
    .where('merchantId', '=', merchantId);
  if (shopId !== null) q = q.where('shopId', '=', shopId);
  return q.groupBy('status');
}

export async function countedByStatus(
  db: DB,
  merchantId: number,
  shopId: number | null,
  days: { startDate?: string; endDate?: string },
) {
  const rows = await countedByStatusQuery(db, merchantId, shopId, days).execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/**
 * The invariant: both counter tables equal COUNT(*) of service_order, for every merchant, shop, status (and day).
 * Answers one line per difference (empty when consistent). Reads whole tables: for checks and tests, not requests.
 */
export async function checkOrderCounts(db: DB, merchantId?: number) {
  const problems: string[] = [];
  const day = isPg(db)
    ? sql<string>`to_char(created_at::timestamptz AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`
    : sql<string>`date(created_at, '+8 hours')`;
  let actualQ = db
    .selectFrom('serviceOrder')
    .select(['merchantId', 'shopId', 'status', day.as('day'), sql<number>`count(*)`.as('n')])
    .groupBy(['merchantId', 'shopId', 'status', day]);
  let statusQ = db.selectFrom('orderStatusCount').select(['merchantId', 'shopId', 'status', 'n']);
  let dayQ = db.selectFrom('orderDayCount').select(['merchantId', 'shopId', 'status', 'day', 'n']);
  if (merchantId !== undefined) {
    actualQ = actualQ.where('merchantId', '=', merchantId);
    statusQ = statusQ.where('merchantId', '=', merchantId);
    dayQ = dayQ.where('merchantId', '=', merchantId);
  }
  const actual = await actualQ.execute();

  const byStatus = new Map<string, number>();
  const byDay = new Map<string, number>();
  for (const r of actual) {
    const k = `${r.merchantId}/${r.shopId}/${r.status}`;
    byStatus.set(k, (byStatus.get(k) ?? 0) + Number(r.n));
    byDay.set(`${k}/${r.day}`, Number(r.n));
  }
  const compare = (name: string, expected: Map<string, number>, rows: { key: string; n: number }[]) => {
    const seen = new Set<string>();
    for (const r of rows) {
      seen.add(r.key);
      const want = expected.get(r.key) ?? 0;
      if (r.n !== want) problems.push(`${name} ${r.key}: counter ${r.n}, orders ${want}`);
    }
    for (const [k, want] of expected)
      if (!seen.has(k) && want !== 0) problems.push(`${name} ${k}: no counter row, orders ${want}`);
  };
  compare(
    'order_status_count',
    byStatus,
    (await statusQ.execute()).map((r) => ({ key: `${r.merchantId}/${r.shopId}/${r.status}`, n: Number(r.n) })),
  );
  compare(
    'order_day_count',
    byDay,
    (await dayQ.execute()).map((r) => ({ key: `${r.merchantId}/${r.shopId}/${r.status}/${r.day}`, n: Number(r.n) })),
  );
  return problems;
}

/**
 * A deep page without walking the skipped rows: the day counters say how many matching orders each day holds, so the
 * page's first row lies in the first day (walking from the newest, or the oldest when `dir` is 'asc') where the
 * running sum passes `skip`. Answers that day as a bound on created_at and the small offset left inside it (at most
 * one day's orders), or null when no day is needed (the page starts within the first day). Exact because the counter
 * days are the same Shanghai days as dayStartIso/dayEndIso.
 */
export async function seekByDay(
  db: DB,
  q: {
    merchantId: number;
    shopId: number | null;
    status?: number;
    startDate?: string;
    endDate?: string;
    skip: number;
    dir: 'asc' | 'desc';
  },
): Promise<{ day: string; skip: number } | null> {
  let dq = db
    .selectFrom('orderDayCount')
    .select(['day', sql<number>`sum(n)`.as('n')])
    .where('merchantId', '=', q.merchantId);
  if (q.shopId !== null) dq = dq.where('shopId', '=', q.shopId);
  if (q.status !== undefined) dq = dq.where('status', '=', q.status);
  if (q.startDate) dq = dq.where('day', '>=', q.startDate);
  if (q.endDate) dq = dq.where('day', '<=', q.endDate);
  const days = await dq.groupBy('day').orderBy('day', q.dir).execute();
  let before = 0;
  for (const d of days) {
    const n = Number(d.n);
    if (before + n > q.skip) return before === 0 ? null : { day: d.day, skip: q.skip - before };
    before += n;
  }
  return null;
}
