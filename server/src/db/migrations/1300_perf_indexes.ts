import type { Kysely } from 'kysely';

/**
 * Performance (issue 13): indexes for the hot merchant calls at a million orders. The order list sorts by
 * (created_at desc, id desc) within a merchant and shop, optionally filtered by status and a date range; its page is
 * chosen from these indexes alone (a deferred join in order.repo.ts), so a deep page walks index entries, not rows.
 * The status counts (the tabs, and the total) read the (merchant_id, shop_id, status) index of 0600 without the table.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex('service_order_shop_created_idx')
    .on('service_order')
    .columns(['merchant_id', 'shop_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('service_order_shop_status_created_idx')
    .on('service_order')
    .columns(['merchant_id', 'shop_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('service_order_merchant_status_created_idx')
    .on('service_order')
    .columns(['merchant_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('service_order_merchant_created_id_idx')
    .on('service_order')
    .columns(['merchant_id', 'created_at', 'id'])
    .execute();
  // The goods list: one shop's goods in their display order.
  await db.schema
    .createIndex('goods_shop_sort_idx')
    .on('goods')
    .columns(['shop_id', 'merchant_id', 'sort', 'id'])
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const i of [
    'goods_shop_sort_idx',
    'service_order_merchant_created_id_idx',
    'service_order_merchant_status_created_idx',
    'service_order_shop_status_created_idx',
    'service_order_shop_created_idx',
  ])
    await db.schema.dropIndex(i).ifExists().execute();
}
