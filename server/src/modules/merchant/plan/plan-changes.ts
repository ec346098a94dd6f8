import { shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { ORDER_STATUS } from '@jz/contracts/order';
import {
  type planChangeBody,
  type planEndBody,
  type planSkipBody,
  ruleHasDay,
  type VisitStatus,
} from '@jz/contracts/plan';
import type { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { type Actor, cancelUnpaid, merchantCancel } from '../order/order-transition.service.ts';
import { bookedVisits, bookPlan, insertVisit, type Plan, retryVisit, ruleOn, rulesOf } from './plan-booking.ts';
import { ownPlan, planVisits, ruleValues } from './plan.repo.ts';
import './plan.tables.ts';

/**
 * 暂停 / 恢复 / 跳过 / 改时间 / 结束 and the dispatcher's 重试 / 已处理 (docs/customers.md "周期服务"). Every call takes
 * the caller's scope (ownPlan: merchant and shop limit) and changes state with conditional updates.
 */

const scope = (t: Tenant) => ({ merchantId: t.merchantId, allowedShopIds: t.allowedShopIds });
const LIVE = [ORDER_STATUS.UNPAID, ORDER_STATUS.WAITING, ORDER_STATUS.TO_SERVE] as number[];

async function setStatus(db: DB, p: Plan, from: Plan['status'], set: Partial<Plan>) {
  const r = await db
    .updateTable('servicePlan')
    .set({ ...set, updatedAt: nowIso() })
    .where('id', '=', p.id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw business('周期服务状态已变化，请刷新后重试');
}

/** 暂停: nothing more is booked; orders already booked stay (skip or end to cancel them). */
export async function pausePlan(db: DB, t: Tenant, id: number) {
  const p = await ownPlan(db, t, id);
  if (p.status !== 'active') throw business(p.status === 'paused' ? '周期服务已暂停' : '周期服务已结束');
  await setStatus(db, p, 'active', { status: 'paused', pausedAt: nowIso() });
}

/** 恢复: active again and booked to its horizon at once. */
export async function resumePlan(db: DB, t: Tenant, id: number, now = Date.now()) {
  const p = await ownPlan(db, t, id);
  if (p.status !== 'paused') throw business(p.status === 'active' ? '周期服务进行中，无需恢复' : '周期服务已结束');
  await setStatus(db, p, 'paused', { status: 'active', pausedAt: null });
  return bookPlan(db, p.id, now);
}

/** Cancels a plan's order (unpaid: just cancelled; paid: refunded or its card visit given back). */
async function cancelOrder(db: DB, t: Tenant, orderId: number, reason: string, actor: Actor) {
  const o = await db.selectFrom('serviceOrder').select('status').where('id', '=', orderId).executeTakeFirst();
  if (!o || !LIVE.includes(o.status)) return false;
  if (o.status === ORDER_STATUS.UNPAID) await cancelUnpaid(db, scope(t), orderId, reason, actor);
  else await merchantCancel(db, scope(t), orderId, reason, actor);
  return true;
}

/**
 * 跳过 a day: never booked afterwards. A day whose order exists needs `cancelOrder` (the page asks first): the order
 * is cancelled (refund, or the card's visit back). A day the rule does not have is refused.
 */
export async function skipDay(db: DB, t: Tenant, v: z.output<typeof planSkipBody>, actor: Actor, now = Date.now()) {
  const p = await ownPlan(db, t, v.id);
  if (p.status === 'ended') throw business('周期服务已结束');
  if (v.date < shanghaiDay(now)) throw business('不能跳过已过去的日期');
  const visit = await db
    .selectFrom('planVisit')
    .leftJoin('serviceOrder', 'serviceOrder.id', 'planVisit.orderId')
    .select(['planVisit.id', 'planVisit.status', 'planVisit.orderId', 'serviceOrder.status as orderStatus'])
    .where('planVisit.planId', '=', p.id)
    .where('planVisit.day', '=', v.date)
    .executeTakeFirst();
  if (!visit) {
    await skipAhead(db, p, v.date);
    return { cancelledOrderId: null };
  }
  return skipVisit(db, t, visit, v, actor);
}

/** A day no run has looked at yet: skipped before it is booked, when the plan's rule has it. */
async function skipAhead(db: DB, p: Plan, day: string) {
  const rule = ruleOn(await rulesOf(db, p.id), day);
  if (!rule || !ruleHasDay(rule, rule.fromDate, day) || day < p.startDate || (p.endDate && day > p.endDate))
    throw business('该日期不在周期服务的规则内');
  const r = await insertVisit(db, p, day, {
    appointmentAt: new Date(wallMs(day, rule.startTime)).toISOString(),
    status: 'skipped',
    reason: '商家跳过',
    attempts: 0,
  });
  if (!r) throw business('该日期正在排期，请稍后重试');
}

/** A day with its visit: an exception, or a booked order (cancelled first when still live and the caller agreed). */
async function skipVisit(
  db: DB,
  t: Tenant,
  visit: { id: number; status: VisitStatus; orderId: number | null; orderStatus: number | null },
  v: z.output<typeof planSkipBody>,
  actor: Actor,
) {
  if (visit.status === 'skipped') throw business('该日期已跳过');
  if (visit.status === 'pending') throw business('该日期正在排期，请稍后重试');
  const live = visit.status === 'booked' && visit.orderStatus !== null && LIVE.includes(visit.orderStatus);
  if (live && !v.cancelOrder) throw business('该日期已下单，请确认取消该订单后再跳过');
  if (visit.status === 'booked' && visit.orderStatus !== null && !live && visit.orderStatus !== ORDER_STATUS.CANCELLED)
    throw business('该日期的订单已开始服务或已完成，不能跳过');
  let cancelledOrderId: number | null = null;
  if (live && visit.orderId) {
    await cancelOrder(db, t, visit.orderId, `周期服务跳过 ${v.date}`, actor);
    cancelledOrderId = visit.orderId;
  }
  await db
    .updateTable('planVisit')
    .set({ status: 'skipped', reason: '商家跳过', updatedAt: nowIso() })
    .where('id', '=', visit.id)
    .where('status', '=', visit.status)
    .execute();
  return { cancelledOrderId };
}

/**
 * 改时间/规则 from a day on: a rule from that day replaces the later ones; days not booked yet follow it (their waiting
 * exceptions are dropped and looked at again), orders already booked stay as they are and are listed (offRule) for
 * the merchant to 改约 or keep. Then books to the horizon under the new rule.
 */
export async function changeRule(db: DB, t: Tenant, v: z.output<typeof planChangeBody>, now = Date.now()) {
  const p = await ownPlan(db, t, v.id);
  if (p.status === 'ended') throw business('周期服务已结束');
  const today = shanghaiDay(now);
  if (v.fromDate < today) throw business('生效日期不能早于今天');
  const from = [v.fromDate, p.startDate].sort()[1]; // the later day
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('servicePlanRule').where('planId', '=', p.id).where('fromDate', '>=', from).execute();
    await trx
      .insertInto('servicePlanRule')
      .values(ruleValues(p, from, v, nowIso()))
      .execute();
    // Unbooked days follow the new rule: their refusals were for the old one.
    await trx
      .deleteFrom('planVisit')
      .where('planId', '=', p.id)
      .where('day', '>=', from)
      .where('status', 'in', ['exception', 'resolved'])
      .execute();
    // A day skipped ahead that the new rule no longer has is forgotten (a day it still has stays skipped).
    const skipped = await trx
      .selectFrom('planVisit')
      .select(['id', 'day'])
      .where('planId', '=', p.id)
      .where('day', '>=', from)
      .where('status', '=', 'skipped')
      .where('orderId', 'is', null)
      .execute();
    const gone = skipped
      .filter((x) => !ruleHasDay({ ...v, monthDay: v.monthDay ?? null }, from, x.day))
      .map((x) => x.id);
    if (gone.length) await trx.deleteFrom('planVisit').where('id', 'in', gone).execute();
    await trx.updateTable('servicePlan').set({ updatedAt: nowIso() }).where('id', '=', p.id).execute();
  });
  const book = await bookPlan(db, p.id, now);
  const visits = await planVisits(db, p.id, await rulesOf(db, p.id), now);
  return { book, offRule: visits.filter((x) => x.offRule).length };
}

/**
 * 结束: no more bookings. `cancelFuture`: the plan's orders not yet served (future appointments, 待付款/待接单/待服务)
 * are cancelled (refunded, or their card visits given back); else they are kept and served. Open exceptions close.
 */
export async function endPlan(db: DB, t: Tenant, v: z.output<typeof planEndBody>, actor: Actor, now = Date.now()) {
  const p = await ownPlan(db, t, v.id);
  if (p.status === 'ended') throw business('周期服务已结束');
  await setStatus(db, p, p.status, {
    status: 'ended',
    endedAt: nowIso(),
    endReason: v.reason || (v.cancelFuture ? '结束并取消以后的订单' : '结束，已下单的订单保留'),
  });
  const future = await db
    .selectFrom('planVisit')
    .innerJoin('serviceOrder', 'serviceOrder.id', 'planVisit.orderId')
    .select(['planVisit.id', 'planVisit.orderId'])
    .where('planVisit.planId', '=', p.id)
    .where('planVisit.status', '=', 'booked')
    .where('serviceOrder.status', 'in', LIVE)
    .where('serviceOrder.appointmentAt', '>', new Date(now).toISOString())
    .execute();
  let cancelled = 0;
  if (v.cancelFuture) {
    // The visits whose orders were looked at are marked in one update, also when a cancellation fails midway.
    const done: number[] = [];
    try {
      for (const f of future) {
        if (await cancelOrder(db, t, f.orderId as number, v.reason || '周期服务结束', actor)) cancelled++;
        done.push(f.id);
      }
    } finally {
      if (done.length)
        await db
          .updateTable('planVisit')
          .set({ status: 'cancelled', updatedAt: nowIso() })
          .where('id', 'in', done)
          .execute();
    }
  }
  await db
    .updateTable('planVisit')
    .set({ status: 'cancelled', reason: '周期服务已结束', updatedAt: nowIso() })
    .where('planId', '=', p.id)
    .where('status', 'in', ['exception', 'pending'])
    .execute();
  return { cancelled, kept: future.length - cancelled };
}

async function ownVisit(db: DB, t: Tenant, visitId: number) {
  const v = await db
    .selectFrom('planVisit')
    .select(['id', 'planId', 'day', 'status'])
    .where('id', '=', visitId)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!v) throw notFound('服务记录不存在');
  const p = await ownPlan(db, t, v.planId); // shop limit
  return { v, p };
}

/** 重试 an exception now (same rules; it may be refused again, with the new reason). */
export async function retry(db: DB, t: Tenant, visitId: number, now = Date.now()) {
  const { v, p } = await ownVisit(db, t, visitId);
  if (p.status !== 'active') throw business('周期服务未在进行中，请先恢复');
  if (v.status !== 'exception') throw business('只有未能排期的服务可以重试');
  if (v.day < shanghaiDay(now)) throw business('该日期已过去，请标记为已处理');
  // The exception is one of the plan's visits already; retrying books that visit, never one more than the plan has
  // (a plan whose exceptions were listed before they counted may hold more exceptions than visits left).
  if (p.visitCount !== null && (await bookedVisits(db, p.id)) >= p.visitCount)
    throw business(`服务次数已全部下单（共 ${p.visitCount} 次），请跳过或标记为已处理`);
  return retryVisit(db, p, v, now);
}

/**
 * 已处理: the dispatcher dealt with an exception by hand (a call, an order placed otherwise); a note says how. It
 * closes the exception and the visit counts as served by that arrangement: a plan of N visits does not book it again
 * (跳过 is the way to have it booked on a later day of the rule).
 */
export async function resolve(db: DB, t: Tenant, visitId: number, note: string | undefined) {
  const { v } = await ownVisit(db, t, visitId);
  if (v.status !== 'exception') throw business('只有未能排期的服务可以标记为已处理');
  const r = await db
    .updateTable('planVisit')
    .set({ status: 'resolved', note: note || null, updatedAt: nowIso() })
    .where('id', '=', v.id)
    .where('status', '=', 'exception')
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw business('该服务状态已变化，请刷新后重试');
}
