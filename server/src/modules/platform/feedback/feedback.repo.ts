import { FEEDBACK_STATE } from '@jz/contracts/feedback';
import type { Feedback } from '@jz/contracts/feedback';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { dayEndIso, dayStartIso, nowIso } from '../../../lib/time.ts';
import './feedback.tables.ts';

type Filter = {
  type?: string;
  state?: number;
  merchantName?: string;
  content?: string;
  startDate?: string;
  endDate?: string;
  pageNum: number;
  pageSize: number;
};

const parseImages = (s: string) => {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) ? (v as string[]) : [];
  } catch {
    return [];
  }
};

function base(db: DB) {
  return db
    .selectFrom('feedback')
    .leftJoin('merchant', 'merchant.id', 'feedback.merchantId')
    .leftJoin('user as submitter', 'submitter.id', 'feedback.userId')
    .leftJoin('user as handler', 'handler.id', 'feedback.handledBy');
}

const columns = [
  'feedback.id',
  'feedback.userId',
  'feedback.merchantId',
  'merchant.name as merchantName',
  'submitter.nickName as userName',
  'submitter.phone as userPhone',
  'feedback.type',
  'feedback.content',
  'feedback.images',
  'feedback.contact',
  'feedback.state',
  'feedback.reply',
  'feedback.handledBy',
  'handler.nickName as handlerName',
  'feedback.handledAt',
  'feedback.createdAt',
] as const;

/** The platform's list of every merchant's feedback. */
export async function pageFeedback(db: DB, f: Filter) {
  let q = base(db);
  if (f.type) q = q.where('feedback.type', '=', f.type);
  if (f.state !== undefined) q = q.where('feedback.state', '=', f.state);
  if (f.merchantName) q = q.where('merchant.name', 'like', likeContains(f.merchantName));
  if (f.content) q = q.where('feedback.content', 'like', likeContains(f.content));
  if (f.startDate) q = q.where('feedback.createdAt', '>=', dayStartIso(f.startDate));
  if (f.endDate) q = q.where('feedback.createdAt', '<', dayEndIso(f.endDate));
  const page = await paginate(
    q,
    (b) =>
      b
        .select([...columns])
        .orderBy('feedback.state')
        .orderBy('feedback.id', 'desc'),
    f,
  );
  return {
    records: page.records.map((r) => ({ ...r, images: parseImages(r.images) })) as Feedback[],
    total: page.total,
  };
}

/** A merchant's own feedback (every account of the merchant sees the merchant's feedback). */
export async function pageMine(db: DB, merchantId: number, f: { state?: number; pageNum: number; pageSize: number }) {
  let q = base(db).where('feedback.merchantId', '=', merchantId);
  if (f.state !== undefined) q = q.where('feedback.state', '=', f.state);
  const page = await paginate(q, (b) => b.select([...columns]).orderBy('feedback.id', 'desc'), f);
  return {
    records: page.records.map((r) => ({ ...r, images: parseImages(r.images) })) as Feedback[],
    total: page.total,
  };
}

export async function addFeedback(
  db: DB,
  v: { userId: number; merchantId: number | null; type: string; content: string; images: string[]; contact?: string },
) {
  const now = nowIso();
  return db
    .insertInto('feedback')
    .values({
      ...v,
      images: JSON.stringify(v.images),
      contact: v.contact ?? null,
      state: FEEDBACK_STATE.OPEN,
      reply: null,
      handledBy: null,
      handledAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Handles a feedback once: one conditional update, so a second or concurrent handling gets a clear refusal. */
export async function handleFeedback(db: DB, id: number, handlerId: number, reply: string) {
  const now = nowIso();
  const r = await db
    .updateTable('feedback')
    .set({ state: FEEDBACK_STATE.HANDLED, reply, handledBy: handlerId, handledAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('state', '=', FEEDBACK_STATE.OPEN)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return;
  if (!(await db.selectFrom('feedback').select('id').where('id', '=', id).executeTakeFirst()))
    throw notFound('反馈不存在');
  throw business('该反馈已处理，不能重复处理');
}
