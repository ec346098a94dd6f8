import type { MessageRefType, MessageType } from '@jz/contracts/message';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import '../account/account.tables.ts';
import { notifyMerchants } from '../order/order-bus.ts';
import './message.tables.ts';

/** What reaches a merchant: one message per recipient user. */
export interface OutgoingMessage {
  type: MessageType;
  title: string;
  content: string;
  refType?: MessageRefType | null;
  refId?: number | null;
  /** When it happened (default now): a job catching up on the past, or a demo timeline, dates it then. */
  at?: string;
  /** Created already read: news of the demo's past, which nobody needs to be told about again. */
  read?: boolean;
}

/**
 * `userId`: that user. `merchantId`: every active user of the merchant; with `shopId` (the shop the news is about),
 * only those who may work in that shop: sub-accounts limited to other shops (`user_shop`) do not hear of it.
 */
export type Recipient =
  | { userId: number; merchantId?: never; shopId?: never }
  | { merchantId: number; shopId?: number | null; userId?: never };

/**
 * The one way other modules (orders, finance, onboarding, licences, agreements) tell a merchant something.
 * `userId` sends to that user; `merchantId` sends to every active user of the merchant. Pass the transaction as `db`
 * when the message must appear only if the change that caused it commits. Answers how many messages were created.
 * The recipients' open order streams are told (`event: message`, the header count follows at once): on PostgreSQL
 * through a NOTIFY in the same transaction, delivered to every instance when it commits.
 *
 *   await sendMessage(trx, { merchantId, type: 'order', title: '新订单', content: `订单 ${no} 已付款，请及时接单`, refType: 'order', refId: id });
 */
export async function sendMessage(db: DB, msg: Recipient & OutgoingMessage): Promise<number> {
  const now = msg.at ?? nowIso();
  const base = {
    type: msg.type,
    title: msg.title.slice(0, 100),
    content: msg.content.slice(0, 2000),
    refType: msg.refType ?? null,
    refId: msg.refId ?? null,
    readAt: msg.read ? now : null,
    createdAt: now,
  };
  const users =
    msg.userId !== undefined
      ? await db.selectFrom('user').select(['id', 'merchantId']).where('id', '=', msg.userId).execute()
      : await merchantUsers(db, msg.merchantId, msg.shopId ?? null).execute();
  if (!users.length) return 0;
  await db
    .insertInto('message')
    .values(users.map((u) => ({ ...base, userId: u.id, merchantId: u.merchantId })))
    .execute();
  if (!msg.read) await wake(db, [...new Set(users.map((u) => u.merchantId).filter((m): m is number => m !== null))]);
  return users.length;
}

function merchantUsers(db: DB, merchantId: number, shopId: number | null) {
  let q = db
    .selectFrom('user')
    .select(['id', 'merchantId'])
    .where('merchantId', '=', merchantId)
    .where('status', '=', 0);
  if (shopId !== null)
    q = q.where((w) =>
      w.or([
        w.not(w.exists(w.selectFrom('userShop').select('userShop.shopId').whereRef('userShop.userId', '=', 'user.id'))),
        w.exists(
          w
            .selectFrom('userShop')
            .select('userShop.shopId')
            .whereRef('userShop.userId', '=', 'user.id')
            .where('userShop.shopId', '=', shopId),
        ),
      ]),
    );
  return q;
}

/**
 * One message to every active user of the given merchants (all merchants when `merchantIds` is null), in a single
 * INSERT ... SELECT. Used by platform broadcasts and new agreement versions.
 */
export async function sendToMerchants(db: DB, merchantIds: number[] | null, msg: OutgoingMessage): Promise<number> {
  if (merchantIds && merchantIds.length === 0) return 0;
  const now = nowIso();
  let users = db
    .selectFrom('user')
    .where('userType', '=', 'merchant')
    .where('status', '=', 0)
    .where('merchantId', 'is not', null);
  if (merchantIds) users = users.where('merchantId', 'in', merchantIds);
  const r = await db
    .insertInto('message')
    .columns(['userId', 'merchantId', 'type', 'title', 'content', 'refType', 'refId', 'createdAt'])
    .expression(
      users.select((eb) => [
        'user.id',
        'user.merchantId',
        eb.val(msg.type).as('type'),
        eb.val(msg.title.slice(0, 100)).as('title'),
        eb.val(msg.content.slice(0, 2000)).as('content'),
        eb.val(msg.refType ?? null).as('refType'),
        sql<number | null>`cast(${msg.refId ?? null} as integer)`.as('refId'),
        eb.val(now).as('createdAt'),
      ]),
    )
    .executeTakeFirst();
  const n = Number(r.numInsertedOrUpdatedRows ?? 0);
  if (n > 0) await wake(db, merchantIds);
  return n;
}

/**
 * Tells the recipients' streams. A failed NOTIFY outside a transaction must not fail the caller (the message exists;
 * the streams' poll and the header's own poll find it); inside one, PostgreSQL has aborted it anyway.
 */
async function wake(db: DB, merchantIds: number[] | null) {
  try {
    await notifyMerchants(db, merchantIds);
  } catch (err) {
    if (db.isTransaction) throw err;
  }
}
