import {
  type BoardBlock,
  type BoardResult,
  hoursOnDay,
  nextDay,
  shanghaiDay,
  wallMs,
  type WeeklyHours,
} from '@jz/contracts/dispatch';
import { WORK_STATE } from '@jz/contracts/employee';
import { quantityLabel } from '@jz/contracts/goods-pricing';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { DB } from '../../../db/client.ts';
import { business } from '../../../lib/errors.ts';
import { ownShopId } from '../../../lib/owned.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { currentProgress, jobStepOf, type Progress, progressOf } from '../scheduling/job-progress.ts';
import { exceptionsOf } from '../scheduling/shift-exception.ts';
import { derivedState, nowSets } from '../scheduling/state.ts';
import { type Job, jobQuery, jobsOf, leavesOf, parseJson, shopTime, staffOf, toJob } from '../scheduling/schedule.ts';

/** Orders shown on the board: paid and not cancelled (待接单 … 已评价). */
const SHOWN = [
  ORDER_STATUS.WAITING,
  ORDER_STATUS.TO_SERVE,
  ORDER_STATUS.SERVING,
  ORDER_STATUS.DONE,
  ORDER_STATUS.REVIEWED,
];

type Scope = Pick<Tenant, 'merchantId' | 'shopId'> & Partial<Pick<Tenant, 'allowedShopIds'>>;

const iso = (ms: number) => new Date(ms).toISOString();
const shortAddress = (a: string) => (a.length > 30 ? `${a.slice(0, 29)}…` : a);

/**
 * A job as the board draws it; with the staff progress of an assigned job: where the employee is (已出发 / 已到达 /
 * 服务中 / 已完成), the clock-in's flag and distance, and whether the 迟到提醒 was raised and she has not arrived yet.
 */
export function toBlock(j: Job, progress?: Progress): BoardBlock {
  const p = currentProgress(j, progress);
  const staff =
    j.employeeId != null && j.status !== ORDER_STATUS.WAITING
      ? {
          step: jobStepOf(j, p),
          arrivalFlag: (p?.arrivalFlag as BoardBlock['arrivalFlag']) ?? null,
          arrivalDistanceM: p?.arrivalDistanceM ?? null,
          late: Boolean(p?.lateAt && !p.arrivedAt && j.status === ORDER_STATUS.TO_SERVE),
        }
      : {};
  return {
    ...staff,
    orderId: j.id,
    orderNo: j.orderNo,
    status: j.status,
    goodsName: j.goodsName,
    specName: j.specName,
    unit: j.unit,
    quantityLabel: quantityLabel(j),
    from: iso(j.from),
    to: iso(j.to),
    bufferTo: iso(j.bufferTo),
    minutes: j.minutes,
    durationKnown: j.durationKnown,
    address: shortAddress(j.address),
    customerName: j.customerName,
    lat: j.lat,
    lng: j.lng,
  };
}

/**
 * The shop's paid orders nobody serves yet (待接单, or 待服务 without an employee) before and after the days shown: an
 * empty day's 待派单 says how many wait elsewhere and the nearest day (a shop has tens of them, read as times only).
 */
async function waitingOutside(db: DB, merchantId: number, shopId: number, from: number, to: number) {
  const rows = await db
    .selectFrom('serviceOrder')
    .select('appointmentAt')
    .where('merchantId', '=', merchantId)
    .where('shopId', '=', shopId)
    .where((eb) =>
      eb.and([
        eb.or([
          eb('status', '=', ORDER_STATUS.WAITING),
          eb.and([eb('status', '=', ORDER_STATUS.TO_SERVE), eb('employeeId', 'is', null)]),
        ]),
        eb.or([eb('appointmentAt', '<', iso(from)), eb('appointmentAt', '>=', iso(to))]),
      ]),
    )
    .orderBy('appointmentAt')
    .execute();
  const before = rows.filter((r) => r.appointmentAt < iso(from));
  const after = rows.filter((r) => r.appointmentAt >= iso(to));
  return {
    before: before.length,
    lastBefore: before.length ? shanghaiDay(Date.parse(before[before.length - 1].appointmentAt)) : null,
    after: after.length,
    firstAfter: after.length ? shanghaiDay(Date.parse(after[0].appointmentAt)) : null,
  };
}

/**
 * The board of a shop's days (docs/dispatch.md): every live, not resigned employee with the day's working hours, leave
 * and jobs, and the paid orders nobody serves yet. Five queries whatever the size (employees, the days' orders, long
 * jobs begun before the first day, leaves, the current states); everything else is computed here.
 */
export async function board(db: DB, t: Scope, q: { date: string; shopId?: number; days: number }) {
  const shopId = q.shopId ?? t.shopId;
  if (!shopId) throw business('请先创建店铺');
  const days = Array.from({ length: q.days }, (_, i) => nextDay(q.date, i));
  const from = wallMs(q.date, '00:00');
  const to = wallMs(nextDay(q.date, q.days), '00:00');
  // Two rounds of queries run side by side (on PostgreSQL over the pool): the shop check and its rules, then the rest.
  const [, st] = await Promise.all([
    ownShopId(db, t, shopId), // another merchant's shop, or outside a sub-account's limit: 2002
    shopTime(db, shopId),
  ]);
  const staff = staffOf(db, t.merchantId, shopId);
  const [emps, rows, earlier, leaves, states, exceptions, elsewhere] = await Promise.all([
    db
      .selectFrom('employee')
      .select(['id', 'name', 'phone', 'shopId', 'workState', 'skills', 'fuwuIds', 'workHours'])
      .where('merchantId', '=', t.merchantId)
      .where('shopId', '=', shopId)
      .where('deletedAt', 'is', null)
      .where('workState', '!=', WORK_STATE.RESIGNED)
      .orderBy('id')
      .execute(),
    jobQuery(db)
      .where('serviceOrder.merchantId', '=', t.merchantId)
      .where('serviceOrder.shopId', '=', shopId)
      .where('serviceOrder.appointmentAt', '>=', iso(from))
      .where('serviceOrder.appointmentAt', '<', iso(to))
      .where('serviceOrder.status', 'in', SHOWN)
      .orderBy('serviceOrder.appointmentAt')
      .execute(),
    // Long jobs (月嫂 packages) begun before the first day and still running into it.
    jobsOf(db, staff, from, from, st.bufferMinutes).then((js) => js.filter((j) => j.bufferTo > from)),
    leavesOf(db, staff, from, to),
    nowSets(db, t.merchantId, staff),
    exceptionsOf(db, staff, from, to - 1),
    waitingOutside(db, t.merchantId, shopId, from, to),
  ]);
  const ids = emps.map((e) => e.id);
  const jobs = [...earlier, ...rows.map((r) => toJob(r, st.bufferMinutes))];
  const progress = await progressOf(
    db,
    jobs.filter((j) => j.employeeId != null).map((j) => j.id),
  );

  const blocksOf = new Map<number, BoardBlock[]>(ids.map((id) => [id, []]));
  const unassigned: BoardResult['unassigned'] = [];
  for (const j of jobs) {
    const list = j.employeeId != null ? blocksOf.get(j.employeeId) : undefined;
    if (list) list.push(toBlock(j, progress.get(j.id)));
    // 待接单, or 待服务 whose employee is no longer on the board (deleted, moved, resigned): someone must take it.
    else if (j.status === ORDER_STATUS.WAITING || j.status === ORDER_STATUS.TO_SERVE)
      unassigned.push({ ...toBlock(j), shopId: j.shopId, goodsId: j.goodsId });
  }
  const leavesBy = new Map<number, typeof leaves>();
  for (const l of leaves) leavesBy.set(l.employeeId, [...(leavesBy.get(l.employeeId) ?? []), l]);

  return {
    days,
    shopId,
    travelBufferMinutes: st.bufferMinutes,
    employees: emps.map((e) => {
      const hours = parseJson<WeeklyHours | null>(e.workHours, null);
      return {
        id: e.id,
        name: e.name,
        phone: e.phone,
        shopId: e.shopId,
        workState: derivedState(e.id, e.workState, states),
        skills: parseJson<string[]>(e.skills, []),
        fuwuIds: parseJson<number[]>(e.fuwuIds, []),
        hours: days.map((day) => ({
          day,
          ranges: hoursOnDay(hours, st.shopHours, day, exceptions.get(e.id)).map((r) => ({
            from: iso(wallMs(day, r.from)),
            to: iso(wallMs(day, r.to)),
          })),
        })),
        leaves: leavesBy.get(e.id) ?? [],
        blocks: blocksOf.get(e.id) ?? [],
      };
    }),
    unassigned,
    waitingElsewhere: elsewhere,
  } satisfies BoardResult;
}
