import { UNPAID_TIMEOUT_MINUTES } from '@jz/contracts/order';
import { startBus, stopBus } from '../../../lib/order-bus.ts';
import type { App } from '../../types.ts';
import { pruneStreamRows } from './order.repo.ts';
import { expireUnpaid } from './order-transition.service.ts';

/** How often each instance cancels unpaid orders past their 30 minutes (the job is multi-instance safe). */
export const EXPIRE_INTERVAL_MS = 60_000;

/**
 * What runs beside the order routes: the event bus of the live streams (opened before the routes that use it) and
 * the jobs cancelling unpaid orders and pruning old stream rows; all stop when the app closes.
 */
export function startOrderJobs(app: App) {
  const bus = startBus(app.db, app.dbKind, app.config.DATABASE_URL, app.log);
  app.addHook('onClose', () => stopBus(app.db, bus));
  const expire = setInterval(() => {
    app.metrics
      .job('order_expire_unpaid', () => expireUnpaid(app.db, UNPAID_TIMEOUT_MINUTES))
      .catch((err) => app.log.error({ err }, 'order expiry job failed'));
  }, EXPIRE_INTERVAL_MS);
  const prune = setInterval(() => {
    app.metrics
      .job('order_stream_prune', () => pruneStreamRows(app.db))
      .catch((err) => app.log.error({ err }, 'order stream prune failed'));
  }, 3600_000);
  expire.unref();
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(expire);
    clearInterval(prune);
  });
}
