import type { Kysely } from 'kysely';
import { isPg, sql } from '../migration-kit.ts';

/**
 * Performance (docs/performance.md): on PostgreSQL each instance keeps the signed-in caller in process (lib/caller-cache.ts)
 * and must hear of every change to what it holds, whoever writes it (the modules, seeds, a manual fix in SQL). These
 * triggers send `pg_notify('jz_auth', '<user id>')` in the writing transaction — delivered at commit, never on rollback —
 * for any change or deletion of a user row (its auth_version is raised by migration 1002's triggers for every change to
 * its rights, so this covers roles, menus and shops too) and of a session (sign-out, token deleted); '*' on a TRUNCATE.
 * SQLite: nothing (one process, the caller is read per request).
 */
const TRIGGERS = [
  // Any column: the cached caller holds the user's names, phone and current shop as well as its rights.
  [
    'user',
    'user_auth_notify_upd',
    'AFTER UPDATE',
    'FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)',
    'jz_auth_notify_user',
  ],
  ['user', 'user_auth_notify_del', 'AFTER DELETE', 'FOR EACH ROW', 'jz_auth_notify_user'],
  ['session', 'session_auth_notify', 'AFTER UPDATE OR DELETE', 'FOR EACH ROW', 'jz_auth_notify_session'],
  ['user', 'user_auth_notify_trunc', 'AFTER TRUNCATE', 'FOR EACH STATEMENT', 'jz_auth_notify_all'],
  ['session', 'session_auth_notify_trunc', 'AFTER TRUNCATE', 'FOR EACH STATEMENT', 'jz_auth_notify_all'],
] as const;

export async function up(db: Kysely<any>) {
  if (!isPg(db)) return;
  await sql`CREATE FUNCTION jz_auth_notify_user() RETURNS trigger AS $$
    BEGIN PERFORM pg_notify('jz_auth', OLD.id::text); RETURN NULL; END; $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE FUNCTION jz_auth_notify_session() RETURNS trigger AS $$
    BEGIN PERFORM pg_notify('jz_auth', OLD.user_id::text); RETURN NULL; END; $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE FUNCTION jz_auth_notify_all() RETURNS trigger AS $$
    BEGIN PERFORM pg_notify('jz_auth', '*'); RETURN NULL; END; $$ LANGUAGE plpgsql`.execute(db);
  for (const [table, name, event, each, fn] of TRIGGERS)
    await sql.raw(`CREATE TRIGGER ${name} ${event} ON "${table}" ${each} EXECUTE FUNCTION ${fn}()`).execute(db);
}

export async function down(db: Kysely<any>) {
  if (!isPg(db)) return;
  for (const [table, name] of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON "${table}"`).execute(db);
  for (const fn of ['jz_auth_notify_user', 'jz_auth_notify_session', 'jz_auth_notify_all'])
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}()`).execute(db);
}
