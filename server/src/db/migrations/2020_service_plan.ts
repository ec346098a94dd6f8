import type { Kysely } from 'kysely';
import { withId, withTimes } from '../migration-kit.ts';

/**
 * Recurring service (周期服务, range 2020–2025; docs/customers.md "周期服务").
 * - service_plan: a client's plan at one of its addresses (goods, specification, quantity/area, the payment, the
 *   preferred employee, from a start date to an end date or for a number of visits, how many days ahead it books).
 * - service_plan_rule: the plan's rule (weekdays + start time, every N weeks, or a monthly day) in force from a day
 *   on; 改时间 adds one, so the days before it keep the old rule.
 * - plan_visit: one day of a plan once the booking looked at it: its order, or why it could not be booked. The unique
 *   (plan_id, day) is what keeps two runs (two instances, a rerun, 立即排期 during the job) from booking a day twice.
 * - service_order.pay_deadline: an unpaid order's own deadline (a plan's per-visit order is paid up to shortly before
 *   its visit, not within the usual 30 minutes); null keeps the 30 minutes.
 */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('service_plan'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id'))
      .addColumn('client_id', 'integer', (c) => c.notNull().references('client.id'))
      .addColumn('client_address_id', 'integer', (c) => c.notNull().references('client_address.id'))
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
      .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
      .addColumn('spec_id', 'integer')
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('area', 'integer')
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text')
      .addColumn('visit_count', 'integer')
      .addColumn('employee_id', 'integer')
      .addColumn('pay_mode', 'text', (c) => c.notNull())
      .addColumn('card_id', 'integer')
      .addColumn('horizon_days', 'integer', (c) => c.notNull().defaultTo(14))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('remark', 'text')
      .addColumn('end_reason', 'text')
      .addColumn('paused_at', 'text')
      .addColumn('ended_at', 'text')
      .addColumn('created_by', 'integer'),
  ).execute();
  await db.schema
    .createIndex('service_plan_merchant_idx')
    .on('service_plan')
    .columns(['merchant_id', 'status', 'shop_id'])
    .execute();
  await db.schema.createIndex('service_plan_client_idx').on('service_plan').columns(['client_id']).execute();

  await withId(db, db.schema.createTable('service_plan_rule'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('service_plan.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('rule_kind', 'text', (c) => c.notNull())
    .addColumn('weekdays', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('every_weeks', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('month_day', 'integer')
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('service_plan_rule_from_uq')
    .on('service_plan_rule')
    .columns(['plan_id', 'from_date'])
    .unique()
    .execute();

  await withTimes(
    withId(db, db.schema.createTable('plan_visit'))
      .addColumn('plan_id', 'integer', (c) => c.notNull().references('service_plan.id').onDelete('cascade'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('shop_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('appointment_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('order_id', 'integer')
      .addColumn('reason', 'text')
      .addColumn('note', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('plan_visit_day_uq').on('plan_visit').columns(['plan_id', 'day']).unique().execute();
  await db.schema.createIndex('plan_visit_status_idx').on('plan_visit').columns(['merchant_id', 'status']).execute();
  await db.schema.createIndex('plan_visit_order_idx').on('plan_visit').columns(['order_id']).execute();

  await db.schema.alterTable('service_order').addColumn('pay_deadline', 'text').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('service_order').dropColumn('pay_deadline').execute();
  await db.schema.dropTable('plan_visit').execute();
  await db.schema.dropTable('service_plan_rule').execute();
  await db.schema.dropTable('service_plan').execute();
}
