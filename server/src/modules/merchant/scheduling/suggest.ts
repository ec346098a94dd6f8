import {
  haversineKm,
  hoursOnDay,
  nextDay,
  occupancy,
  shanghaiDay,
  spanText,
  type SuggestResult,
  wallHm,
  wallMs,
  type WeeklyHours,
} from '@jz/contracts/dispatch';
import { WORK_STATE } from '@jz/contracts/employee';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { shopAllowed, type Tenant } from '../../../lib/tenant.ts';
import {
  categoryParents,
  isOnDuty,
  jobsOf,
  leavesOf,
  minutesOf,
  onLeave,
  parseJson,
  shopTime,
  skillOk,
} from './schedule.ts';
import { exceptionsOf } from './shift-exception.ts';

type Scope = Pick<Tenant, 'merchantId'> & Partial<Pick<Tenant, 'allowedShopIds'>>;

/**
 * Ranking weights (docs/dispatch.md "Suggestions"): a score of 100 less 3 per kilometre to the order (at most 60), 8
 * per job already that day and 1 per half hour of them; an employee whose service categories name the service gains 5
 * over one whose categories were never set. Unknown distance costs as much as 10 km.
 */
export const WEIGHTS = { perKm: 3, maxDistance: 60, unknownKm: 10, perJob: 8, perHalfHour: 1, namedSkill: 5 };

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function suggest(db: DB, t: Scope, orderId: number): Promise<SuggestResult> {
  const o = await db
    .selectFrom('serviceOrder')
    .leftJoin('goods', 'goods.id', 'serviceOrder.goodsId')
    .leftJoin('fuwu', 'fuwu.id', 'goods.fuwuId')
    .select([
      'serviceOrder.id',
      'serviceOrder.shopId',
      'serviceOrder.status',
      'serviceOrder.employeeId',
      'serviceOrder.appointmentAt',
      'serviceOrder.durationMinutes',
      'serviceOrder.lat',
      'serviceOrder.lng',
      'goods.durationMinutes as goodsMinutes',
      'goods.fuwuId',
      'fuwu.name as fuwuName',
    ])
    .where('serviceOrder.id', '=', orderId)
    .where('serviceOrder.merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!o || !shopAllowed({ allowedShopIds: t.allowedShopIds ?? null }, o.shopId)) throw notFound('订单不存在');
  if (o.status !== ORDER_STATUS.WAITING && o.status !== ORDER_STATUS.TO_SERVE)
    throw business('只有待接单、待服务的订单可以派单');

  const st = await shopTime(db, o.shopId);
  const job = occupancy(o.appointmentAt, minutesOf(o).minutes, st.bufferMinutes);
  const day = shanghaiDay(job.from);
  const dayFrom = wallMs(day, '00:00');
  const dayTo = wallMs(nextDay(day), '00:00');

  const emps = await db
    .selectFrom('employee')
    .select(['id', 'name', 'workState', 'fuwuIds', 'workHours', 'baseLat', 'baseLng'])
    .where('merchantId', '=', t.merchantId)
    .where('shopId', '=', o.shopId)
    .where('deletedAt', 'is', null)
    .where('id', '!=', o.employeeId ?? -1)
    .orderBy('id')
    .execute();
  const ids = emps.map((e) => e.id);
  const [jobs, leaves, parents, exceptions] = await Promise.all([
    jobsOf(db, ids, Math.min(dayFrom, job.from), Math.max(dayTo, job.bufferTo), st.bufferMinutes),
    leavesOf(db, ids, job.from, job.to),
    categoryParents(db),
    exceptionsOf(db, ids, job.from, job.to),
  ]);
  const here = o.lat != null && o.lng != null ? { lat: o.lat, lng: o.lng } : null;

  const out: SuggestResult = {
    orderId: o.id,
    from: new Date(job.from).toISOString(),
    to: new Date(job.to).toISOString(),
    bufferTo: new Date(job.bufferTo).toISOString(),
    suggestions: [],
    excluded: [],
  };
  for (const e of emps) {
    const exclude = (code: SuggestResult['excluded'][number]['code'], reason: string) =>
      out.excluded.push({ employeeId: e.id, name: e.name, code, reason });
    if (e.workState === WORK_STATE.RESIGNED) {
      exclude('resigned', '已离职');
      continue;
    }
    const fuwuIds = parseJson<number[]>(e.fuwuIds, []);
    if (o.fuwuId != null && !skillOk(fuwuIds, o.fuwuId, parents)) {
      exclude('skill', `服务类目不含「${o.fuwuName ?? '该服务'}」`);
      continue;
    }
    const leave = onLeave(
      leaves.filter((l) => l.employeeId === e.id),
      job,
    );
    if (leave || e.workState === WORK_STATE.LEAVE) {
      exclude('leave', leave ? `${spanText(Date.parse(leave.from), Date.parse(leave.to))} 休假` : '休假中');
      continue;
    }
    const hours = parseJson<WeeklyHours | null>(e.workHours, null);
    if (!isOnDuty(hours, st.shopHours, job, exceptions.get(e.id))) {
      const h = hoursOnDay(hours, st.shopHours, day, exceptions.get(e.id));
      exclude('off_duty', `不在工作时间（当天 ${h.length ? h.map((r) => `${r.from}–${r.to}`).join('、') : '休息'}）`);
      continue;
    }
    const mine = jobs.filter((j) => j.employeeId === e.id && j.id !== o.id);
    const clash = mine.find((j) => j.from < job.bufferTo && job.from < j.bufferTo);
    if (clash) {
      exclude('conflict', `${spanText(clash.from, clash.to)} 已有订单 ${clash.orderNo}（${clash.goodsName}）`);
      continue;
    }

    const reasons = [`本单 ${spanText(job.from, job.to)} 有空`];
    const named = fuwuIds.length > 0;
    reasons.push(named ? `会做「${o.fuwuName ?? '该服务'}」` : '未设置服务类目（不限）');
    const sameDay = mine.filter((j) => j.from < dayTo && j.to > dayFrom);
    const prev = sameDay.filter((j) => j.to <= job.from && j.lat != null && j.lng != null).at(-1);
    let distanceKm: number | null = null;
    let distanceFrom: 'previous' | 'base' | null = null;
    if (here && prev) {
      distanceKm = round1(haversineKm({ lat: prev.lat!, lng: prev.lng! }, here));
      distanceFrom = 'previous';
      reasons.push(`距上一单（${wallHm(prev.to)} 结束）${distanceKm} 公里`);
    } else if (here && e.baseLat != null && e.baseLng != null) {
      distanceKm = round1(haversineKm({ lat: e.baseLat, lng: e.baseLng }, here));
      distanceFrom = 'base';
      reasons.push(`距常驻地 ${distanceKm} 公里`);
    } else reasons.push(here ? '未设置常驻地，距离不计' : '订单无定位，距离不计');
    const dayMinutes = sameDay.reduce((a, j) => a + j.minutes, 0);
    reasons.push(sameDay.length ? `当天已有 ${sameDay.length} 单，共 ${dayMinutes} 分钟` : '当天暂无其他订单');

    const km = distanceKm ?? WEIGHTS.unknownKm;
    const score =
      100 -
      Math.min(WEIGHTS.maxDistance, km * WEIGHTS.perKm) -
      sameDay.length * WEIGHTS.perJob -
      Math.floor(dayMinutes / 30) * WEIGHTS.perHalfHour +
      (named ? WEIGHTS.namedSkill : 0);
    out.suggestions.push({
      employeeId: e.id,
      name: e.name,
      score: round1(score),
      distanceKm,
      distanceFrom,
      dayJobs: sameDay.length,
      dayMinutes,
      reasons,
    });
  }
  out.suggestions.sort((a, b) => b.score - a.score || a.employeeId - b.employeeId);
  return out;
}
