import type { Config } from '../config.ts';
import type { DB } from '../db/client.ts';
import { pendingMigrations, shippedMigrationNames } from '../db/migrate.ts';

/**
 * Production invents no super admin: on a database without a platform admin (an empty one), ADMIN_PHONE must name
 * who it is, or the start stops here, before anything is migrated. A database that has its admin needs nothing
 * (the admin seed only ever creates the first one).
 */
export async function requireAdminPhone(db: DB, config: Pick<Config, 'NODE_ENV' | 'ADMIN_PHONE'>) {
  if (config.NODE_ENV !== 'production' || config.ADMIN_PHONE) return;
  if (await hasPlatformAdmin(db)) return;
  throw new Error(
    'ADMIN_PHONE is required in production to create the first platform admin on an empty database: ' +
      'set ADMIN_PHONE=<that person’s mobile number>',
  );
}

async function hasPlatformAdmin(db: DB) {
  // Nothing migrated yet: there is no user table to ask.
  if ((await pendingMigrations(db)).length === shippedMigrationNames().length) return false;
  const row = await db.selectFrom('user').select('id').where('userType', '=', 'platform').limit(1).executeTakeFirst();
  return row !== undefined;
}
