import type { App } from '../../types.ts';
import { unfreezeDue } from './settlement.service.ts';
import { resumeStuckPayouts } from './withdraw.service.ts';

/** How often each instance looks for settlements to unfreeze (the job itself is idempotent and multi-instance safe). */
export const UNFREEZE_INTERVAL_MS = 60_000;

/** The finance background jobs: unfreezing due settlements and resuming payouts a stopped instance left behind. */
export function financeJobs(app: App) {
  const tick = async () => {
    await app.metrics
      .job('finance_unfreeze', () => unfreezeDue(app.db))
      .catch((err) => app.log.error({ err }, 'finance unfreeze job failed'));
    await app.metrics
      .job('finance_payout_recovery', () => resumeStuckPayouts(app.db))
      .catch((err) => app.log.error({ err }, 'finance payout recovery failed'));
  };
  // Catch up once at start (settlements that came due while no instance ran), then every minute.
  app.addHook('onReady', tick);
  const timer = setInterval(() => void tick(), UNFREEZE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
