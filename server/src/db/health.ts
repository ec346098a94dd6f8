import { sql } from 'kysely';
import type { DB } from './client.ts';

export interface DatabaseHealth {
  database: 'up' | 'down';
  latencyMs: number;
}

/**
 * One trivial query, bounded in time: while PostgreSQL restarts, a new connection may hang far longer than a health
 * probe should wait. Never throws; the error itself stays in the server log, not in the answer.
 */
export async function checkDatabase(db: DB, timeoutMs = 2000): Promise<DatabaseHealth & { error?: unknown }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
    return { database: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { database: 'down', latencyMs: Math.round(performance.now() - started), error };
  } finally {
    clearTimeout(timer);
  }
}
