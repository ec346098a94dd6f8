import { hoursOnDay, nextDay, spanText, type TimeRange, wallMs, type WeeklyHours } from '@jz/contracts/dispatch';
import type { HoursConflictOrder } from '@jz/contracts/employee';
import { maskPhone } from '@jz/contracts/mask';
import type { DB } from '../../../db/client.ts';
import { isOnDuty, jobsOf, parseJson, shopTime } from './schedule.ts';
import { exceptionsOf } from './shift-exception.ts';
import '../employee/employee.tables.ts';

/**
 * One employee's working ranges on each of some Shanghai days ('08:00'–'12:00'; empty: a rest day): her weekly hours,
 * or the shop's business hours when she set none. Every reader of "her hours that day" outside the board goes through
 * here, so dated exceptions to the weekly hours apply wherever this is read.
 */
export async function employeeHoursOn(db: DB, employeeId: number, days: string[]): Promise<Map<string, TimeRange[]>> {
  const e = await db
    .selectFrom('employee')
    .select(['shopId', 'workHours'])
    .where('id', '=', employeeId)
    .executeTakeFirst();
  if (!e) return new Map(days.map((d) => [d, []]));
  const sorted = [...days].sort();
  const [st, exceptions] = await Promise.all([
    shopTime(db, e.shopId),
    sorted.length
      ? exceptionsOf(db, [employeeId], wallMs(sorted[0], '00:00'), wallMs(nextDay(sorted.at(-1)!), '00:00') - 1)
      : new Map(),
  ]);
  const weekly = parseJson<WeeklyHours | null>(e.workHours, null);
  const own = exceptions.get(employeeId);
  return new Map(days.map((d) => [d, hoursOnDay(weekly, st.shopHours, d, own)]));
}

/** Far enough ahead for any booked order (the schedule's jobs are read from now on). */
const FOREVER = Date.parse('9999-12-31T00:00:00Z');

/**
 * A change of weekly hours (员工 edit, docs/dispatch.md §1.2): her assigned, unfinished jobs (待服务 / 服务中, not over
 * yet) that were inside her hours and would be outside `next` (null: the shop's business hours). A job already outside
 * the old hours is not this change's doing and is not named. Dated exceptions keep applying on their days, and live-in
 * jobs are not held to hours, exactly as assignment reads them (`isOnDuty`).
 */
export async function jobsLeftOutside(
  db: DB,
  e: { id: number; shopId: number; workHours: string | null },
  next: WeeklyHours | null,
  now = Date.now(),
): Promise<HoursConflictOrder[]> {
  const before = parseJson<WeeklyHours | null>(e.workHours, null);
  if (JSON.stringify(before) === JSON.stringify(next)) return [];
  const st = await shopTime(db, e.shopId);
  const jobs = (await jobsOf(db, [e.id], now, FOREVER, st.bufferMinutes)).filter((j) => j.to > now);
  if (!jobs.length) return [];
  const span = await exceptionsOf(db, [e.id], Math.min(...jobs.map((j) => j.from)), Math.max(...jobs.map((j) => j.to)));
  const own = span.get(e.id);
  const left = jobs.filter((j) => isOnDuty(before, st.shopHours, j, own) && !isOnDuty(next, st.shopHours, j, own));
  if (!left.length) return [];
  const phones = new Map(
    (
      await db
        .selectFrom('serviceOrder')
        .select(['id', 'customerPhone'])
        .where(
          'id',
          'in',
          left.map((j) => j.id),
        )
        .execute()
    ).map((r) => [r.id, r.customerPhone]),
  );
  return left.map((j) => ({
    orderId: j.id,
    orderNo: j.orderNo,
    status: j.status,
    goodsName: j.goodsName,
    from: new Date(j.from).toISOString(),
    to: new Date(j.to).toISOString(),
    time: spanText(j.from, j.to),
    customerName: j.customerName,
    customerPhoneMasked: maskPhone(phones.get(j.id)),
  }));
}

/** The refusal of a change that `jobsLeftOutside` found orders for, naming the first five. */
export function hoursRefusal(name: string, orders: HoursConflictOrder[]) {
  return `新的工作时间外还有 ${name} 的 ${orders.length} 个已指派订单：${orders
    .slice(0, 5)
    .map((o) => `${o.orderNo}（${o.goodsName}，${o.time}）`)
    .join('、')}${orders.length > 5 ? ' 等' : ''}。请先改派，或确认后再保存`;
}
