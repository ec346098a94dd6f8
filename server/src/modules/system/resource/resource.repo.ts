import type { Resource } from '@jz/contracts/resource';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { paginate } from '../../../lib/paging.ts';
import { nowIso } from '../../../lib/time.ts';
import './resource.tables.ts';

type Filter = { name?: string; type?: string; rootPath?: string };

/** `%text%` with \ % _ escaped; used with an explicit ESCAPE so both SQLite and PostgreSQL match literally. */
const containsPattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: DB, f: Filter) {
  let q = db.selectFrom('resource').leftJoin('user', 'user.id', 'resource.uploaderId');
  if (f.name) q = q.where(sql<boolean>`resource.name like ${containsPattern(f.name)} escape '\\'`);
  if (f.type) q = q.where('resource.type', '=', f.type);
  if (f.rootPath)
    q = q.where((eb) =>
      eb.or([
        eb('resource.rootPath', '=', f.rootPath!),
        eb('resource.rootPath', 'like', `${f.rootPath!.replace(/[\\%_]/g, '')}/%`),
      ]),
    );
  return q;
}

const columns = [
  'resource.id',
  'resource.name',
  'resource.url',
  'resource.type',
  'resource.ext',
  'resource.mime',
  'resource.size',
  'resource.rootPath',
  'resource.uploaderId',
  'user.nickName as uploaderName',
  'resource.merchantId',
  'resource.createdAt',
] as const;

export function pageResources(db: DB, f: Filter & { pageNum: number; pageSize: number }) {
  return paginate(filtered(db, f), (b) => b.select(columns).orderBy('resource.id', 'desc'), f) as Promise<{
    records: Resource[];
    total: number;
  }>;
}

/** At most 500 newest, for pickers. */
export function listResources(db: DB, f: Filter) {
  return filtered(db, f).select(columns).orderBy('resource.id', 'desc').limit(500).execute() as Promise<Resource[]>;
}

export async function renameResource(db: DB, id: number, name: string) {
  const r = await db.updateTable('resource').set({ name, updatedAt: nowIso() }).where('id', '=', id).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('资源不存在');
}

/**
 * Deletes the records and answers their storage keys so the caller removes the files. All ids must exist, else
 * nothing is deleted (2002).
 */
export async function deleteResources(db: DB, ids: number[]) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('resource').select(['id', 'storageKey']).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw notFound('部分资源不存在');
    // A concurrent delete of the same rows leaves this one with fewer deleted rows: refuse, as for unknown ids.
    const del = await trx.deleteFrom('resource').where('id', 'in', ids).executeTakeFirst();
    if (Number(del.numDeletedRows) !== ids.length) throw notFound('部分资源不存在');
    return rows.map((r) => r.storageKey).filter((k): k is string => !!k);
  });
}
