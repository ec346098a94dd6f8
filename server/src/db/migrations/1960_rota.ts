import type { Kysely } from 'kysely';
import { withId, withTimes } from '../migration-kit.ts';

/**
 * Rota (排班, range 1960–1969, docs/dispatch.md §1).
 * - employee_shift_exception: an employee's hours on one Shanghai day instead of her weekly ones (an extra shift, a
 *   shorter day, a day off: `ranges` '[]'), one row per employee and day.
 * - shop_setting.default_work_hours: the weekly hours a new employee of the shop starts from (JSON, null = none).
 */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('employee_shift_exception'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employee.id'))
      // YYYY-MM-DD, Shanghai
      .addColumn('day', 'text', (c) => c.notNull())
      // JSON [{from:'08:00', to:'12:00'}]; [] = off that day
      .addColumn('ranges', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('created_by', 'integer'),
  ).execute();
  await db.schema
    .createIndex('employee_shift_exception_day_uq')
    .on('employee_shift_exception')
    .columns(['employee_id', 'day'])
    .unique()
    .execute();
  await db.schema.alterTable('shop_setting').addColumn('default_work_hours', 'text').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('shop_setting').dropColumn('default_work_hours').execute();
  await db.schema.dropTable('employee_shift_exception').ifExists().execute();
}
