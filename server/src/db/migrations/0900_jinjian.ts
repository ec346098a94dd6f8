import type { Kysely } from 'kysely';
import { sql, withId, withTimes } from '../migration-kit.ts';

/**
 * 用户进件 (issue 9): the bank-branch table behind findYinhanghao/findByYinhanghao, and the onboarding applications.
 * One active application (审核中 10 or 已开通 20) per merchant, held by a partial unique index so two concurrent
 * submissions cannot both pass; rejected ones (30) stay as history.
 */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('bank_branch'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('bank_name', 'text', (c) => c.notNull())
      .addColumn('branch_name', 'text', (c) => c.notNull())
      .addColumn('province', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('bank_branch_code_uq').unique().on('bank_branch').column('code').execute();
  await db.schema
    .createIndex('bank_branch_bank_idx')
    .on('bank_branch')
    .columns(['bank_name', 'province', 'city'])
    .execute();

  await withTimes(
    withId(db, db.schema.createTable('jinjian_application'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('apply_no', 'text', (c) => c.notNull())
      .addColumn('provider_merchant_no', 'text')
      .addColumn('reject_reason', 'text')
      .addColumn('subject_name', 'text', (c) => c.notNull())
      // Everything submitted (ID, card and phone numbers included) as JSON: kept for the provider, masked in answers.
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('submitted_by', 'integer', (c) => c.notNull().references('user.id'))
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('approved_at', 'text')
      .addColumn('rejected_at', 'text')
      .addColumn('card_bound', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('jinjian_application_merchant_idx')
    .on('jinjian_application')
    .columns(['merchant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('jinjian_application_status_idx')
    .on('jinjian_application')
    .columns(['status', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('jinjian_application_apply_no_uq')
    .unique()
    .on('jinjian_application')
    .column('apply_no')
    .execute();
  await sql`create unique index jinjian_application_active_uq on jinjian_application (merchant_id) where status in (10, 20)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('jinjian_application').ifExists().execute();
  await db.schema.dropTable('bank_branch').ifExists().execute();
}
