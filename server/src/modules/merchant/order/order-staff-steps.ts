import { ORDER_STATUS } from '@jz/contracts/order';
import { DEFAULT_ARRIVAL_RADIUS_M, LATE_AFTER_MINUTES, type ArrivalFlag } from '@jz/contracts/staff';
import type { DB, Trx } from '../../../db/client.ts';
import { AppError, business, invalid, notFound } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import { currentProgress, distanceM, progressOf } from '../scheduling/job-progress.ts';
import { confirmDone, verifyByCode } from './order-transition.service.ts';
import { type Actor, apply, inTransition, notify, type OrderRow, SYSTEM } from './order-transition.steps.ts';
import './order-staff.tables.ts';
import '../employee/employee.tables.ts';
import '../shop/shop.tables.ts';

/**
 * The employee's steps on the staff page as order transitions (docs/staff.md): 出发 → 到达 → 开始服务 → 完成.
 * 出发 and 到达 change no status: each is one conditional write of order_staff_progress (the first tap wins, a repeat
 * or a concurrent second tap changes nothing and is refused), a timeline row with the employee as operator and a live
 * event (`departed`, `arrived`) in the same transaction, like every transition. 开始服务 is the order's 验券 with the code
 * she enters (its attempt limits), 完成 the order's completion with its settlement; the photos and note are kept with
 * the progress. Every step refuses an order that is not hers with 2002.
 */

/** Who takes the steps: the signed-in employee. */
export interface StaffActor {
  employeeId: number;
  merchantId: number;
  name: string;
}

const actorOf = (s: StaffActor): Actor => ({ type: 'staff', id: s.employeeId, name: s.name });

/** Her order (assigned to her, of her merchant), else 2002 订单不存在. */
export async function staffOrder(db: DB | Trx, s: StaffActor, orderId: number) {
  const o = await db
    .selectFrom('serviceOrder')
    .selectAll()
    .where('id', '=', orderId)
    .where('merchantId', '=', s.merchantId)
    .where('employeeId', '=', s.employeeId)
    .executeTakeFirst();
  if (!o) throw notFound('订单不存在');
  return o;
}

/** The order is still hers to work on: 待服务 (or 服务中 for 完成). */
function assertOpen(o: OrderRow) {
  if (o.status === ORDER_STATUS.CANCELLED) throw business('订单已取消');
  if (o.status === ORDER_STATUS.DONE || o.status === ORDER_STATUS.REVIEWED) throw business('订单已完成');
  if (o.status !== ORDER_STATUS.TO_SERVE && o.status !== ORDER_STATUS.SERVING) throw business('订单当前不可操作');
}

/** Her progress row, created empty (or taken over from an employee the order had before). */
async function ensureProgress(trx: Trx, o: OrderRow, employeeId: number) {
  const now = nowIso();
  await trx
    .insertInto('orderStaffProgress')
    .values({ orderId: o.id, merchantId: o.merchantId, employeeId, photos: '[]', updatedAt: now })
    .onConflict((oc) => oc.column('orderId').doNothing())
    .execute();
  // A reassigned order: the new employee starts from 待出发.
  await trx
    .updateTable('orderStaffProgress')
    .set({
      employeeId,
      departedAt: null,
      arrivedAt: null,
      arrivalLat: null,
      arrivalLng: null,
      arrivalAccuracy: null,
      arrivalDistanceM: null,
      arrivalFlag: null,
      photos: '[]',
      finishNote: null,
      lateAt: null,
      updatedAt: now,
    })
    .where('orderId', '=', o.id)
    .where('employeeId', '!=', employeeId)
    .execute();
}

/** 出发: 待服务, not departed yet. */
export async function staffDepart(db: DB, s: StaffActor, orderId: number, at: string) {
  const o = await inTransition(db, async (trx) => {
    const o = await staffOrder(trx, s, orderId);
    if (o.status !== ORDER_STATUS.TO_SERVE) assertOpen(o);
    if (o.status === ORDER_STATUS.SERVING) throw business('已开始服务，不能再点出发');
    await ensureProgress(trx, o, s.employeeId);
    const r = await trx
      .updateTable('orderStaffProgress')
      .set({ departedAt: at, updatedAt: nowIso() })
      .where('orderId', '=', o.id)
      .where('employeeId', '=', s.employeeId)
      .where('departedAt', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw business('已出发，不能重复操作');
    await apply(
      trx,
      o,
      actorOf(s),
      {
        from: ORDER_STATUS.TO_SERVE,
        to: ORDER_STATUS.TO_SERVE,
        where: { employeeId: s.employeeId },
        verb: '出发',
        action: '员工出发',
        kind: 'departed',
        message: null,
      },
      at,
    );
    return o;
  });
  await notify(db, o.merchantId);
}

export interface ArrivalPoint {
  lat?: number;
  lng?: number;
  accuracy?: number;
}

/** The shop's clock-in radius (shop_setting.arrival_radius_m, default 500 m). */
async function radiusOf(db: DB | Trx, shopId: number) {
  const r = await db.selectFrom('shopSetting').select('arrivalRadiusM').where('shopId', '=', shopId).executeTakeFirst();
  return r?.arrivalRadiusM ?? DEFAULT_ARRIVAL_RADIUS_M;
}

/**
 * The clock-in's distance and flag: `near` within the shop's radius, `far` beyond it, `no_location` when she gave no
 * point or the order has none (nothing to compare).
 */
export function arrivalCheck(
  order: { lat: number | null; lng: number | null },
  p: ArrivalPoint,
  radiusM: number,
): { distanceM: number | null; flag: ArrivalFlag } {
  if (p.lat === undefined || p.lng === undefined || order.lat === null || order.lng === null)
    return { distanceM: null, flag: 'no_location' };
  const d = distanceM({ lat: p.lat, lng: p.lng }, { lat: order.lat, lng: order.lng });
  return { distanceM: d, flag: d > radiusM ? 'far' : 'near' };
}

/** 到达 (clock-in): departed, not arrived yet; the distance to the order's point is kept and flagged. */
export async function staffArrive(db: DB, s: StaffActor, orderId: number, p: ArrivalPoint, at: string) {
  if ((p.lat === undefined) !== (p.lng === undefined)) throw invalid('位置不完整：请同时提供纬度和经度');
  const o = await inTransition(db, async (trx) => {
    const o = await staffOrder(trx, s, orderId);
    if (o.status !== ORDER_STATUS.TO_SERVE) assertOpen(o);
    if (o.status === ORDER_STATUS.SERVING) throw business('已开始服务，不能再打卡');
    await ensureProgress(trx, o, s.employeeId);
    const check = arrivalCheck(o, p, await radiusOf(trx, o.shopId));
    const r = await trx
      .updateTable('orderStaffProgress')
      .set({
        arrivedAt: at,
        arrivalLat: p.lat ?? null,
        arrivalLng: p.lng ?? null,
        arrivalAccuracy: p.accuracy ?? null,
        arrivalDistanceM: check.distanceM,
        arrivalFlag: check.flag,
        updatedAt: nowIso(),
      })
      .where('orderId', '=', o.id)
      .where('employeeId', '=', s.employeeId)
      .where('departedAt', 'is not', null)
      .where('arrivedAt', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      const [cur] = (await progressOf(trx, [o.id])).values();
      throw business(cur?.arrivedAt ? '已到达打卡，不能重复操作' : '请先点「出发」，再到达打卡');
    }
    await apply(
      trx,
      o,
      actorOf(s),
      {
        from: ORDER_STATUS.TO_SERVE,
        to: ORDER_STATUS.TO_SERVE,
        where: { employeeId: s.employeeId },
        verb: '到达打卡',
        action: '员工到达打卡',
        remark:
          check.flag === 'no_location'
            ? '未提供位置'
            : `距服务地址 ${check.distanceM} 米${check.flag === 'far' ? '（超出打卡范围）' : ''}`,
        kind: 'arrived',
        message: null,
      },
      at,
    );
    return o;
  });
  await notify(db, o.merchantId);
}

/**
 * 开始服务: arrived, then the order's 验券 with the code she entered (30 → 40, its attempt limits, actor = her). A code
 * that is not her order's is counted as a wrong attempt like any wrong code, and never verifies another order.
 */
export async function staffStart(db: DB, s: StaffActor, orderId: number, code: string, at?: string) {
  const o = await staffOrder(db, s, orderId);
  if (o.status === ORDER_STATUS.SERVING) throw business('已开始服务，不能重复操作');
  if (o.status !== ORDER_STATUS.TO_SERVE) assertOpen(o);
  const p = currentProgress(o, (await progressOf(db, [o.id])).get(o.id));
  if (!p?.arrivedAt) throw business(p?.departedAt ? '请先到达打卡，再开始服务' : '请先点「出发」并到达打卡');
  // Her order's shop only; a code of another order is looked up nowhere (counted as wrong, then refused).
  const mine = o.verifyCode === code;
  try {
    await verifyByCode(db, { merchantId: o.merchantId, allowedShopIds: mine ? [o.shopId] : [] }, code, actorOf(s), at);
  } catch (err) {
    if (err instanceof AppError && err.code === 2002) throw invalid('核销码不正确，请向顾客核对');
    throw err;
  }
}

/** 完成: serving; the order's completion and settlement with her photos and note on the progress, in one transaction. */
export async function staffFinish(
  db: DB,
  s: StaffActor,
  orderId: number,
  v: { photos: string[]; note?: string },
  at: string,
) {
  const o = await staffOrder(db, s, orderId);
  if (o.status === ORDER_STATUS.TO_SERVE) throw business('请先输入核销码开始服务');
  if (o.status !== ORDER_STATUS.SERVING) assertOpen(o);
  // The photos and note are written in the completion's transaction: a lost double tap writes nothing.
  await confirmDone(db, { merchantId: o.merchantId, allowedShopIds: [o.shopId] }, o.id, actorOf(s), {
    now: at,
    alsoInTransaction: async (trx) => {
      await ensureProgress(trx, o, s.employeeId);
      await trx
        .updateTable('orderStaffProgress')
        .set({ photos: JSON.stringify(v.photos), finishNote: v.note?.trim() || null, updatedAt: nowIso() })
        .where('orderId', '=', o.id)
        .where('employeeId', '=', s.employeeId)
        .execute();
    },
  });
}

/**
 * 迟到提醒: orders 待服务 whose start was more than LATE_AFTER_MINUTES ago (within the last day) and whose employee has
 * not clocked in get one `late` event and a message, once (late_at set conditionally: safe on several instances).
 */
export async function raiseLateEvents(db: DB, now = Date.now()) {
  const before = new Date(now - LATE_AFTER_MINUTES * 60_000).toISOString();
  const since = new Date(now - 86_400_000).toISOString();
  const due = await db
    .selectFrom('serviceOrder')
    .leftJoin('orderStaffProgress as p', 'p.orderId', 'serviceOrder.id')
    .leftJoin('employee', 'employee.id', 'serviceOrder.employeeId')
    .selectAll('serviceOrder')
    .select(['employee.name as employeeName', 'p.employeeId as progressEmployeeId', 'p.arrivedAt', 'p.lateAt'])
    .where('serviceOrder.status', '=', ORDER_STATUS.TO_SERVE)
    .where('serviceOrder.employeeId', 'is not', null)
    .where('serviceOrder.appointmentAt', '<=', before)
    .where('serviceOrder.appointmentAt', '>', since)
    .orderBy('serviceOrder.appointmentAt')
    .limit(500)
    .execute();
  let n = 0;
  for (const row of due) {
    const { employeeName, progressEmployeeId, arrivedAt, lateAt, ...o } = row;
    if (progressEmployeeId === o.employeeId && (arrivedAt || lateAt)) continue;
    const employeeId = o.employeeId as number;
    try {
      const raised = await inTransition(db, async (trx) => {
        await ensureProgress(trx, o, employeeId);
        const r = await trx
          .updateTable('orderStaffProgress')
          .set({ lateAt: nowIso(), updatedAt: nowIso() })
          .where('orderId', '=', o.id)
          .where('employeeId', '=', employeeId)
          .where('arrivedAt', 'is', null)
          .where('lateAt', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return false;
        const who = employeeName ?? `#${employeeId}`;
        await apply(trx, o, SYSTEM, {
          from: ORDER_STATUS.TO_SERVE,
          to: ORDER_STATUS.TO_SERVE,
          where: { employeeId },
          verb: '迟到提醒',
          action: '迟到提醒',
          remark: `${who} 开始后 ${LATE_AFTER_MINUTES} 分钟仍未到达打卡`,
          kind: 'late',
          message: {
            title: '迟到提醒',
            content: `订单 ${o.orderNo}（${o.goodsName}）已开始 ${LATE_AFTER_MINUTES} 分钟，${who} 仍未到达打卡`,
            selfCaused: 'others',
          },
        });
        return true;
      });
      if (raised) {
        n++;
        await notify(db, o.merchantId);
      }
    } catch {
      // changed meanwhile (started, reassigned, cancelled): nothing to say
    }
  }
  return n;
}
