import type { Kysely } from 'kysely';
import { sql, withId, withTimes } from '../migration-kit.ts';

/** domain.md employees (员工 yuangong). Soft-deleted (deleted_at) so orders keep their employee after a delete. */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('employee'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('gender', 'integer', (c) => c.notNull())
      .addColumn('birth_date', 'text')
      .addColumn('avatar_url', 'text')
      .addColumn('id_card_no', 'text', (c) => c.notNull())
      .addColumn('id_card_front_url', 'text')
      .addColumn('id_card_back_url', 'text')
      .addColumn('native_place', 'text')
      .addColumn('work_years', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skills', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('fuwu_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('certificates', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('work_state', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('rating', 'double precision', (c) => c.notNull().defaultTo(5))
      .addColumn('completed_orders', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('intro', 'text')
      .addColumn('deleted_at', 'text'),
  ).execute();
  await db.schema
    .createIndex('employee_merchant_shop_idx')
    .on('employee')
    .columns(['merchant_id', 'shop_id', 'work_state'])
    .execute();
  await db.schema
    .createIndex('employee_merchant_state_idx')
    .on('employee')
    .columns(['merchant_id', 'work_state'])
    .execute();
  await db.schema.createIndex('employee_merchant_name_idx').on('employee').columns(['merchant_id', 'name']).execute();
  // One live employee per phone (and per ID number) within a merchant; deleted rows do not count.
  await sql`create unique index employee_merchant_phone_uq on employee (merchant_id, phone) where deleted_at is null`.execute(
    db,
  );
  await sql`create unique index employee_merchant_idcard_uq on employee (merchant_id, id_card_no) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('employee').ifExists().execute();
}
