import type { App } from '../../types.ts';
import { unfreezeDue } from './settlement.service.ts';
import { resumeStuckPayouts } from './withdraw.service.ts';

/** How often settlements are looked for to unfreeze, across all instances (each row is also claimed in a transaction). */
export const UNFREEZE_INTERVAL_MS = 60_000;

/**
 * The finance background jobs: unfreezing due settlements and resuming payouts a stopped instance left behind. Due at
 * once on a database that never ran them (what came due while nothing ran), then a minute after each run.
 */
export function financeJobs(app: App) {
  app.scheduler.add({ name: 'finance_unfreeze', periodMs: UNFREEZE_INTERVAL_MS, run: () => unfreezeDue(app.db) });
  app.scheduler.add({
    name: 'finance_payout_recovery',
    periodMs: UNFREEZE_INTERVAL_MS,
    run: () => resumeStuckPayouts(app.db),
  });
}
