import type { Kysely } from 'kysely';
import { bigint, withId, withTimes } from '../migration-kit.ts';
import { specSnapshotColumns } from './0420_goods_spec.ts';

/**
 * Orders (issue 6): customers and their sessions (the customer-side API), service orders and their timeline, the
 * live-event log the order stream replays from, one-time stream tickets, verification attempts (rate limit counted
 * in the database), reviews and per-goods ratings.
 */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('customer'))
      .addColumn('phone', 'text', (c) => c.notNull().unique())
      .addColumn('nickname', 'text', (c) => c.notNull()),
  ).execute();

  await withId(db, db.schema.createTable('customer_session'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_session_customer_idx').on('customer_session').column('customer_id').execute();

  await withTimes(
    withId(db, db.schema.createTable('service_order'))
      .addColumn('order_no', 'text', (c) => c.notNull().unique())
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id'))
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('goods_name', 'text', (c) => c.notNull())
      .addColumn('goods_cover', 'text')
      .addColumn('goods_price', bigint, (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_phone', 'text', (c) => c.notNull())
      .addColumn('province_code', 'text')
      .addColumn('city_code', 'text')
      .addColumn('district_code', 'text')
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('lat', 'double precision')
      .addColumn('lng', 'double precision')
      .addColumn('appointment_at', 'text', (c) => c.notNull())
      .addColumn('remark', 'text')
      .addColumn('amount', bigint, (c) => c.notNull())
      .addColumn('pay_amount', bigint, (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('verify_code', 'text', (c) => c.notNull().unique())
      .addColumn('employee_id', 'integer', (c) => c.references('employee.id'))
      .addColumn('cancel_reason', 'text')
      .addColumn('refund_status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refund_no', 'text')
      .addColumn('pay_no', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('accepted_at', 'text')
      .addColumn('verified_at', 'text')
      .addColumn('completed_at', 'text')
      .addColumn('reviewed_at', 'text')
      .addColumn('cancelled_at', 'text')
      // The specification snapshot (issue 25): created here on a new database, added by 0420 where this already ran.
      .$call(specSnapshotColumns),
  ).execute();
  await db.schema
    .createIndex('service_order_tenant_idx')
    .on('service_order')
    .columns(['merchant_id', 'shop_id', 'status'])
    .execute();
  await db.schema
    .createIndex('service_order_created_idx')
    .on('service_order')
    .columns(['merchant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('service_order_status_idx')
    .on('service_order')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('service_order_employee_idx')
    .on('service_order')
    .columns(['employee_id', 'status'])
    .execute();
  await db.schema.createIndex('service_order_customer_idx').on('service_order').column('customer_id').execute();
  await db.schema
    .createIndex('service_order_phone_idx')
    .on('service_order')
    .columns(['merchant_id', 'customer_phone'])
    .execute();
  await db.schema.createIndex('service_order_goods_idx').on('service_order').column('goods_id').execute();

  await withId(db, db.schema.createTable('order_timeline'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('service_order.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('operator_type', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_timeline_order_idx').on('order_timeline').column('order_id').execute();

  await withId(db, db.schema.createTable('order_event'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_event_merchant_idx').on('order_event').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('order_event_created_idx').on('order_event').column('created_at').execute();

  await withId(db, db.schema.createTable('order_stream_ticket'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'integer')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_stream_ticket_exp_idx').on('order_stream_ticket').column('expires_at').execute();

  await withId(db, db.schema.createTable('verify_attempt'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verify_attempt_merchant_idx')
    .on('verify_attempt')
    .columns(['merchant_id', 'ok', 'created_at'])
    .execute();

  await withTimes(
    withId(db, db.schema.createTable('review'))
      .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('service_order.id'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('shop_id', 'integer', (c) => c.notNull())
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('employee_id', 'integer')
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('customer_nickname', 'text', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('merchant_reply', 'text')
      .addColumn('replied_at', 'text')
      .addColumn('reply_user_id', 'integer'),
  ).execute();
  await db.schema
    .createIndex('review_tenant_idx')
    .on('review')
    .columns(['merchant_id', 'shop_id', 'created_at'])
    .execute();
  await db.schema.createIndex('review_goods_idx').on('review').column('goods_id').execute();
  await db.schema.createIndex('review_employee_idx').on('review').column('employee_id').execute();

  await withTimes(
    withId(db, db.schema.createTable('goods_rating'))
      .addColumn('goods_id', 'integer', (c) => c.notNull().unique())
      .addColumn('rating', 'double precision', (c) => c.notNull())
      .addColumn('review_count', 'integer', (c) => c.notNull()),
  ).execute();
}

export async function down(db: Kysely<any>) {
  for (const t of [
    'goods_rating',
    'review',
    'verify_attempt',
    'order_stream_ticket',
    'order_event',
    'order_timeline',
    'service_order',
    'customer_session',
    'customer',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
