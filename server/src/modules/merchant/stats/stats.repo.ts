import { ORDER_STATUS, REFUND_STATUS } from '@jz/contracts/order';
import { REPLY_WINDOW_DAYS } from '@jz/contracts/review';
import {
  type DailyPoint,
  type EmployeeOrders,
  type EmployeeStats,
  type EmployeeStatsQuery,
  type EmployeeStatsRow,
  MAX_RANGE_DAYS,
  type OperationsStats,
  type RankItem,
  type StatsRange,
  type TodayFigures,
} from '@jz/contracts/stats';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPg } from '../../../db/migration-kit.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { ownShopId } from '../../../lib/owned.ts';
import { shopAllowed, shopsFilter, type Tenant } from '../../../lib/tenant.ts';
import { dayEndIso, dayjs, dayStartIso, TZ } from '../../../lib/time.ts';
import { cardFlows } from '../card/card-flows.service.ts';
import { CARD_PAYMENT_COLUMNS, splitCardPayment, visitsLeftAfter } from '../card/card-payment-of.ts';
import { derivedState, nowSets } from '../scheduling/state.ts';

/** Orders that count as served (已完成 / 已评价), cancelled, in hand. */
const DONE = [ORDER_STATUS.DONE, ORDER_STATUS.REVIEWED];
const CANCELLED = ORDER_STATUS.CANCELLED;
const IN_HAND = [ORDER_STATUS.TO_SERVE, ORDER_STATUS.SERVING];

export interface Range {
  startDate: string;
  endDate: string;
  /** ISO UTC [from, to) of the Shanghai days */
  from: string;
  to: string;
}

/** The Shanghai calendar day of now. */
export const todayInShanghai = () => dayjs().tz(TZ).format('YYYY-MM-DD');

/** Resolves a [startDate, endDate] Shanghai-day range (default: the last 7 days) into its UTC bounds. */
export function resolveRange(q: { startDate?: string; endDate?: string }): Range {
  const endDate = q.endDate ?? (q.startDate && q.startDate > todayInShanghai() ? q.startDate : todayInShanghai());
  const startDate = q.startDate ?? dayjs.tz(endDate, TZ).subtract(6, 'day').format('YYYY-MM-DD');
  if (!dayjs(startDate, 'YYYY-MM-DD', true).isValid() || !dayjs(endDate, 'YYYY-MM-DD', true).isValid())
    throw invalid('日期不正确');
  if (startDate > endDate) throw invalid('开始日期不能晚于结束日期');
  const days = dayjs.tz(endDate, TZ).diff(dayjs.tz(startDate, TZ), 'day') + 1;
  if (days > MAX_RANGE_DAYS) throw invalid(`日期范围最多 ${MAX_RANGE_DAYS} 天`);
  return { startDate, endDate, from: dayStartIso(startDate), to: dayEndIso(endDate) };
}

/** Every Shanghai day of the range, in order. */
export function daysOf(r: Range) {
  const out: string[] = [];
  for (let d = dayjs.tz(r.startDate, TZ); d.format('YYYY-MM-DD') <= r.endDate; d = d.add(1, 'day'))
    out.push(d.format('YYYY-MM-DD'));
  return out;
}

/**
 * The Shanghai calendar day (YYYY-MM-DD) of an ISO-8601 UTC text column, in SQL: PostgreSQL converts through the
 * time zone; SQLite shifts by +8 hours (Asia/Shanghai has had no daylight saving since 1991).
 */
export function shanghaiDay(db: DB, col: Expression<unknown> | RawBuilder<unknown>): RawBuilder<string> {
  return isPg(db)
    ? sql<string>`to_char((${col})::timestamptz at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', ${col}, '+8 hours')`;
}

/** The shop a figure covers: the current shop by default, null = every shop of the merchant with 'all'. */
export function scopeShop(t: Tenant, shopId: 'all' | number | undefined): number | null {
  if (shopId === 'all') return null;
  if (typeof shopId === 'number') return shopId;
  if (!t.shopId) throw business('请先创建店铺');
  return t.shopId;
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * An order's cash (fen): what was paid online, or for a card-paid order the card cash its redemption used (a 次卡's
 * price / N, a 储值卡's cash part) — never the list price (the card's money came in at its sale, as 预收) nor the bonus.
 */
const CASH = sql<number>`coalesce(-${sql.ref('cm.cashDelta')}, ${sql.ref('serviceOrder.payAmount')})`;
const sumCash = sql<number>`coalesce(sum(${CASH}), 0)`;

/**
 * The shops a figure may read: the one asked for, else every shop the caller may work in (null = the whole
 * merchant). A limited account never reads another shop's rows, whatever the route passed.
 */
function readable(t: Tenant, shopId: number | null): number[] | null {
  if (shopId !== null) return shopAllowed(t, shopId) ? [shopId] : [-1];
  return shopsFilter(t);
}

/**
 * Orders of the scope, each with its card redemption if it was paid with a card (at most one: unique index), so a
 * figure can take the order's cash (CASH) rather than its list price.
 */
function orders(db: DB, t: Tenant, shopId: number | null) {
  let q = db
    .selectFrom('serviceOrder')
    .leftJoin('cardMovement as cm', (j) => j.onRef('cm.orderId', '=', 'serviceOrder.id').on('cm.kind', '=', 'redeem'))
    .where('serviceOrder.merchantId', '=', t.merchantId);
  const shops = readable(t, shopId);
  if (shops) q = q.where('serviceOrder.shopId', 'in', shops);
  return q;
}

// ---------------------------------------------------------------- 员工数据

export async function employeeStats(db: DB, t: Tenant, f: EmployeeStatsQuery): Promise<EmployeeStats> {
  const r = resolveRange(f);
  const shopId = scopeShop(t, f.shopId);
  await ownShopId(db, t, shopId ?? undefined);

  let eq = db
    .selectFrom('employee')
    .innerJoin('shop', 'shop.id', 'employee.shopId')
    .select(['employee.id', 'employee.name', 'employee.shopId', 'shop.name as shopName', 'employee.workState'])
    .where('employee.merchantId', '=', t.merchantId)
    .where('employee.deletedAt', 'is', null);
  const shops = readable(t, shopId);
  if (shops) eq = eq.where('employee.shopId', 'in', shops);

  const served = orders(db, t, shopId)
    .select((eb) => ['serviceOrder.employeeId', eb.fn.countAll<number>().as('n'), sumCash.as('amount')])
    .where('serviceOrder.employeeId', 'is not', null)
    .where('serviceOrder.status', 'in', DONE)
    .where('serviceOrder.completedAt', '>=', r.from)
    .where('serviceOrder.completedAt', '<', r.to)
    .groupBy('serviceOrder.employeeId');

  const cancels = orders(db, t, shopId)
    .select((eb) => ['serviceOrder.employeeId', eb.fn.countAll<number>().as('n')])
    .where('serviceOrder.employeeId', 'is not', null)
    .where('serviceOrder.status', '=', CANCELLED)
    .where('serviceOrder.cancelledAt', '>=', r.from)
    .where('serviceOrder.cancelledAt', '<', r.to)
    .groupBy('serviceOrder.employeeId');

  let rq = db
    .selectFrom('review')
    .select((eb) => [
      'review.employeeId',
      eb.fn.countAll<number>().as('n'),
      eb.fn.avg<number>('review.rating').as('avg'),
    ])
    .where('review.merchantId', '=', t.merchantId)
    .where('review.employeeId', 'is not', null)
    .where('review.createdAt', '>=', r.from)
    .where('review.createdAt', '<', r.to)
    .groupBy('review.employeeId');
  if (shops) rq = rq.where('review.shopId', 'in', shops);

  const [emps, s, c, rv] = await Promise.all([eq.execute(), served.execute(), cancels.execute(), rq.execute()]);
  // 空闲 / 服务中 / 休假 now, from the schedule as the board and 公司员工 read it (scheduling/state.ts), not the stored flag.
  const now = await nowSets(
    db,
    t.merchantId,
    emps.map((e) => e.id),
  );
  const sMap = new Map(s.map((x) => [x.employeeId, x]));
  const cMap = new Map(c.map((x) => [x.employeeId, num(x.n)]));
  const rMap = new Map(rv.map((x) => [x.employeeId, x]));
  const rows: EmployeeStatsRow[] = emps.map((e) => {
    const sv = sMap.get(e.id);
    const rr = rMap.get(e.id);
    return {
      employeeId: e.id,
      name: e.name,
      shopId: e.shopId,
      shopName: e.shopName,
      workState: derivedState(e.id, e.workState, now),
      ordersServed: num(sv?.n),
      revenue: num(sv?.amount),
      avgRating: rr ? Math.round(num(rr.avg) * 100) / 100 : null,
      reviewCount: num(rr?.n),
      cancellations: cMap.get(e.id) ?? 0,
    };
  });
  const field = f.sortField ?? 'revenue';
  const dir = f.sortOrder === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    const av = a[field] ?? -1;
    const bv = b[field] ?? -1;
    return av === bv ? a.employeeId - b.employeeId : (av < bv ? -1 : 1) * dir;
  });
  return { startDate: r.startDate, endDate: r.endDate, rows };
}

// ---------------------------------------------------------------- 运营数据

export async function operations(db: DB, t: Tenant, f: StatsRange): Promise<OperationsStats> {
  const r = resolveRange(f);
  const shopId = scopeShop(t, f.shopId);
  await ownShopId(db, t, shopId ?? undefined);
  const paidIn = () =>
    orders(db, t, shopId).where('serviceOrder.paidAt', '>=', r.from).where('serviceOrder.paidAt', '<', r.to);

  const summary = paidIn()
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sumCash.as('amount'),
      sql<number>`coalesce(sum(case when ${eb.ref('cm.id')} is null then 0 else 1 end), 0)`.as('cardN'),
      sql<number>`coalesce(sum(-${eb.ref('cm.cashDelta')}), 0)`.as('cardCash'),
    ])
    .executeTakeFirstOrThrow();

  const refunds = orders(db, t, shopId)
    .select((eb) => [eb.fn.countAll<number>().as('n'), sumCash.as('amount')])
    .where('serviceOrder.refundStatus', 'in', [REFUND_STATUS.PENDING, REFUND_STATUS.DONE])
    .where('serviceOrder.cancelledAt', '>=', r.from)
    .where('serviceOrder.cancelledAt', '<', r.to)
    .executeTakeFirstOrThrow();

  // Customers paying in the range and the time of their first paid order in this scope.
  const firstPaid = orders(db, t, shopId)
    .select((eb) => ['serviceOrder.customerId', eb.fn.min('serviceOrder.paidAt').as('firstPaid')])
    .where('serviceOrder.paidAt', 'is not', null)
    .where('serviceOrder.customerId', 'in', paidIn().select('serviceOrder.customerId'))
    .groupBy('serviceOrder.customerId');
  const customers = db
    .selectFrom(firstPaid.as('f'))
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .coalesce(eb.fn.sum<number>(sql`case when ${eb.ref('f.firstPaid')} >= ${r.from} then 1 else 0 end`), sql`0`)
        .as('fresh'),
    ])
    .executeTakeFirstOrThrow();

  let rq = db
    .selectFrom('review')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .coalesce(eb.fn.sum<number>(sql`case when ${eb.ref('review.rating')} >= 4 then 1 else 0 end`), sql`0`)
        .as('good'),
    ])
    .where('review.merchantId', '=', t.merchantId)
    .where('review.createdAt', '>=', r.from)
    .where('review.createdAt', '<', r.to);
  const shops = readable(t, shopId);
  if (shops) rq = rq.where('review.shopId', 'in', shops);

  const day = shanghaiDay(db, sql.ref('serviceOrder.paidAt'));
  const daily = paidIn()
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n'), sumCash.as('amount')])
    .groupBy(day)
    .execute();

  const goods = paidIn()
    .select((eb) => [
      'serviceOrder.goodsId',
      eb.fn.max('serviceOrder.goodsName').as('name'),
      eb.fn.countAll<number>().as('n'),
      sumCash.as('amount'),
    ])
    .groupBy('serviceOrder.goodsId')
    .orderBy('amount', 'desc')
    .orderBy('n', 'desc')
    .orderBy('serviceOrder.goodsId')
    .limit(10)
    .execute();

  const categories = paidIn()
    .leftJoin('goods', 'goods.id', 'serviceOrder.goodsId')
    .leftJoin('fuwu', 'fuwu.id', 'goods.fuwuId')
    .select((eb) => [
      'fuwu.id as id',
      eb.fn.max('fuwu.name').as('name'),
      eb.fn.countAll<number>().as('n'),
      sumCash.as('amount'),
    ])
    .groupBy('fuwu.id')
    .orderBy('amount', 'desc')
    .execute();

  const [sm, rf, cu, rv, dl, gd, ct, cards] = await Promise.all([
    summary,
    refunds,
    customers,
    rq.executeTakeFirstOrThrow(),
    daily,
    goods,
    categories,
    cardFlows(db, t.merchantId, shops, r),
  ]);
  const n = num(sm.n);
  const amount = num(sm.amount);
  const byDay = new Map(dl.map((d) => [d.day, d]));
  const points: DailyPoint[] = daysOf(r).map((d) => ({
    date: d,
    orders: num(byDay.get(d)?.n),
    paidAmount: num(byDay.get(d)?.amount),
  }));
  const reviewCount = num(rv.n);
  const good = num(rv.good);
  const rank = (x: { n: unknown; amount: unknown }, id: number | null, name: unknown): RankItem => ({
    id,
    name: typeof name === 'string' && name ? name : '未分类',
    orders: num(x.n),
    amount: num(x.amount),
  });
  return {
    startDate: r.startDate,
    endDate: r.endDate,
    orders: n,
    paidAmount: amount,
    cardOrders: num(sm.cardN),
    cardPaidAmount: num(sm.cardCash),
    avgOrderValue: n ? Math.floor(amount / n) : 0,
    refundCount: num(rf.n),
    refundAmount: num(rf.amount),
    customers: num(cu.n),
    newCustomers: num(cu.fresh),
    returningCustomers: num(cu.n) - num(cu.fresh),
    reviewCount,
    goodReviews: good,
    goodRate: reviewCount ? Math.round((good / reviewCount) * 10000) / 10000 : null,
    daily: points,
    goodsRanking: gd.map((g) => rank(g, g.goodsId, g.name)),
    categoryShare: ct.map((c) => rank(c, c.id === null ? null : num(c.id), c.name)),
    cards,
  };
}

// ---------------------------------------------------------------- 今日数据 (/index)

/**
 * 今日数据: orders paid today (Shanghai day) and, with `money`, their paid amount (今日成交额: `pay_amount` of those
 * orders without any refund: none requested, refunding, refunded or failed); orders waiting now (20, 30); reviews still
 * to answer. Without `money` the amount is left out (null).
 */
export async function today(
  db: DB,
  t: Tenant,
  shopIdParam: 'all' | number | undefined,
  money: boolean,
): Promise<Omit<TodayFigures, 'revenue'> & { revenue: number | null }> {
  const date = todayInShanghai();
  const from = dayStartIso(date);
  const to = dayEndIso(date);
  // A merchant without a shop yet simply has nothing today.
  const shopId = shopIdParam === undefined && !t.shopId ? null : scopeShop(t, shopIdParam);
  await ownShopId(db, t, shopId ?? undefined);
  const paid = orders(db, t, shopId)
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(sql`case when ${eb.ref('serviceOrder.refundStatus')} = 0 then ${CASH} else 0 end`),
          sql`0`,
        )
        .as('amount'),
    ])
    .where('serviceOrder.paidAt', '>=', from)
    .where('serviceOrder.paidAt', '<', to)
    .executeTakeFirstOrThrow();
  const byStatus = orders(db, t, shopId)
    .select((eb) => ['serviceOrder.status', eb.fn.countAll<number>().as('n')])
    .where('serviceOrder.status', 'in', [ORDER_STATUS.WAITING, ORDER_STATUS.TO_SERVE])
    .groupBy('serviceOrder.status')
    .execute();
  let rq = db
    .selectFrom('review')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('review.merchantId', '=', t.merchantId)
    .where('review.merchantReply', 'is', null)
    .where('review.createdAt', '>=', new Date(Date.now() - REPLY_WINDOW_DAYS * 86400_000).toISOString());
  const shops = readable(t, shopId);
  if (shops) rq = rq.where('review.shopId', 'in', shops);
  const [p, s, rv] = await Promise.all([paid, byStatus, rq.executeTakeFirstOrThrow()]);
  const st = new Map(s.map((x) => [x.status, num(x.n)]));
  return {
    date,
    newOrders: num(p.n),
    waiting: st.get(20) ?? 0,
    toServe: st.get(30) ?? 0,
    revenue: money ? num(p.amount) : null,
    reviewsToAnswer: num(rv.n),
  };
}

// ---------------------------------------------------------------- 员工详情: orders and reviews

export async function employeeOrders(db: DB, t: Tenant, employeeId: number): Promise<EmployeeOrders> {
  const e = await db
    .selectFrom('employee')
    .select(['id', 'shopId'])
    .where('id', '=', employeeId)
    .where('merchantId', '=', t.merchantId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  // A limited sub-account sees only its shops' employees.
  if (!e || !shopAllowed(t, e.shopId)) throw notFound('员工不存在');
  const cols = [
    'serviceOrder.id',
    'serviceOrder.orderNo',
    'serviceOrder.goodsName',
    'serviceOrder.customerName',
    'serviceOrder.appointmentAt',
    'serviceOrder.status',
    'serviceOrder.payAmount',
    'serviceOrder.createdAt',
    'serviceOrder.completedAt',
    ...CARD_PAYMENT_COLUMNS,
  ] as const;
  // The employee may have served in other shops before: a limited account sees only its shops' orders and reviews.
  const shops = shopsFilter(t);
  const base = () => {
    let q = db
      .selectFrom('serviceOrder')
      // a card-paid order's redemption and restore (card-payment-of.ts): the 实付 column shows the card money
      .leftJoin('cardMovement as cm', (j) => j.onRef('cm.orderId', '=', 'serviceOrder.id').on('cm.kind', '=', 'redeem'))
      .leftJoin('card', 'card.id', 'cm.cardId')
      .leftJoin('cardMovement as cr', (j) =>
        j.onRef('cr.orderId', '=', 'serviceOrder.id').on('cr.kind', '=', 'restore'),
      )
      .select([...cols])
      .select(visitsLeftAfter.as('cardVisitsLeft'))
      .where('serviceOrder.merchantId', '=', t.merchantId)
      .where('serviceOrder.employeeId', '=', employeeId);
    if (shops) q = q.where('serviceOrder.shopId', 'in', shops);
    return q;
  };
  const reviewsOf = () => {
    let q = db
      .selectFrom('review')
      .where('review.merchantId', '=', t.merchantId)
      .where('review.employeeId', '=', employeeId);
    if (shops) q = q.where('review.shopId', 'in', shops);
    return q;
  };
  const [current, recent, reviews, agg] = await Promise.all([
    base().where('serviceOrder.status', 'in', IN_HAND).orderBy('serviceOrder.appointmentAt').limit(20).execute(),
    base()
      .where('serviceOrder.status', 'in', [...DONE, CANCELLED])
      .orderBy('serviceOrder.updatedAt', 'desc')
      .orderBy('serviceOrder.id', 'desc')
      .limit(10)
      .execute(),
    reviewsOf()
      .innerJoin('serviceOrder', 'serviceOrder.id', 'review.orderId')
      .select([
        'review.id',
        'serviceOrder.orderNo',
        'serviceOrder.goodsName',
        'review.customerNickname',
        'review.anonymous',
        'review.rating',
        'review.content',
        'review.merchantReply',
        'review.createdAt',
      ])
      .orderBy('review.createdAt', 'desc')
      .orderBy('review.id', 'desc')
      .limit(10)
      .execute(),
    reviewsOf()
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.avg<number>('review.rating').as('avg')])
      .executeTakeFirstOrThrow(),
  ]);
  const fix = (o: (typeof current)[number]) => {
    const { rest, cardPayment } = splitCardPayment(o);
    return { ...rest, payAmount: num(rest.payAmount), cardPayment };
  };
  const n = num(agg.n);
  return {
    current: current.map(fix),
    recent: recent.map(fix),
    reviews: reviews.map(({ anonymous, ...rv }) => ({
      ...rv,
      customerNickname: anonymous ? '匿名用户' : rv.customerNickname,
    })),
    reviewCount: n,
    avgRating: n ? Math.round(num(agg.avg) * 100) / 100 : null,
  };
}
