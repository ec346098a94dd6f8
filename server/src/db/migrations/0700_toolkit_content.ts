import type { Kysely } from 'kysely';
import { withId, withTimes } from '../migration-kit.ts';

/** Issue 7: banners, notices, Q&A and feedback (domain.md, system toolkit records); indexes for the toolkit filters. */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('banner'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('link_url', 'text')
      .addColumn('position', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('start_at', 'text')
      .addColumn('end_at', 'text'),
  ).execute();
  await db.schema.createIndex('banner_position_idx').on('banner').columns(['position', 'status', 'sort']).execute();

  await withTimes(
    withId(db, db.schema.createTable('notice'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer'),
  ).execute();
  await db.schema.createIndex('notice_published_idx').on('notice').columns(['status', 'published_at']).execute();

  await withTimes(
    withId(db, db.schema.createTable('qa'))
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('qa_category_idx').on('qa').columns(['category', 'status', 'sort']).execute();

  await withTimes(
    withId(db, db.schema.createTable('feedback'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('merchant_id', 'integer', (c) => c.references('merchant.id'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('contact', 'text')
      .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reply', 'text')
      .addColumn('handled_by', 'integer')
      .addColumn('handled_at', 'text'),
  ).execute();
  await db.schema.createIndex('feedback_merchant_idx').on('feedback').columns(['merchant_id', 'created_at']).execute();
  await db.schema.createIndex('feedback_state_idx').on('feedback').columns(['state', 'created_at']).execute();

  await db.schema.createIndex('oplog_login_name_idx').on('oplog').columns(['login_name', 'created_at']).execute();
  await db.schema.createIndex('oplog_title_idx').on('oplog').columns(['title', 'created_at']).execute();
  await db.schema.createIndex('user_type_status_idx').on('user').columns(['user_type', 'status']).execute();
  await db.schema.createIndex('user_role_role_idx').on('user_role').column('role_id').execute();
  await db.schema.createIndex('role_menu_menu_idx').on('role_menu').column('menu_id').execute();
  await db.schema.createIndex('menu_parent_idx').on('menu').columns(['parent_id', 'sort']).execute();
}

export async function down(db: Kysely<any>) {
  for (const i of [
    'oplog_login_name_idx',
    'oplog_title_idx',
    'user_type_status_idx',
    'user_role_role_idx',
    'role_menu_menu_idx',
    'menu_parent_idx',
  ])
    await db.schema.dropIndex(i).ifExists().execute();
  for (const t of ['feedback', 'qa', 'notice', 'banner']) await db.schema.dropTable(t).ifExists().execute();
}
