import { WORK_STATE } from '@jz/contracts/employee';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { DB } from '../../../db/client.ts';
import { type EmployeeIds, jobQuery, minutesOf } from './schedule.ts';

/**
 * 空闲 / 服务中 / 休假 derived from the schedule (docs/dispatch.md): the employee answers keep their `workState` field
 * and meaning, but 服务中 now means "an order is being served now" (服务中, or 待服务 whose time covers now) and 休假
 * "a leave covers now". 离职 stays the stored state. Precedence: 离职, 服务中 (what happens wins), 休假, 空闲.
 */
export interface NowSets {
  busy: Set<number>;
  leave: Set<number>;
}

const LOOKBACK_MS = 31 * 86_400_000;

/** The employees of a merchant (or only `ids`) serving now and on leave now. */
export async function nowSets(db: DB, merchantId: number, ids?: EmployeeIds, now = Date.now()): Promise<NowSets> {
  if (Array.isArray(ids) && !ids.length) return { busy: new Set(), leave: new Set() };
  const nowIso = new Date(now).toISOString();
  let q = jobQuery(db)
    .where('serviceOrder.merchantId', '=', merchantId)
    .where('serviceOrder.employeeId', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('serviceOrder.status', '=', ORDER_STATUS.SERVING),
        eb.and([
          eb('serviceOrder.status', '=', ORDER_STATUS.TO_SERVE),
          eb('serviceOrder.appointmentAt', '<=', nowIso),
          eb('serviceOrder.appointmentAt', '>=', new Date(now - LOOKBACK_MS).toISOString()),
        ]),
      ]),
    );
  if (ids) q = q.where('serviceOrder.employeeId', 'in', ids);
  const busy = new Set<number>();
  for (const r of await q.execute()) {
    if (r.status === ORDER_STATUS.SERVING) busy.add(r.employeeId!);
    else if (Date.parse(r.appointmentAt) + minutesOf(r).minutes * 60_000 > now) busy.add(r.employeeId!);
  }
  let lq = db
    .selectFrom('employeeLeave')
    .select('employeeId')
    .where('merchantId', '=', merchantId)
    .where('startsAt', '<=', nowIso)
    .where('endsAt', '>', nowIso);
  if (ids) lq = lq.where('employeeId', 'in', ids);
  const leave = new Set((await lq.execute()).map((r) => r.employeeId));
  return { busy, leave };
}

/** The displayed state of one employee from its stored state and the sets. */
export function derivedState(id: number, stored: number, s: NowSets) {
  if (stored === WORK_STATE.RESIGNED) return WORK_STATE.RESIGNED;
  if (s.busy.has(id)) return WORK_STATE.BUSY;
  if (s.leave.has(id) || stored === WORK_STATE.LEAVE) return WORK_STATE.LEAVE;
  return WORK_STATE.FREE;
}
