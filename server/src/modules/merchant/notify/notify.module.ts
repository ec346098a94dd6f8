import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { defineModule } from '../../types.ts';
import { deliverDue, ROW_LEASE_MS } from './delivery.ts';
import { createNoticeGateway } from './gateway.ts';
import { notifyRoutes } from './notify.routes.ts';
import { setReviewBase } from './notify.service.ts';

/** How often queued messages are looked at (one instance at a time, lib/scheduler). */
export const DELIVER_INTERVAL_MS = 5000;

/**
 * Messages to customers and staff (SMS through a transactional outbox; docs/messages.md). Rows are queued by the
 * order transitions (order-transition.steps.ts) and by enqueue(); the notify_deliver job sends them.
 */
export default defineModule({
  name: 'notify',
  order: 86,
  routes(app) {
    setReviewBase(app.config.NOTIFY_REVIEW_URL);
    notifyRoutes(app);
    if (app.config.NOTIFY_DELIVERY === 'off') return;
    const gateway = createNoticeGateway(app.config, app.log);
    const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    app.scheduler.add({
      name: 'notify_deliver',
      periodMs: DELIVER_INTERVAL_MS,
      leaseMs: ROW_LEASE_MS,
      first: 'now',
      run: (signal) => deliverDue(app.db, { gateway, holder, hourlyLimit: app.config.NOTIFY_HOURLY_LIMIT, signal }),
    });
  },
});
