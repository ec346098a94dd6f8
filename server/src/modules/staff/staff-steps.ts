import type { DB } from '../../db/client.ts';
import type { StaffCaller } from '../../lib/caller.ts';
import { business } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import './staff.tables.ts';

/**
 * Offline steps (docs/staff.md). A step taken without a connection is sent later with the time it was taken (`at`)
 * and a key generated once per tap (`stepId`).
 */

/** How far back an offline step's own time is taken; older (or in the future) the time it arrives is used. */
export const OFFLINE_STEP_MAX_MS = 24 * 3_600_000;

export function stepTime(at: string | undefined, now = Date.now()) {
  const t = at ? Date.parse(at) : Number.NaN;
  return Number.isFinite(t) && t <= now && t >= now - OFFLINE_STEP_MAX_MS ? new Date(t).toISOString() : nowIso();
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /unique/i.test(err?.message ?? '');
};

/**
 * Runs a step once per `stepId` of the employee: the key is claimed first (unique per employee), so a resend of the
 * same tap, concurrent or after a lost answer, does nothing and the caller answers the job as it now is. A step that
 * fails frees its key, so the same tap may be retried. A key already used for another order or step is refused.
 */
export async function stepOnce(
  db: DB,
  s: StaffCaller,
  stepId: string | undefined,
  orderId: number,
  action: string,
  run: () => Promise<unknown>,
) {
  if (!stepId) return void (await run());
  const seen = await db
    .selectFrom('staffStep')
    .select(['orderId', 'action'])
    .where('employeeId', '=', s.employeeId)
    .where('stepId', '=', stepId)
    .executeTakeFirst();
  if (seen) {
    if (seen.orderId !== orderId || seen.action !== action) throw business('操作编号已用于其他操作，请刷新后重试');
    return;
  }
  try {
    await db
      .insertInto('staffStep')
      .values({ employeeId: s.employeeId, stepId, orderId, action, createdAt: nowIso() })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) return; // the same tap, sent twice at once: the other one does it
    throw err;
  }
  try {
    await run();
  } catch (err) {
    await db.deleteFrom('staffStep').where('employeeId', '=', s.employeeId).where('stepId', '=', stepId).execute();
    throw err;
  }
}
