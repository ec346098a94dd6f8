import type { Kysely } from 'kysely';
import { withId, withTimes } from '../migration-kit.ts';

/**
 * Issue 10: the shops a sub-account may work in (no rows = every shop of its merchant), password sign-in attempts
 * (the limits live in the database so several instances share them) and the merchant's licences (证照).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('user_shop')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addPrimaryKeyConstraint('user_shop_pk', ['user_id', 'shop_id'])
    .execute();
  await db.schema.createIndex('user_shop_merchant_idx').on('user_shop').column('merchant_id').execute();
  await db.schema.createIndex('user_shop_shop_idx').on('user_shop').column('shop_id').execute();

  await withId(db, db.schema.createTable('login_attempt'))
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('success', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempt_key_idx')
    .on('login_attempt')
    .columns(['account_key', 'created_at'])
    .execute();
  await db.schema.createIndex('login_attempt_ip_idx').on('login_attempt').columns(['ip', 'created_at']).execute();

  await withTimes(
    withId(db, db.schema.createTable('licence'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('number', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('valid_from', 'text')
      .addColumn('valid_to', 'text')
      .addColumn('audit_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('audit_reason', 'text')
      .addColumn('audited_at', 'text')
      .addColumn('audited_by', 'integer'),
  ).execute();
  await db.schema.createIndex('licence_merchant_idx').on('licence').columns(['merchant_id', 'valid_to']).execute();
  await db.schema.createIndex('licence_audit_idx').on('licence').columns(['audit_status', 'created_at']).execute();
}

export async function down(db: Kysely<any>) {
  for (const t of ['licence', 'login_attempt', 'user_shop']) await db.schema.dropTable(t).ifExists().execute();
}
