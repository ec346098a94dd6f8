import {
  type DayExceptions,
  haversineKm,
  hoursOnDay,
  nextDay,
  occupancy,
  shanghaiDay,
  spanText,
  type SuggestResult,
  type TimeRange,
  wallHm,
  wallMs,
  type WeeklyHours,
} from '@jz/contracts/dispatch';
import { WORK_STATE } from '@jz/contracts/employee';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { shopAllowed, type Tenant } from '../../../lib/tenant.ts';
import { BLOCKED_REASON, type ClientPrefs, clientPrefsOf, PREFERRED_REASON } from './client-prefs.ts';
import { maxMatching } from './matching.ts';
import {
  categoryParents,
  type Job,
  jobQuery,
  jobsOf,
  type LeavePeriod,
  leavesOf,
  minutesOf,
  onLeave,
  parseJson,
  shopTime,
  skillOk,
  toJob,
  isOnDuty,
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

/** The longest job plus a day: how far back a waiting order over this time can have started (schedule.ts). */
const LOOKBACK_MS = 31 * 86_400_000;

type Excluded = SuggestResult['excluded'][number];
type Emp = {
  id: number;
  name: string;
  workState: number;
  fuwuIds: string | null;
  workHours: string | null;
  baseLat: number | null;
  baseLng: number | null;
};
/** A job to be served: its time with the buffer, its service category and its client (whose 不派 list binds). */
type Want = {
  id: number;
  from: number;
  to: number;
  bufferTo: number;
  fuwuId: number | null;
  fuwuName: string | null;
  clientId: number | null;
};

/** What the rules read, loaded once for the order and the waiting orders over it. */
interface Ctx {
  day: (ms: number) => string;
  shopHours: TimeRange | null;
  parents: Map<number, number | null>;
  jobs: Job[];
  leaves: LeavePeriod[];
  exceptions: Map<number, DayExceptions>;
  /** The preferences of the clients of the order and of the waiting orders (client-prefs.ts). */
  prefs: Map<number, ClientPrefs>;
  /** The order being (re)assigned: its own job never conflicts (its employee is freed by the choice). */
  orderId: number;
}

/**
 * Why an employee cannot serve a job (assignment's rules, order/order-assign.ts assertAssignable and the client's 不派
 * list, on loaded data), or null. States are the schedule's at the job's time: leave, hours and jobs then, not a stored flag (stored 休假 and 离职
 * are the legacy and the resigned rows assignment refuses as well).
 */
function exclusion(e: Emp, w: Want, c: Ctx): Omit<Excluded, 'employeeId' | 'name'> | null {
  if (e.workState === WORK_STATE.RESIGNED) return { code: 'resigned', reason: '已离职' };
  if (w.clientId != null && c.prefs.get(w.clientId)?.blocked.has(e.id))
    return { code: 'blocked', reason: BLOCKED_REASON };
  if (w.fuwuId != null && !skillOk(parseJson<number[]>(e.fuwuIds, []), w.fuwuId, c.parents))
    return { code: 'skill', reason: `服务类目不含「${w.fuwuName ?? '该服务'}」` };
  const leave = onLeave(
    c.leaves.filter((l) => l.employeeId === e.id),
    w,
  );
  if (leave || e.workState === WORK_STATE.LEAVE)
    return {
      code: 'leave',
      reason: leave ? `${spanText(Date.parse(leave.from), Date.parse(leave.to))} 休假` : '休假中',
    };
  const hours = parseJson<WeeklyHours | null>(e.workHours, null);
  if (!isOnDuty(hours, c.shopHours, w, c.exceptions.get(e.id))) {
    const h = hoursOnDay(hours, c.shopHours, c.day(w.from), c.exceptions.get(e.id));
    return {
      code: 'off_duty',
      reason: `不在工作时间（当天 ${h.length ? h.map((r) => `${r.from}–${r.to}`).join('、') : '休息'}）`,
    };
  }
  const clash = c.jobs.find(
    (j) => j.employeeId === e.id && j.id !== c.orderId && j.id !== w.id && j.from < w.bufferTo && w.from < j.bufferTo,
  );
  if (clash)
    return {
      code: 'conflict',
      reason: `${spanText(clash.from, clash.to)} 已有订单 ${clash.orderNo}（${clash.goodsName}）`,
    };
  return null;
}

/** The shop's other paid orders nobody serves yet (待接单, or 待服务 without an employee) whose time overlaps the job's. */
async function waitingOver(db: DB, merchantId: number, shopId: number, orderId: number, job: Want, buffer: number) {
  const rows = await jobQuery(db)
    .leftJoin('fuwu', 'fuwu.id', 'goods.fuwuId')
    .select(['goods.fuwuId', 'fuwu.name as fuwuName', 'serviceOrder.clientId'])
    .where('serviceOrder.merchantId', '=', merchantId)
    .where('serviceOrder.shopId', '=', shopId)
    .where('serviceOrder.id', '!=', orderId)
    .where((eb) =>
      eb.or([
        eb('serviceOrder.status', '=', ORDER_STATUS.WAITING),
        eb.and([eb('serviceOrder.status', '=', ORDER_STATUS.TO_SERVE), eb('serviceOrder.employeeId', 'is', null)]),
      ]),
    )
    .where('serviceOrder.appointmentAt', '>=', new Date(job.from - LOOKBACK_MS).toISOString())
    .where('serviceOrder.appointmentAt', '<', new Date(job.bufferTo).toISOString())
    .orderBy('serviceOrder.appointmentAt')
    .orderBy('serviceOrder.id')
    .execute();
  return rows
    .map((r) => ({
      ...toJob(r, buffer),
      fuwuId: r.fuwuId ?? null,
      fuwuName: r.fuwuName ?? null,
      clientId: r.clientId ?? null,
    }))
    .filter((w) => w.from < job.bufferTo && job.from < w.bufferTo);
}

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
      'serviceOrder.clientId',
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
  const job: Want = {
    id: o.id,
    ...occupancy(o.appointmentAt, minutesOf(o).minutes, st.bufferMinutes),
    fuwuId: o.fuwuId ?? null,
    fuwuName: o.fuwuName ?? null,
    clientId: o.clientId ?? null,
  };
  const day = shanghaiDay(job.from);
  const dayFrom = wallMs(day, '00:00');
  const dayTo = wallMs(nextDay(day), '00:00');

  // Every employee of the shop (the current assignee too: a re-assignment frees them for the waiting orders).
  const [all, waiting] = await Promise.all([
    db
      .selectFrom('employee')
      .select(['id', 'name', 'workState', 'fuwuIds', 'workHours', 'baseLat', 'baseLng'])
      .where('merchantId', '=', t.merchantId)
      .where('shopId', '=', o.shopId)
      .where('deletedAt', 'is', null)
      .orderBy('id')
      .execute(),
    waitingOver(db, t.merchantId, o.shopId, o.id, job, st.bufferMinutes),
  ]);
  const ids = all.map((e) => e.id);
  const spanFrom = Math.min(dayFrom, job.from, ...waiting.map((w) => w.from));
  const spanTo = Math.max(dayTo, job.bufferTo, ...waiting.map((w) => w.bufferTo));
  const [jobs, leaves, parents, exceptions, prefs] = await Promise.all([
    jobsOf(db, ids, spanFrom, spanTo, st.bufferMinutes),
    leavesOf(db, ids, spanFrom, spanTo),
    categoryParents(db),
    exceptionsOf(db, ids, spanFrom, spanTo),
    clientPrefsOf(db, t.merchantId, [job.clientId, ...waiting.map((w) => w.clientId)]),
  ]);
  const ctx: Ctx = {
    day: shanghaiDay,
    shopHours: st.shopHours,
    parents,
    jobs,
    leaves,
    exceptions,
    prefs,
    orderId: o.id,
  };
  const preferred = (job.clientId != null && prefs.get(job.clientId)?.preferred) || new Set<number>();
  const here = o.lat != null && o.lng != null ? { lat: o.lat, lng: o.lng } : null;

  // Who could take each waiting order over this time; the order's current employee holds this job until the choice.
  const able = waiting.map((w) => all.filter((e) => !exclusion(e, w, ctx)).map((e) => e.id));
  const without = (who: number | null) => able.map((list) => list.filter((id) => id !== who));
  const servedNow = maxMatching(without(o.employeeId));

  const out: SuggestResult = {
    orderId: o.id,
    from: new Date(job.from).toISOString(),
    to: new Date(job.to).toISOString(),
    bufferTo: new Date(job.bufferTo).toISOString(),
    suggestions: [],
    excluded: [],
  };
  for (const e of all) {
    if (e.id === o.employeeId) continue;
    const no = exclusion(e, job, ctx);
    if (no) {
      out.excluded.push({ employeeId: e.id, name: e.name, ...no });
      continue;
    }
    // The waiting orders this choice would leave with nobody, and how many could no longer all be served.
    const after = without(e.id);
    const strands = waiting
      .filter((_, i) => able[i].includes(e.id) && after[i].length === 0)
      .map((w) => ({
        orderId: w.id,
        orderNo: w.orderNo,
        goodsName: w.goodsName,
        from: new Date(w.from).toISOString(),
        to: new Date(w.to).toISOString(),
      }));
    const strandCount = Math.max(strands.length, servedNow - maxMatching(after));

    const fuwuIds = parseJson<number[]>(e.fuwuIds, []);
    const isPreferred = preferred.has(e.id);
    const reasons = [...(isPreferred ? [PREFERRED_REASON] : []), `本单 ${spanText(job.from, job.to)} 有空`];
    const named = fuwuIds.length > 0;
    reasons.push(named ? `会做「${o.fuwuName ?? '该服务'}」` : '未设置服务类目（不限）');
    const mine = jobs.filter((j) => j.employeeId === e.id && j.id !== o.id);
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
    if (strandCount) reasons.push(`派给此人会使同时段 ${strandCount} 单待派订单无人可派`);

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
      strands,
      strandCount,
      preferred: isPreferred,
    });
  }
  // A choice that strands another order comes after every one that does not, whatever its score or the client's
  // preference; among the safe ones (and among the stranding ones) the client's preferred employees come first.
  out.suggestions.sort(
    (a, b) =>
      Number(a.strandCount > 0) - Number(b.strandCount > 0) ||
      Number(!a.preferred) - Number(!b.preferred) ||
      b.score - a.score ||
      a.employeeId - b.employeeId,
  );
  return out;
}
