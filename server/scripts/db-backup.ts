/**
 * `npm run db:backup [-- <file>]`: a consistent copy of the configured database (DATABASE_URL, or the SQLite file in
 * DATA_DIR) while the server keeps running.
 *   SQLite: SQLite's online backup API (better-sqlite3 `db.backup()`), page by page, consistent with concurrent
 *           writers (WAL). Default file: <DATA_DIR>/backups/jiazheng-<time>.db
 *   PostgreSQL: `pg_dump --format=custom` (must be installed). Default file: ./jiazheng-<time>.dump
 * Prints the file and its row counts; exit 1 on failure.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../src/config.ts';

export const sqliteFileOf = (config: ReturnType<typeof loadConfig>) =>
  config.DATABASE_URL?.replace(/^sqlite:/, '') || path.join(config.dataDir, 'jiazheng.db');

/** Row counts of every user table of a SQLite file (for the round-trip check). */
export function sqliteRowCounts(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type='table' and name not like 'sqlite_%' order by name")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map((t) => [t.name, (db.prepare(`select count(*) as n from "${t.name}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

/** Online backup of a SQLite database file into `dest` (created or replaced). */
export async function backupSqlite(source: string, dest: string) {
  mkdirSync(path.dirname(path.resolve(dest)), { recursive: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    await db.backup(dest);
  } finally {
    db.close();
  }
  const check = new SQLite(dest, { readonly: true });
  try {
    const ok = check.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') throw new Error(`backup ${dest} failed its integrity check: ${ok}`);
  } finally {
    check.close();
  }
  return dest;
}

export function pgDump(url: string, dest: string) {
  const r = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--file', dest, url], { stdio: 'inherit' });
  if (r.error || r.status !== 0) throw new Error(`pg_dump failed (${r.error?.message ?? `exit ${r.status}`})`);
  return dest;
}

async function main() {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (config.dbKind === 'postgres') {
    const dest = process.argv[2] ?? `jiazheng-${stamp}.dump`;
    pgDump(config.DATABASE_URL!, dest);
    console.log(`db:backup OK (pg_dump) -> ${dest}`);
    return;
  }
  const dest = process.argv[2] ?? path.join(config.dataDir, 'backups', `jiazheng-${stamp}.db`);
  await backupSqlite(sqliteFileOf(config), dest);
  const counts = sqliteRowCounts(dest);
  console.log(
    `db:backup OK -> ${dest} (${Object.values(counts).reduce((a, b) => a + b, 0)} rows, ${Object.keys(counts).length} tables)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((err) => {
    console.error(`db:backup failed: ${err.message}`);
    process.exit(1);
  });
