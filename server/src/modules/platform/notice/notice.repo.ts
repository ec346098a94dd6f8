import { STATUS_FLAG } from '@jz/contracts/common';
import type { Notice } from '@jz/contracts/notice';
import type { DB } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { nowIso } from '../../../lib/time.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import './notice.tables.ts';

type Filter = { title?: string; type?: string; status?: number; pageNum: number; pageSize: number };
type Values = { title: string; content: string; type: string; status: number; publishedAt?: string };

export function pageNotices(db: DB, f: Filter) {
  let q = db.selectFrom('notice');
  if (f.title) q = q.where('title', 'like', likeContains(f.title));
  if (f.type) q = q.where('type', '=', f.type);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return paginate(q, (b) => b.selectAll().orderBy('publishedAt', 'desc').orderBy('id', 'desc'), f) as Promise<{
    records: Notice[];
    total: number;
  }>;
}

/** What merchants see: enabled notices whose publish time has come, newest first. */
export function pagePublished(db: DB, f: { title?: string; type?: string; pageNum: number; pageSize: number }) {
  let q = db.selectFrom('notice').where('status', '=', STATUS_FLAG.ENABLED).where('publishedAt', '<=', nowIso());
  if (f.title) q = q.where('title', 'like', likeContains(f.title));
  if (f.type) q = q.where('type', '=', f.type);
  return paginate(
    q,
    (b) =>
      b.select(['id', 'title', 'content', 'type', 'publishedAt']).orderBy('publishedAt', 'desc').orderBy('id', 'desc'),
    f,
  );
}

export async function findPublished(db: DB, id: number) {
  const row = await db
    .selectFrom('notice')
    .select(['id', 'title', 'content', 'type', 'publishedAt'])
    .where('id', '=', id)
    .where('status', '=', STATUS_FLAG.ENABLED)
    .where('publishedAt', '<=', nowIso())
    .executeTakeFirst();
  if (!row) throw notFound('公告不存在');
  return row;
}

export async function addNotice(db: DB, userId: number, v: Values) {
  const now = nowIso();
  return db
    .insertInto('notice')
    .values({
      ...v,
      content: sanitizeRichText(v.content),
      publishedAt: v.publishedAt ?? now,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function editNotice(db: DB, id: number, v: Partial<Values>) {
  const patch = { ...v, ...(v.content !== undefined ? { content: sanitizeRichText(v.content) } : {}) };
  const r = await db
    .updateTable('notice')
    .set({ ...patch, updatedAt: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('公告不存在');
}

export async function deleteNotices(db: DB, ids: number[]) {
  const r = await db.deleteFrom('notice').where('id', 'in', ids).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound('公告不存在');
}
