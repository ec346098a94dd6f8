import type { Kysely } from 'kysely';
import { sql, withId, withTimes } from '../migration-kit.ts';

/**
 * Customer records (客户档案, range 2000–2009; docs/customers.md). A merchant's own record of a customer:
 * - client: one per person and merchant (a customer of two merchants is two rows). `customer_id` links the platform's
 *   customer account when the record came from (or met) an order; the phone is sealed (lib/secret-box.ts) with a
 *   keyed hash (equality) and its last four digits (search by 尾号) beside it. `shop_id`: the shop it was created at
 *   (an order's shop, or the console's current shop), which with the shops of its orders decides what a
 *   shop-limited sub-account sees. 删除客户 anonymises the row (`anonymised_at`, `deleted_at`), never deletes it.
 * - client_address: several per client; the detail address and 门禁/钥匙 notes sealed, `detail_hash` to find the
 *   address an order names again; the job notes (面积, 户型, floor, lift, pets) in clear; a GCJ-02 point.
 * - client_note: notes with their author and time. client_employee_pref: preferred / blocked employees.
 * - service_order.client_id / client_address_id: the record and address an order serves, set when the order is
 *   paid (or by the seed step that links older paid orders; docs/customers.md).
 */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('client'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('shop_id', 'integer')
      .addColumn('customer_id', 'integer', (c) => c.references('customer.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('phone_hash', 'text', (c) => c.notNull())
      .addColumn('phone_tail', 'text', (c) => c.notNull())
      // JSON string[]
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      // 'order' | 'manual'
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('remark', 'text')
      .addColumn('created_by', 'integer')
      .addColumn('anonymised_at', 'text')
      .addColumn('deleted_at', 'text'),
  ).execute();
  // One live record per customer account and merchant: concurrent payments find-or-create through it.
  await sql`create unique index client_merchant_customer_uq on client (merchant_id, customer_id) where deleted_at is null`.execute(
    db,
  );
  await db.schema.createIndex('client_merchant_idx').on('client').columns(['merchant_id', 'deleted_at']).execute();
  await db.schema.createIndex('client_phone_hash_idx').on('client').columns(['merchant_id', 'phone_hash']).execute();
  await db.schema.createIndex('client_phone_tail_idx').on('client').columns(['merchant_id', 'phone_tail']).execute();

  await withTimes(
    withId(db, db.schema.createTable('client_address'))
      .addColumn('client_id', 'integer', (c) => c.notNull().references('client.id'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('label', 'text')
      .addColumn('province_code', 'text')
      .addColumn('city_code', 'text')
      .addColumn('district_code', 'text')
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('detail_hash', 'text', (c) => c.notNull())
      .addColumn('area_m2', 'integer')
      .addColumn('layout', 'text')
      .addColumn('floor', 'integer')
      .addColumn('has_lift', 'integer')
      .addColumn('pets', 'text')
      .addColumn('access_notes', 'text')
      .addColumn('lat', 'double precision')
      .addColumn('lng', 'double precision')
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deleted_at', 'text'),
  ).execute();
  await db.schema.createIndex('client_address_client_idx').on('client_address').columns(['client_id']).execute();
  await db.schema
    .createIndex('client_address_merchant_idx')
    .on('client_address')
    .columns(['merchant_id', 'detail_hash'])
    .execute();

  await withId(db, db.schema.createTable('client_note'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_note_client_idx').on('client_note').columns(['client_id']).execute();

  await withId(db, db.schema.createTable('client_employee_pref'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('client.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employee.id'))
    // 'preferred' | 'blocked'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_employee_pref_uq')
    .on('client_employee_pref')
    .columns(['client_id', 'employee_id'])
    .unique()
    .execute();

  await db.schema.alterTable('service_order').addColumn('client_id', 'integer').execute();
  await db.schema.alterTable('service_order').addColumn('client_address_id', 'integer').execute();
  await db.schema.createIndex('service_order_client_idx').on('service_order').columns(['client_id']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('service_order_client_idx').ifExists().execute();
  await db.schema.alterTable('service_order').dropColumn('client_address_id').execute();
  await db.schema.alterTable('service_order').dropColumn('client_id').execute();
  await db.schema.dropTable('client_employee_pref').ifExists().execute();
  await db.schema.dropTable('client_note').ifExists().execute();
  await db.schema.dropTable('client_address').ifExists().execute();
  await db.schema.dropTable('client').ifExists().execute();
}
