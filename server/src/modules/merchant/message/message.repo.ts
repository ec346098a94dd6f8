import type { Broadcast, Message, MessageType, UnreadCount } from '@jz/contracts/message';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { nowIso } from '../../../lib/time.ts';
import './message.tables.ts';

type Filter = { type?: MessageType; read?: number; title?: string; pageNum: number; pageSize: number };

/** The subjects a user may read (message.service.ts readableSubjects; null = all). */
export type Readable = { refTypes: string[]; types: string[] } | null;

/** Keeps the messages whose subject the reader may see. */
function readable<Q extends SelectQueryBuilder<Database, 'message', object>>(q: Q, r: Readable): Q {
  if (!r) return q;
  return q.where((w) =>
    w.or([
      w('message.refType', 'in', r.refTypes.length ? r.refTypes : ['-']),
      w.and([w('message.refType', 'is', null), w('message.type', 'in', r.types.length ? r.types : ['-'])]),
    ]),
  ) as Q;
}

const COLS = ['id', 'userId', 'type', 'title', 'content', 'refType', 'refId', 'readAt', 'createdAt'] as const;

/** The caller's own messages: unread first, newest first. Every query here filters by the owner's user id. */
export function pageMessages(db: DB, userId: number, f: Filter, r: Readable = null) {
  let q = readable(db.selectFrom('message').where('userId', '=', userId), r);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.read === 0) q = q.where('readAt', 'is', null);
  if (f.read === 1) q = q.where('readAt', 'is not', null);
  if (f.title) q = q.where('title', 'like', likeContains(f.title));
  return paginate(
    q,
    (b) =>
      b
        .select([...COLS])
        .orderBy(sql`case when read_at is null then 0 else 1 end`)
        .orderBy('id', 'desc'),
    f,
  ) as Promise<{ records: Message[]; total: number }>;
}

export async function unreadCount(db: DB, userId: number, r: Readable = null): Promise<UnreadCount> {
  const rows = await readable(db.selectFrom('message').where('userId', '=', userId), r)
    .select(['type', sql<number>`count(*)`.as('n')])
    .where('readAt', 'is', null)
    .groupBy('type')
    .execute();
  const out: UnreadCount = { total: 0, order: 0, finance: 0, system: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    out.total += n;
    if (r.type === 'order' || r.type === 'finance' || r.type === 'system') out[r.type] += n;
  }
  return out;
}

/** All ids must be the caller's: one foreign or unknown id refuses the whole call (2002) and changes nothing. */
async function assertOwn(db: DB, userId: number, ids: number[]) {
  const own = await db
    .selectFrom('message')
    .select(sql<number>`count(*)`.as('n'))
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  if (Number(own.n) !== ids.length) throw notFound('消息不存在');
}

/** Marks the given messages, or all (of one type), read. Answers how many changed from unread to read. */
export async function setRead(db: DB, userId: number, v: { ids?: number[]; all?: number; type?: MessageType }) {
  return db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('message')
      .set({ readAt: nowIso() })
      .where('userId', '=', userId)
      .where('readAt', 'is', null);
    if (v.all === 1) {
      if (v.type) q = q.where('type', '=', v.type);
    } else {
      await assertOwn(trx, userId, v.ids!);
      q = q.where('id', 'in', v.ids!);
    }
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  });
}

export async function deleteMessages(db: DB, userId: number, ids: number[]) {
  return db.transaction().execute(async (trx) => {
    await assertOwn(trx, userId, ids);
    await trx.deleteFrom('message').where('userId', '=', userId).where('id', 'in', ids).execute();
  });
}

export async function insertBroadcast(
  db: DB,
  v: { title: string; content: string; merchantIds: number[] | null; recipientCount: number; senderId: number },
) {
  return db
    .insertInto('messageBroadcast')
    .values({ ...v, merchantIds: v.merchantIds ? JSON.stringify(v.merchantIds) : null, createdAt: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function pageBroadcasts(db: DB, f: { title?: string; pageNum: number; pageSize: number }) {
  let q = db.selectFrom('messageBroadcast').leftJoin('user', 'user.id', 'messageBroadcast.senderId');
  if (f.title) q = q.where('messageBroadcast.title', 'like', likeContains(f.title));
  const page = await paginate(
    q,
    (b) =>
      b
        .select([
          'messageBroadcast.id',
          'messageBroadcast.title',
          'messageBroadcast.content',
          'messageBroadcast.merchantIds',
          'messageBroadcast.recipientCount',
          'messageBroadcast.createdAt',
          'user.nickName as senderName',
        ])
        .orderBy('messageBroadcast.id', 'desc'),
    f,
  );
  return {
    total: page.total,
    records: page.records.map((r) => ({
      ...r,
      merchantIds: r.merchantIds ? (JSON.parse(r.merchantIds) as number[]) : null,
    })) as Broadcast[],
  };
}

export const setBroadcastCount = (db: DB, id: number, recipientCount: number) =>
  db.updateTable('messageBroadcast').set({ recipientCount }).where('id', '=', id).execute();

/** Merchants to choose broadcast recipients from. */
export const merchantSelect = (db: DB) => db.selectFrom('merchant').select(['id', 'name']).orderBy('id').execute();

/** Unknown merchant ids refuse the broadcast (2002) instead of silently reaching fewer merchants. */
export async function assertMerchantsExist(db: DB, ids: number[]) {
  const n = await db
    .selectFrom('merchant')
    .select(sql<number>`count(*)`.as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  if (Number(n.n) !== ids.length) throw notFound('部分商家不存在');
}
