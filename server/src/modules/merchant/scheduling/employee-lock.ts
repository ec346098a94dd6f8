import { PostgresAdapter, sql } from 'kysely';
import type { DB, Trx } from '../../../db/client.ts';

/**
 * Assignment by time (docs/dispatch.md "Concurrency"). The employee row is locked first, inside the
 * assignment's transaction, so two dispatchers assigning one employee to overlapping orders at the same moment are
 * serialised: the second one's check sees the first one's committed assignment and is refused.
 * - PostgreSQL: `select … for update` on the employee row (READ COMMITTED: the statements after the lock wait see
 *   what the first transaction committed).
 * - SQLite: a write to the employee row takes the database's write lock at once (a deferred transaction would only
 *   take it at its first write, after both had read); within one process Kysely's single connection serialises
 *   transactions anyway, across processes the write lock does.
 */
export async function lockEmployee(trx: Trx | DB, employeeId: number) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select id from employee where id = ${employeeId} for update`.execute(trx);
  else await sql`update employee set updated_at = updated_at where id = ${employeeId}`.execute(trx);
}
