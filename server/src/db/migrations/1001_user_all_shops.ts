import { type Kysely, sql } from 'kysely';

/**
 * Issue 20: "every shop" becomes an explicit value on the account (`user.all_shops` = 1) instead of "no user_shop
 * rows". A limited account whose rows disappear (a shop deleted, a bug) is then limited to nothing rather than lifted
 * to every shop. Existing sub-accounts without rows held every shop: they keep it.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('user')
    .addColumn('all_shops', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update ${sql.table('user')} set all_shops = 1
    where user_type = 'merchant' and not exists (select 1 from user_shop where user_shop.user_id = ${sql.ref('user.id')})`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('user').dropColumn('all_shops').execute();
}
