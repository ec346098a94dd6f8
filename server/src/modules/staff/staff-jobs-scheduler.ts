import { raiseLateEvents } from '../merchant/order/order-staff-steps.ts';
import type { App } from '../types.ts';

/** How often orders are checked for a missing clock-in (迟到提醒), across all instances (lib/scheduler). */
export const LATE_CHECK_INTERVAL_MS = 60_000;

export function startStaffJobs(app: App) {
  app.scheduler.add({
    name: 'staff_late_check',
    periodMs: LATE_CHECK_INTERVAL_MS,
    first: 'after-period',
    run: () => raiseLateEvents(app.db),
  });
}
