import { hoursOnDay, type TimeRange, type WeeklyHours } from '@jz/contracts/dispatch';
import type { DB } from '../../../db/client.ts';
import { parseJson, shopTime } from './schedule.ts';
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
  const st = await shopTime(db, e.shopId);
  const weekly = parseJson<WeeklyHours | null>(e.workHours, null);
  return new Map(days.map((d) => [d, hoursOnDay(weekly, st.shopHours, d)]));
}
