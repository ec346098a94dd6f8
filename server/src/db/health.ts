import { sql } from 'kysely';
import type { DB } from './client.ts';
import { pendingMigrations } from './migrate.ts';

export interface DatabaseHealth {
  database: 'up' | 'down';
  latencyMs: number;
}

/** Rejects when `work` has not settled in `timeoutMs`; the work itself is not cancelled. */
async function bounded<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One trivial query, bounded in time: while PostgreSQL restarts, a new connection may hang far longer than a health
 * probe should wait. Never throws; the error itself stays in the server log, not in the answer.
 */
export async function checkDatabase(db: DB, timeoutMs = 2000): Promise<DatabaseHealth & { error?: unknown }> {
  const started = performance.now();
  try {
    await bounded(sql`select 1`.execute(db), timeoutMs);
    return { database: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { database: 'down', latencyMs: Math.round(performance.now() - started), error };
  }
}

export interface MigrationHealth {
  /** Migrations of this build not recorded in the database yet (empty: the schema is current). */
  pending: string[];
  error?: unknown;
}

/**
 * Which of this build's migrations the database has not applied (db/migrate.ts, read-only), bounded like
 * checkDatabase. Never throws: when the answer does not come, `error` says why and `pending` is empty.
 */
export async function checkMigrations(db: DB, timeoutMs = 2000): Promise<MigrationHealth> {
  try {
    return { pending: await bounded(pendingMigrations(db), timeoutMs) };
  } catch (error) {
    return { pending: [], error };
  }
}
