import { SHOP_AUDIT_STATUS, SHOP_OPEN_STATE } from '@jz/contracts/shop';
import { SHELF_STATE } from '@jz/contracts/goods';
import {
  type BookingRules,
  bookableDay,
  momentText,
  type SlotsQuery,
  type SlotsResult,
  startsOn,
  timeRefusal,
} from '@jz/contracts/booking';
import {
  DEFAULT_TRAVEL_BUFFER_MINUTES,
  type Interval,
  occupancy,
  overlaps,
  parseBusinessHours,
  wallHm,
  type WeeklyHours,
} from '@jz/contracts/dispatch';
import { WORK_STATE } from '@jz/contracts/employee';
import { ORDER_STATUS } from '@jz/contracts/order';
import { type GeoPoint, pointInPolygon } from '@jz/contracts/shop-location';
import { PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import type { Trx } from '../../../db/client.ts';
import {
  categoryParents,
  isOnDuty,
  type Job,
  jobQuery,
  jobsOf,
  leavesOf,
  minutesOf,
  onLeave,
  parseJson,
  skillOk,
  staffOf,
  toJob,
} from './schedule.ts';
import { placesLeft } from './matching.ts';
import { exceptionsOf } from './shift-exception.ts';
import '../shop/shop.tables.ts';

/**
 * Booking rules at order placement and the customer's slot list (docs/dispatch.md "Booking rules").
 * A customer books a start time inside the shop's service area, time slots and business hours, past its lead time,
 * and only while capacity is left: the qualified employees free for the whole job then, less the paid orders booked
 * over it and not yet assigned (待接单). An unpaid order holds no place: capacity is checked again when it is paid
 * (markPaid), under the same lock, so a place is taken by paying and the merchant is never overbooked. Rescheduling
 * applies the same rules.
 */

/** A shop's booking rules, its area and travel buffer. */
export interface ShopBooking extends BookingRules {
  shopId: number;
  merchantId: number;
  area: GeoPoint[];
  bufferMinutes: number;
}

export async function shopBooking(db: DB | Trx, shopId: number): Promise<ShopBooking> {
  const s = await db
    .selectFrom('shop')
    .leftJoin('shopSetting', 'shopSetting.shopId', 'shop.id')
    .select([
      'shop.merchantId',
      'shop.businessHours',
      'shop.serviceArea',
      'shopSetting.bookingLeadHours',
      'shopSetting.serviceTimeSlots',
      'shopSetting.travelBufferMinutes',
    ])
    .where('shop.id', '=', shopId)
    .executeTakeFirst();
  return {
    shopId,
    merchantId: s?.merchantId ?? 0,
    leadHours: s?.bookingLeadHours ?? 0,
    slots: parseJson<string[]>(s?.serviceTimeSlots, [])
      // a slot reads like business hours: '08:00-10:00'
      .map(parseBusinessHours)
      .filter((r) => r !== null)
      .sort((a, b) => (a.from < b.from ? -1 : 1)),
    shopHours: parseBusinessHours(s?.businessHours),
    area: parseJson<GeoPoint[]>(s?.serviceArea, []),
    bufferMinutes: s?.travelBufferMinutes ?? DEFAULT_TRAVEL_BUFFER_MINUTES,
  };
}

/** The service-area rule: a shop that drew its area needs the address's point, inside it. */
export function assertInArea(b: ShopBooking, p: { lat?: number | null; lng?: number | null }) {
  if (b.area.length < 3) return;
  if (p.lat == null || p.lng == null) throw invalid('请在地图上选择服务地址的位置（本店按服务范围接单）');
  if (!pointInPolygon({ lat: p.lat, lng: p.lng }, b.area)) throw business('服务地址不在本店服务范围内');
}

/** The time rules (lead time, horizon, slot, business hours) as a 2004 refusal. */
export function assertTimeAllowed(b: ShopBooking, at: number, minutes: number, now = Date.now()) {
  const r = timeRefusal(at, minutes, b, now);
  if (r) throw business(r.message);
}

/**
 * Takes the shop's booking lock inside a placement's (or reschedule's) transaction, so two customers booking the last
 * free place at once are serialised and the second sees the first's order (as lockEmployee does for assignment).
 */
export async function lockShop(trx: Trx, shopId: number) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select id from shop where id = ${shopId} for update`.execute(trx);
  else await sql`update shop set updated_at = updated_at where id = ${shopId}`.execute(trx);
}

/** One employee as capacity sees them. */
interface Staff {
  id: number;
  workState: number;
  fuwuIds: number[];
  hours: WeeklyHours | null;
}

/** What capacity answers for a job: the places left, and whether one employee is free for it. */
export interface Capacity {
  /** Qualified employees free for the whole job, less those the waiting (待接单) orders over it need (matching.ts). */
  left(job: Occupancy): number;
  /** Whether this employee (qualified, on duty, not on leave, no other job then) is free for the job. */
  isFree(employeeId: number, job: Occupancy): boolean;
}
type Occupancy = { from: number; to: number; bufferTo: number };

/**
 * The schedule of a shop over [from, to) for a service, loaded once: `left(job)` then counts in memory, so a day of
 * slots costs five queries. `exceptOrderId` (an order being moved) neither occupies its employee nor waits.
 */
export async function capacityCounter(
  db: DB | Trx,
  b: ShopBooking,
  fuwuId: number | null,
  span: Interval,
  exceptOrderId: number | null = null,
): Promise<Capacity> {
  const d = db as DB;
  const staffRows = await d
    .selectFrom('employee')
    .select(['id', 'workState', 'fuwuIds', 'workHours'])
    .where('id', 'in', staffOf(d, b.merchantId, b.shopId))
    .execute();
  const staff: Staff[] = staffRows.map((e) => ({
    id: e.id,
    workState: e.workState,
    fuwuIds: parseJson<number[]>(e.fuwuIds, []),
    hours: parseJson<WeeklyHours | null>(e.workHours, null),
  }));
  const ids = staff.map((s) => s.id);
  const [parents, waitingRows] = await Promise.all([categoryParents(d), unassignedOf(d, b, span)]);
  const waiting = waitingRows.filter((w) => w.id !== exceptOrderId && w.bufferTo > span.from);
  // Who could serve a waiting order is read over its own time, which may reach outside the span (a live-in job).
  const from = Math.min(span.from, ...waiting.map((w) => w.from));
  const to = Math.max(span.to, ...waiting.map((w) => w.bufferTo));
  const [jobs, leaves, exceptions] = await Promise.all([
    jobsOf(d, ids, from, to, b.bufferMinutes),
    leavesOf(d, ids, from, to),
    exceptionsOf(d, ids, from, to),
  ]);
  const active = staff.filter((e) => e.workState !== WORK_STATE.RESIGNED && e.workState !== WORK_STATE.LEAVE);
  const qualified = active.filter((e) => fuwuId == null || skillOk(e.fuwuIds, fuwuId, parents));
  const free = (e: Staff, job: Occupancy) => {
    const occ = { from: job.from, to: job.bufferTo };
    return (
      isOnDuty(e.hours, b.shopHours, job, exceptions.get(e.id)) &&
      !onLeave(
        leaves.filter((l) => l.employeeId === e.id),
        job,
      ) &&
      !jobs.some(
        (j) => j.employeeId === e.id && j.id !== exceptOrderId && overlaps(occ, { from: j.from, to: j.bufferTo }),
      )
    );
  };
  return {
    left(job) {
      const occ = { from: job.from, to: job.bufferTo };
      const candidates = qualified.filter((e) => free(e, job)).map((e) => e.id);
      // Each waiting order over the job with the employees who could serve it (its category in their skills, free
      // for it; an order of unknown category: anyone free). A 月嫂 order waiting at 10:00 takes no 保洁 place, nor
      // does one a free colleague outside the cleaners could take (matching.ts).
      const demand = waiting
        .filter((w) => overlaps(occ, { from: w.from, to: w.bufferTo }))
        .map((w) =>
          active
            .filter((e) => (w.fuwuId == null || skillOk(e.fuwuIds, w.fuwuId, parents)) && free(e, w))
            .map((e) => e.id),
        );
      return placesLeft(demand, candidates);
    },
    isFree(employeeId, job) {
      const e = qualified.find((x) => x.id === employeeId);
      return !!e && free(e, job);
    },
  };
}

/** The shop's paid, not yet assigned orders (待接单) that may touch the span, with their goods' service. */
async function unassignedOf(db: DB, b: ShopBooking, span: Interval): Promise<(Job & { fuwuId: number | null })[]> {
  const rows = await jobQuery(db)
    .select('goods.fuwuId')
    .where('serviceOrder.shopId', '=', b.shopId)
    .where('serviceOrder.employeeId', 'is', null)
    .where('serviceOrder.status', '=', ORDER_STATUS.WAITING)
    .where('serviceOrder.appointmentAt', '>=', new Date(span.from - 31 * 86_400_000).toISOString())
    .where('serviceOrder.appointmentAt', '<', new Date(span.to).toISOString())
    .execute();
  return rows.map((r) => ({ ...toJob(r, b.bufferMinutes), fuwuId: r.fuwuId ?? null }));
}

/** The capacity rule: refuses a job nobody qualified is free for (2004 已约满). Call under lockShop. */
export async function assertCapacity(
  trx: Trx,
  b: ShopBooking,
  fuwuId: number | null,
  job: { from: number; to: number; bufferTo: number },
  exceptOrderId: number | null = null,
) {
  const c = await capacityCounter(trx, b, fuwuId, { from: job.from, to: job.bufferTo }, exceptOrderId);
  if (c.left(job) <= 0) throw business(`${momentText(job.from)} 已约满（没有空闲的服务人员），请选择其他时间`);
}

/** The goods item a slot list is for: its shop and service, on the shelf of an open approved shop. */
async function slotGoods(db: DB, goodsId: number) {
  const g = await db
    .selectFrom('goods')
    .innerJoin('shop', 'shop.id', 'goods.shopId')
    .select(['goods.id', 'goods.shopId', 'goods.fuwuId', 'goods.shelfState', 'shop.auditStatus', 'shop.yingyeState'])
    .where('goods.id', '=', goodsId)
    .executeTakeFirst();
  if (!g) throw notFound('商品不存在');
  if (g.shelfState !== SHELF_STATE.ON) throw business('商品已下架');
  if (g.auditStatus !== SHOP_AUDIT_STATUS.APPROVED) throw business('店铺尚未通过审核');
  return g;
}

/** What a slot list is for: the goods' shop and service; for 改约, the order moved and its employee. */
export interface SlotTarget {
  goodsId: number;
  shopId: number;
  fuwuId: number | null;
  /** The shop is 休息中: no time is offered (customer/slots). */
  closed: boolean;
  /** 改约: the order being moved (it takes no place from itself) … */
  exceptOrderId?: number;
  /** … and its assigned employee: a time they are free for keeps them, whatever the places left. */
  employeeId?: number | null;
}

/**
 * customer/slots: every start time of the day inside the shop's windows, with the capacity left for a job of the
 * given length (`minutes`, from the specification's quote) and why a time cannot be booked.
 */
export async function daySlots(db: DB, q: SlotsQuery, minutes: number, now = Date.now()): Promise<SlotsResult> {
  const g = await slotGoods(db, q.goodsId);
  return slotsOfDay(
    db,
    { goodsId: g.id, shopId: g.shopId, fuwuId: g.fuwuId, closed: g.yingyeState !== SHOP_OPEN_STATE.OPEN },
    q.date,
    minutes,
    now,
  );
}

/** The day's start times for a target (customer/slots, and the merchant's 改约 dialog). */
export async function slotsOfDay(
  db: DB,
  t: SlotTarget,
  date: string,
  minutes: number,
  now = Date.now(),
): Promise<SlotsResult> {
  if (!bookableDay(date, now)) throw invalid('只能查询今天起 60 天内的可预约时间');
  const b = await shopBooking(db, t.shopId);
  const starts = startsOn(date, b);
  const jobOf = (at: number) => occupancy(new Date(at).toISOString(), minutes, b.bufferMinutes);
  const span = starts.length
    ? { from: starts[0].at, to: jobOf(starts[starts.length - 1].at).bufferTo }
    : { from: 0, to: 0 };
  const c = starts.length ? await capacityCounter(db, b, t.fuwuId, span, t.exceptOrderId ?? null) : null;
  const own = t.employeeId ?? null;
  return {
    date,
    goodsId: t.goodsId,
    shopId: t.shopId,
    minutes,
    leadHours: b.leadHours,
    slots: starts.map(({ at, window }) => {
      const refusal = t.closed ? { message: '店铺休息中，暂不接单' } : timeRefusal(at, minutes, b, now);
      const job = jobOf(at);
      const capacity = c ? Math.max(0, c.left(job)) : 0;
      const keeps = own !== null && !!c && c.isFree(own, job);
      return {
        at: new Date(at).toISOString(),
        time: wallHm(at),
        window: `${window.from}–${window.to}`,
        capacity,
        available: !refusal && (keeps || capacity > 0),
        reason: refusal ? refusal.message : keeps || capacity > 0 ? null : '已约满',
        ...(own !== null && { keepsEmployee: keeps }),
      };
    }),
  };
}

/** The job length of an order of `goods` at a quote (minutesOf's fallback rules). */
export const bookedMinutes = (quoted: number | null, goodsMinutes: number | null) =>
  minutesOf({ durationMinutes: quoted, goodsMinutes }).minutes;

/** What capacity needs of a placed order: its goods' service and its job length (quoted, else the goods'). */
export async function orderJob(db: DB | Trx, o: { goodsId: number; durationMinutes: number | null }) {
  const g = await db
    .selectFrom('goods')
    .select(['fuwuId', 'durationMinutes'])
    .where('id', '=', o.goodsId)
    .executeTakeFirst();
  return { fuwuId: g?.fuwuId ?? null, minutes: bookedMinutes(o.durationMinutes, g?.durationMinutes ?? null) };
}

/**
 * The capacity rule for an order being paid (markPaid): a place is taken by paying, so the last place goes to whoever
 * pays first. With `lock` (inside the payment's transaction) under the shop's lock; without, a pre-check before the
 * charge so a customer is not charged for a refused payment.
 */
export async function assertOrderHasPlace(
  trx: Trx | DB,
  o: { id: number; shopId: number; goodsId: number; appointmentAt: string; durationMinutes: number | null },
  lock: boolean,
) {
  if (lock) await lockShop(trx as Trx, o.shopId);
  const { fuwuId, minutes } = await orderJob(trx, o);
  const b = await shopBooking(trx, o.shopId);
  await assertCapacity(trx as Trx, b, fuwuId, occupancy(o.appointmentAt, minutes, b.bufferMinutes), o.id);
}
