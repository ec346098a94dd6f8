import { CARD_STATUS } from '@jz/contracts/card';
import { placeOrderBody } from '@jz/contracts/customer';
import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { ORDER_STATUS } from '@jz/contracts/order';
import { type BookResult, type PlanRule, ruleDays } from '@jz/contracts/plan';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import { payOrderWithCard } from '../card/card.service.ts';
import { bookingContact } from '../client/client-booking.service.ts';
import { createOrder } from '../order/order-create.service.ts';
import { type Actor, assignEmployee, cancelUnpaid } from '../order/order-transition.service.ts';
import { suggest } from '../scheduling/suggest.ts';
import type { ServicePlanRuleTable, ServicePlanTable } from './plan.tables.ts';
import './plan.tables.ts';
import '../card/card.tables.ts';
import '../order/order.tables.ts';

/**
 * Booking a plan's visits (docs/customers.md "周期服务"): each day the rule has inside the horizon becomes an order
 * through the customer's own placement (order-create: service area, lead time, slots, business hours, capacity under
 * the shop's lock), never around it. A day is first claimed by inserting its plan_visit row (unique plan + day), so of
 * two runs at once (two instances, a rerun, 立即排期 during the job) one books it and the other leaves it; the row is
 * marked booked inside the order's own transaction. A day that cannot be booked keeps the refusal as its reason.
 */

export type Plan = Selectable<ServicePlanTable>;
export type DatedRule = PlanRule & { fromDate: string };

export const PLAN_ACTOR = { type: 'system', id: null, name: '周期服务' } satisfies Actor;
/** A claim older than this was left by a run that died between claiming and booking: it may be taken again. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** A per-visit order is paid up to this long before its visit (at least 30 minutes after it is placed). */
export const PAY_BEFORE_VISIT_MS = 2 * 3_600_000;

const merchantScope = (p: Plan) => ({ merchantId: p.merchantId, allowedShopIds: null });

/** A stored rule row as the booking reads it. */
export const datedRule = (r: Selectable<ServicePlanRuleTable>): DatedRule => ({
  fromDate: r.fromDate,
  ruleKind: r.ruleKind,
  weekdays: JSON.parse(r.weekdays || '[]') as number[],
  everyWeeks: r.everyWeeks,
  monthDay: r.monthDay,
  startTime: r.startTime,
});

/** The rules of these plans in one query, each plan's in date order (a plan without rules is absent). */
export async function rulesOfPlans(db: DB, planIds: number[]): Promise<Map<number, DatedRule[]>> {
  const out = new Map<number, DatedRule[]>();
  if (!planIds.length) return out;
  const rows = await db
    .selectFrom('servicePlanRule')
    .selectAll()
    .where('planId', 'in', planIds)
    .orderBy('planId')
    .orderBy('fromDate')
    .execute();
  for (const r of rows) out.set(r.planId, [...(out.get(r.planId) ?? []), datedRule(r)]);
  return out;
}

export async function rulesOf(db: DB, planId: number): Promise<DatedRule[]> {
  return (await rulesOfPlans(db, [planId])).get(planId) ?? [];
}

/** The rule in force on a day (the latest one starting on or before it). */
export const ruleOn = (rules: DatedRule[], day: string) => rules.filter((r) => r.fromDate <= day).at(-1);

/** The plan's days in [from, to] under its rules, with their Shanghai start times. */
export function planDays(p: Pick<Plan, 'startDate' | 'endDate'>, rules: DatedRule[], from: string, to: string) {
  const last = p.endDate && p.endDate < to ? p.endDate : to;
  const out: { day: string; at: number }[] = [];
  rules.forEach((r, i) => {
    const next = rules[i + 1]?.fromDate;
    const until = next && nextDay(next, -1) < last ? nextDay(next, -1) : last;
    const start = [from, r.fromDate, p.startDate].sort().at(-1) as string;
    for (const day of ruleDays(r, r.fromDate, start, until)) out.push({ day, at: wallMs(day, r.startTime) });
  });
  return out;
}

/**
 * Visits that count against a plan's number of visits: booked (order not cancelled), being booked, an exception still
 * open, or one the dispatcher handled by hand (已处理: arranged outside the plan, so booking it again would serve the
 * customer twice). An open exception stands for a visit the dispatcher must resolve (重试 books that same visit), so a
 * plan of N visits never holds more than N of them together. 跳过 closes it without the visit: it is owed again and
 * the next run books it on a later day of the rule.
 */
export async function usedVisits(db: DB, planId: number) {
  return (await usedVisitsOf(db, [planId])).get(planId) ?? 0;
}

/** usedVisits of these plans in one grouped query (a plan with none is absent). */
export async function usedVisitsOf(db: DB, planIds: number[]): Promise<Map<number, number>> {
  if (!planIds.length) return new Map();
  const rows = await db
    .selectFrom('planVisit')
    .leftJoin('serviceOrder', 'serviceOrder.id', 'planVisit.orderId')
    .select((eb) => ['planVisit.planId', eb.fn.countAll<number>().as('n')])
    .where('planVisit.planId', 'in', planIds)
    .where((eb) =>
      eb.or([
        eb('planVisit.status', 'in', ['pending', 'exception', 'resolved']),
        eb.and([eb('planVisit.status', '=', 'booked'), eb('serviceOrder.status', '!=', ORDER_STATUS.CANCELLED)]),
      ]),
    )
    .groupBy('planVisit.planId')
    .execute();
  return new Map(rows.map((r) => [r.planId, Number(r.n)]));
}

/** Visits booked with an order not cancelled (the plan's 已下单). */
export async function bookedVisits(db: DB, planId: number) {
  const r = await db
    .selectFrom('planVisit')
    .innerJoin('serviceOrder', 'serviceOrder.id', 'planVisit.orderId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('planVisit.planId', '=', planId)
    .where('planVisit.status', '=', 'booked')
    .where('serviceOrder.status', '!=', ORDER_STATUS.CANCELLED)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Books the plan's days from now to its horizon (the job, 立即排期, resume and change). Days already looked at (booked,
 * skipped, an exception waiting for the dispatcher, or claimed by a run at the same time) are left alone.
 */
export async function bookPlan(db: DB, planId: number, now = Date.now()): Promise<BookResult> {
  const result = { booked: 0, exceptions: 0, unchanged: 0 };
  const plan = await db.selectFrom('servicePlan').selectAll().where('id', '=', planId).executeTakeFirst();
  if (plan?.status !== 'active') return result;
  const today = shanghaiDay(now);
  const days = planDays(plan, await rulesOf(db, plan.id), today, nextDay(today, plan.horizonDays)).filter(
    (d) => d.at > now,
  );
  if (!days.length) return result;
  const seen = new Map(
    (
      await db
        .selectFrom('planVisit')
        .select(['id', 'day', 'status', 'updatedAt'])
        .where('planId', '=', plan.id)
        .where(
          'day',
          'in',
          days.map((d) => d.day),
        )
        .execute()
    ).map((v) => [v.day, v]),
  );
  let left = plan.visitCount === null ? Number.POSITIVE_INFINITY : plan.visitCount - (await usedVisits(db, plan.id));
  for (const d of days) {
    const v = seen.get(d.day);
    const stale = !!v && isStaleClaim(v);
    if (v && !stale) {
      result.unchanged++;
      continue;
    }
    // A claim left behind is one of the visits counted already: taking it again uses none of those left.
    if (!stale && left <= 0) continue;
    const r = await bookDay(db, plan, d.day, d.at, now, stale ? { visitId: v.id, from: 'pending' } : undefined);
    result[r]++;
    // booked or refused, the day now holds one of the plan's visits (an exception until the dispatcher closes it)
    if (!stale && r !== 'unchanged') left--;
  }
  return result;
}

/** A claim a run left behind (it died between claiming and booking): the next run takes the day again. */
const isStaleClaim = (v: { status: string; updatedAt: string }) =>
  v.status === 'pending' && Date.parse(v.updatedAt) < Date.now() - STALE_CLAIM_MS;

/**
 * What bookPlan would answer for a plan that has nothing to book, from what the job read for its batch: every day of
 * the horizon is looked at already (none a claim left behind), or only unseen days are left while the plan has no
 * visit left. Null when there is a day to book (the job then runs bookPlan, which reads the plan again).
 */
function idleRun(
  plan: Plan,
  rules: DatedRule[],
  seen: Map<string, { status: string; updatedAt: string }>,
  used: number,
  now: number,
): BookResult | null {
  const today = shanghaiDay(now);
  const days = planDays(plan, rules, today, nextDay(today, plan.horizonDays)).filter((d) => d.at > now);
  const noneLeft = plan.visitCount !== null && plan.visitCount - used <= 0;
  let unchanged = 0;
  for (const d of days) {
    const v = seen.get(d.day);
    if (v ? isStaleClaim(v) : !noneLeft) return null;
    if (v) unchanged++;
  }
  return { booked: 0, exceptions: 0, unchanged };
}

/** Retries one visit (an exception, or a claim left behind) now, at the time the rule has for its day. */
export async function retryVisit(
  db: DB,
  plan: Plan,
  visit: { id: number; day: string; status: string },
  now = Date.now(),
) {
  const result = { booked: 0, exceptions: 0, unchanged: 0 };
  const rule = ruleOn(await rulesOf(db, plan.id), visit.day);
  if (!rule) return { ...result, unchanged: 1 };
  const r = await bookDay(db, plan, visit.day, wallMs(visit.day, rule.startTime), now, {
    visitId: visit.id,
    from: visit.status as 'exception' | 'pending',
  });
  result[r]++;
  return result;
}

type Outcome = 'booked' | 'exceptions' | 'unchanged';

/**
 * A day's first row (unique plan + day): claimed for booking, or skipped ahead. Undefined when the day has its row
 * already (another run claimed it first).
 */
export async function insertVisit(
  db: DB,
  plan: Pick<Plan, 'id' | 'merchantId' | 'shopId'>,
  day: string,
  v: { appointmentAt: string; status: 'pending' | 'skipped'; reason: string | null; attempts: number },
) {
  const stamp = nowIso();
  return db
    .insertInto('planVisit')
    .values({
      planId: plan.id,
      merchantId: plan.merchantId,
      shopId: plan.shopId,
      day,
      ...v,
      orderId: null,
      note: null,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .onConflict((oc) => oc.columns(['planId', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Claims the day for this run: a new row, or an existing one in the expected state. Undefined: another run has it. */
async function claimDay(
  db: DB,
  plan: Plan,
  day: string,
  appointmentAt: string,
  existing?: { visitId: number; from: 'exception' | 'pending' },
): Promise<number | undefined> {
  if (!existing) {
    const row = await insertVisit(db, plan, day, { appointmentAt, status: 'pending', reason: null, attempts: 1 });
    return row?.id;
  }
  const claimed = await db
    .updateTable('planVisit')
    .set((eb) => ({ status: 'pending', appointmentAt, attempts: eb('attempts', '+', 1), updatedAt: nowIso() }))
    .where('id', '=', existing.visitId)
    .where('status', '=', existing.from)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) ? existing.visitId : undefined;
}

/** The order a visit is placed as (the customer's own placement), from the client's contact and address now. */
async function visitOrder(db: DB, plan: Plan, appointmentAt: string) {
  const c = await bookingContact(db, plan.merchantId, plan.clientId, plan.clientAddressId);
  return placeOrderBody.safeParse({
    goodsId: plan.goodsId,
    specId: plan.specId ?? undefined,
    quantity: plan.quantity,
    area: plan.area ?? c.address.areaM2 ?? undefined,
    customerName: c.name,
    customerPhone: c.phone,
    provinceCode: c.address.provinceCode ?? undefined,
    cityCode: c.address.cityCode ?? undefined,
    districtCode: c.address.districtCode ?? undefined,
    address: c.address.detail,
    lat: c.address.lat ?? undefined,
    lng: c.address.lng ?? undefined,
    appointmentAt,
    remark: plan.remark ?? undefined,
  });
}

/**
 * A card plan's booked visit is paid with its card, then gets its employee. A payment refused cancels the order and
 * the visit becomes an exception with why.
 */
async function payVisitWithCard(db: DB, plan: Plan, cardId: number, visitId: number, orderId: number) {
  try {
    await payOrderWithCard(db, merchantScope(plan), orderId, cardId, PLAN_ACTOR);
  } catch (err) {
    const reason = `卡项支付失败：${err instanceof Error ? err.message : String(err)}`;
    await cancelUnpaid(db, merchantScope(plan), orderId, reason, PLAN_ACTOR).catch(() => undefined);
    await db
      .updateTable('planVisit')
      .set({ status: 'exception', reason, updatedAt: nowIso() })
      .where('id', '=', visitId)
      .execute();
    return 'exceptions' as const;
  }
  await placeEmployee(db, plan, orderId);
  return 'booked' as const;
}

/** Claims the day (claimDay), then books it: a refusal on the way is kept as the visit's reason. */
async function bookDay(
  db: DB,
  plan: Plan,
  day: string,
  at: number,
  now: number,
  existing?: { visitId: number; from: 'exception' | 'pending' },
): Promise<Outcome> {
  const appointmentAt = new Date(at).toISOString();
  const visitId = await claimDay(db, plan, day, appointmentAt, existing);
  if (visitId === undefined) return 'unchanged';
  const refuse = async (reason: string) => {
    await db
      .updateTable('planVisit')
      .set({ status: 'exception', reason: reason.slice(0, 200), updatedAt: nowIso() })
      .where('id', '=', visitId)
      .where('status', '=', 'pending')
      .execute();
    return 'exceptions' as const;
  };
  try {
    const why = plan.payMode === 'card' ? await cardRefusal(db, plan, now) : null;
    if (why) return await refuse(why);
    const input = await visitOrder(db, plan, appointmentAt);
    if (!input.success)
      return await refuse(`客户资料不完整：${input.error.issues[0]?.message ?? '请检查联系人与地址'}`);
    const payDeadline =
      plan.payMode === 'visit'
        ? new Date(Math.min(at, Math.max(at - PAY_BEFORE_VISIT_MS, Date.now() + 30 * 60_000))).toISOString()
        : null;
    const order = await createOrder(db, plan.customerId, { ...input.data, appointmentAt }, now, {
      operator: PLAN_ACTOR,
      action: '周期服务下单',
      clientId: plan.clientId,
      clientAddressId: plan.clientAddressId,
      payDeadline,
      async within(trx, o) {
        const marked = await trx
          .updateTable('planVisit')
          .set({ status: 'booked', orderId: o.id, reason: null, updatedAt: nowIso() })
          .where('id', '=', visitId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (!Number(marked.numUpdatedRows)) throw new Error(`plan visit ${visitId} is no longer being booked`);
      },
    });
    if (plan.payMode === 'card' && plan.cardId) return await payVisitWithCard(db, plan, plan.cardId, visitId, order.id);
    return 'booked';
  } catch (err) {
    if (err instanceof AppError) return await refuse(err.message);
    await refuse('系统错误，请稍后重试');
    throw err;
  }
}

/** Why the plan's card cannot pay a visit now (checked before an order is placed; the payment checks again). */
async function cardRefusal(db: DB, plan: Plan, now: number) {
  if (!plan.cardId) return '未选择支付用的卡';
  const c = await db
    .selectFrom('card')
    .select(['status', 'kind', 'remainingVisits', 'expiresAt', 'cashBalance', 'bonusBalance'])
    .where('id', '=', plan.cardId)
    .where('merchantId', '=', plan.merchantId)
    .executeTakeFirst();
  if (!c) return '支付用的卡不存在';
  if (c.status === CARD_STATUS.REFUNDED) return '支付用的卡已退卡';
  if (c.status === CARD_STATUS.EXPIRED || Date.parse(c.expiresAt) <= now) return '支付用的卡已过期';
  if (c.kind === 'times' && c.remainingVisits < 1) return '次卡剩余次数不足（已用完）';
  if (c.kind === 'value' && Number(c.cashBalance) + Number(c.bonusBalance) <= 0) return '储值卡余额不足';
  return null;
}

/**
 * A paid visit's employee: the plan's preferred one when free then (assignment's own checks), else the suggestion's
 * first choice (as 自动接单 would; 自动接单 may have assigned someone already), else it waits on the board.
 */
export async function placeEmployee(db: DB, plan: Plan, orderId: number) {
  const o = await db
    .selectFrom('serviceOrder')
    .select(['status', 'employeeId'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!o || (o.status !== ORDER_STATUS.WAITING && o.status !== ORDER_STATUS.TO_SERVE)) return;
  if (plan.employeeId && o.employeeId !== plan.employeeId) {
    try {
      await assignEmployee(db, merchantScope(plan), orderId, plan.employeeId, PLAN_ACTOR);
      return;
    } catch {
      // not free then (leave, hours, another job): the suggestion decides
    }
  }
  if (o.employeeId || o.status !== ORDER_STATUS.WAITING) return;
  const ranked = await suggest(db, { merchantId: plan.merchantId }, orderId);
  for (const s of ranked.suggestions.slice(0, 3)) {
    try {
      await assignEmployee(db, merchantScope(plan), orderId, s.employeeId, PLAN_ACTOR);
      return;
    } catch {
      // taken meanwhile: the next one
    }
  }
}

/**
 * Per-visit plans: orders the customer paid since the last run get the preferred employee (or the suggestion's) the
 * same way; a visit whose order was cancelled unpaid stays booked with its order's 已取消 shown. Answers the order ids
 * of each of these plans, in one query.
 */
async function paidUnplacedOrders(db: DB, planIds: number[], now: number) {
  const out = new Map<number, number[]>();
  if (!planIds.length) return out;
  const rows = await db
    .selectFrom('planVisit')
    .innerJoin('serviceOrder', 'serviceOrder.id', 'planVisit.orderId')
    .select(['planVisit.planId', 'serviceOrder.id'])
    .where('planVisit.planId', 'in', planIds)
    .where('planVisit.status', '=', 'booked')
    .where('serviceOrder.status', '=', ORDER_STATUS.WAITING)
    .where('serviceOrder.employeeId', 'is', null)
    .where('serviceOrder.appointmentAt', '>', new Date(now).toISOString())
    .orderBy('serviceOrder.id')
    .execute();
  for (const r of rows) out.set(r.planId, [...(out.get(r.planId) ?? []), r.id]);
  return out;
}

/** How many plans the job reads at once (bounds its `in` lists and its memory). */
const JOB_BATCH = 500;

/**
 * The job: every active plan of every merchant, booked to its horizon. What decides whether a plan has anything to do
 * (rules, the days looked at, visits used, paid orders waiting for an employee) is read for a batch of plans at a time;
 * only a plan with a day to book runs bookPlan (its own reads, fresh). A plan whose booking throws an unexpected error
 * (not a refusal, which bookDay keeps as an exception visit) is logged with its id and merchant and counted in
 * `failed`; the run goes on with the next plan, and the next run tries that plan again.
 */
export async function bookAllPlans(
  db: DB,
  signal?: AbortSignal,
  now = Date.now(),
  log?: Pick<FastifyBaseLogger, 'error'>,
) {
  const total = { booked: 0, exceptions: 0, unchanged: 0, failed: 0 };
  const today = shanghaiDay(now);
  // A batch of active plans at a time, by id: the run's memory does not grow with the number of plans.
  for (let after = 0; !signal?.aborted; ) {
    const batch = await db
      .selectFrom('servicePlan')
      .selectAll()
      .where('status', '=', 'active')
      .where('id', '>', after)
      .orderBy('id')
      .limit(JOB_BATCH)
      .execute();
    if (batch.length === 0) break;
    after = batch[batch.length - 1].id;
    const ids = batch.map((p) => p.id);
    const [rules, visits, used, paid] = await Promise.all([
      rulesOfPlans(db, ids),
      db
        .selectFrom('planVisit')
        .select(['planId', 'day', 'status', 'updatedAt'])
        .where('planId', 'in', ids)
        .where('day', '>=', today)
        .where('day', '<=', nextDay(today, Math.max(...batch.map((p) => p.horizonDays))))
        .execute(),
      usedVisitsOf(db, ids),
      paidUnplacedOrders(
        db,
        batch.filter((p) => p.payMode === 'visit').map((p) => p.id),
        now,
      ),
    ]);
    const seen = new Map<number, Map<string, (typeof visits)[number]>>();
    for (const v of visits) seen.set(v.planId, (seen.get(v.planId) ?? new Map()).set(v.day, v));
    for (const p of batch) {
      if (signal?.aborted) break;
      try {
        const r =
          idleRun(p, rules.get(p.id) ?? [], seen.get(p.id) ?? new Map(), used.get(p.id) ?? 0, now) ??
          (await bookPlan(db, p.id, now));
        total.booked += r.booked;
        total.exceptions += r.exceptions;
        total.unchanged += r.unchanged;
        for (const orderId of paid.get(p.id) ?? []) await placeEmployee(db, p, orderId);
      } catch (err) {
        // This plan's alone: the others of the run are still booked; nothing marks it done, so the next run retries it.
        total.failed++;
        log?.error({ err, planId: p.id, merchantId: p.merchantId }, 'plan_booking: a plan failed to book');
      }
    }
  }
  return total;
}
