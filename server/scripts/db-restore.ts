/**
 * `npm run db:restore -- <file>`: puts a backup made by db:backup back into the configured database.
 * STOP THE SERVER FIRST: the restore replaces the whole database.
 *   SQLite: checks the backup's integrity, then copies it over the database file with the online backup API (the
 *           -wal/-shm files are handled by SQLite), then checks the result's integrity and the finance invariants.
 *   PostgreSQL: `pg_restore --clean --if-exists --no-owner --single-transaction` (must be installed).
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { openConfiguredDb } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { checkInvariants } from '../src/modules/merchant/finance/invariants.ts';
import { sqliteFileOf } from './db-backup.ts';

/** Replaces the SQLite database `target` with the content of `backup`. */
export async function restoreSqlite(backup: string, target: string) {
  const src = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    const ok = src.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') throw new Error(`${backup} is damaged: ${ok}`);
    await src.backup(target);
  } finally {
    src.close();
  }
  const dst = new SQLite(target);
  try {
    const ok = dst.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') throw new Error(`restored ${target} failed its integrity check: ${ok}`);
  } finally {
    dst.close();
  }
}

export function pgRestore(url: string, file: string) {
  const r = spawnSync(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', url, file],
    { stdio: 'inherit' },
  );
  if (r.error || r.status !== 0) throw new Error(`pg_restore failed (${r.error?.message ?? `exit ${r.status}`})`);
}

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run db:restore -- <backup file>');
  const config = loadConfig();
  if (config.dbKind === 'postgres') pgRestore(config.DATABASE_URL!, file);
  else await restoreSqlite(file, sqliteFileOf(config));
  const handle = openConfiguredDb(config);
  try {
    const { merchants, problems } = await checkInvariants(handle.db);
    if (problems.length) throw new Error(`restored, but the finance invariants fail:\n  ${problems.join('\n  ')}`);
    console.log(`db:restore OK from ${file}; finance invariants hold for ${merchants.length} merchant account(s)`);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((err) => {
    console.error(`db:restore failed: ${err.message}`);
    process.exit(1);
  });
