import { STATUS_FLAG } from '@jz/contracts/common';
import { maskPhone, WORK_STATE } from '@jz/contracts/employee';
import type { FilterOptions, OrderQuery, OrderStatus, VerifyHistoryQuery } from '@jz/contracts/order';
import { quantityLabel } from '@jz/contracts/goods-pricing';
import { ORDER_STATUSES, ORDER_STATUS } from '@jz/contracts/order';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { runPrepared } from '../../../db/prepared.ts';
import { isPg } from '../../../db/migration-kit.ts';
import type { Database } from '../../../db/schema.ts';
import { notFound, unauthorized } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { ownRow, ownShopFilter } from '../../../lib/owned.ts';
import { shopAllowed, type Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { settlementOfOrder } from '../finance/settlement.service.ts';
import { progressOf, staffStepsOf } from '../scheduling/job-progress.ts';
import { derivedState, nowSets } from '../scheduling/state.ts';
import { countedByStatusQuery, dayEnd, dayStart, seekByDay } from './order-counts.ts';
import './order.tables.ts';
import '../employee/employee.tables.ts';
import '../shop/shop.tables.ts';
import '../review/review.tables.ts';
import '../card/card.tables.ts';
import { CARD_PAYMENT_COLUMNS, splitCardPayment, visitsLeftAfter } from '../card/card-payment-of.ts';

/** The caller an order read is scoped to: its merchant and its shop limit. */
type OrderScope = Pick<Tenant, 'merchantId' | 'allowedShopIds'>;

/** The list filters' ids (shop, employee) must name the caller's own objects: another merchant's is 2002. */
async function ownFilters(db: DB, t: Tenant, f: { shopId?: 'all' | number; employeeId?: number }) {
  await ownRow(db, t, 'employee', f.employeeId, '员工不存在');
  return ownShopFilter(db, t, f.shopId);
}

/** Below this many skipped index entries a plain offset is cheaper than asking the day counters where to start. */
const SEEK_FROM = 2000;

type Q = SelectQueryBuilder<Database, 'serviceOrder', object>;

/** The list filters as the SQL binds them (texts as LIKE patterns, days as instants); only those given. */
interface FilterValues {
  orderNo?: string;
  customerPhone?: string;
  goodsName?: string;
  employeeId?: number;
  createdFrom?: string;
  createdTo?: string;
  appointmentFrom?: string;
  appointmentTo?: string;
}

function filterValues(f: Omit<OrderQuery, 'pageNum' | 'pageSize'>): FilterValues {
  const v: FilterValues = {};
  if (f.orderNo) v.orderNo = likeContains(f.orderNo);
  if (f.customerPhone) v.customerPhone = likeContains(f.customerPhone);
  if (f.goodsName) v.goodsName = likeContains(f.goodsName);
  if (f.employeeId) v.employeeId = f.employeeId;
  if (f.startDate) v.createdFrom = dayStart(f.startDate);
  if (f.endDate) v.createdTo = dayEnd(f.endDate);
  if (f.appointmentStartDate) v.appointmentFrom = dayStart(f.appointmentStartDate);
  if (f.appointmentEndDate) v.appointmentTo = dayEnd(f.appointmentEndDate);
  return v;
}

/** The merchant's orders under the filters `v` (values, or a prepared statement's placeholders for them). */
function filteredBy(db: DB, merchantId: number, shopId: number | null, v: FilterValues) {
  let q: Q = db.selectFrom('serviceOrder').where('serviceOrder.merchantId', '=', merchantId);
  if (shopId !== null) q = q.where('serviceOrder.shopId', '=', shopId);
  if (v.orderNo !== undefined) q = q.where('serviceOrder.orderNo', 'like', v.orderNo);
  if (v.customerPhone !== undefined) q = q.where('serviceOrder.customerPhone', 'like', v.customerPhone);
  if (v.goodsName !== undefined) q = q.where('serviceOrder.goodsName', 'like', v.goodsName);
  if (v.employeeId !== undefined) q = q.where('serviceOrder.employeeId', '=', v.employeeId);
  if (v.createdFrom !== undefined) q = q.where('serviceOrder.createdAt', '>=', v.createdFrom);
  if (v.createdTo !== undefined) q = q.where('serviceOrder.createdAt', '<', v.createdTo);
  if (v.appointmentFrom !== undefined) q = q.where('serviceOrder.appointmentAt', '>=', v.appointmentFrom);
  if (v.appointmentTo !== undefined) q = q.where('serviceOrder.appointmentAt', '<', v.appointmentTo);
  return q;
}

function filtered(db: DB, merchantId: number, shopId: number | null, f: Omit<OrderQuery, 'pageNum' | 'pageSize'>) {
  return filteredBy(db, merchantId, shopId, filterValues(f));
}

/** Every column of an order as the export, the detail and 验券记录 read it (the list reads ROW_COLUMNS). */
const LIST_COLUMNS = [
  'serviceOrder.id',
  'serviceOrder.orderNo',
  'serviceOrder.merchantId',
  'serviceOrder.shopId',
  'shop.name as shopName',
  'serviceOrder.goodsId',
  'serviceOrder.goodsName',
  'serviceOrder.goodsCover',
  'serviceOrder.goodsPrice',
  'serviceOrder.quantity',
  'serviceOrder.unit',
  'serviceOrder.specId',
  'serviceOrder.specName',
  'serviceOrder.specMode',
  'serviceOrder.unitPrice',
  'serviceOrder.area',
  'serviceOrder.durationMinutes',
  'serviceOrder.customerName',
  'serviceOrder.customerPhone',
  'serviceOrder.address',
  'serviceOrder.appointmentAt',
  'serviceOrder.remark',
  'serviceOrder.amount',
  'serviceOrder.payAmount',
  'serviceOrder.status',
  'serviceOrder.refundStatus',
  'serviceOrder.employeeId',
  'employee.name as employeeName',
  'serviceOrder.cancelReason',
  'serviceOrder.paidAt',
  'serviceOrder.acceptedAt',
  'serviceOrder.verifiedAt',
  'serviceOrder.completedAt',
  'serviceOrder.reviewedAt',
  'serviceOrder.cancelledAt',
  'serviceOrder.createdAt',
  // A card-paid order's redemption (at most one redeem and one restore per order: unique index) and its card.
  ...CARD_PAYMENT_COLUMNS,
] as const;

const withJoins = (q: Q) =>
  q
    .innerJoin('shop', 'shop.id', 'serviceOrder.shopId')
    .leftJoin('employee', 'employee.id', 'serviceOrder.employeeId')
    .leftJoin('cardMovement as cm', (j) => j.onRef('cm.orderId', '=', 'serviceOrder.id').on('cm.kind', '=', 'redeem'))
    .leftJoin('card', 'card.id', 'cm.cardId')
    .leftJoin('cardMovement as cr', (j) => j.onRef('cr.orderId', '=', 'serviceOrder.id').on('cr.kind', '=', 'restore'))
    .select(LIST_COLUMNS)
    .select(visitsLeftAfter.as('cardVisitsLeft'));

type ListRow = Awaited<ReturnType<ReturnType<typeof withJoins>['execute']>>[number];

/**
 * toOrder: the list shape with every column (the export writes them all; the detail adds its own);
 * money as numbers, the quantity as it reads ('3 小时'), the phone masked, never the verification code.
 */
export function toOrder(r: ListRow) {
  const { rest: o, cardPayment } = splitCardPayment(r);
  return {
    ...o,
    cardPayment,
    goodsPrice: Number(r.goodsPrice),
    amount: Number(r.amount),
    payAmount: Number(r.payAmount),
    unitPrice: r.unitPrice === null ? null : Number(r.unitPrice),
    quantityLabel: quantityLabel(r),
    status: r.status as OrderStatus,
    customerPhone: maskPhone(r.customerPhone),
  };
}

/**
 * What the order list's row answers (orderRow, packages/contracts/src/order.ts) and no more: the page reads only these
 * (specMode and area make the quantity's label). The live queue (订单接单) adds WAITING_COLUMNS.
 */
const ROW_COLUMNS = [
  'serviceOrder.id',
  'serviceOrder.orderNo',
  'serviceOrder.shopId',
  'shop.name as shopName',
  'serviceOrder.goodsName',
  'serviceOrder.specName',
  'serviceOrder.specMode',
  'serviceOrder.quantity',
  'serviceOrder.unit',
  'serviceOrder.area',
  'serviceOrder.payAmount',
  'serviceOrder.customerName',
  'serviceOrder.customerPhone',
  'serviceOrder.appointmentAt',
  'serviceOrder.status',
  'serviceOrder.refundStatus',
  'serviceOrder.employeeId',
  'employee.name as employeeName',
  'serviceOrder.createdAt',
  ...CARD_PAYMENT_COLUMNS,
] as const;
const WAITING_COLUMNS = ['serviceOrder.address', 'serviceOrder.remark', 'serviceOrder.paidAt'] as const;

/** The same joins as withJoins, selecting the row's columns (and the queue's, for it). */
const withRowJoins = (q: Q, waiting: boolean) =>
  q
    .innerJoin('shop', 'shop.id', 'serviceOrder.shopId')
    .leftJoin('employee', 'employee.id', 'serviceOrder.employeeId')
    .leftJoin('cardMovement as cm', (j) => j.onRef('cm.orderId', '=', 'serviceOrder.id').on('cm.kind', '=', 'redeem'))
    .leftJoin('card', 'card.id', 'cm.cardId')
    .leftJoin('cardMovement as cr', (j) => j.onRef('cr.orderId', '=', 'serviceOrder.id').on('cr.kind', '=', 'restore'))
    .select(ROW_COLUMNS)
    .select(visitsLeftAfter.as('cardVisitsLeft'))
    .$if(waiting, (x) => x.select(WAITING_COLUMNS));

type RowOf = Awaited<ReturnType<ReturnType<typeof withRowJoins>['execute']>>[number];

/** A list row exactly as the contract's orderRow has it (built key by key: no column the answer would drop). */
function toRow(r: RowOf) {
  // Most orders have no card: skip building the row without its card columns just to read null.
  const cardPayment = r.cardId === null ? null : splitCardPayment(r).cardPayment;
  return {
    id: r.id,
    orderNo: r.orderNo,
    shopId: r.shopId,
    shopName: r.shopName,
    goodsName: r.goodsName,
    specName: r.specName,
    quantity: r.quantity,
    unit: r.unit,
    quantityLabel: quantityLabel(r),
    payAmount: Number(r.payAmount),
    cardPayment,
    customerName: r.customerName,
    customerPhone: maskPhone(r.customerPhone),
    appointmentAt: r.appointmentAt,
    status: r.status as OrderStatus,
    refundStatus: r.refundStatus,
    employeeId: r.employeeId,
    employeeName: r.employeeName,
    createdAt: r.createdAt,
  };
}

/**
 * findAllByPage: the page plus counts per status under the same filters (the status tabs). The total is read from
 * those counts (one index-only aggregate instead of a second count). The page's ids are chosen from the
 * (merchant_id, shop_id[, status], created_at, id) indexes alone and only those rows are joined (a deferred join), so
 * the last page of a 100,000-order merchant walks index entries rather than joining every skipped row.
 */
export async function pageOrders(db: DB, t: Tenant, f: OrderQuery, opts: { seekFrom?: number } = {}) {
  const page = await listPage(db, t, f, opts.seekFrom, false);
  return { ...page, records: page.records.map(toRow) };
}

/** 订单接单's queue: the list's rows (status 待接单) plus where, the customer's remark and when it was paid. */
export async function waitingOrders(db: DB, t: Tenant, f: OrderQuery) {
  const page = await listPage(db, t, f, undefined, true);
  return {
    ...page,
    records: page.records.map((r) => ({
      ...toRow(r),
      address: r.address ?? '',
      remark: r.remark ?? null,
      paidAt: r.paidAt ?? null,
    })),
  };
}

/** The page's rows as read (ROW_COLUMNS, and WAITING_COLUMNS when `waiting`), its total and the tabs' counts. */
async function listPage(
  db: DB,
  t: Tenant,
  f: OrderQuery,
  seekFrom: number | undefined,
  waiting: boolean,
): Promise<{ records: RowOf[]; total: number; counts: Record<string, number> }> {
  const shopId = await ownFilters(db, t, f);
  // Shop and whole-day (下单日期) filters only: the maintained counters answer (migration 1301); text, employee or
  // 预约日期 filters have to count the matching orders.
  const counted = !(
    f.orderNo ||
    f.customerPhone ||
    f.goodsName ||
    f.employeeId ||
    f.appointmentStartDate ||
    f.appointmentEndDate
  );
  // The statements are compiled once per shape (which filters are given, one shop or all) and run prepared with this
  // call's values (db/prepared.ts); the merchant, the shop and every filter stay parameters of the SQL.
  const filters = filterValues(f);
  const values: ListValues = {
    ...filters,
    merchantId: t.merchantId,
    shopId: shopId ?? 0,
    pageSize: f.pageSize,
    ...(f.status && { status: f.status }),
    ...(f.startDate && { startDay: f.startDate }),
    ...(f.endDate && { endDay: f.endDate }),
  };
  const shape = [
    shopId === null ? 'all' : 'shop',
    f.status ? 'status' : '',
    ...Object.keys(filters),
    f.startDate ? 'startDay' : '',
    f.endDate ? 'endDay' : '',
  ].join(',');
  /** The list's statements over `p` (placeholders when compiling, values when run directly). */
  const queries = (p: ListValues) => {
    const present = Object.fromEntries(Object.keys(filters).map((k) => [k, p[k as keyof FilterValues]]));
    const base = filteredBy(db, p.merchantId, shopId === null ? null : p.shopId, present);
    const listBase = f.status && p.status ? base.where('serviceOrder.status', '=', p.status) : base;
    const days = { startDate: f.startDate && p.startDay, endDate: f.endDate && p.endDay };
    const countsQuery = counted
      ? countedByStatusQuery(db, p.merchantId, shopId === null ? null : p.shopId, days)
      : base.select(['serviceOrder.status', sql<number>`count(*)`.as('n')]).groupBy('serviceOrder.status');
    return { listBase, countsQuery };
  };
  // The column set is part of every page statement's key: the queue's statements select three more.
  const rowKey = waiting ? 'orders.waiting' : 'orders';
  const pageOf = (pageBase: Q, dir: 'asc' | 'desc', limit: number, skip: number) =>
    withRowJoins(
      db
        .selectFrom('serviceOrder')
        .where(
          'serviceOrder.id',
          'in',
          pageBase
            .select('serviceOrder.id')
            .orderBy('serviceOrder.createdAt', dir)
            .orderBy('serviceOrder.id', dir)
            .limit(limit)
            .offset(skip),
        ),
      waiting,
    )
      .orderBy('serviceOrder.createdAt', 'desc')
      .orderBy('serviceOrder.id', 'desc');
  const counts = async () =>
    statusCounts(await runPrepared(db, `orders.counts:${shape}`, values, (p) => queries(p).countsQuery));

  // Page 1 (most calls) needs no total to choose its rows: the counters ride along as one scalar subquery of the page
  // statement (evaluated once), so the list is one round trip. Only an empty page asks for them on their own.
  if (f.pageNum === 1) {
    const rows = await runPrepared(db, `${rowKey}.page1:${shape}`, values, (p) => {
      const q = queries(p);
      return pageOf(q.listBase, 'desc', p.pageSize, 0).select(statusCountsJson(db, q.countsQuery).as('statusCounts'));
    });
    const tabs = rows.length ? statusCounts(parseCounts(rows[0].statusCounts)) : await counts();
    const total = f.status ? (tabs[f.status] ?? 0) : tabs.all;
    return { records: rows, total, counts: tabs };
  }

  const tabs = await counts();
  const total = f.status ? (tabs[f.status] ?? 0) : tabs.all;
  const offset = (f.pageNum - 1) * f.pageSize;
  // A page past the middle is read from the other end (ascending, a smaller offset): the last page of 100,000 orders
  // skips nothing instead of 99,990 index entries. The outer query puts the rows back in descending order.
  const fromEnd = offset > total / 2;
  const dir = fromEnd ? 'asc' : 'desc';
  const limit = fromEnd ? Math.min(f.pageSize, total - offset) : f.pageSize;
  let skip = fromEnd ? Math.max(0, total - offset - f.pageSize) : offset;
  let bound: string | undefined;
  // A deep page in the middle: the day counters find the day it starts in, so at most one day's orders are skipped
  // (a seek by created_at instead of walking tens of thousands of index entries).
  if (counted && skip > (seekFrom ?? SEEK_FROM) && total > offset) {
    const seek = await seekByDay(db, { ...f, merchantId: t.merchantId, shopId, skip, dir });
    if (seek) {
      skip = seek.skip;
      bound = dir === 'desc' ? dayEnd(seek.day) : dayStart(seek.day);
    }
  }
  if (total <= offset) return { records: [], total, counts: tabs };
  const records = await runPrepared(
    db,
    `${rowKey}.page:${shape}:${dir}:${bound ? 'seek' : ''}`,
    { ...values, limit, skip, bound: bound ?? '' },
    (p) => {
      const { listBase } = queries(p);
      const pageBase = bound
        ? listBase.where('serviceOrder.createdAt', dir === 'desc' ? '<' : '>=', p.bound)
        : listBase;
      return pageOf(pageBase, dir, p.limit, p.skip);
    },
  );
  return { records, total, counts: tabs };
}

/** The values of the order list's prepared statements. */
interface ListValues extends FilterValues {
  merchantId: number;
  shopId: number;
  /** Only in the shapes filtered by status. */
  status?: number;
  pageSize: number;
  startDay?: string;
  endDay?: string;
  limit?: number;
  skip?: number;
  bound?: string;
}

/** Counts per status (the tabs) with every status present, and `all`. */
function statusCounts(rows: { status: number; n: number | string }[]) {
  const counts: Record<string, number> = { all: 0 };
  for (const s of ORDER_STATUSES) counts[s] = 0;
  for (const r of rows) {
    counts[r.status] = Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}

/** The (status, n) rows as one JSON object {status: n}: a scalar subquery both databases evaluate once. */
function statusCountsJson(db: DB, counts: SelectQueryBuilder<Database, never, { status: number; n: number }>) {
  return isPg(db)
    ? sql<unknown>`(select json_object_agg(c.status, c.n) from ${counts.as('c')})`
    : sql<unknown>`(select json_group_object(c.status, c.n) from ${counts.as('c')})`;
}

/** PostgreSQL's driver answers json parsed, SQLite a string; no counter rows is null. */
function parseCounts(value: unknown) {
  const obj = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, number | string> | null;
  return Object.entries(obj ?? {}).map(([status, n]) => ({ status: Number(status), n }));
}

/** Every matching order for the export (newest first, at most `limit`). */
export async function exportOrders(db: DB, t: Tenant, f: Omit<OrderQuery, 'pageNum' | 'pageSize'>, limit = 5000) {
  let q = filtered(db, t.merchantId, await ownFilters(db, t, f), f);
  if (f.status) q = q.where('serviceOrder.status', '=', f.status);
  const rows = await withJoins(q).orderBy('serviceOrder.createdAt', 'desc').limit(limit).execute();
  return rows.map(toOrder);
}

/**
 * One order of the caller's merchant. A sub-account limited to some shops sees only their orders: an order of another
 * shop is "not found", as it is for every transition (order-transition.service.ts).
 */
export async function orderDetail(db: DB, t: OrderScope, id: number) {
  const merchantId = t.merchantId;
  const r = await withJoins(db.selectFrom('serviceOrder'))
    .select([
      'serviceOrder.customerPhone as customerPhoneFull',
      'serviceOrder.provinceCode',
      'serviceOrder.cityCode',
      'serviceOrder.districtCode',
      'serviceOrder.lat',
      'serviceOrder.lng',
      'serviceOrder.payNo',
      'employee.phone as employeePhone',
      'serviceOrder.employeeId as assignedEmployeeId',
      'serviceOrder.clientId',
    ])
    .where('serviceOrder.id', '=', id)
    .where('serviceOrder.merchantId', '=', merchantId)
    .executeTakeFirst();
  if (!r || !shopAllowed(t, r.shopId)) throw notFound('订单不存在');
  const timeline = await db
    .selectFrom('orderTimeline')
    .select(['id', 'fromStatus', 'toStatus', 'action', 'operatorType', 'operatorName', 'remark', 'createdAt'])
    .where('orderId', '=', id)
    .orderBy('id')
    .execute();
  const s = await settlementOfOrder(db, merchantId, id);
  const review = await db
    .selectFrom('review')
    .select(['id', 'rating', 'content', 'merchantReply'])
    .where('orderId', '=', id)
    .executeTakeFirst();
  const progress = await progressOf(db, [id]);
  const {
    customerPhoneFull,
    provinceCode,
    cityCode,
    districtCode,
    lat,
    lng,
    payNo,
    employeePhone,
    assignedEmployeeId,
    clientId,
    ...list
  } = r;
  const order = toOrder(list);
  return {
    ...order,
    customerPhoneFull,
    provinceCode,
    cityCode,
    districtCode,
    lat: lat === null ? null : Number(lat),
    lng: lng === null ? null : Number(lng),
    payNo,
    employeePhone: employeePhone ? maskPhone(employeePhone) : null,
    clientId: clientId ?? null,
    timeline,
    settlement: s
      ? {
          ...s,
          amount: Number(s.amount),
          commission: Number(s.commission),
          // settled 0 on purpose (cardSettlementAmount): the merchant took the card's money at the sale
          offlineCard: order.cardPayment?.payMethod === 'offline' && !order.cardPayment.restored,
        }
      : null,
    review: review ?? null,
    // the employee's steps on the staff page; photos are private references, signed in the answer (private-refs.ts)
    staffSteps: staffStepsOf(
      { status: r.status, employeeId: assignedEmployeeId, verifiedAt: r.verifiedAt, completedAt: r.completedAt },
      progress.get(id),
    ),
  };
}

/** Employees who can take an order: same shop, not on leave or resigned, with how many orders each has to serve. */
export async function assignableEmployees(db: DB, t: OrderScope, orderId: number) {
  const merchantId = t.merchantId;
  const o = await db
    .selectFrom('serviceOrder')
    .select(['shopId', 'employeeId'])
    .where('id', '=', orderId)
    .where('merchantId', '=', merchantId)
    .executeTakeFirst();
  if (!o || !shopAllowed(t, o.shopId)) throw notFound('订单不存在');
  const rows = await db
    .selectFrom('employee')
    .leftJoin('serviceOrder', (j) =>
      j
        .onRef('serviceOrder.employeeId', '=', 'employee.id')
        .on('serviceOrder.status', 'in', [ORDER_STATUS.TO_SERVE, ORDER_STATUS.SERVING]),
    )
    .select([
      'employee.id',
      'employee.name',
      'employee.phone',
      'employee.workState',
      'employee.rating',
      sql<number>`count(service_order.id)`.as('load'),
    ])
    .where('employee.merchantId', '=', merchantId)
    .where('employee.shopId', '=', o.shopId)
    .where('employee.deletedAt', 'is', null)
    .where('employee.workState', 'in', [WORK_STATE.FREE, WORK_STATE.BUSY])
    .groupBy(['employee.id', 'employee.name', 'employee.phone', 'employee.workState', 'employee.rating'])
    .orderBy('load')
    .orderBy('employee.id')
    .execute();
  // The state now from the schedule (scheduling/state.ts), as the board and 公司员工 show it: the stored column only
  // says "has orders in hand" (a guard of the order flow), which read as 服务中 for anyone with a job next week.
  const now = await nowSets(
    db,
    merchantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    workState: derivedState(r.id, r.workState, now),
    phone: maskPhone(r.phone),
    rating: Number(r.rating),
    load: Number(r.load),
    current: r.id === o.employeeId,
  }));
}

/** 验券记录: the orders this merchant verified, newest first; searchable by order number, phone and verification date. */
export async function verifyHistory(db: DB, t: Tenant, f: VerifyHistoryQuery) {
  const shopId = await ownShopFilter(db, t, f.shopId);
  let q: Q = db
    .selectFrom('serviceOrder')
    .where('serviceOrder.merchantId', '=', t.merchantId)
    .where('serviceOrder.verifiedAt', 'is not', null);
  if (shopId !== null) q = q.where('serviceOrder.shopId', '=', shopId);
  if (f.orderNo) q = q.where('serviceOrder.orderNo', 'like', likeContains(f.orderNo));
  if (f.customerPhone) q = q.where('serviceOrder.customerPhone', 'like', likeContains(f.customerPhone));
  if (f.startDate) q = q.where('serviceOrder.verifiedAt', '>=', dayStart(f.startDate));
  if (f.endDate) q = q.where('serviceOrder.verifiedAt', '<', dayEnd(f.endDate));
  const page = await paginate(q, (x) => withJoins(x).orderBy('serviceOrder.verifiedAt', 'desc'), f);
  const stats = await db
    .selectFrom('verifyAttempt')
    .select([
      sql<number>`sum(case when ok = 1 then 1 else 0 end)`.as('ok'),
      sql<number>`sum(case when ok = 0 then 1 else 0 end)`.as('failed'),
    ])
    .where('merchantId', '=', t.merchantId)
    .where('createdAt', '>', new Date(Date.now() - 10 * 60_000).toISOString())
    .executeTakeFirstOrThrow();
  return {
    records: page.records.map(toOrder),
    total: page.total,
    recentFailures: Number(stats.failed ?? 0),
  };
}

/**
 * The employees and goods of the caller's shops (a sub-account: its allowed shops), for the employee filter of the
 * order list and the goods / employee filters of the reviews. Resigned employees stay: old orders name them.
 */
export async function filterOptions(db: DB, t: Tenant): Promise<FilterOptions> {
  const of = async (table: 'employee' | 'goods') => {
    let q = db
      .selectFrom(table)
      .innerJoin('shop', 'shop.id', `${table}.shopId`)
      .select([`${table}.id as id`, `${table}.name as name`, `${table}.shopId as shopId`, 'shop.name as shopName'])
      .where(`${table}.merchantId`, '=', t.merchantId);
    if (t.allowedShopIds) q = q.where(`${table}.shopId`, 'in', t.allowedShopIds.length ? t.allowedShopIds : [-1]);
    if (table === 'employee') q = q.where('employee.deletedAt', 'is', null);
    return q.orderBy(`${table}.shopId`).orderBy(`${table}.id`).limit(1000).execute();
  };
  return { employees: await of('employee'), goods: await of('goods') };
}

// ---------------------------------------------------------------- live stream

export const TICKET_TTL_MS = 60_000;

/** A one-time ticket for EventSource (which cannot send the Authorization header); only its hash is stored. */
export async function issueTicket(db: DB, t: Tenant, token: string, shopId: number | null) {
  const now = nowIso();
  await db.deleteFrom('orderStreamTicket').where('expiresAt', '<', now).execute();
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS).toISOString();
  await db
    .insertInto('orderStreamTicket')
    .values({
      tokenHash: sha256(token),
      userId: t.user.id,
      merchantId: t.merchantId,
      shopId,
      expiresAt,
      usedAt: null,
      createdAt: now,
    })
    .execute();
  return expiresAt;
}

/** Claims a ticket once (a conditional update: a replayed ticket loses), then checks the user is still active. */
export async function consumeTicket(db: DB, ticket: string) {
  const now = nowIso();
  const row = await db
    .selectFrom('orderStreamTicket')
    .select(['id', 'userId', 'merchantId', 'shopId', 'expiresAt', 'usedAt'])
    .where('tokenHash', '=', sha256(ticket))
    .executeTakeFirst();
  if (!row || row.usedAt || row.expiresAt <= now) throw unauthorized('实时连接凭证无效或已过期');
  const used = await db
    .updateTable('orderStreamTicket')
    .set({ usedAt: now })
    .where('id', '=', row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw unauthorized('实时连接凭证已被使用');
  const user = await db
    .selectFrom('user')
    .select('id')
    .where('id', '=', row.userId)
    .where('merchantId', '=', row.merchantId)
    .where('status', '=', STATUS_FLAG.ENABLED)
    .executeTakeFirst();
  if (!user) throw unauthorized('账号已停用');
  return row;
}

export async function lastEventId(db: DB, merchantId: number) {
  const r = await db
    .selectFrom('orderEvent')
    .select(sql<number>`max(id)`.as('id'))
    .where('merchantId', '=', merchantId)
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}

/** Orders waiting to be accepted (polled by the console): read from the counters of migration 1301. */
export async function waitingCount(db: DB, merchantId: number, shopId: number | null) {
  let q = db
    .selectFrom('orderStatusCount')
    .select(sql<number>`coalesce(sum(n), 0)`.as('n'))
    .where('merchantId', '=', merchantId)
    .where('status', '=', ORDER_STATUS.WAITING);
  if (shopId !== null) q = q.where('shopId', '=', shopId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function soundSetting(db: DB, shopId: number | null) {
  if (shopId === null) return true;
  const s = await db.selectFrom('shopSetting').select('newOrderSound').where('shopId', '=', shopId).executeTakeFirst();
  return (s?.newOrderSound ?? 1) === 1;
}

/** Old live events and tickets are only needed for resuming: keep a day. */
export async function pruneStreamRows(db: DB) {
  const dayAgo = new Date(Date.now() - 24 * 3600_000).toISOString();
  await db.deleteFrom('orderEvent').where('createdAt', '<', dayAgo).execute();
  await db.deleteFrom('orderStreamTicket').where('expiresAt', '<', nowIso()).execute();
}
