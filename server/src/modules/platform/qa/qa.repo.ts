import { STATUS_FLAG } from '@jz/contracts/common';
import type { Qa } from '@jz/contracts/qa';
import type { DB } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import { nowIso } from '../../../lib/time.ts';
import './qa.tables.ts';

type Filter = { question?: string; category?: string; status?: number; pageNum: number; pageSize: number };
type Values = { question: string; answer: string; category: string; sort: number; status: number };

export function pageQa(db: DB, f: Filter) {
  let q = db.selectFrom('qa');
  if (f.question) q = q.where('question', 'like', likeContains(f.question));
  if (f.category) q = q.where('category', '=', f.category);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return paginate(q, (b) => b.selectAll().orderBy('category').orderBy('sort').orderBy('id'), f) as Promise<{
    records: Qa[];
    total: number;
  }>;
}

/** Enabled Q&A for every signed-in user, by category then sort. */
export const listPublished = (db: DB) =>
  db
    .selectFrom('qa')
    .select(['id', 'question', 'answer', 'category', 'sort'])
    .where('status', '=', STATUS_FLAG.ENABLED)
    .orderBy('category')
    .orderBy('sort')
    .orderBy('id')
    .execute();

export async function addQa(db: DB, v: Values) {
  const now = nowIso();
  return db
    .insertInto('qa')
    .values({ ...v, answer: sanitizeRichText(v.answer), createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function editQa(db: DB, id: number, v: Partial<Values>) {
  const patch = { ...v, ...(v.answer !== undefined ? { answer: sanitizeRichText(v.answer) } : {}) };
  const r = await db
    .updateTable('qa')
    .set({ ...patch, updatedAt: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('问题不存在');
}

export async function deleteQa(db: DB, ids: number[]) {
  const r = await db.deleteFrom('qa').where('id', 'in', ids).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound('问题不存在');
}
