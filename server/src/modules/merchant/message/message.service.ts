import { STATUS_FLAG } from '@jz/contracts/common';
import type { MessageRefType, MessageType } from '@jz/contracts/message';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import { notifyMerchants } from '../../../lib/order-bus.ts';
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
  /**
   * The merchant user whose own act this message reports (null/absent: a customer, the platform or the system did it).
   * That user is never a recipient: messages are for what others or the system did (docs/messages.md).
   */
  causedBy?: number | null;
  /**
   * With `causedBy`: whether the merchant's other users (who may see the subject) still hear of it. 'others' (the
   * default) for money and state they must know (a completion and its settlement, a cancellation and its refund, a
   * withdrawal request); 'nobody' for routine work shown where it happens (接单, 改派, 验券).
   */
  selfCaused?: SelfCaused;
}

/** Who hears of a merchant user's own act besides the page it was done on (the actor itself never does). */
export type SelfCaused = 'others' | 'nobody';

/** The self-message rule: false = tell nobody; a user id = leave that user out; null = nobody to leave out. */
function actorRule(msg: Pick<OutgoingMessage, 'causedBy' | 'selfCaused'>): false | number | null {
  if (msg.causedBy == null) return null;
  return msg.selfCaused === 'nobody' ? false : msg.causedBy;
}

/**
 * The permission a message's subject needs: a user hears of something only when it may open the page that shows it
 * (an order: the order list; a withdrawal: the withdrawal page; a settlement: 不可提现金额; ...). Decided by `refType`,
 * else by `type` (finance news without a reference: the finance home page). null = everyone (platform broadcasts and
 * system notices without a subject). Owners hear of everything of their merchant.
 */
const SUBJECT_PERM: Record<MessageRefType, string | null> = {
  order: 'merchant:order:list',
  withdrawal: 'merchant:finance:withdrawList',
  settlement: 'merchant:finance:frozen',
  agreement: 'merchant:agreement:sign',
  shop: 'merchant:shop:info',
  onboarding: 'merchant:finance:jinjian:query',
  licence: 'merchant:account:licence',
  // those who answer leave requests (the decide route's code), not everyone who may look at 员工排班
  leaveRequest: 'merchant:dispatch:assign',
  broadcast: null,
};
const TYPE_PERM: Record<MessageType, string | null> = {
  order: 'merchant:order:list',
  finance: 'merchant:finance:view',
  system: null,
};

export function subjectPerm(msg: Pick<OutgoingMessage, 'type' | 'refType'>): string | null {
  return msg.refType ? SUBJECT_PERM[msg.refType] : TYPE_PERM[msg.type];
}

/**
 * What a user may read of the messages it holds, by the same rule (rows delivered before per-role delivery, or before its role
 * lost a code, stay hidden): null = everything (owners, platform users); else the reference types it may see, and the
 * message types it may see when a message has no reference.
 */
export function readableSubjects(user: {
  userType: string;
  isOwner: boolean;
  perms: ReadonlySet<string>;
}): { refTypes: MessageRefType[]; types: MessageType[] } | null {
  if (user.userType !== 'merchant' || user.isOwner) return null;
  const holds = (p: string | null) => p === null || user.perms.has(p);
  return {
    refTypes: (Object.keys(SUBJECT_PERM) as MessageRefType[]).filter((r) => holds(SUBJECT_PERM[r])),
    types: (Object.keys(TYPE_PERM) as MessageType[]).filter((t) => holds(TYPE_PERM[t])),
  };
}

/**
 * `userId`: that user. `merchantId`: the active users of the merchant who may see the message's subject (owners, and
 * sub-accounts whose role grants `subjectPerm`); with `shopId` (the shop the news is about), only those who may work in
 * that shop as well (`user.all_shops`, or a `user_shop` row of it).
 */
export type Recipient =
  | { userId: number; merchantId?: never; shopId?: never }
  | { merchantId: number; shopId?: number | null; userId?: never };

/**
 * The one way other modules (orders, finance, onboarding, licences, agreements) tell a merchant something.
 * `userId` sends to that user; `merchantId` sends to the active users of the merchant who may see its subject
 * (`subjectPerm`: owners always), and with `shopId` only to those who work in that shop. `causedBy` names the merchant
 * user who did what the message reports: it never receives it, and `selfCaused: 'nobody'` sends nothing at all. Pass the transaction as `db`
 * when the message must appear only if the change that caused it commits. Answers how many messages were created.
 * The recipients' open order streams are told (`event: message`, the header count follows at once): on PostgreSQL
 * through a NOTIFY in the same transaction, delivered to every instance when it commits.
 *
 *   await sendMessage(trx, { merchantId, type: 'order', title: '新订单', content: `订单 ${no} 已付款，请及时接单`, refType: 'order', refId: id });
 */
export async function sendMessage(db: DB, msg: Recipient & OutgoingMessage): Promise<number> {
  const leaveOut = actorRule(msg);
  if (leaveOut === false || (leaveOut !== null && msg.userId === leaveOut)) return 0;
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
      : await merchantUsers(db, msg.merchantId, msg.shopId ?? null, subjectPerm(msg))
          .$if(leaveOut !== null, (q) => q.where('user.id', '!=', leaveOut as number))
          .execute();
  if (!users.length) return 0;
  await db
    .insertInto('message')
    .values(users.map((u) => ({ ...base, userId: u.id, merchantId: u.merchantId })))
    .execute();
  if (!msg.read) await wake(db, [...new Set(users.map((u) => u.merchantId).filter((m): m is number => m !== null))]);
  return users.length;
}

function merchantUsers(db: DB, merchantId: number, shopId: number | null, perm: string | null) {
  let q = db
    .selectFrom('user')
    .select(['id', 'merchantId'])
    .where('merchantId', '=', merchantId)
    .where('status', '=', STATUS_FLAG.ENABLED);
  if (perm) q = q.where((w) => w.or([w('user.isOwner', '=', 1), holds(w, perm)]));
  if (shopId !== null)
    q = q.where((w) =>
      w.or([
        w('user.isOwner', '=', 1),
        w('user.allShops', '=', 1),
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
 * The user (outer `user` row) holds `perm` through an enabled role and an enabled menu (as plugins/auth.ts loadPerms
 * reads it). A menu's `perms` may list several codes: matched as a whole item of the comma-separated list.
 */
function holds(w: ExpressionBuilder<Database, 'user'>, perm: string) {
  return w.exists(
    w
      .selectFrom('userRole')
      .innerJoin('role', 'role.id', 'userRole.roleId')
      .innerJoin('roleMenu', 'roleMenu.roleId', 'role.id')
      .innerJoin('menu', 'menu.id', 'roleMenu.menuId')
      .select('menu.id')
      .whereRef('userRole.userId', '=', 'user.id')
      .where('role.status', '=', STATUS_FLAG.ENABLED)
      .where('menu.status', '=', STATUS_FLAG.ENABLED)
      .where(sql<string>`',' || replace(${sql.ref('menu.perms')}, ' ', '') || ','`, 'like', `%,${perm},%`),
  );
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
    .where('status', '=', STATUS_FLAG.ENABLED)
    .where('merchantId', 'is not', null);
  if (merchantIds) users = users.where('merchantId', 'in', merchantIds);
  const perm = subjectPerm(msg);
  if (perm) users = users.where((w) => w.or([w('user.isOwner', '=', 1), holds(w, perm)]));
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

/**
 * The id of the user's newest unread message (null: none), for the live order stream's `event: message`. Any new
 * message is unread and has a larger id, so a larger answer means "something arrived"; one index probe
 * (message_user_read_idx: user_id, read_at, id).
 */
export async function newestUnreadMessageId(db: DB, userId: number): Promise<number | null> {
  const r = await db
    .selectFrom('message')
    .select(sql<number | null>`max(id)`.as('id'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return r?.id == null ? null : Number(r.id);
}
