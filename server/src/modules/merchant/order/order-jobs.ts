import { UNPAID_TIMEOUT_MINUTES } from '@jz/contracts/order';
import { startBus, stopBus } from '../../../lib/order-bus.ts';
import type { App } from '../../types.ts';
import { pruneStreamRows } from './order.repo.ts';
import { expireUnpaid } from './order-transition.service.ts';

/** How often unpaid orders past their 30 minutes are cancelled, across all instances (lib/scheduler). */
export const EXPIRE_INTERVAL_MS = 60_000;

/**
 * What runs beside the order routes: the event bus of the live streams (opened before the routes that use it) and
 * the jobs cancelling unpaid orders and pruning old stream rows (first a period after a database first sees them,
 * as the timers they replaced did); all stop when the app closes.
 */
export function startOrderJobs(app: App) {
  const bus = startBus(app.db, app.dbKind, app.config.DATABASE_URL, app.log);
  app.addHook('onClose', () => stopBus(app.db, bus));
  app.scheduler.add({
    name: 'order_expire_unpaid',
    periodMs: EXPIRE_INTERVAL_MS,
    first: 'after-period',
    run: () => expireUnpaid(app.db, UNPAID_TIMEOUT_MINUTES),
  });
  app.scheduler.add({
    name: 'order_stream_prune',
    periodMs: 3600_000,
    first: 'after-period',
    run: () => pruneStreamRows(app.db),
  });
}
