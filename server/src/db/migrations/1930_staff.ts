import type { Kysely } from 'kysely';
import { withId, withTimes } from '../migration-kit.ts';

/**
 * The staff page (阿姨端, range 1930–1939, docs/staff.md).
 * - staff_session: an employee's sign-in on the staff page (token hash only), apart from the console's `session`.
 * - staff_phone_reveal: every time she read a customer's full phone.
 * - order_staff_progress: one row per order and employee: 出发, 到达 (point, distance, flag), the completion's photos and
 *   note, the 迟到提醒. 开始 and 完成 are the order's own 验券 and completion times.
 * - staff_step: the page's key of each step (unique per employee), so a step sent twice is done once.
 * - staff_upload: which employee uploaded which private file (her photos are signed for her).
 * - staff_leave_request: her leave requests and the dispatcher's answer.
 * - shop_setting.arrival_radius_m: how far from the address a clock-in may be before it is flagged.
 */
export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('staff_session'))
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employee.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_session_employee_idx').on('staff_session').column('employee_id').execute();

  await withId(db, db.schema.createTable('staff_phone_reveal'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('employee_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_phone_reveal_order_idx')
    .on('staff_phone_reveal')
    .columns(['order_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_staff_progress')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('employee_id', 'integer', (c) => c.notNull())
    .addColumn('departed_at', 'text')
    .addColumn('arrived_at', 'text')
    .addColumn('arrival_lat', 'double precision')
    .addColumn('arrival_lng', 'double precision')
    .addColumn('arrival_accuracy', 'double precision')
    .addColumn('arrival_distance_m', 'integer')
    // near | far | no_location
    .addColumn('arrival_flag', 'text')
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('finish_note', 'text')
    .addColumn('late_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('staff_step'))
    .addColumn('employee_id', 'integer', (c) => c.notNull())
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('staff_step_employee_step_uq', ['employee_id', 'step_id'])
    .execute();

  await db.schema
    .createTable('staff_upload')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('employee_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withTimes(
    withId(db, db.schema.createTable('staff_leave_request'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('shop_id', 'integer', (c) => c.notNull())
      .addColumn('employee_id', 'integer', (c) => c.notNull())
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      // 0 pending / 1 approved / 2 refused / 3 withdrawn
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reply', 'text')
      .addColumn('decided_by', 'integer')
      .addColumn('decided_at', 'text')
      .addColumn('leave_id', 'integer'),
  ).execute();
  await db.schema
    .createIndex('staff_leave_request_shop_idx')
    .on('staff_leave_request')
    .columns(['merchant_id', 'shop_id', 'status'])
    .execute();
  await db.schema
    .createIndex('staff_leave_request_employee_idx')
    .on('staff_leave_request')
    .columns(['employee_id', 'starts_at'])
    .execute();

  await db.schema
    .alterTable('shop_setting')
    .addColumn('arrival_radius_m', 'integer', (c) => c.notNull().defaultTo(500))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('shop_setting').dropColumn('arrival_radius_m').execute();
  for (const t of [
    'staff_leave_request',
    'staff_upload',
    'staff_step',
    'order_staff_progress',
    'staff_phone_reveal',
    'staff_session',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
