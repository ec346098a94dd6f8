import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { DB } from './client.ts';

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

/**
 * The migrations this build carries: the file names of db/migrations, as db/migrate.ts names them (the same folder,
 * the same rule). Read once: the files of a running process do not change.
 */
let shipped: string[] | undefined;
export function shippedMigrations(): string[] {
  shipped ??= readdirSync(path.join(import.meta.dirname, 'migrations'))
    .filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.(ts|js|mjs)$/, ''))
    .sort();
  return shipped;
}

export interface MigrationHealth {
  /** Shipped with this build but not recorded in kysely_migration (empty: the schema is current). */
  pending: string[];
  error?: unknown;
}

/**
 * Which of this build's migrations the database has not applied yet (kysely_migration, bounded like checkDatabase).
 * Never throws: an unreadable table (a database never migrated) counts every migration as pending, with the error.
 */
export async function checkMigrations(db: DB, timeoutMs = 2000): Promise<MigrationHealth> {
  const names = shippedMigrations();
  try {
    const { rows } = await bounded(sql<{ name: string }>`select name from kysely_migration`.execute(db), timeoutMs);
    const applied = new Set(rows.map((r) => r.name));
    return { pending: names.filter((n) => !applied.has(n)) };
  } catch (error) {
    return { pending: names, error };
  }
}
