import type { Kysely } from 'kysely';
import { bigint, withId, withTimes } from '../migration-kit.ts';

/** Shops, service categories and goods (issue 4): shop settings, the category tree, goods; indexes for listings. */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('shop_setting'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().unique().references('shop.id').onDelete('cascade'))
      .addColumn('auto_accept', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('new_order_sound', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('booking_lead_hours', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('service_time_slots', 'text', (c) => c.notNull().defaultTo('[]')),
  ).execute();

  await withTimes(
    withId(db, db.schema.createTable('fuwu'))
      .addColumn('parent_id', 'integer', (c) => c.references('fuwu.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('icon', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('fuwu_parent_idx').on('fuwu').column('parent_id').execute();

  await withTimes(
    withId(db, db.schema.createTable('goods'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id'))
      .addColumn('fuwu_id', 'integer', (c) => c.notNull().references('fuwu.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('cover_url', 'text', (c) => c.notNull())
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('price', bigint, (c) => c.notNull())
      .addColumn('original_price', bigint, (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('duration_minutes', 'integer', (c) => c.notNull().defaultTo(60))
      .addColumn('min_quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('intro', 'text')
      .addColumn('shelf_state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('goods_shop_idx').on('goods').columns(['shop_id', 'shelf_state']).execute();
  await db.schema.createIndex('goods_merchant_idx').on('goods').column('merchant_id').execute();
  await db.schema.createIndex('goods_fuwu_idx').on('goods').column('fuwu_id').execute();

  // Customer listings filter shops by audit and business state.
  await db.schema.createIndex('shop_visible_idx').on('shop').columns(['audit_status', 'yingye_state']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('shop_visible_idx').ifExists().execute();
  for (const t of ['goods', 'fuwu', 'shop_setting']) await db.schema.dropTable(t).ifExists().execute();
}
