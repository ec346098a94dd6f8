import type { Kysely } from 'kysely';
import { withId, withTimes } from '../migration-kit.ts';

/** Courier pick-ups (快递下单, issue 6) and their tracking timeline. */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('courier_order'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id'))
      .addColumn('tracking_no', 'text', (c) => c.notNull().unique())
      .addColumn('company', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('sender_name', 'text', (c) => c.notNull())
      .addColumn('sender_phone', 'text', (c) => c.notNull())
      .addColumn('sender_address', 'text', (c) => c.notNull())
      .addColumn('receiver_name', 'text', (c) => c.notNull())
      .addColumn('receiver_phone', 'text', (c) => c.notNull())
      .addColumn('receiver_address', 'text', (c) => c.notNull())
      .addColumn('item_name', 'text', (c) => c.notNull())
      .addColumn('weight_grams', 'integer', (c) => c.notNull())
      .addColumn('pickup_at', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('remark', 'text')
      .addColumn('cancel_reason', 'text')
      .addColumn('cancelled_at', 'text')
      .addColumn('created_by', 'integer'),
  ).execute();
  await db.schema
    .createIndex('courier_order_tenant_idx')
    .on('courier_order')
    .columns(['merchant_id', 'shop_id', 'status'])
    .execute();
  await db.schema
    .createIndex('courier_order_created_idx')
    .on('courier_order')
    .columns(['merchant_id', 'created_at'])
    .execute();
  await db.schema.createIndex('courier_order_company_idx').on('courier_order').column('company').execute();

  await withId(db, db.schema.createTable('courier_track'))
    .addColumn('courier_order_id', 'integer', (c) => c.notNull().references('courier_order.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('courier_track_order_idx')
    .on('courier_track')
    .columns(['courier_order_id', 'at'])
    .execute();
  await db.schema.createIndex('courier_track_merchant_idx').on('courier_track').column('merchant_id').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('courier_track').ifExists().execute();
  await db.schema.dropTable('courier_order').ifExists().execute();
}
