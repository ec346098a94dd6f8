import { WORK_STATE } from '@jz/contracts/employee';
import {
  type DayExceptions,
  DEFAULT_JOB_MINUTES,
  DEFAULT_TRAVEL_BUFFER_MINUTES,
  type Interval,
  isOnDuty as onDutyBetween,
  LIVE_IN_MINUTES,
  leaveDuring,
  occupancy,
  parseBusinessHours,
  type TimeRange,
  type WeeklyHours,
} from '@jz/contracts/dispatch';
import { jobMinutes } from '@jz/contracts/goods-pricing';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import './scheduling.tables.ts';
import '../employee/employee.tables.ts';
import '../fuwu/fuwu.tables.ts';
import '../goods/goods.tables.ts';
import '../order/order.tables.ts';
import '../shop/shop.tables.ts';

/**
 * The schedule library (docs/dispatch.md): what occupies an employee when, read from the orders themselves.
 * Used by assignment (assign.ts), suggestions, the board, leave, and the booking rules (slots, rescheduling).
 *
 * An order occupies its employee over [appointmentAt, appointmentAt + jobMinutes + the shop's travel buffer). Only
 * orders still to be done count (待服务, 服务中): a finished or cancelled job frees the rest of its time.
 */
export const OCCUPYING = [ORDER_STATUS.TO_SERVE, ORDER_STATUS.SERVING];
/** The longest job (MAX_SPEC_MINUTES, 30 days) plus a day: how far back an overlapping job can have started. */
const LOOKBACK_MS = 31 * 86_400_000;

/** A shop's time rules: its travel buffer and business hours (the hours of employees who set none). */
export interface ShopTime {
  shopId: number;
  bufferMinutes: number;
  shopHours: TimeRange | null;
}

export async function shopTime(db: DB, shopId: number): Promise<ShopTime> {
  const r = await db
    .selectFrom('shop')
    .leftJoin('shopSetting', 'shopSetting.shopId', 'shop.id')
    .select(['shop.businessHours', 'shopSetting.travelBufferMinutes'])
    .where('shop.id', '=', shopId)
    .executeTakeFirst();
  return {
    shopId,
    bufferMinutes: r?.travelBufferMinutes ?? DEFAULT_TRAVEL_BUFFER_MINUTES,
    shopHours: parseBusinessHours(r?.businessHours),
  };
}

/** The job length of an order row: its quoted total, else the goods' duration, else DEFAULT_JOB_MINUTES. */
export function minutesOf(o: { durationMinutes: number | null; goodsMinutes: number | null }) {
  const m = jobMinutes(o, o.goodsMinutes);
  return { minutes: m && m > 0 ? m : DEFAULT_JOB_MINUTES, known: o.durationMinutes != null };
}

type JobRow = {
  id: number;
  orderNo: string;
  employeeId: number | null;
  status: number;
  goodsName: string;
  specName: string | null;
  specMode: string | null;
  quantity: number;
  unit: string;
  area: number | null;
  appointmentAt: string;
  durationMinutes: number | null;
  goodsMinutes: number | null;
  address: string;
  customerName: string;
  lat: number | null;
  lng: number | null;
  shopId: number;
  goodsId: number;
};

/** An order as the schedule sees it: what it is, its length and its time (toJob). */
export type Job = Omit<JobRow, 'durationMinutes' | 'goodsMinutes'> & {
  minutes: number;
  durationKnown: boolean;
  from: number;
  to: number;
  bufferTo: number;
};

export function toJob(r: JobRow, bufferMinutes: number): Job {
  const { minutes, known } = minutesOf(r);
  const occ = occupancy(r.appointmentAt, minutes, bufferMinutes);
  const { durationMinutes: _d, goodsMinutes: _g, ...rest } = r;
  return { ...rest, minutes, durationKnown: known, ...occ };
}

/** The columns of a Job, from service_order joined with its goods (for the fallback duration). */
export const jobQuery = (db: DB) =>
  db
    .selectFrom('serviceOrder')
    .leftJoin('goods', 'goods.id', 'serviceOrder.goodsId')
    .select([
      'serviceOrder.id',
      'serviceOrder.orderNo',
      'serviceOrder.employeeId',
      'serviceOrder.status',
      'serviceOrder.goodsName',
      'serviceOrder.specName',
      'serviceOrder.specMode',
      'serviceOrder.quantity',
      'serviceOrder.unit',
      'serviceOrder.area',
      'serviceOrder.appointmentAt',
      'serviceOrder.durationMinutes',
      'goods.durationMinutes as goodsMinutes',
      'serviceOrder.address',
      'serviceOrder.customerName',
      'serviceOrder.lat',
      'serviceOrder.lng',
      'serviceOrder.shopId',
      'serviceOrder.goodsId',
    ]);

/** Employees as a list of ids, or as a query answering their ids (the board: a shop's staff, in one round trip). */
export type EmployeeIds = number[] | SelectQueryBuilder<Database, 'employee', { id: number }>;
const noneOf = (ids: EmployeeIds) => Array.isArray(ids) && !ids.length;

/** A shop's live, not resigned staff, as a subquery. */
export const staffOf = (db: DB, merchantId: number, shopId: number) =>
  db
    .selectFrom('employee')
    .select('employee.id')
    .where('employee.merchantId', '=', merchantId)
    .where('employee.shopId', '=', shopId)
    .where('employee.deletedAt', 'is', null)
    .where('employee.workState', '!=', WORK_STATE.RESIGNED);

/**
 * The occupying jobs of some employees that may touch [from, to): started before `to` and at most the longest job
 * before `from` (the (employee_id, appointment_at) index answers it). Callers filter by the exact occupancy.
 */
export async function jobsOf(db: DB, employeeIds: EmployeeIds, from: number, to: number, bufferMinutes: number) {
  if (noneOf(employeeIds)) return [];
  const rows = await jobQuery(db)
    .where('serviceOrder.employeeId', 'in', employeeIds)
    .where('serviceOrder.status', 'in', OCCUPYING)
    .where('serviceOrder.appointmentAt', '>=', new Date(from - LOOKBACK_MS).toISOString())
    .where('serviceOrder.appointmentAt', '<', new Date(to).toISOString())
    .orderBy('serviceOrder.appointmentAt')
    .execute();
  return rows.map((r) => toJob(r as JobRow, bufferMinutes));
}

/**
 * The employee's jobs whose occupancy [from, bufferTo) overlaps the new job's [from, bufferTo) (both carry the buffer,
 * so two jobs are always at least the buffer apart), except `exceptOrderId` (the order being (re)assigned).
 */
export async function employeeConflicts(
  db: DB,
  employeeId: number,
  span: { from: number; bufferTo: number },
  exceptOrderId: number | null,
  bufferMinutes: number,
) {
  const jobs = await jobsOf(db, [employeeId], span.from, span.bufferTo, bufferMinutes);
  return jobs.filter((j) => j.id !== exceptOrderId && j.from < span.bufferTo && span.from < j.bufferTo);
}

export interface LeavePeriod {
  id: number;
  employeeId: number;
  from: string;
  to: string;
  reason: string | null;
  createdAt: string;
}

/** Leave periods of some employees overlapping [from, to). */
export async function leavesOf(db: DB, employeeIds: EmployeeIds, from: number, to: number): Promise<LeavePeriod[]> {
  if (noneOf(employeeIds)) return [];
  const rows = await db
    .selectFrom('employeeLeave')
    .select(['id', 'employeeId', 'startsAt', 'endsAt', 'reason', 'createdAt'])
    .where('employeeId', 'in', employeeIds)
    .where('endsAt', '>', new Date(from).toISOString())
    .where('startsAt', '<', new Date(to).toISOString())
    .orderBy('startsAt')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employeeId,
    from: r.startsAt,
    to: r.endsAt,
    reason: r.reason,
    createdAt: r.createdAt,
  }));
}

/**
 * Whether the employee works over the job [from, to): inside their hours (a date's exception, else their weekly hours,
 * else the shop's). Live-in jobs (a day or longer: 月嫂套餐) are not held to working hours. The buffer after the job
 * may fall outside them.
 */
export function isOnDuty(
  hours: WeeklyHours | null,
  shopHours: TimeRange | null,
  job: Interval,
  exceptions?: DayExceptions,
) {
  if (job.to - job.from >= LIVE_IN_MINUTES * 60_000) return true;
  return onDutyBetween(hours, shopHours, job.from, job.to, exceptions);
}

/** The leave covering part of [from, to), if any. */
export const onLeave = (leaves: LeavePeriod[], job: Interval) => leaveDuring(leaves, job.from, job.to);

/** The platform's service-category tree as child -> parent, for skill checks (a category covers its children). */
export async function categoryParents(db: DB) {
  const rows = await db.selectFrom('fuwu').select(['id', 'parentId']).execute();
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

/**
 * Whether an employee's service categories cover the goods' category (itself or an ancestor). An employee whose
 * categories were never set (older data) is not limited; once set, they bind.
 */
export function skillOk(employeeFuwuIds: number[], goodsFuwuId: number, parents: Map<number, number | null>) {
  if (!employeeFuwuIds.length) return true;
  const own = new Set(employeeFuwuIds);
  let cur: number | null | undefined = goodsFuwuId;
  for (let guard = 0; cur != null && guard < 10; guard++) {
    if (own.has(cur)) return true;
    cur = parents.get(cur);
  }
  return false;
}

export const parseJson = <T>(s: string | null | undefined, fallback: T): T => {
  if (!s) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};
