import type { App } from '../../types.ts';
import { bookAllPlans } from './plan-booking.ts';

/** How often plans are booked ahead, once per period across instances (lib/scheduler). */
export const PLAN_BOOKING_INTERVAL_MS = 30 * 60_000;

/**
 * The booking job (docs/customers.md "周期服务"): every active plan booked to its horizon; paid per-visit orders get
 * their employee. Each day is claimed by its unique row, so a run overlapping 立即排期 books nothing twice. A plan
 * that fails is logged alone and the run books the others; the run then ends as failed (outcome error, counted in
 * jz_job_failures_total, so the job's alert sees it), and the next run tries that plan again.
 */
export function planJobs(app: App) {
  app.scheduler.add({
    name: 'plan_booking',
    periodMs: PLAN_BOOKING_INTERVAL_MS,
    leaseMs: 10 * 60_000,
    first: 'now', // catch up after a stop
    run: async (signal) => {
      const r = await bookAllPlans(app.db, signal, undefined, app.log);
      if (r.failed)
        throw new Error(`${r.failed} plan(s) failed to book (each logged with its plan id); the others were booked`);
      return r;
    },
  });
}
