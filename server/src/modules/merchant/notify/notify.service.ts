import { momentText } from '@jz/contracts/booking';
import { NOTIFY_EVENTS, type NotifyEvent } from '@jz/contracts/notify';
import type { Trx } from '../../../db/client.ts';
import type { SecretField } from '../../../lib/secret-rotate.ts';
import { blindIndex, seal } from '../../../lib/secret-box.ts';
import { releaseAt } from './rules.ts';
import { type Params, render, workerTitle } from './texts.ts';
import './notify.tables.ts';
import '../order/order.tables.ts';
import '../employee/employee.tables.ts';

/**
 * Messages to customers and staff: what other modules call (docs/messages.md "Messages to customers and staff").
 * Every message is a notify_outbox row written in the caller's transaction, so it exists exactly when the change that
 * causes it commits; the notify_deliver job sends it (delivery.ts).
 */

export const PHONE_FIELD: SecretField = {
  table: 'notifyOutbox',
  column: 'phone',
  purpose: 'notifyOutbox.phone',
  hash: { column: 'phoneHash', normalize: (v) => v.replace(/\D/g, '') },
};

export interface Notice {
  merchantId: number;
  shopId?: number | null;
  orderId?: number | null;
  event: NotifyEvent;
  recipientId?: number | null;
  recipientName?: string | null;
  phone: string;
  params: Params;
  /** One per event and recipient: a second enqueue with the same key is ignored; the provider receives it too. */
  idemKey: string;
  /** The appointment the message is about (quiet hours let a job of the same day through). */
  jobAt?: string | null;
  resendOf?: number | null;
  createdBy?: number | null;
}

/** Whether the merchant has this event switched on (no row: on). */
export async function switchedOn(trx: Trx, merchantId: number, event: NotifyEvent) {
  const row = await trx
    .selectFrom('notifySwitch')
    .select('enabled')
    .where('merchantId', '=', merchantId)
    .where('event', '=', event)
    .executeTakeFirst();
  return !row || row.enabled === 1;
}

/**
 * Queues one message in the caller's transaction, unless the merchant switched its event off or the recipient has no
 * phone. Answers the row id, or null when nothing was queued (switched off, no phone, or the key already queued).
 */
export async function enqueue(trx: Trx, n: Notice, now = Date.now()): Promise<number | null> {
  const phone = n.phone.replace(/\D/g, '');
  if (!phone) return null;
  if (n.resendOf == null && !(await switchedOn(trx, n.merchantId, n.event))) return null;
  const at = new Date(now).toISOString();
  const due = releaseAt(now, n.jobAt ?? null);
  const row = await trx
    .insertInto('notifyOutbox')
    .values({
      merchantId: n.merchantId,
      shopId: n.shopId ?? null,
      orderId: n.orderId ?? null,
      event: n.event,
      recipientKind: NOTIFY_EVENTS[n.event].recipient,
      recipientId: n.recipientId ?? null,
      recipientName: n.recipientName ?? null,
      phone: seal(PHONE_FIELD.purpose, phone),
      phoneHash: blindIndex(PHONE_FIELD.purpose, phone),
      params: JSON.stringify(n.params),
      content: render(n.event, n.params),
      idemKey: n.idemKey,
      jobAt: n.jobAt ?? null,
      status: 'pending',
      reason: due > now ? '免打扰时段（21:00–08:00），08:00 后发送' : null,
      nextAttemptAt: new Date(due).toISOString(),
      resendOf: n.resendOf ?? null,
      createdBy: n.createdBy ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .onConflict((oc) => oc.column('idemKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

// ------------------------------------------------------------------------------------------------ order events

/** What a transition knew before it changed the order: the messages of 改约, 改派 and 取消 need it. */
export interface OrderEventFacts {
  before: { appointmentAt: string; employeeId: number | null };
  actorType: 'merchant' | 'customer' | 'system' | 'staff';
  /** The merchant's reason (改约). */
  reason?: string | null;
}

/** An order event as the transition wrote it (order_event), with the facts of the transition when it had any. */
export interface WrittenOrderEvent {
  id: number;
  kind: string;
  orderId: number;
  merchantId: number;
  createdAt: string;
  facts?: OrderEventFacts;
}

interface Person {
  id: number;
  name: string;
  phone: string;
  gender: number;
}

/**
 * The messages of order events, by event kind (the one table: ORDER_EVENT_NOTICES), queued in the transition's
 * transaction after its order_event rows. Kinds without messages (new, verified, reviewed, …) queue nothing.
 */
export async function enqueueOrderEvents(trx: Trx, events: WrittenOrderEvent[], now = Date.now()) {
  for (const e of events) {
    const make = ORDER_EVENT_NOTICES[e.kind];
    if (!make) continue;
    const o = await trx
      .selectFrom('serviceOrder')
      .select([
        'id',
        'merchantId',
        'shopId',
        'goodsName',
        'address',
        'appointmentAt',
        'customerId',
        'customerName',
        'customerPhone',
        'employeeId',
        'orderNo',
      ])
      .where('id', '=', e.orderId)
      .executeTakeFirst();
    if (!o) continue;
    const shop = await trx.selectFrom('shop').select(['phone', 'name']).where('id', '=', o.shopId).executeTakeFirst();
    const person = async (id: number | null): Promise<Person | null> =>
      id
        ? ((await trx
            .selectFrom('employee')
            .select(['id', 'name', 'phone', 'gender'])
            .where('id', '=', id)
            .executeTakeFirst()) ?? null)
        : null;
    const ctx: OrderCtx = {
      e,
      o,
      shopPhone: shop?.phone ?? '',
      employee: await person(o.employeeId),
      before: e.facts?.before.employeeId === o.employeeId ? null : await person(e.facts?.before.employeeId ?? null),
    };
    for (const m of make(ctx)) {
      await enqueue(
        trx,
        {
          merchantId: o.merchantId,
          shopId: o.shopId,
          orderId: o.id,
          event: m.event,
          recipientId: m.to === 'customer' ? o.customerId : m.to.id,
          recipientName: m.to === 'customer' ? o.customerName : m.to.name,
          phone: m.to === 'customer' ? o.customerPhone : m.to.phone,
          params: m.params,
          idemKey: `e${e.id}:${m.event}`,
          jobAt: m.jobAt ?? o.appointmentAt,
        },
        now,
      );
    }
  }
}

interface OrderCtx {
  e: WrittenOrderEvent;
  o: {
    id: number;
    goodsName: string;
    address: string;
    appointmentAt: string;
    orderNo: string;
  };
  shopPhone: string;
  /** The order's employee now, and the one it had before the transition when that was another. */
  employee: Person | null;
  before: Person | null;
}
interface Made {
  event: NotifyEvent;
  to: 'customer' | Person;
  params: Params;
  jobAt?: string;
}

const time = (iso: string) => momentText(Date.parse(iso));
let reviewBase = 'http://127.0.0.1:3000/review';
/** The review link's base (NOTIFY_REVIEW_URL): set by the module at start. */
export const setReviewBase = (url: string) => {
  reviewBase = url;
};
export const reviewLink = (orderNo: string) => `${reviewBase}${reviewBase.includes('?') ? '&' : '?'}order=${orderNo}`;

/** Each order event kind and the messages it sends (docs/messages.md lists them). */
export const ORDER_EVENT_NOTICES: Record<string, (c: OrderCtx) => Made[]> = {
  // 接单 assigns the employee at once: the customer hears both in one message, the employee gets her job.
  accepted: ({ o, employee, shopPhone }) =>
    employee
      ? [
          {
            event: 'customer_accepted',
            to: 'customer',
            params: {
              service: o.goodsName,
              time: time(o.appointmentAt),
              worker: workerTitle(employee.name, employee.gender),
              phone: shopPhone,
            },
          },
          staffAssigned(o, employee),
        ]
      : [],
  reassigned: ({ o, employee, before, shopPhone }) => [
    ...(employee
      ? [
          {
            event: 'customer_assigned' as const,
            to: 'customer' as const,
            params: {
              service: o.goodsName,
              time: time(o.appointmentAt),
              worker: workerTitle(employee.name, employee.gender),
              phone: shopPhone,
            },
          },
          staffAssigned(o, employee),
        ]
      : []),
    ...(before ? [staffCancelled(o, before)] : []),
  ],
  rescheduled: ({ e, o, employee, before, shopPhone }) => {
    const from = e.facts ? time(e.facts.before.appointmentAt) : '';
    const out: Made[] = [];
    // The customer who moved the order knows; the merchant's move is told with its reason.
    if (e.facts?.actorType !== 'customer')
      out.push({
        event: 'customer_rescheduled',
        to: 'customer',
        params: {
          service: o.goodsName,
          from,
          to: time(o.appointmentAt),
          reason: e.facts?.reason || '商家调整',
          phone: shopPhone,
        },
      });
    if (employee)
      out.push({
        event: 'staff_rescheduled',
        to: employee,
        params: { service: o.goodsName, from, to: time(o.appointmentAt), address: o.address },
      });
    // Released: her job at the old time is gone.
    if (before)
      out.push(staffCancelled({ ...o, appointmentAt: e.facts?.before.appointmentAt ?? o.appointmentAt }, before));
    return out;
  },
  departed: ({ o, employee, shopPhone }) =>
    employee
      ? [
          {
            event: 'customer_departed',
            to: 'customer',
            params: {
              service: o.goodsName,
              time: time(o.appointmentAt),
              worker: workerTitle(employee.name, employee.gender),
              phone: shopPhone,
            },
          },
        ]
      : [],
  completed: ({ o }) => [
    { event: 'customer_completed', to: 'customer', params: { service: o.goodsName, link: reviewLink(o.orderNo) } },
  ],
  cancelled: ({ o, employee }) => (employee ? [staffCancelled(o, employee)] : []),
};

function staffAssigned(o: OrderCtx['o'], p: Person): Made {
  return {
    event: 'staff_assigned',
    to: p,
    params: { time: time(o.appointmentAt), service: o.goodsName, address: o.address },
  };
}
function staffCancelled(o: OrderCtx['o'], p: Person): Made {
  return {
    event: 'staff_cancelled',
    to: p,
    params: { time: time(o.appointmentAt), service: o.goodsName, address: o.address },
    jobAt: o.appointmentAt,
  };
}

/**
 * The answer to an employee's leave request (请假审批结果), queued in the answering transaction. `key` names the
 * request and its answer so one answer is queued once.
 */
export function enqueueLeaveAnswer(
  trx: Trx,
  a: {
    merchantId: number;
    shopId: number;
    employee: { id: number; name: string; phone: string };
    requestId: number;
    approved: boolean;
    from: string;
    to: string;
    note?: string | null;
  },
  now = Date.now(),
) {
  return enqueue(
    trx,
    {
      merchantId: a.merchantId,
      shopId: a.shopId,
      event: 'staff_leave_answered',
      recipientId: a.employee.id,
      recipientName: a.employee.name,
      phone: a.employee.phone,
      params: {
        span: `${time(a.from)} 至 ${time(a.to)}`,
        result: a.approved ? '已批准' : '未获批准',
        note: a.note ? `，说明：${a.note}` : '',
      },
      idemKey: `leave${a.requestId}:${a.approved ? 'approved' : 'refused'}`,
      jobAt: null,
    },
    now,
  );
}
