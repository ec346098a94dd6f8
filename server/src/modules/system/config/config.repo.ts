import type { ConfigRecord, ConfigValue } from '@jz/contracts/config';
import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import './config.tables.ts';

const EMPTY = JSON.stringify({ content: '' });

/** A configuration by type; an unknown type answers the empty value `{"content":""}` (docs/spec-notes.md#records: initially empty). */
export async function findByType(db: DB, type: string): Promise<ConfigRecord> {
  const row = await db
    .selectFrom('config')
    .select(['type', 'value', 'updatedAt'])
    .where('type', '=', type)
    .executeTakeFirst();
  return row ?? { type, value: EMPTY, updatedAt: null };
}

/** Insert or replace one configuration (one statement: two concurrent saves leave one whole value, never a mix). */
export async function saveConfig(db: DB, type: string, value: ConfigValue) {
  const now = nowIso();
  const text = JSON.stringify(value);
  await db
    .insertInto('config')
    .values({ type, value: text, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('type').doUpdateSet({ value: text, updatedAt: now }))
    .execute();
  return findByType(db, type);
}
