import type { Kysely } from 'kysely';

/**
 * Step-up for money (issue 20): a card bound by a sub-account waits 24 hours before it can receive a withdrawal,
 * unless the merchant owner confirms it. confirmed_at / confirmed_by record that confirmation (the owner binding a
 * card, the onboarding hand-over, or the owner's code on 确认). Cards bound before this rule count as confirmed.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('bank_card').addColumn('confirmed_at', 'text').execute();
  await db.schema.alterTable('bank_card').addColumn('confirmed_by', 'integer').execute();
  await db
    .updateTable('bank_card')
    .set((eb) => ({ confirmed_at: eb.ref('bound_at') }))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('bank_card').dropColumn('confirmed_by').execute();
  await db.schema.alterTable('bank_card').dropColumn('confirmed_at').execute();
}
