import type { Kysely } from 'kysely';
import { bigint, withId, withTimes } from '../migration-kit.ts';

/** Issue 3: region table (seeded from @vant/area-data), the resource library, configuration records. */
export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('region'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_code', 'text')
    .addColumn('level', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('region_parent_idx').on('region').column('parent_code').execute();

  await withTimes(
    withId(db, db.schema.createTable('resource'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('ext', 'text')
      .addColumn('mime', 'text')
      .addColumn('size', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('root_path', 'text')
      .addColumn('uploader_id', 'integer')
      .addColumn('merchant_id', 'integer'),
  ).execute();
  await db.schema.createIndex('resource_type_idx').on('resource').columns(['type', 'id']).execute();
  await db.schema.createIndex('resource_name_idx').on('resource').column('name').execute();
  await db.schema.createIndex('resource_root_idx').on('resource').column('root_path').execute();
  await db.schema.createIndex('resource_uploader_idx').on('resource').column('uploader_id').execute();
  await db.schema.createIndex('resource_merchant_idx').on('resource').column('merchant_id').execute();
  await db.schema.createIndex('resource_storage_key_idx').on('resource').column('storage_key').execute();

  await withTimes(
    withId(db, db.schema.createTable('config'))
      .addColumn('type', 'text', (c) => c.notNull().unique())
      .addColumn('value', 'text', (c) => c.notNull()),
  ).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('config').ifExists().execute();
  await db.schema.dropTable('resource').ifExists().execute();
  await db.schema.dropTable('region').ifExists().execute();
}
