import type { Kysely } from 'kysely';
import { withId, withTimes } from '../migration-kit.ts';

/** Issue 12: the code generator's imported tables and their column settings. */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('gen_table'))
      .addColumn('table_name', 'text', (c) => c.notNull().unique())
      .addColumn('table_comment', 'text', (c) => c.notNull())
      .addColumn('class_name', 'text', (c) => c.notNull())
      .addColumn('module_name', 'text', (c) => c.notNull())
      .addColumn('business_name', 'text', (c) => c.notNull())
      .addColumn('function_name', 'text', (c) => c.notNull())
      .addColumn('parent_menu_key', 'text', (c) => c.notNull().defaultTo('sys'))
      .addColumn('tpl_category', 'text', (c) => c.notNull().defaultTo('crud'))
      .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('remark', 'text'),
  ).execute();
  await db.schema.createIndex('gen_table_comment_idx').on('gen_table').column('table_comment').execute();

  await withTimes(
    withId(db, db.schema.createTable('gen_table_column'))
      .addColumn('table_id', 'integer', (c) => c.notNull().references('gen_table.id').onDelete('cascade'))
      .addColumn('column_name', 'text', (c) => c.notNull())
      .addColumn('column_comment', 'text', (c) => c.notNull())
      .addColumn('column_type', 'text', (c) => c.notNull())
      .addColumn('ts_type', 'text', (c) => c.notNull())
      .addColumn('is_pk', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_insert', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_edit', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_list', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_query', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('query_type', 'text', (c) => c.notNull().defaultTo('EQ'))
      .addColumn('html_type', 'text', (c) => c.notNull().defaultTo('input'))
      .addColumn('dict_type', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('gen_table_column_table_idx')
    .on('gen_table_column')
    .columns(['table_id', 'sort'])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('gen_table_column').ifExists().execute();
  await db.schema.dropTable('gen_table').ifExists().execute();
}
