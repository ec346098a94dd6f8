import type { App } from '../../types.ts';
import { bookAllPlans } from './plan-booking.ts';

/** How often plans are booked ahead, once per period across instances (lib/scheduler). */
export const PLAN_BOOKING_INTERVAL_MS = 30 * 60_000;

/**
 * The booking job (docs/customers.md "周期服务"): every active plan booked to its horizon; paid per-visit orders get
 * their employee. Each day is claimed by its unique row, so a run overlapping 立即排期 books nothing twice.
 */
export function planJobs(app: App) {
  app.scheduler.add({
    name: 'plan_booking',
    periodMs: PLAN_BOOKING_INTERVAL_MS,
    leaseMs: 10 * 60_000,
    first: 'now', // catch up after a stop
    run: (signal) => bookAllPlans(app.db, signal),
  });
}
