import {
  hoursOnDay,
  nextDay,
  parseBusinessHours,
  type RotaResult,
  wallMs,
  type WeeklyHours,
} from '@jz/contracts/dispatch';
import { WORK_STATE } from '@jz/contracts/employee';
import type { DB } from '../../../db/client.ts';
import { business } from '../../../lib/errors.ts';
import { ownShopId } from '../../../lib/owned.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { leavesOf, parseJson, staffOf } from '../scheduling/schedule.ts';
import { exceptionRows } from '../scheduling/shift-exception.ts';
import { derivedState, nowSets } from '../scheduling/state.ts';
import '../shop/shop.tables.ts';

type Scope = Pick<Tenant, 'merchantId' | 'shopId'> & Partial<Pick<Tenant, 'allowedShopIds'>>;

/** Days the rota shows per call: a week. */
const ROTA_DAYS = 7;

/**
 * 排班 (docs/dispatch.md §1): a shop's live, not resigned staff over a week from `date`, each day's stretches as
 * `hoursOnDay` reads them (the date's exception, else the weekly hours, else the shop's business hours), the exception
 * itself (editable in place) and the leave touching the day. Five queries whatever the size.
 */
export async function rota(db: DB, t: Scope, q: { date: string; shopId?: number }): Promise<RotaResult> {
  const shopId = q.shopId ?? t.shopId;
  if (!shopId) throw business('请先创建店铺');
  await ownShopId(db, t, shopId); // another merchant's shop, or outside a sub-account's limit: 2002
  const days = Array.from({ length: ROTA_DAYS }, (_, i) => nextDay(q.date, i));
  const from = wallMs(q.date, '00:00');
  const to = wallMs(nextDay(q.date, ROTA_DAYS), '00:00');
  const staff = staffOf(db, t.merchantId, shopId);
  const [shop, emps, rows, leaves, states] = await Promise.all([
    db.selectFrom('shop').select('businessHours').where('id', '=', shopId).executeTakeFirst(),
    db
      .selectFrom('employee')
      .select(['id', 'name', 'workState', 'workHours'])
      .where('merchantId', '=', t.merchantId)
      .where('shopId', '=', shopId)
      .where('deletedAt', 'is', null)
      .where('workState', '!=', WORK_STATE.RESIGNED)
      .orderBy('id')
      .execute(),
    exceptionRows(db, staff, days[0], days.at(-1)!),
    leavesOf(db, staff, from, to),
    nowSets(db, t.merchantId, staff),
  ]);
  const shopHours = parseBusinessHours(shop?.businessHours);
  return {
    days,
    shopId,
    businessHours: shop?.businessHours ?? null,
    employees: emps.map((e) => {
      const weekly = parseJson<WeeklyHours | null>(e.workHours, null);
      const mine = rows.filter((r) => r.employeeId === e.id);
      const byDay = new Map(mine.map((r) => [r.day, r]));
      const exceptions = new Map(mine.map((r) => [r.day, r.ranges]));
      return {
        id: e.id,
        name: e.name,
        workState: derivedState(e.id, e.workState, states),
        workHours: weekly,
        days: days.map((day) => {
          const start = wallMs(day, '00:00');
          const end = wallMs(nextDay(day), '00:00');
          return {
            day,
            ranges: hoursOnDay(weekly, shopHours, day, exceptions),
            exception: byDay.get(day) ?? null,
            leaves: leaves.filter((l) => l.employeeId === e.id && Date.parse(l.from) < end && start < Date.parse(l.to)),
          };
        }),
      };
    }),
  };
}
