import { ORDER_STATUS, VERIFY_LIMIT, REFUND_STATUS } from '@jz/contracts/order';
import { earlyCompleteRefusal } from '@jz/contracts/booking';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { business, notFound, rateLimited } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import { assignEmployee } from './order-assign.ts';
import { assertOrderHasPlace } from '../scheduling/booking.ts';
import { suggest } from '../scheduling/suggest.ts';
import { createSettlement, settlementWords } from '../finance/settlement.service.ts';
import { recordFromOrder } from '../client/client.service.ts';
import { cardSettlementOf, isCardPayNo, restoreCardOfOrder } from '../card/card-order.service.ts';
import {
  type Actor,
  apply,
  inTransition,
  loadOrder,
  type MerchantScope,
  notify,
  orderMessage,
  type OrderRow,
  type Trx,
  releaseEmployee,
  SYSTEM,
  scopeOf,
  statusName,
  yuan,
} from './order-transition.steps.ts';
import { orderedWhat, releaseSpecStock } from './order-spec.ts';
import { paymentProvider } from './payment.ts';
import './order.tables.ts';
import '../employee/employee.tables.ts';

/**
 * The order state machine as a service (docs/decisions.md#orders): each operation loads the order inside the caller's scope (its
 * merchant and, for a console caller, its shop limit), checks the state and moves it in one transaction
 * (order-transition.steps.ts), with payment (refunds), messages and settlements as they go.
 */

export { type Actor, type MerchantScope, ORDER_EVENT_LOCK, SYSTEM } from './order-transition.steps.ts';
// setYuangong (20 -> 30 accept by assigning, 30 -> 30 re-assign) is assignment by time: order/order-assign.ts.
export { assignEmployee } from './order-assign.ts';

// ---------------------------------------------------------------- merchant transitions

/** shangjiaCancel: 20 / 30 -> 70 with a full refund through the payment provider. */
export async function merchantCancel(db: DB, scope: MerchantScope, orderId: number, reason: string, actor: Actor) {
  const o = await inTransition(db, async (trx) => {
    const o = await loadOrder(trx, orderId, scopeOf(scope));
    if (o.status !== ORDER_STATUS.WAITING && o.status !== ORDER_STATUS.TO_SERVE)
      throw business(`订单当前状态为「${statusName(o.status)}」，不能取消`);
    await apply(trx, o, actor, {
      from: o.status,
      to: ORDER_STATUS.CANCELLED,
      set: { cancelReason: reason, cancelledAt: nowIso(), refundStatus: REFUND_STATUS.PENDING },
      where: { employeeId: o.employeeId },
      verb: '取消',
      action: '商家取消',
      remark: reason,
      kind: 'cancelled',
      message: {
        title: '订单已取消',
        content: `订单 ${o.orderNo} 已由商家取消（${reason}），退款 ${yuan(o.payAmount)} 元处理中`,
        selfCaused: 'others',
      },
    });
    await releaseEmployee(trx, o.employeeId);
    await releaseSpecStock(trx, o);
    // Paid with a card: the visit or value goes back to the card (docs/ledger.md "预收: prepaid cards").
    await restoreCardOfOrder(trx, o, actor);
    return o;
  });
  await notify(db, o.merchantId);
  await refund(db, o);
  return { id: o.id };
}

/** The refund after a committed cancel: 1 退款中 -> 2 已退款 (or 3 退款失败), once, with a timeline row. */
export async function refund(db: DB, o: Pick<OrderRow, 'id' | 'orderNo' | 'payNo' | 'payAmount' | 'merchantId'>) {
  let refundNo: string | null = null;
  let error: string | null = null;
  const viaCard = isCardPayNo(o.payNo);
  try {
    // A card-paid order was given back to its card in the cancellation; no provider charge to refund.
    refundNo = viaCard
      ? `${o.payNo}-R`
      : (await paymentProvider().refund({ orderNo: o.orderNo, payNo: o.payNo, amount: o.payAmount })).refundNo;
  } catch (err) {
    error = (err as Error).message;
  }
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    const r = await trx
      .updateTable('serviceOrder')
      .set({ refundStatus: refundNo ? 2 : 3, refundNo, updatedAt: at })
      .where('id', '=', o.id)
      .where('refundStatus', '=', REFUND_STATUS.PENDING)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return;
    await trx
      .insertInto('orderTimeline')
      .values({
        orderId: o.id,
        merchantId: o.merchantId,
        fromStatus: ORDER_STATUS.CANCELLED,
        toStatus: ORDER_STATUS.CANCELLED,
        action: refundNo ? '退款成功' : '退款失败',
        operatorType: 'system',
        operatorId: null,
        operatorName: paymentProvider().name === 'sandbox' ? '支付沙箱' : paymentProvider().name,
        remark: viaCard
          ? '已退回支付所用的卡'
          : refundNo
            ? `退款 ${yuan(o.payAmount)} 元，退款单号 ${refundNo}`
            : `退款失败：${error}`,
        createdAt: at,
      })
      .execute();
  });
}

/** Counts and records a verification attempt; refuses once the merchant made too many wrong guesses. */
async function reserveAttempt(db: DB, merchantId: number, userId: number) {
  const row = await db
    .insertInto('verifyAttempt')
    .values({ merchantId, userId, ok: 0, orderId: null, createdAt: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const since = new Date(Date.now() - VERIFY_LIMIT.windowMinutes * 60_000).toISOString();
  const failed = await db
    .selectFrom('verifyAttempt')
    .select([sql<number>`count(*)`.as('n'), sql<string>`min(created_at)`.as('first')])
    .where('merchantId', '=', merchantId)
    .where('ok', '=', 0)
    .where('createdAt', '>', since)
    .where('id', '!=', row.id)
    .executeTakeFirstOrThrow();
  if (Number(failed.n) >= VERIFY_LIMIT.maxFailures) {
    await db.deleteFrom('verifyAttempt').where('id', '=', row.id).execute();
    const wait = Math.max(
      1,
      Math.ceil((Date.parse(failed.first) + VERIFY_LIMIT.windowMinutes * 60_000 - Date.now()) / 60_000),
    );
    throw rateLimited(`券码错误次数过多，请 ${wait} 分钟后再试`);
  }
  return row.id;
}

/**
 * The order of this merchant (and the caller's shop limit) a code names, with the attempt counted: a wrong code is a
 * failed attempt, a found one is marked ok (`keep`) or removed (a check that uses nothing leaves no trace).
 */
async function orderOfCode(db: DB, scope: MerchantScope, code: string, actor: Actor, keep: boolean) {
  const { merchantId, allowedShopIds } = scopeOf(scope);
  const attemptId = await reserveAttempt(db, merchantId, actor.id ?? 0);
  let q = db
    .selectFrom('serviceOrder')
    .select('id')
    .where('verifyCode', '=', code)
    .where('merchantId', '=', merchantId);
  if (allowedShopIds) q = q.where('shopId', 'in', allowedShopIds.length ? allowedShopIds : [-1]);
  const found = await q.executeTakeFirst();
  if (!found) throw notFound('券码无效：没有找到本商家的对应订单');
  if (keep)
    await db.updateTable('verifyAttempt').set({ ok: 1, orderId: found.id }).where('id', '=', attemptId).execute();
  else await db.deleteFrom('verifyAttempt').where('id', '=', attemptId).execute();
  return found.id;
}

/** Why an order cannot be verified in its state, or null when it is 待服务. */
function notVerifiable(status: number) {
  if (status === ORDER_STATUS.TO_SERVE) return null;
  return status === ORDER_STATUS.WAITING
    ? '订单尚未接单，请先指派员工'
    : status >= ORDER_STATUS.SERVING && status <= ORDER_STATUS.REVIEWED
      ? '该券码已核销'
      : `订单当前状态为「${statusName(status)}」，不能核销`;
}

/**
 * shangjiaYanquan/check: the order a code would start, refused as verifying would refuse it, without changing it
 * (the 验券 page asks before an early use). Answers the order's id.
 */
export async function checkCode(db: DB, scope: MerchantScope, code: string, actor: Actor) {
  const id = await orderOfCode(db, scope, code, actor, false);
  const o = await loadOrder(db, id, scopeOf(scope));
  const why = notVerifiable(o.status);
  if (why) throw business(why);
  return { id };
}

/** shangjiaYanquan: the 12-digit code of an order of this merchant, 30 -> 40. Wrong codes are counted. */
/** `at`: when it happened (a staff member's 开始服务 taken offline carries its own time); default now. */
export async function verifyByCode(db: DB, scope: MerchantScope, code: string, actor: Actor, at = nowIso()) {
  // A sub-account's shop limit: codes of other shops are not found.
  const id = await orderOfCode(db, scope, code, actor, true);
  const o = await inTransition(db, async (trx) => {
    const o = await loadOrder(trx, id, scopeOf(scope));
    const why = notVerifiable(o.status);
    if (why) throw business(why);
    await apply(
      trx,
      o,
      actor,
      {
        from: ORDER_STATUS.TO_SERVE,
        to: ORDER_STATUS.SERVING,
        set: { verifiedAt: at },
        where: { employeeId: o.employeeId },
        verb: '核销',
        action: '验券开始服务',
        remark: `券码尾号 ${code.slice(-4)}`,
        kind: 'verified',
        message: {
          title: '订单已核销',
          content: `订单 ${o.orderNo}（${o.goodsName}）已验券，开始服务`,
          selfCaused: 'nobody',
        },
      },
      at,
    );
    return o;
  });
  await notify(db, o.merchantId);
  return { id: o.id };
}

/**
 * queren: 40 -> 50; in the same transaction the settlement (createSettlement), the employee's release and `then` (the
 * staff page's photos and note: order-staff-steps.ts).
 */
export async function confirmDone(
  db: DB,
  scope: MerchantScope,
  orderId: number,
  actor: Actor,
  opts: { now?: string; alsoInTransaction?: (trx: Trx, o: OrderRow) => Promise<void> } = {},
) {
  const o = await inTransition(db, async (trx) => {
    const o = await loadOrder(trx, orderId, scopeOf(scope));
    const at = opts.now ?? nowIso();
    // Not a day early (the order, its settlement and the employee's count wait for the visit); state errors first.
    const early = o.status === ORDER_STATUS.SERVING ? earlyCompleteRefusal(o.appointmentAt, Date.parse(at)) : '';
    if (early) throw business(early);
    await apply(
      trx,
      o,
      actor,
      {
        from: ORDER_STATUS.SERVING,
        to: ORDER_STATUS.DONE,
        set: { completedAt: at },
        verb: '确认完成',
        action: '确认服务完成',
        kind: 'completed',
        // sent below, with the settlement's figures as createSettlement wrote them
        message: null,
      },
      at,
    );
    // A card-paid order settles the card's cash it used (online cards), never a bonus; offline cards settle 0.
    const card = await cardSettlementOf(trx, o.id);
    const settlement = await createSettlement(
      trx,
      {
        merchantId: o.merchantId,
        shopId: o.shopId,
        orderId: o.id,
        orderNo: o.orderNo,
        amount: card?.amount ?? o.payAmount,
        completedAt: at,
      },
      { now: at },
    );
    // An offline card's ¥0 settlement is no settlement of 0 yuan of business: say what it is (docs/ledger.md).
    const words = card?.offline
      ? `线下卡项，无需结算（卡款已在售卡时线下收取，本次服务确认卡内本金 ${(card.cash / 100).toFixed(2)} 元为收入）`
      : settlementWords(settlement);
    await orderMessage(trx, o, actor, {
      title: '订单已完成',
      content: `订单 ${o.orderNo}（${o.goodsName}）已完成，${words}`,
      selfCaused: 'others',
    });
    if (o.employeeId) {
      await trx
        .updateTable('employee')
        .set({ completedOrders: sql`completed_orders + 1` })
        .where('id', '=', o.employeeId)
        .execute();
      await releaseEmployee(trx, o.employeeId);
    }
    await trx.updateTable('shop').set({ orderCount: sql`order_count + 1` }).where('id', '=', o.shopId).execute();
    if (opts.alsoInTransaction) await opts.alsoInTransaction(trx, o);
    return o;
  });
  await notify(db, o.merchantId);
  return { id: o.id };
}

// ---------------------------------------------------------------- customer and system transitions

/** Payment: 10 -> 20 after the provider charged; a late payment (already expired) is refunded at once. */
export async function markPaid(db: DB, customerId: number, orderId: number, actor: Actor) {
  const o = await loadOrder(db, orderId, { customerId });
  if (o.status !== ORDER_STATUS.UNPAID) throw business(`订单当前状态为「${statusName(o.status)}」，不能支付`);
  // Paying takes the order's place (docs/dispatch.md "Booking rules"): checked before the charge, and again under
  // the shop's lock in the payment's transaction (a lost race is refunded below).
  await assertOrderHasPlace(db, o, false);
  const { payNo } = await paymentProvider().charge({
    orderNo: o.orderNo,
    amount: o.payAmount,
    payer: String(customerId),
  });
  try {
    await inTransition(db, async (trx) => {
      await assertOrderHasPlace(trx, o, true);
      await apply(trx, o, actor, {
        from: ORDER_STATUS.UNPAID,
        to: ORDER_STATUS.WAITING,
        set: { payNo, paidAt: nowIso() },
        verb: '支付',
        action: '用户支付',
        remark: `支付 ${yuan(o.payAmount)} 元，支付单号 ${payNo}`,
        kind: 'new',
        message: {
          title: '新订单',
          content: `订单 ${o.orderNo}（${orderedWhat(o)}）已付款 ${yuan(o.payAmount)} 元，请及时接单`,
          selfCaused: 'others',
        },
      });
      // No sales counter to grow: 销量 is counted from the orders (goods.repo.ts soldOrders).
    });
  } catch (err) {
    await paymentProvider()
      .refund({ orderNo: o.orderNo, payNo, amount: o.payAmount })
      .catch(() => {});
    throw err;
  }
  await notify(db, o.merchantId);
  // The merchant's customer record (客户档案) and address for the order; a failure here never undoes the payment (the
  // start-up seed step links what was missed: docs/customers.md).
  await recordFromOrder(db, o.id).catch(() => {});
  await autoAccept(db, o.id).catch(() => {});
  return { id: o.id, payNo };
}

/** How many of the ranked employees autoAccept tries before leaving the order to a person. */
const AUTO_ACCEPT_TRIES = 5;

/**
 * Shops with autoAccept: the order goes to the first employee of its shop who can serve it then, by time
 * (order/order-assign.ts assertAssignable: skill, leave, working hours, no overlapping job with its travel buffer), tried
 * in the suggestion ranking (scheduling/suggest.ts: near, then least busy that day). When nobody can, the order waits in
 * the queue for a person.
 */
export async function autoAccept(db: DB, orderId: number) {
  const o = await db
    .selectFrom('serviceOrder')
    .innerJoin('shopSetting', 'shopSetting.shopId', 'serviceOrder.shopId')
    .select([
      'serviceOrder.id',
      'serviceOrder.merchantId',
      'serviceOrder.shopId',
      'serviceOrder.status',
      'shopSetting.autoAccept',
    ])
    .where('serviceOrder.id', '=', orderId)
    .executeTakeFirst();
  if (o?.autoAccept !== 1 || o.status !== ORDER_STATUS.WAITING) return false;
  const ranked = await suggest(db, { merchantId: o.merchantId }, o.id);
  for (const c of ranked.suggestions.slice(0, AUTO_ACCEPT_TRIES)) {
    try {
      await assignEmployee(db, o.merchantId, o.id, c.employeeId, SYSTEM);
      return true;
    } catch {
      // taken meanwhile (another job now overlaps, leave added, or a person accepted the order): try the next one
      const still = await db.selectFrom('serviceOrder').select('status').where('id', '=', o.id).executeTakeFirst();
      if (still?.status !== ORDER_STATUS.WAITING) return false;
    }
  }
  return false;
}
/** Customer review: 50 -> 60 (the review row is written by the caller inside `then`). */
export async function markReviewed(
  db: DB,
  customerId: number,
  orderId: number,
  actor: Actor,
  then: (trx: Trx, o: OrderRow) => Promise<void>,
) {
  const o = await inTransition(db, async (trx) => {
    const o = await loadOrder(trx, orderId, { customerId });
    await apply(trx, o, actor, {
      from: ORDER_STATUS.DONE,
      to: ORDER_STATUS.REVIEWED,
      set: { reviewedAt: nowIso() },
      verb: '评价',
      action: '用户评价',
      kind: 'reviewed',
      message: {
        title: '收到新评价',
        content: `订单 ${o.orderNo}（${o.goodsName}）收到用户评价，请及时回复`,
        selfCaused: 'others',
      },
    });
    await then(trx, o);
    return o;
  });
  await notify(db, o.merchantId);
  return o;
}

/** The job: orders unpaid for 30 minutes -> 70, one conditional update each (safe on several instances). */
export async function expireUnpaid(db: DB, olderThanMinutes: number, now = Date.now(), onlyIds?: number[]) {
  const before = new Date(now - olderThanMinutes * 60_000).toISOString();
  const at = new Date(now).toISOString();
  // An order with its own deadline (a 周期服务 visit paid per visit) waits for it instead of the 30 minutes.
  let q = db
    .selectFrom('serviceOrder')
    .selectAll()
    .where('status', '=', ORDER_STATUS.UNPAID)
    .where((eb) =>
      eb.or([eb.and([eb('payDeadline', 'is', null), eb('createdAt', '<=', before)]), eb('payDeadline', '<=', at)]),
    );
  if (onlyIds) q = q.where('id', 'in', onlyIds);
  const due = await q.orderBy('createdAt').limit(500).execute();
  let n = 0;
  for (const o of due) {
    try {
      await inTransition(db, async (trx) => {
        const why = o.payDeadline ? '未在付款期限前支付' : `超过 ${olderThanMinutes} 分钟未支付`;
        await apply(trx, o, SYSTEM, {
          from: ORDER_STATUS.UNPAID,
          to: ORDER_STATUS.CANCELLED,
          set: { cancelReason: `${why}，系统自动取消`, cancelledAt: nowIso() },
          verb: '超时取消',
          action: '超时未支付取消',
          kind: 'cancelled',
          message: {
            title: '订单超时取消',
            content: `订单 ${o.orderNo} ${why}，已自动取消`,
            selfCaused: 'others',
          },
        });
        await releaseSpecStock(trx, o);
      });
      n++;
      await notify(db, o.merchantId);
    } catch {
      // paid or expired by another instance meanwhile
    }
  }
  return n;
}

/**
 * An unpaid order (10) cancelled by the merchant's side: a 周期服务 visit skipped or its plan ended, or a visit whose
 * card could not pay it. Nothing was paid, so nothing is refunded; the specification's stock goes back.
 */
export async function cancelUnpaid(db: DB, scope: MerchantScope, orderId: number, reason: string, actor: Actor) {
  const o = await inTransition(db, async (trx) => {
    const o = await loadOrder(trx, orderId, scopeOf(scope));
    if (o.status !== ORDER_STATUS.UNPAID) throw business(`订单当前状态为「${statusName(o.status)}」，不能取消`);
    await apply(trx, o, actor, {
      from: ORDER_STATUS.UNPAID,
      to: ORDER_STATUS.CANCELLED,
      set: { cancelReason: reason, cancelledAt: nowIso() },
      verb: '取消',
      action: '商家取消',
      remark: reason,
      kind: 'cancelled',
      message: { title: '订单已取消', content: `订单 ${o.orderNo} 已取消（${reason}）`, selfCaused: 'others' },
    });
    await releaseSpecStock(trx, o);
    return o;
  });
  await notify(db, o.merchantId);
  return { id: o.id };
}
