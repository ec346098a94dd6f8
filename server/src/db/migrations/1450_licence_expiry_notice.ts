import type { Kysely } from 'kysely';

/**
 * Issue 11 (licence expiry messages): `licence.expiry_notice` remembers which reminder a licence already sent, as
 * `<stage>:<validTo>` (stage `expiring` within 30 days, `expired` after), so each stage reaches the merchant once per
 * validity date, whichever instance runs the job. A renewed date starts over. The job scans by `valid_to`.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('licence').addColumn('expiry_notice', 'text').execute();
  await db.schema.createIndex('licence_valid_to_idx').on('licence').column('valid_to').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('licence_valid_to_idx').ifExists().execute();
  await db.schema.alterTable('licence').dropColumn('expiry_notice').execute();
}
