import type { Kysely } from 'kysely';
import { bigint, withId, withTimes } from '../migration-kit.ts';

export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('merchant'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withTimes(
    withId(db, db.schema.createTable('shop'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('parent_id', 'integer', (c) => c.references('shop.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('logo_url', 'text')
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('contact_name', 'text')
      .addColumn('phone', 'text')
      .addColumn('province_code', 'text')
      .addColumn('city_code', 'text')
      .addColumn('district_code', 'text')
      .addColumn('address', 'text')
      .addColumn('lat', 'double precision')
      .addColumn('lng', 'double precision')
      .addColumn('service_area', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('business_hours', 'text')
      .addColumn('yingye_state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('intro', 'text')
      .addColumn('fuwu_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('audit_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('audit_remark', 'text')
      .addColumn('rating', 'double precision', (c) => c.notNull().defaultTo(5))
      .addColumn('order_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('shop_merchant_idx').on('shop').columns(['merchant_id', 'parent_id']).execute();

  await withTimes(
    withId(db, db.schema.createTable('user'))
      .addColumn('user_type', 'text', (c) => c.notNull())
      .addColumn('merchant_id', 'integer', (c) => c.references('merchant.id'))
      .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('login_name', 'text', (c) => c.notNull().unique())
      .addColumn('nick_name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull().unique())
      .addColumn('head_url', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('current_shop_id', 'integer')
      .addColumn('last_login_at', 'text')
      .addColumn('last_login_ip', 'text'),
  ).execute();
  await db.schema.createIndex('user_merchant_idx').on('user').column('merchant_id').execute();

  await withId(db, db.schema.createTable('session'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').column('user_id').execute();

  await withId(db, db.schema.createTable('sms_code'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_code_phone_idx').on('sms_code').columns(['phone', 'created_at']).execute();
  await db.schema.createIndex('sms_code_ip_idx').on('sms_code').columns(['ip', 'created_at']).execute();

  await withTimes(
    withId(db, db.schema.createTable('role'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('merchant_id', 'integer', (c) => c.references('merchant.id'))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('remark', 'text')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('role_code_idx').on('role').columns(['merchant_id', 'code']).execute();

  await withTimes(
    withId(db, db.schema.createTable('menu'))
      .addColumn('parent_id', 'integer', (c) => c.references('menu.id').onDelete('cascade'))
      .addColumn('seed_key', 'text', (c) => c.unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('icon', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('router_url', 'text')
      .addColumn('router_param', 'text')
      .addColumn('component', 'text')
      .addColumn('perms', 'text')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scope', 'text', (c) => c.notNull()),
  ).execute();

  await db.schema
    .createTable('role_menu')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_menu_pk', ['role_id', 'menu_id'])
    .execute();
  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();

  await withTimes(
    withId(db, db.schema.createTable('dict_type'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'text'),
  ).execute();
  await withTimes(
    withId(db, db.schema.createTable('dict_data'))
      .addColumn('dict_type', 'text', (c) => c.notNull())
      .addColumn('dict_label', 'text', (c) => c.notNull())
      .addColumn('dict_value', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tag_type', 'text')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remark', 'text'),
  ).execute();
  await db.schema
    .createIndex('dict_data_type_idx')
    .on('dict_data')
    .columns(['dict_type', 'dict_value'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('oplog'))
    .addColumn('user_id', 'integer')
    .addColumn('login_name', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('params', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('duration_ms', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oplog_created_idx').on('oplog').column('created_at').execute();
}

export async function down(db: Kysely<any>) {
  for (const t of [
    'oplog',
    'dict_data',
    'dict_type',
    'user_role',
    'role_menu',
    'menu',
    'role',
    'sms_code',
    'session',
    'user',
    'shop',
    'merchant',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
