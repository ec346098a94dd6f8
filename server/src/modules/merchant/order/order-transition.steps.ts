import { WORK_STATE } from '@jz/contracts/employee';
import { ORDER_STATUS, ORDER_STATUS_NAME, type OrderEvent, type OrderStatus } from '@jz/contracts/order';
import { type Insertable, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { DB, Trx } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { shopAllowed, type Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { type SelfCaused, sendMessage } from '../message/message.service.ts';
import { enqueueOrderEvents, type OrderEventFacts } from '../notify/notify.service.ts';
import { busOf } from '../../../lib/order-bus.ts';
import type { OrderEventTable, ServiceOrderTable } from './order.tables.ts';
import './order.tables.ts';
import '../employee/employee.tables.ts';
import '../scheduling/scheduling.tables.ts';
import '../shop/shop.tables.ts';

/**
 * The steps every order transition is made of (order-transition.service.ts holds the transitions themselves).
 * The order state machine (docs/decisions.md#orders): every transition is ONE conditional update
 * `UPDATE service_order SET status = <to> WHERE id = ? AND merchant_id = ? AND status = <expected>` inside a
 * transaction, with the timeline row, the live event row and the merchant's message in the same transaction. A
 * concurrent or repeated attempt updates nothing and gets a 2004 refusal naming the current state.
 */
export type { Trx };
export type OrderRow = Selectable<ServiceOrderTable>;

export interface Actor {
  /** `staff`: the employee on the staff page (order-staff-steps.ts). */
  type: 'merchant' | 'customer' | 'system' | 'staff';
  id: number | null;
  name: string;
}
export const SYSTEM: Actor = { type: 'system', id: null, name: '系统' };

export const ACTIVE = [ORDER_STATUS.TO_SERVE, ORDER_STATUS.SERVING];
export const WORK = { FREE: 1, BUSY: 2 } as const;

export interface Step {
  from: number;
  to: number;
  set?: Partial<Omit<ServiceOrderTable, 'id'>>;
  /** Extra guard, e.g. the employee the order still has. */
  where?: { employeeId: number | null };
  verb: string;
  action: string;
  remark?: string | null;
  kind: OrderEvent['kind'];
  /** Why, in the merchant's words (改约): it goes into the customer's message. */
  reason?: string | null;
  /** The merchant's message; null when the caller sends it itself once it knows more (the completion's settlement). */
  message: OrderMessage | null;
}

/**
 * An order message. `selfCaused`: when a merchant user did it, whether its colleagues still hear of it ('others':
 * money and states they must know) or nobody ('nobody': routine work the order list shows live); the acting user
 * itself never does (docs/messages.md). Customer, platform and system acts reach every user who may see the order.
 */
export interface OrderMessage {
  title: string;
  content: string;
  selfCaused: SelfCaused;
}

export const statusName = (s: number) => ORDER_STATUS_NAME[s as OrderStatus] ?? String(s);

/**
 * Who acts on orders from the merchant side: a merchant id (the system: jobs, demo seed), or a console caller's
 * scope, whose shop limit makes an order of another shop "not found" for every transition.
 */
export type MerchantScope = number | Pick<Tenant, 'merchantId' | 'allowedShopIds'>;

export const scopeOf = (s: MerchantScope) =>
  typeof s === 'number'
    ? { merchantId: s, allowedShopIds: null }
    : { merchantId: s.merchantId, allowedShopIds: s.allowedShopIds };

/** The order, inside the caller's scope (merchant, shop limit, or customer), else 2002 订单不存在. */
export async function loadOrder(
  trx: Trx | DB,
  id: number,
  scope: { merchantId?: number; customerId?: number; allowedShopIds?: number[] | null },
) {
  let q = trx.selectFrom('serviceOrder').selectAll().where('id', '=', id);
  if (scope.merchantId !== undefined) q = q.where('merchantId', '=', scope.merchantId);
  if (scope.customerId !== undefined) q = q.where('customerId', '=', scope.customerId);
  const o = await q.executeTakeFirst();
  if (!o || !shopAllowed({ allowedShopIds: scope.allowedShopIds ?? null }, o.shopId)) throw notFound('订单不存在');
  return o;
}

/** The advisory lock (key1) under which one merchant's live events are written; key2 is the merchant id. */
export const ORDER_EVENT_LOCK = 0x6a7a0e;

/** The live-event rows of each open transition transaction, written at its end (inTransition). */
const pendingEvents = new WeakMap<Trx, Insertable<OrderEventTable>[]>();
/** What each event's transition knew before it changed the order (the customer and staff messages need it). */
const eventFacts = new WeakMap<Insertable<OrderEventTable>, OrderEventFacts>();

/**
 * The transaction of a transition. Its live events (order_event) are written last, and on PostgreSQL under a
 * per-merchant advisory lock held until the commit, so one merchant's event ids are given out in commit order. Written
 * mid-transaction, an event could take id N, commit after N+1 had been streamed, and a console that reconnected in
 * between (Last-Event-ID N+1) never got N: seen under the cluster load (scripts/cluster.mjs). Last, so the lock is
 * never held while waiting for another row: only commit-time work (the order counters, NOTIFY) follows it.
 */
export function inTransition<T>(db: DB, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    pendingEvents.set(trx, []);
    const r = await fn(trx);
    const rows = pendingEvents.get(trx) ?? [];
    if (rows.length) {
      if (trx.getExecutor().adapter instanceof PostgresAdapter)
        for (const m of [...new Set(rows.map((e) => e.merchantId))].sort((a, b) => a - b))
          await sql`select pg_advisory_xact_lock(${ORDER_EVENT_LOCK}::int, ${m}::int)`.execute(trx);
      const ids = await trx.insertInto('orderEvent').values(rows).returning('id').execute();
      // The messages to the customer and staff (SMS outbox): queued with the events, so they exist iff the change commits.
      await enqueueOrderEvents(
        trx,
        rows.map((e, i) => ({ ...e, id: ids[i].id, facts: eventFacts.get(e) })),
      );
    }
    return r;
  });
}

/** The conditional update, the timeline row, the event row and the message: all in the caller's transaction. */
export async function apply(trx: Trx, o: OrderRow, actor: Actor, s: Step, at = nowIso()) {
  let q = trx
    .updateTable('serviceOrder')
    .set({ ...s.set, status: s.to, updatedAt: at })
    .where('id', '=', o.id)
    .where('merchantId', '=', o.merchantId)
    .where('status', '=', s.from);
  if (s.where)
    q =
      s.where.employeeId === null ? q.where('employeeId', 'is', null) : q.where('employeeId', '=', s.where.employeeId);
  const r = await q.executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) {
    const now = await trx.selectFrom('serviceOrder').select('status').where('id', '=', o.id).executeTakeFirst();
    throw business(
      now && now.status !== s.from
        ? `订单当前状态为「${statusName(now.status)}」，不能${s.verb}`
        : `订单已被他人处理，不能${s.verb}，请刷新后重试`,
    );
  }
  await trx
    .insertInto('orderTimeline')
    .values({
      orderId: o.id,
      merchantId: o.merchantId,
      fromStatus: s.from,
      toStatus: s.to,
      action: s.action,
      operatorType: actor.type,
      operatorId: actor.id,
      operatorName: actor.name,
      remark: s.remark ?? null,
      createdAt: at,
    })
    .execute();
  const events = pendingEvents.get(trx);
  if (!events) throw new Error('order transition outside inTransition()');
  const event = {
    merchantId: o.merchantId,
    shopId: o.shopId,
    orderId: o.id,
    kind: s.kind,
    status: s.to,
    createdAt: at,
  };
  events.push(event);
  eventFacts.set(event, {
    before: { appointmentAt: o.appointmentAt, employeeId: o.employeeId },
    actorType: actor.type,
    reason: s.reason ?? null,
  });
  if (s.message) await orderMessage(trx, o, actor, s.message);
}

/** The order's message to the merchant's users, in the transition's transaction (the self-message rule applied). */
export function orderMessage(trx: Trx, o: OrderRow, actor: Actor, m: OrderMessage) {
  return sendMessage(trx, {
    merchantId: o.merchantId,
    // sub-accounts limited to other shops do not hear of this shop's orders
    shopId: o.shopId,
    type: 'order',
    title: m.title,
    content: m.content,
    refType: 'order',
    refId: o.id,
    causedBy: actor.type === 'merchant' ? actor.id : null,
    selfCaused: m.selfCaused,
  });
}

/**
 * Marks the employee as holding orders (stored work_state 2) if still assignable (same merchant and shop, not deleted).
 * The stored 2 is a guard for 离职 and delete racing an assignment (their conditional updates), never a state to show:
 * 服务中 is derived from the schedule (scheduling/state.ts).
 */
export async function takeEmployee(trx: Trx, o: OrderRow, employeeId: number, onlyFree: boolean) {
  // 休假 is a dated period (employee_leave): one covering the appointment refuses the assignment.
  const leave = await trx
    .selectFrom('employeeLeave')
    .select('id')
    .where('employeeId', '=', employeeId)
    .where('startsAt', '<=', o.appointmentAt)
    .where('endsAt', '>', o.appointmentAt)
    .executeTakeFirst();
  if (leave) throw business('该员工在预约时间休假，不能指派');
  const r = await trx
    .updateTable('employee')
    .set({ workState: WORK.BUSY, updatedAt: nowIso() })
    .where('id', '=', employeeId)
    .where('merchantId', '=', o.merchantId)
    .where('shopId', '=', o.shopId)
    .where('deletedAt', 'is', null)
    .where('workState', 'in', onlyFree ? [WORK.FREE] : [WORK.FREE, WORK.BUSY])
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return;
  const e = await trx
    .selectFrom('employee')
    .select(['workState', 'shopId', 'deletedAt'])
    .where('id', '=', employeeId)
    .where('merchantId', '=', o.merchantId)
    .executeTakeFirst();
  if (!e || e.deletedAt) throw notFound('员工不存在');
  if (e.shopId !== o.shopId) throw business('该员工不属于订单所在店铺');
  if (e.workState === WORK_STATE.LEAVE) throw business('该员工正在休假，不能指派');
  if (e.workState === WORK_STATE.RESIGNED) throw business('该员工已离职，不能指派');
  throw business('该员工当前不空闲');
}

/** Back to 空闲 when the employee has no other order to serve (an employee on leave stays on leave). */
export async function releaseEmployee(trx: Trx, employeeId: number | null) {
  if (!employeeId) return;
  const other = await trx
    .selectFrom('serviceOrder')
    .select('id')
    .where('employeeId', '=', employeeId)
    .where('status', 'in', ACTIVE)
    .limit(1)
    .executeTakeFirst();
  if (other) return;
  await trx
    .updateTable('employee')
    .set({ workState: WORK.FREE, updatedAt: nowIso() })
    .where('id', '=', employeeId)
    .where('workState', '=', WORK.BUSY)
    .execute();
}

export const employeeName = async (trx: Trx, id: number) =>
  (await trx.selectFrom('employee').select('name').where('id', '=', id).executeTakeFirst())?.name ?? `#${id}`;

export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** Wakes the live streams once the transaction has committed. */
export const notify = (db: DB, merchantId: number) =>
  busOf(db)
    .publish(merchantId)
    .catch(() => {});
