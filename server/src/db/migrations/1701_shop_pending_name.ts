import type { Kysely } from 'kysely';

/**
 * Issue 20 (range 1700: security): an approved shop's new name waits for the platform's review in pending_name, while
 * name stays the approved one every customer sees (the public goods list, shop page, orders). Null = no request.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('shop').addColumn('pending_name', 'text').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('shop').dropColumn('pending_name').execute();
}
