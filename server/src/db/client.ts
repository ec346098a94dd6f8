import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

// COUNT(*) and bigint money come back from pg as strings; every such value here fits in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DbHandle {
  db: DB;
  kind: DbKind;
  close: () => Promise<void>;
}

/** Opens SQLite (a file path or ':memory:') or PostgreSQL (postgres:// URL). */
export function openDb(
  target: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; max?: number },
): DbHandle {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.max ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}
