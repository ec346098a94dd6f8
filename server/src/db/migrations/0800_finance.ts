import type { Kysely } from 'kysely';
import { bigint, isPg, sql, withId, withTimes } from '../migration-kit.ts';

/**
 * Finance (issue 8): one account per merchant, frozen settlements (打款), the append-only ledger (收支明细),
 * withdrawals (提现) with their idempotency keys, bank cards and their binding records.
 * Money is integer fen. The ledger refuses UPDATE and DELETE by trigger on both databases.
 */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('finance_account'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().unique().references('merchant.id'))
      .addColumn('balance', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('frozen', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('pending_withdraw', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('total_income', bigint, (c) => c.notNull().defaultTo(0))
      .addColumn('total_withdrawn', bigint, (c) => c.notNull().defaultTo(0)),
  ).execute();

  await withTimes(
    withId(db, db.schema.createTable('finance_settlement'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('shop_id', 'integer', (c) => c.notNull())
      // No FK to the order table yet: the orders module arrives separately (idempotent per order by this UNIQUE).
      .addColumn('order_id', 'integer', (c) => c.notNull().unique())
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('order_amount', bigint, (c) => c.notNull())
      .addColumn('commission_rate', 'double precision', (c) => c.notNull())
      .addColumn('commission', bigint, (c) => c.notNull())
      .addColumn('amount', bigint, (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('completed_at', 'text', (c) => c.notNull())
      .addColumn('unfreeze_at', 'text', (c) => c.notNull())
      .addColumn('unfrozen_at', 'text'),
  ).execute();
  await db.schema
    .createIndex('finance_settlement_merchant_idx')
    .on('finance_settlement')
    .columns(['merchant_id', 'status', 'unfreeze_at'])
    .execute();
  await db.schema
    .createIndex('finance_settlement_due_idx')
    .on('finance_settlement')
    .columns(['status', 'unfreeze_at'])
    .execute();

  await withTimes(
    withId(db, db.schema.createTable('bank_card'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('bank_name', 'text', (c) => c.notNull())
      .addColumn('branch_name', 'text', (c) => c.notNull())
      .addColumn('branch_code', 'text', (c) => c.notNull())
      .addColumn('card_no', 'text', (c) => c.notNull())
      .addColumn('card_no_masked', 'text', (c) => c.notNull())
      .addColumn('holder_name', 'text', (c) => c.notNull())
      .addColumn('card_type', 'integer', (c) => c.notNull())
      .addColumn('mobile', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('bound_at', 'text', (c) => c.notNull())
      .addColumn('unbound_at', 'text'),
  ).execute();
  await db.schema.createIndex('bank_card_merchant_idx').on('bank_card').columns(['merchant_id', 'status']).execute();

  await withId(db, db.schema.createTable('bank_card_binding'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('bank_card_id', 'integer', (c) => c.notNull().references('bank_card.id'))
    .addColumn('action', 'integer', (c) => c.notNull()) // 1 绑定 / 2 解绑
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('card_no_masked', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('card_type', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('operator_user_id', 'integer')
    .addColumn('operator_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank_card_binding_merchant_idx')
    .on('bank_card_binding')
    .columns(['merchant_id', 'created_at'])
    .execute();

  await withTimes(
    withId(db, db.schema.createTable('finance_withdrawal'))
      .addColumn('withdraw_no', 'text', (c) => c.notNull().unique())
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('bank_card_id', 'integer', (c) => c.notNull().references('bank_card.id'))
      .addColumn('bank_name', 'text', (c) => c.notNull())
      .addColumn('card_no_masked', 'text', (c) => c.notNull())
      .addColumn('holder_name', 'text', (c) => c.notNull())
      .addColumn('amount', bigint, (c) => c.notNull())
      .addColumn('fee', bigint, (c) => c.notNull())
      .addColumn('actual_amount', bigint, (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
      .addColumn('applicant_user_id', 'integer')
      .addColumn('auditor_id', 'integer')
      .addColumn('audit_remark', 'text')
      .addColumn('audited_at', 'text')
      .addColumn('payout_trade_no', 'text')
      .addColumn('fail_reason', 'text')
      .addColumn('finished_at', 'text'),
  ).execute();
  await db.schema
    .createIndex('finance_withdrawal_merchant_idx')
    .on('finance_withdrawal')
    .columns(['merchant_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('finance_withdrawal_status_idx')
    .on('finance_withdrawal')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('finance_withdrawal_card_idx')
    .on('finance_withdrawal')
    .columns(['bank_card_id', 'status'])
    .execute();

  await withId(db, db.schema.createTable('finance_idempotency'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('finance_idempotency_key_uq', ['merchant_id', 'idem_key'])
    .execute();

  await withId(db, db.schema.createTable('finance_ledger'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
    .addColumn('direction', 'integer', (c) => c.notNull()) // 1 收入 / 2 支出
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull()) // magnitude, > 0
    .addColumn('balance_change', bigint, (c) => c.notNull())
    .addColumn('frozen_change', bigint, (c) => c.notNull())
    .addColumn('balance_after', bigint, (c) => c.notNull())
    .addColumn('frozen_after', bigint, (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('ref_no', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('finance_ledger_ref_uq', ['ref_type', 'ref_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('finance_ledger_merchant_idx')
    .on('finance_ledger')
    .columns(['merchant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('finance_ledger_kind_idx')
    .on('finance_ledger')
    .columns(['merchant_id', 'kind', 'direction'])
    .execute();

  // Append-only: the database itself refuses to change or remove a ledger entry.
  if (isPg(db)) {
    await sql`CREATE FUNCTION finance_ledger_append_only() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'finance_ledger is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER finance_ledger_no_change BEFORE UPDATE OR DELETE ON finance_ledger
      FOR EACH ROW EXECUTE FUNCTION finance_ledger_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER finance_ledger_no_update BEFORE UPDATE ON finance_ledger
      BEGIN SELECT RAISE(ABORT, 'finance_ledger is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER finance_ledger_no_delete BEFORE DELETE ON finance_ledger
      BEGIN SELECT RAISE(ABORT, 'finance_ledger is append-only'); END`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  if (isPg(db)) await sql`DROP FUNCTION IF EXISTS finance_ledger_append_only() CASCADE`.execute(db);
  for (const t of [
    'finance_ledger',
    'finance_idempotency',
    'finance_withdrawal',
    'bank_card_binding',
    'bank_card',
    'finance_settlement',
    'finance_account',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
