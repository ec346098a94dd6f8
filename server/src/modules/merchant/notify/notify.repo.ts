import { maskPhone } from '@jz/contracts/mask';
import {
  NOTIFY_EVENT_CODES,
  NOTIFY_EVENTS,
  type NotifyEvent,
  type NotifySwitch,
  type OrderNotice,
} from '@jz/contracts/notify';
import type { Selectable } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { open } from '../../../lib/secret-box.ts';
import { shopAllowed, type Tenant } from '../../../lib/tenant.ts';
import { PHONE_FIELD } from './notify.service.ts';
import { releaseAt } from './rules.ts';
import type { NotifyOutboxTable } from './notify.tables.ts';
import '../order/order.tables.ts';

type Scope = Pick<Tenant, 'merchantId' | 'allowedShopIds'>;

/** The order inside the caller's merchant and shop limit, else 2002 订单不存在 (as every order call answers). */
async function ownOrder(db: DB, t: Scope, orderId: number) {
  const o = await db
    .selectFrom('serviceOrder')
    .select(['id', 'shopId'])
    .where('id', '=', orderId)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!o || !shopAllowed(t, o.shopId)) throw notFound('订单不存在');
  return o;
}

function toNotice(r: Selectable<NotifyOutboxTable>): OrderNotice {
  const event = r.event as NotifyEvent;
  const phone = maskPhone(open(PHONE_FIELD.purpose, r.phone, { table: 'notify_outbox', id: r.id }));
  return {
    id: r.id,
    channel: 'sms',
    event,
    eventName: NOTIFY_EVENTS[event]?.name ?? r.event,
    recipientKind: r.recipientKind,
    recipient: r.recipientKind === 'staff' && r.recipientName ? `${r.recipientName} ${phone}` : phone,
    status: r.status,
    reason: r.reason,
    content: r.content,
    attempts: r.attempts,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
    nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt : null,
    resendOf: r.resendOf,
  };
}

export async function orderNotices(db: DB, t: Scope, orderId: number): Promise<OrderNotice[]> {
  await ownOrder(db, t, orderId);
  const rows = await db
    .selectFrom('notifyOutbox')
    .selectAll()
    .where('orderId', '=', orderId)
    .where('merchantId', '=', t.merchantId)
    .orderBy('id')
    .execute();
  return rows.map(toNotice);
}

/**
 * 重发: a sent or failed message queued again as a new row (resend_of names the first; the first keeps its status),
 * under quiet hours like any other. A message still waiting is refused: it will go.
 */
export async function resend(
  db: DB,
  t: Scope & { userId: number },
  id: number,
  now = Date.now(),
): Promise<OrderNotice> {
  const r = await db
    .selectFrom('notifyOutbox')
    .selectAll()
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!r || r.orderId === null || (r.shopId !== null && !shopAllowed(t, r.shopId))) throw notFound('消息不存在');
  if (r.status === 'pending') throw business('该消息正在等待发送，无需重发');
  const at = new Date(now).toISOString();
  const due = releaseAt(now, r.jobAt);
  const made = await db
    .insertInto('notifyOutbox')
    .values({
      merchantId: r.merchantId,
      shopId: r.shopId,
      orderId: r.orderId,
      event: r.event,
      recipientKind: r.recipientKind,
      recipientId: r.recipientId,
      recipientName: r.recipientName,
      phone: r.phone,
      phoneHash: r.phoneHash,
      params: r.params,
      content: r.content,
      idemKey: `${r.idemKey}:resend:${now}:${t.userId}`,
      jobAt: r.jobAt,
      status: 'pending',
      reason: due > now ? '免打扰时段（21:00–08:00），08:00 后发送' : null,
      nextAttemptAt: new Date(due).toISOString(),
      resendOf: r.resendOf ?? r.id,
      createdBy: t.userId,
      createdAt: at,
      updatedAt: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toNotice(made);
}

export async function switches(db: DB, merchantId: number): Promise<NotifySwitch[]> {
  const rows = await db
    .selectFrom('notifySwitch')
    .select(['event', 'enabled'])
    .where('merchantId', '=', merchantId)
    .execute();
  const off = new Map(rows.map((r) => [r.event, r.enabled === 1]));
  return NOTIFY_EVENT_CODES.map((event) => ({
    event,
    name: NOTIFY_EVENTS[event].name,
    recipientKind: NOTIFY_EVENTS[event].recipient,
    enabled: off.get(event) ?? true,
  }));
}

export async function setSwitch(db: DB, merchantId: number, event: NotifyEvent, enabled: boolean) {
  const at = new Date().toISOString();
  await db
    .insertInto('notifySwitch')
    .values({ merchantId, event, enabled: enabled ? 1 : 0, updatedAt: at })
    .onConflict((oc) => oc.columns(['merchantId', 'event']).doUpdateSet({ enabled: enabled ? 1 : 0, updatedAt: at }))
    .execute();
  return switches(db, merchantId);
}
