import type { Kysely } from 'kysely';
import { open } from '../../lib/secret-box.ts';
import { rotateField, type SecretField } from '../../lib/secret-rotate.ts';
import { sql } from '../migration-kit.ts';

/**
 * Issue 20, secrets at rest (range 1700: security). Employees' ID numbers, bank-card numbers and onboarding data
 * (ID, card and phone numbers inside jinjian_application.detail) were stored in clear: they are sealed in place with
 * AES-256-GCM under the current DATA_KEYS key, and keyed-hash columns are filled for the equality checks (one live
 * employee per ID number and merchant; one bound card per number and merchant). The field list is frozen here: the
 * repositories' own lists (used by `npm run keys:rotate`) may grow later.
 */
const FIELDS: SecretField[] = [
  {
    table: 'employee',
    column: 'idCardNo',
    purpose: 'employee.idCardNo',
    hash: { column: 'idCardHash', normalize: (v) => v.trim().toUpperCase() },
  },
  {
    table: 'bankCard',
    column: 'cardNo',
    purpose: 'bankCard.cardNo',
    hash: { column: 'cardNoHash', normalize: (v) => v.replace(/\D/g, '') },
  },
  { table: 'jinjianApplication', column: 'detail', purpose: 'jinjianApplication.detail' },
];

export async function up(db: Kysely<any>) {
  await db.schema.alterTable('employee').addColumn('id_card_hash', 'text').execute();
  await db.schema.alterTable('bank_card').addColumn('card_no_hash', 'text').execute();
  // The unique index on the clear number means nothing once values are sealed (each seal differs): the hash takes it.
  await db.schema.dropIndex('employee_merchant_idcard_uq').ifExists().execute();
  for (const f of FIELDS) {
    const r = await rotateField(db, f);
    if (r.failed.length)
      throw new Error(
        `${f.table}.${f.column}: ${r.failed.length} value(s) do not open with DATA_KEYS (ids ${r.failed})`,
      );
  }
  // Named with id_card so a clash reads as the ID number on both databases (employee.repo.ts uniqueClash).
  await sql`create unique index employee_merchant_id_card_hash_uq on employee (merchant_id, id_card_hash) where deleted_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('bank_card_merchant_hash_idx')
    .on('bank_card')
    .columns(['merchant_id', 'card_no_hash'])
    .execute();
}

/** Back to clear values (needs the keys that sealed them) and the original unique index. */
export async function down(db: Kysely<any>) {
  for (const f of FIELDS) {
    const rows = await db.selectFrom(f.table).select(['id', f.column]).execute();
    for (const r of rows) {
      const value = r[f.column] as string | null;
      if (!value?.startsWith('enc:')) continue;
      await db
        .updateTable(f.table)
        .set({ [f.column]: open(f.purpose, value, { table: f.table, id: r.id }) })
        .where('id', '=', r.id)
        .execute();
    }
  }
  await db.schema.dropIndex('employee_merchant_id_card_hash_uq').ifExists().execute();
  await db.schema.dropIndex('bank_card_merchant_hash_idx').ifExists().execute();
  await db.schema.alterTable('employee').dropColumn('id_card_hash').execute();
  await db.schema.alterTable('bank_card').dropColumn('card_no_hash').execute();
  await sql`create unique index employee_merchant_idcard_uq on employee (merchant_id, id_card_no) where deleted_at is null`.execute(
    db,
  );
}
