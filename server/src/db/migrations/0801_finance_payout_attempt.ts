import type { Kysely } from 'kysely';

/** When a payout was last attempted: the recovery job claims a stuck 打款中 withdrawal by a conditional update of it. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('finance_withdrawal').addColumn('payout_attempt_at', 'text').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('finance_withdrawal').dropColumn('payout_attempt_at').execute();
}
