import type { OplogRow } from '@jz/contracts/oplog';
import type { DB } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { dayEndIso, dayStartIso } from '../../../lib/time.ts';

type LogFilter = {
  loginName?: string;
  title?: string;
  type?: string;
  success?: number;
  startDate?: string;
  endDate?: string;
  pageNum: number;
  pageSize: number;
};

/** 操作日志: newest first; dates are Shanghai calendar days. Params were redacted when the row was written. */
export function pageLogs(db: DB, f: LogFilter) {
  let q = db.selectFrom('oplog');
  if (f.loginName) q = q.where('loginName', 'like', likeContains(f.loginName));
  if (f.title) q = q.where('title', 'like', likeContains(f.title));
  if (f.type) q = q.where('type', '=', f.type);
  if (f.success !== undefined) q = q.where('success', '=', f.success);
  if (f.startDate) q = q.where('createdAt', '>=', dayStartIso(f.startDate));
  if (f.endDate) q = q.where('createdAt', '<', dayEndIso(f.endDate));
  return paginate(q, (b) => b.selectAll().orderBy('id', 'desc'), f) as Promise<{ records: OplogRow[]; total: number }>;
}

export async function findLog(db: DB, id: number) {
  const row = await db.selectFrom('oplog').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('日志不存在');
  return row as OplogRow;
}

/** The module titles logged so far, for the search form. */
export async function logTitles(db: DB) {
  return (await db.selectFrom('oplog').select('title').distinct().orderBy('title').execute()).map((r) => r.title);
}

export async function deleteLogs(db: DB, ids: number[]) {
  const r = await db.deleteFrom('oplog').where('id', 'in', ids).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound('日志不存在');
}
