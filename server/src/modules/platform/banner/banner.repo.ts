import { STATUS_FLAG } from '@jz/contracts/common';
import type { Banner } from '@jz/contracts/banner';
import type { DB } from '../../../db/client.ts';
import { invalid, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { nowIso } from '../../../lib/time.ts';
import './banner.tables.ts';

type Filter = { title?: string; position?: string; status?: number; pageNum: number; pageSize: number };
type Values = {
  title: string;
  imageUrl: string;
  linkUrl?: string | null;
  position: string;
  sort: number;
  status: number;
  startAt?: string | null;
  endAt?: string | null;
};

export function pageBanners(db: DB, f: Filter) {
  let q = db.selectFrom('banner');
  if (f.title) q = q.where('title', 'like', likeContains(f.title));
  if (f.position) q = q.where('position', '=', f.position);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return paginate(q, (b) => b.selectAll().orderBy('position').orderBy('sort').orderBy('id', 'desc'), f) as Promise<{
    records: Banner[];
    total: number;
  }>;
}

/** Banners showing now at a position: enabled and inside their publish window. */
export function liveBanners(db: DB, position: string) {
  const now = nowIso();
  return db
    .selectFrom('banner')
    .select(['id', 'title', 'imageUrl', 'linkUrl', 'position', 'sort'])
    .where('position', '=', position)
    .where('status', '=', STATUS_FLAG.ENABLED)
    .where((eb) => eb.or([eb('startAt', 'is', null), eb('startAt', '<=', now)]))
    .where((eb) => eb.or([eb('endAt', 'is', null), eb('endAt', '>', now)]))
    .orderBy('sort')
    .orderBy('id', 'desc')
    .execute();
}

export async function addBanner(db: DB, v: Values) {
  const now = nowIso();
  return db
    .insertInto('banner')
    .values({
      ...v,
      linkUrl: v.linkUrl ?? null,
      startAt: v.startAt ?? null,
      endAt: v.endAt ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function editBanner(db: DB, id: number, v: Partial<Values>) {
  const cur = await db.selectFrom('banner').select(['startAt', 'endAt']).where('id', '=', id).executeTakeFirst();
  if (!cur) throw notFound('轮播图不存在');
  const start = v.startAt === undefined ? cur.startAt : v.startAt;
  const end = v.endAt === undefined ? cur.endAt : v.endAt;
  if (start && end && start >= end) throw invalid('结束时间须晚于开始时间');
  await db
    .updateTable('banner')
    .set({ ...v, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteBanners(db: DB, ids: number[]) {
  const r = await db.deleteFrom('banner').where('id', 'in', ids).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound('轮播图不存在');
}
