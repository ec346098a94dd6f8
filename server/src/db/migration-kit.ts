import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/** Helpers so one migration file runs on SQLite and PostgreSQL alike. */
export const isPg = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Auto-increment integer primary key. */
export function withId<T extends string>(db: Kysely<any>, tb: CreateTableBuilder<T, never>) {
  return isPg(db)
    ? tb.addColumn('id', 'serial', (c) => c.primaryKey())
    : tb.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** created_at / updated_at as ISO-8601 UTC text. */
export function withTimes<T extends string, C extends string>(tb: CreateTableBuilder<T, C>) {
  return tb.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
}

/** Money in fen, counters and other integers that may exceed 2^31. */
export const bigint = 'bigint' as const;
export { sql };
