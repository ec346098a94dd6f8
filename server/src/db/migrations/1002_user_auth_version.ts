import type { Kysely } from 'kysely';
import { isPg, sql } from '../migration-kit.ts';

/**
 * Issue 22: `user.auth_version`, raised in the writing transaction by every change to what a user may do or where —
 * its roles (user_role), a role's menus (role_menu), a role's status or code, a menu's codes or status, its shop
 * limit (user_shop, all_shops), its merchant's shops (insert, delete, parent or merchant), its own status, owner
 * flag, type or merchant, and a sign-out (session revoked). The server keeps each user's permission codes and shop
 * scope in memory keyed by (user id, auth_version) and reads only the version per request (plugins/auth.ts), so
 * every instance sees a change at its next request.
 *
 * Triggers rather than calls in each writer: whatever path writes (the modules, seeds, bench data, a manual fix in
 * SQL) raises the version in the same transaction, and a new writer cannot forget to.
 */

const BUMP_USER = (id: string) => `UPDATE "user" SET auth_version = auth_version + 1 WHERE id = ${id};`;
const BUMP_ROLE = (id: string) =>
  `UPDATE "user" SET auth_version = auth_version + 1 WHERE id IN (SELECT user_id FROM user_role WHERE role_id = ${id});`;
const BUMP_MENU = (id: string) =>
  `UPDATE "user" SET auth_version = auth_version + 1 WHERE id IN (SELECT ur.user_id FROM user_role ur
     JOIN role_menu rm ON rm.role_id = ur.role_id WHERE rm.menu_id = ${id});`;
const BUMP_MERCHANT = (id: string) => `UPDATE "user" SET auth_version = auth_version + 1 WHERE merchant_id = ${id};`;

/** [table, name, timing + event, WHEN condition (SQLite syntax: IS NOT = IS DISTINCT FROM) or '', body per row]. */
type Trig = [table: string, name: string, event: string, when: string, body: string];
const TRIGGERS: Trig[] = [
  ['user_role', 'user_role_auth_ins', 'AFTER INSERT', '', BUMP_USER('NEW.user_id')],
  ['user_role', 'user_role_auth_del', 'AFTER DELETE', '', BUMP_USER('OLD.user_id')],
  ['user_role', 'user_role_auth_upd', 'AFTER UPDATE', '', BUMP_USER('OLD.user_id') + BUMP_USER('NEW.user_id')],
  ['user_shop', 'user_shop_auth_ins', 'AFTER INSERT', '', BUMP_USER('NEW.user_id')],
  ['user_shop', 'user_shop_auth_del', 'AFTER DELETE', '', BUMP_USER('OLD.user_id')],
  ['user_shop', 'user_shop_auth_upd', 'AFTER UPDATE', '', BUMP_USER('OLD.user_id') + BUMP_USER('NEW.user_id')],
  ['role_menu', 'role_menu_auth_ins', 'AFTER INSERT', '', BUMP_ROLE('NEW.role_id')],
  ['role_menu', 'role_menu_auth_del', 'AFTER DELETE', '', BUMP_ROLE('OLD.role_id')],
  ['role_menu', 'role_menu_auth_upd', 'AFTER UPDATE', '', BUMP_ROLE('OLD.role_id') + BUMP_ROLE('NEW.role_id')],
  [
    'role',
    'role_auth_upd',
    'AFTER UPDATE OF status, code',
    'OLD.status IS NOT NEW.status OR OLD.code IS NOT NEW.code',
    BUMP_ROLE('NEW.id'),
  ],
  // Before: the holders' user_role rows are still there (a cascade may remove them with the role).
  ['role', 'role_auth_del', 'BEFORE DELETE', '', BUMP_ROLE('OLD.id')],
  [
    'menu',
    'menu_auth_upd',
    'AFTER UPDATE OF perms, status',
    'OLD.perms IS NOT NEW.perms OR OLD.status IS NOT NEW.status',
    BUMP_MENU('NEW.id'),
  ],
  ['menu', 'menu_auth_del', 'BEFORE DELETE', '', BUMP_MENU('OLD.id')],
  // The merchant's shop list decides a user's current shop (lib/tenant.ts); orders and ratings update other columns.
  ['shop', 'shop_auth_ins', 'AFTER INSERT', '', BUMP_MERCHANT('NEW.merchant_id')],
  ['shop', 'shop_auth_del', 'AFTER DELETE', '', BUMP_MERCHANT('OLD.merchant_id')],
  [
    'shop',
    'shop_auth_upd',
    'AFTER UPDATE OF merchant_id, parent_id',
    'OLD.merchant_id IS NOT NEW.merchant_id OR OLD.parent_id IS NOT NEW.parent_id',
    BUMP_MERCHANT('OLD.merchant_id') + BUMP_MERCHANT('NEW.merchant_id'),
  ],
  [
    'session',
    'session_auth_revoke',
    'AFTER UPDATE OF revoked_at',
    'OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL',
    BUMP_USER('NEW.user_id'),
  ],
];

/** The user's own columns that change its rights (the version itself is not among them: no recursion). */
const USER_COLUMNS = ['status', 'all_shops', 'is_owner', 'merchant_id', 'user_type'];

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('user')
    .addColumn('auth_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const pg = isPg(db);
  for (const [table, name, event, when, body] of TRIGGERS) {
    if (pg) {
      const before = event.startsWith('BEFORE');
      // A BEFORE DELETE trigger must answer OLD, or PostgreSQL skips the delete.
      await sql
        .raw(`CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN ${body} RETURN ${before ? 'OLD' : 'NULL'}; END;
          $$ LANGUAGE plpgsql`)
        .execute(db);
      const cond = when ? `WHEN (${when.replaceAll(' IS NOT NEW', ' IS DISTINCT FROM NEW')})` : '';
      await sql
        .raw(`CREATE TRIGGER ${name} ${event} ON "${table}" FOR EACH ROW ${cond} EXECUTE FUNCTION ${name}()`)
        .execute(db);
    } else {
      await sql
        .raw(`CREATE TRIGGER ${name} ${event} ON "${table}" ${when ? `WHEN ${when}` : ''} BEGIN ${body} END`)
        .execute(db);
    }
  }
  const changed = USER_COLUMNS.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
  if (pg) {
    await sql`CREATE FUNCTION user_auth_upd() RETURNS trigger AS $$
      BEGIN NEW.auth_version := OLD.auth_version + 1; RETURN NEW; END; $$ LANGUAGE plpgsql`.execute(db);
    await sql
      .raw(`CREATE TRIGGER user_auth_upd BEFORE UPDATE OF ${USER_COLUMNS.join(', ')} ON "user" FOR EACH ROW
        WHEN (${changed.replaceAll(' IS NOT NEW', ' IS DISTINCT FROM NEW')}) EXECUTE FUNCTION user_auth_upd()`)
      .execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER user_auth_upd AFTER UPDATE OF ${USER_COLUMNS.join(', ')} ON "user" WHEN ${changed}
        BEGIN ${BUMP_USER('NEW.id')} END`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>) {
  const pg = isPg(db);
  for (const [table, name] of [...TRIGGERS.map(([t, n]) => [t, n]), ['user', 'user_auth_upd']]) {
    if (pg) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON "${table}"`).execute(db);
      await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
    } else await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  }
  await db.schema.alterTable('user').dropColumn('auth_version').execute();
}
