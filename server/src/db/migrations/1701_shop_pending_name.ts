import type { Kysely } from 'kysely';

/**
 * Range 1700 (security, docs/security.md): an approved shop's new name waits for the platform's review in pending_name, while
 * name stays the approved one every customer sees (the public goods list, shop page, orders). Null = no request.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('shop').addColumn('pending_name', 'text').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('shop').dropColumn('pending_name').execute();
}
