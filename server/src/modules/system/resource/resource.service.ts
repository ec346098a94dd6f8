import type { Insertable } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import type { ResourceTable } from './resource.tables.ts';

// What other modules may do with the resource records: the upload module records each stored file here.

/** Records a stored file (an upload, or a file added in 资源管理); answers its id. */
export async function createResource(db: DB, v: Omit<Insertable<ResourceTable>, 'id' | 'createdAt' | 'updatedAt'>) {
  const now = nowIso();
  const r = await db
    .insertInto('resource')
    .values({ ...v, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
