import type { Kysely } from 'kysely';
import { bigint, sql, withId, withTimes } from '../migration-kit.ts';

/**
 * Prepaid cards (次卡 / 储值卡, range 2010–2015; docs/ledger.md "预收: prepaid cards", docs/customers.md).
 * - card_product (卡项): what a merchant sells. `kind` 'times' (N visits of a goods item, or of one specification of
 *   it) or 'value' (stored value `price`, plus `bonus` given on top); validity in days from the sale; refund terms
 *   (`refund_fee_type` 'none' | 'percent' | 'fixed' with its value: percent 0–100, or fen).
 * - card: one sold card of a client. It snapshots the product's terms when sold, and holds what is left: visits, the
 *   cash not yet recognised (`cash_balance`, 预收) and the bonus (`bonus_balance`). Redemptions change these with one
 *   conditional UPDATE (exactly one of concurrent redemptions of the last visit or yuan wins).
 * - card_movement: append-only; every change of a card's balances is one row (sale, redeem, restore, refund, expire),
 *   so the sum of a card's movements is its balances. One redeem and one restore per order at most (unique index).
 */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('card_product'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('goods_id', 'integer')
      .addColumn('spec_id', 'integer')
      .addColumn('visits', 'integer')
      .addColumn('price', bigint, (c) => c.notNull())
      .addColumn('bonus', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('validity_days', 'integer', (c) => c.notNull())
      .addColumn('refund_fee_type', 'text', (c) => c.notNull().defaultTo('none'))
      .addColumn('refund_fee_value', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('description', 'text')
      .addColumn('created_by', 'integer')
      .addColumn('deleted_at', 'text'),
  ).execute();
  await db.schema
    .createIndex('card_product_merchant_idx')
    .on('card_product')
    .columns(['merchant_id', 'shop_id'])
    .execute();

  await withTimes(
    withId(db, db.schema.createTable('card'))
      .addColumn('card_no', 'text', (c) => c.notNull().unique())
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shop.id'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('card_product.id'))
      .addColumn('client_id', 'integer', (c) => c.notNull().references('client.id'))
      .addColumn('customer_id', 'integer', (c) => c.references('customer.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('goods_id', 'integer')
      .addColumn('goods_name', 'text')
      .addColumn('spec_id', 'integer')
      .addColumn('spec_name', 'text')
      .addColumn('total_visits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('remaining_visits', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('price_paid', bigint, (c) => c.notNull())
      .addColumn('bonus_total', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('cash_balance', bigint, (c) => c.notNull())
      .addColumn('bonus_balance', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('validity_days', 'integer', (c) => c.notNull())
      .addColumn('refund_fee_type', 'text', (c) => c.notNull())
      .addColumn('refund_fee_value', bigint, (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('pay_method', 'text', (c) => c.notNull())
      .addColumn('pay_channel', 'text', (c) => c.notNull())
      .addColumn('pay_no', 'text')
      .addColumn('sold_by_type', 'text', (c) => c.notNull())
      .addColumn('sold_by_id', 'integer')
      .addColumn('sold_by_name', 'text', (c) => c.notNull())
      .addColumn('sold_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      .addColumn('close_reason', 'text')
      .addColumn('refund_amount', bigint)
      .addColumn('refund_fee', bigint)
      .addColumn('remark', 'text'),
  ).execute();
  await db.schema.createIndex('card_merchant_idx').on('card').columns(['merchant_id', 'shop_id', 'status']).execute();
  await db.schema.createIndex('card_client_idx').on('card').columns(['client_id']).execute();
  await db.schema.createIndex('card_customer_idx').on('card').columns(['customer_id', 'merchant_id']).execute();
  await db.schema.createIndex('card_expiry_idx').on('card').columns(['status', 'expires_at']).execute();

  await withId(db, db.schema.createTable('card_movement'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('card.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('visits_delta', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cash_delta', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_delta', bigint, (c) => c.notNull().defaultTo(0))
    // The customer's money: + paid for the card (sale), − paid back (refund); 0 otherwise.
    .addColumn('money', bigint, (c) => c.notNull().defaultTo(0))
    // Revenue recognised by this row itself (expire: the unused cash; refund: the fee kept). A redemption's cash is
    // recognised when its order is served (docs/ledger.md), not here.
    .addColumn('revenue', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', 'integer')
    .addColumn('order_no', 'text')
    .addColumn('author_type', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_movement_card_idx').on('card_movement').columns(['card_id', 'id']).execute();
  await db.schema
    .createIndex('card_movement_merchant_idx')
    .on('card_movement')
    .columns(['merchant_id', 'created_at'])
    .execute();
  // An order redeems at most once and is restored at most once, whatever runs twice or concurrently.
  await sql`create unique index card_movement_order_uq on card_movement (order_id, kind) where order_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('card_movement').ifExists().execute();
  await db.schema.dropTable('card').ifExists().execute();
  await db.schema.dropTable('card_product').ifExists().execute();
}
