import type { Kysely } from 'kysely';
import { withId, withTimes } from '../migration-kit.ts';

/**
 * Excel import (issue 25 §7, docs/import.md): one row per uploaded file — who checked it, what it holds (kind, hash),
 * how far the check or the import got (status, total, checked), the problems found (errors: JSON of the listed ones,
 * error_count all of them), and when it stops being usable (expires_at, 30 minutes; used once). The file itself lies
 * in import_file, sealed (it holds phone and ID numbers; lib/secret-box.ts) in the database: every instance of a
 * cluster reads it, it is never served as an upload, and it is deleted once used or expired.
 */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('import_job'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('shop_id', 'integer')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('file_key', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      // checking → valid | invalid | failed; valid → importing → done | failed
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('total', 'integer')
      .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('message', 'text')
      .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('import_job_merchant_idx').on('import_job').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('import_job_expires_idx').on('import_job').column('expires_at').execute();

  await db.schema
    .createTable('import_file')
    .addColumn('file_key', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('import_file').ifExists().execute();
  await db.schema.dropTable('import_job').ifExists().execute();
}
