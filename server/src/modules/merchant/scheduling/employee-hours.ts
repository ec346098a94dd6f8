import { hoursOnDay, nextDay, type TimeRange, wallMs, type WeeklyHours } from '@jz/contracts/dispatch';
import type { DB } from '../../../db/client.ts';
import { parseJson, shopTime } from './schedule.ts';
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
