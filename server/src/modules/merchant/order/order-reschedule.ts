import { momentText } from '@jz/contracts/booking';
import { occupancy } from '@jz/contracts/dispatch';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { DB } from '../../../db/client.ts';
import { AppError, business } from '../../../lib/errors.ts';
import { assertAssignable } from './order-assign.ts';
import {
  assertCapacity,
  assertTimeAllowed,
  lockShop,
  orderJob,
  shopBooking,
  slotsOfDay,
} from '../scheduling/booking.ts';
import {
  type Actor,
  apply,
  employeeName,
  inTransition,
  loadOrder,
  type MerchantScope,
  notify,
  releaseEmployee,
  scopeOf,
  statusName,
} from './order-transition.steps.ts';

/** Orders that may move: not yet served (待付款, 待接单, 待服务). */
const MOVABLE: number[] = [ORDER_STATUS.UNPAID, ORDER_STATUS.WAITING, ORDER_STATUS.TO_SERVE];

/** The timeline action of a reschedule, by who asked; the customer's order detail reads the merchant's as a notice. */
export const RESCHEDULE_ACTION = {
  merchant: '商家改约',
  customer: '用户改约',
  system: '系统改约',
  staff: '员工改约',
} as const;

/**
 * 改约 (docs/dispatch.md "Rescheduling"): moves an order to another start under the same booking
 * rules as placing it (lead time, horizon, slots, business hours; capacity for a paid order). The assigned employee is
 * kept when still assignable then (assertAssignable: hours, leave, skill, overlap), else released and the order goes
 * back to 待接单 with a message saying why. One transaction under the shop's lock; the timeline records old → new.
 */
export async function reschedule(
  db: DB,
  who: { merchant: MerchantScope } | { customerId: number },
  orderId: number,
  appointmentAt: string,
  actor: Actor,
  /** The merchant's reason: kept in the timeline and sent to the customer. */
  reason?: string,
) {
  const scope = 'merchant' in who ? scopeOf(who.merchant) : { customerId: who.customerId };
  const first = await loadOrder(db, orderId, scope);
  if (!MOVABLE.includes(first.status)) throw business(`订单当前状态为「${statusName(first.status)}」，不能改约`);
  const to = Date.parse(appointmentAt);
  if (to === Date.parse(first.appointmentAt)) throw business('新的预约时间与原时间相同');
  const { fuwuId, minutes } = await orderJob(db, first);
  const b = await shopBooking(db, first.shopId);
  assertTimeAllowed(b, to, minutes);
  const newAt = new Date(to).toISOString();
  const change = `${momentText(Date.parse(first.appointmentAt))} → ${momentText(to)}`;

  const result = await inTransition(db, async (trx) => {
    await lockShop(trx, first.shopId);
    const o = await loadOrder(trx, orderId, scope);
    if (!MOVABLE.includes(o.status)) throw business(`订单当前状态为「${statusName(o.status)}」，不能改约`);
    const moved = { ...o, appointmentAt: newAt };
    let kept = o.employeeId;
    let why = '';
    if (o.employeeId) {
      try {
        await assertAssignable(trx, moved, o.employeeId);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        kept = null;
        why = err.message;
      }
    }
    const job = occupancy(newAt, minutes, b.bufferMinutes);
    // An unpaid order holds no place (it is checked when paid); a paid one without its employee needs a free place.
    if (!kept && o.status !== ORDER_STATUS.UNPAID) await assertCapacity(trx, b, fuwuId, job, o.id);
    const released = o.employeeId !== null && kept === null;
    const name = o.employeeId ? await employeeName(trx, o.employeeId) : '';
    await apply(trx, o, actor, {
      from: o.status,
      to: released ? ORDER_STATUS.WAITING : o.status,
      set: { appointmentAt: newAt, ...(released && { employeeId: null, acceptedAt: null }) },
      where: { employeeId: o.employeeId },
      verb: '改约',
      action: RESCHEDULE_ACTION[actor.type],
      remark: `${released ? `${change}；原服务人员 ${name} 该时段不能服务（${why}），已退回待接单` : change}${reason ? `；原因：${reason}` : ''}`,
      kind: 'rescheduled',
      reason: reason ?? null,
      message: {
        title: released ? '订单改约，需重新派单' : '订单已改约',
        content: released
          ? `订单 ${o.orderNo} 改约为 ${momentText(to)}，原服务人员 ${name} 该时段不能服务，已退回待接单，请重新派单`
          : `订单 ${o.orderNo} 的预约时间已改为 ${momentText(to)}${name ? `，服务人员 ${name} 不变` : ''}`,
        selfCaused: released ? 'others' : 'nobody',
      },
    });
    if (released) await releaseEmployee(trx, o.employeeId);
    return { o, released, name };
  });
  await notify(db, result.o.merchantId);
  return {
    id: result.o.id,
    appointmentAt: newAt,
    status: result.released ? ORDER_STATUS.WAITING : result.o.status,
    employeeReleased: result.released,
    message: result.released
      ? `已改约为 ${momentText(to)}；原服务人员 ${result.name} 该时段不能服务，订单已退回待接单`
      : `已改约为 ${momentText(to)}`,
  };
}

/**
 * The merchant's 改约 dialog: the day's start times for the order as reschedule() will judge them: its own job length,
 * the order taking no place from itself, and a time its assigned (待服务) employee is free for offered even when the
 * shop is otherwise full (they are kept). An unpaid order needs a place to be paid, so full times stay full for it.
 */
export async function rescheduleSlots(db: DB, merchant: MerchantScope, orderId: number, date: string) {
  const o = await loadOrder(db, orderId, scopeOf(merchant));
  if (!MOVABLE.includes(o.status)) throw business(`订单当前状态为「${statusName(o.status)}」，不能改约`);
  const { fuwuId, minutes } = await orderJob(db, o);
  return slotsOfDay(
    db,
    {
      goodsId: o.goodsId,
      shopId: o.shopId,
      fuwuId,
      closed: false,
      exceptOrderId: o.id,
      employeeId: o.status === ORDER_STATUS.TO_SERVE ? o.employeeId : null,
    },
    date,
    minutes,
  );
}
