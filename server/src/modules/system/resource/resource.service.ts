import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import './resource.tables.ts';

// What other modules may do with the resource records: the upload module records each stored file here.

/** Records a stored file (an upload, or a file added in 资源管理); answers its id. */
export async function createResource(
  db: DB,
  v: {
    name: string;
    url: string;
    storageKey: string | null;
    type: string;
    ext: string | null;
    mime: string | null;
    size: number;
    rootPath: string | null;
    uploaderId: number | null;
    merchantId: number | null;
  },
) {
  const now = nowIso();
  const r = await db
    .insertInto('resource')
    .values({ ...v, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}
