import type { Kysely } from 'kysely';
import { sql, withId, withTimes } from '../migration-kit.ts';

/**
 * Issue 23 (range 1810–1829: dispatch and scheduling, docs/dispatch.md).
 * - employee: weekly working hours (JSON, 7 days from 周一; null = the shop's business hours) and a base location
 *   (GCJ-02). Skills stay `fuwu_ids` (the service categories the employee can do).
 * - employee_leave: dated leave periods [starts_at, ends_at). The old 休假 state (work_state 3) becomes a leave from the
 *   migration's moment for 7 days, reason 原「休假」状态迁移, and the employee is stored 空闲 again (休假 is derived).
 * - shop_setting.travel_buffer_minutes: the buffer after each job before the employee's next one (default 30).
 * - service_order (employee_id, appointment_at): the overlap query of one employee's jobs around a time;
 *   (shop_id, appointment_at): the board's orders of a shop's days.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('employee').addColumn('work_hours', 'text').execute();
  await db.schema.alterTable('employee').addColumn('base_lat', 'double precision').execute();
  await db.schema.alterTable('employee').addColumn('base_lng', 'double precision').execute();
  await db.schema
    .alterTable('shop_setting')
    .addColumn('travel_buffer_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();

  await withTimes(
    withId(db, db.schema.createTable('employee_leave'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employee.id'))
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('created_by', 'integer'),
  ).execute();
  await db.schema
    .createIndex('employee_leave_employee_idx')
    .on('employee_leave')
    .columns(['employee_id', 'ends_at', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('service_order_employee_time_idx')
    .on('service_order')
    .columns(['employee_id', 'appointment_at'])
    .execute();
  await db.schema
    .createIndex('service_order_shop_appointment_idx')
    .on('service_order')
    .columns(['shop_id', 'appointment_at'])
    .execute();

  const now = new Date();
  const from = now.toISOString();
  const to = new Date(now.getTime() + 7 * 86_400_000).toISOString();
  await sql`insert into employee_leave (merchant_id, employee_id, starts_at, ends_at, reason, created_by, created_at, updated_at)
    select merchant_id, id, ${from}, ${to}, '原「休假」状态迁移', null, ${from}, ${from}
    from employee where work_state = 3 and deleted_at is null`.execute(db);
  await sql`update employee set work_state = 1 where work_state = 3`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('service_order_shop_appointment_idx').ifExists().execute();
  await db.schema.dropIndex('service_order_employee_time_idx').ifExists().execute();
  await db.schema.dropTable('employee_leave').ifExists().execute();
  await db.schema.alterTable('shop_setting').dropColumn('travel_buffer_minutes').execute();
  await db.schema.alterTable('employee').dropColumn('base_lng').execute();
  await db.schema.alterTable('employee').dropColumn('base_lat').execute();
  await db.schema.alterTable('employee').dropColumn('work_hours').execute();
}
