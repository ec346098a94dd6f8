import {
  type DayExceptions,
  MAX_EXCEPTION_DAYS,
  nextDay,
  type ShiftExceptionRow,
  type ShiftExceptionSave,
  shanghaiDay,
  spanText,
  type TimeRange,
  wallMs,
  type WeeklyHours,
} from '@jz/contracts/dispatch';
import type { DB } from '../../../db/client.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import { lockEmployee } from './employee-lock.ts';
import { ownEmployee, type LeaveScope } from './leave.ts';
import { type EmployeeIds, isOnDuty, jobsOf, parseJson, shopTime } from './schedule.ts';
import './scheduling.tables.ts';

/**
 * Dated exceptions to the weekly hours (排班, docs/dispatch.md §1): on a day with an exception the employee works its
 * ranges instead of her weekly ones (an extra shift, a shorter day, 休息). Every reader of her hours passes the map
 * `exceptionsOf` answers to `hoursOnDay` / `isOnDuty`, which apply it: the board, suggestions, assignment, the
 * booking capacity and the customer's slots, 改约 and the staff page's 我的排班.
 */

/** Exceptions of some employees on the Shanghai days touching [from, to): employee id -> (day -> ranges). */
export async function exceptionsOf(
  db: DB,
  employeeIds: EmployeeIds,
  from: number,
  to: number,
): Promise<Map<number, Map<string, TimeRange[]>>> {
  const out = new Map<number, Map<string, TimeRange[]>>();
  if (Array.isArray(employeeIds) && !employeeIds.length) return out;
  // A job running past midnight reads the next day's hours too: include the day `to` falls on.
  const rows = await db
    .selectFrom('employeeShiftException')
    .select(['employeeId', 'day', 'ranges'])
    .where('employeeId', 'in', employeeIds)
    .where('day', '>=', shanghaiDay(from))
    .where('day', '<=', shanghaiDay(to))
    .execute();
  for (const r of rows) {
    const m = out.get(r.employeeId) ?? new Map<string, TimeRange[]>();
    m.set(r.day, parseJson<TimeRange[]>(r.ranges, []));
    out.set(r.employeeId, m);
  }
  return out;
}

/** The rows of some employees' exceptions over days [fromDay, toDay] (the rota grid). */
export async function exceptionRows(db: DB, employeeIds: EmployeeIds, fromDay: string, toDay: string) {
  if (Array.isArray(employeeIds) && !employeeIds.length) return [];
  const rows = await db
    .selectFrom('employeeShiftException')
    .select(['id', 'employeeId', 'day', 'ranges', 'reason', 'updatedAt'])
    .where('employeeId', 'in', employeeIds)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .execute();
  return rows.map((r): ShiftExceptionRow => ({ ...r, ranges: parseJson<TimeRange[]>(r.ranges, []) }));
}

/**
 * The assigned jobs of an employee on `day` that would be outside her hours with `exceptions` (the day's new ranges,
 * or none): a change of hours may not strand a job; the dispatcher moves it first (as for leave).
 */
async function strandedJobs(db: DB, employeeId: number, shopId: number, day: string, exceptions: DayExceptions) {
  const e = await db.selectFrom('employee').select('workHours').where('id', '=', employeeId).executeTakeFirst();
  const st = await shopTime(db, shopId);
  const dayFrom = wallMs(day, '00:00');
  const dayTo = wallMs(nextDay(day), '00:00');
  const weekly = parseJson<WeeklyHours | null>(e?.workHours, null);
  const jobs = await jobsOf(db, [employeeId], dayFrom, dayTo, st.bufferMinutes);
  return jobs.filter((j) => j.from < dayTo && dayFrom < j.to && !isOnDuty(weekly, st.shopHours, j, exceptions));
}

async function refuseStranded(
  db: DB,
  e: { id: number; name: string; shopId: number },
  day: string,
  exceptions: DayExceptions,
) {
  const jobs = await strandedJobs(db, e.id, e.shopId, day, exceptions);
  if (jobs.length)
    throw business(
      `${e.name} ${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日还有 ${jobs.length} 个已指派的订单不在新的工作时段内，请先改派：${jobs
        .slice(0, 5)
        .map((j) => `${j.orderNo}（${j.goodsName}，${spanText(j.from, j.to)}）`)
        .join('、')}${jobs.length > 5 ? ' 等' : ''}`,
    );
}

/** Neighbouring days' exceptions too: a night job crossing midnight reads both days. */
async function aroundDay(db: DB, employeeId: number, day: string) {
  const m = await exceptionsOf(db, [employeeId], wallMs(day, '00:00') - 86_400_000, wallMs(nextDay(day), '12:00'));
  return new Map(m.get(employeeId) ?? []);
}

/** Sets (or replaces) the employee's hours on a day; refused (2004) when an assigned job would fall outside them. */
export async function saveException(db: DB, t: LeaveScope, v: ShiftExceptionSave, userId: number | null) {
  const reach = Math.abs(wallMs(v.day, '00:00') - Date.now()) / 86_400_000;
  if (reach > MAX_EXCEPTION_DAYS) throw invalid(`只能调整前后 ${MAX_EXCEPTION_DAYS} 天内的排班`);
  return db.transaction().execute(async (trx) => {
    const e = await ownEmployee(trx, t, v.employeeId);
    await lockEmployee(trx, e.id); // under the assignment's lock: a job and a change of hours cannot cross
    const around = await aroundDay(trx, e.id, v.day);
    around.set(v.day, v.ranges);
    await refuseStranded(trx, e, v.day, around);
    const now = nowIso();
    const ranges = JSON.stringify(v.ranges);
    const cur = await trx
      .selectFrom('employeeShiftException')
      .select('id')
      .where('employeeId', '=', e.id)
      .where('day', '=', v.day)
      .executeTakeFirst();
    const reason = v.reason ?? null;
    const { id } = cur
      ? await trx
          .updateTable('employeeShiftException')
          .set({ ranges, reason, createdBy: userId, updatedAt: now })
          .where('id', '=', cur.id)
          .returning('id')
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('employeeShiftException')
          .values({
            merchantId: t.merchantId,
            employeeId: e.id,
            day: v.day,
            ranges,
            reason,
            createdBy: userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
    return { id, employeeId: e.id, day: v.day, ranges: v.ranges, reason, updatedAt: now } satisfies ShiftExceptionRow;
  });
}

/** 恢复为每周排班: deletes the day's exception; refused (2004) when an assigned job would fall outside the weekly hours. */
export async function removeException(db: DB, t: LeaveScope, id: number) {
  await db.transaction().execute(async (trx) => {
    const x = await trx
      .selectFrom('employeeShiftException')
      .select(['id', 'employeeId', 'day'])
      .where('id', '=', id)
      .where('merchantId', '=', t.merchantId)
      .executeTakeFirst();
    if (!x) throw notFound('排班调整不存在');
    const e = await ownEmployee(trx, t, x.employeeId).catch(() => {
      throw notFound('排班调整不存在');
    });
    await lockEmployee(trx, e.id);
    const around = await aroundDay(trx, e.id, x.day);
    around.delete(x.day);
    await refuseStranded(trx, e, x.day, around);
    await trx.deleteFrom('employeeShiftException').where('id', '=', x.id).execute();
  });
}
