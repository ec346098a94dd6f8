import { nextDay, shanghaiDay, wallHm, wallMs } from '@jz/contracts/dispatch';

/**
 * When a message may go (docs/messages.md "Messages to customers and staff"): quiet hours, the per-phone limit and
 * the back-off between tries. Pure functions of the clock, so tests pin the hour.
 */

/** No messages from 21:00 to 08:00 Shanghai time… */
export const QUIET_FROM = '21:00';
export const QUIET_TO = '08:00';

/**
 * The earliest time a message may go, at `now`: now outside quiet hours, and inside them for a message about a job
 * that day (Shanghai calendar: the customer or employee needs it before the job); otherwise the next 08:00.
 */
export function releaseAt(now: number, jobAt: string | null): number {
  const hm = wallHm(now);
  if (hm >= QUIET_TO && hm < QUIET_FROM) return now;
  const today = shanghaiDay(now);
  if (jobAt && shanghaiDay(jobAt) === today) return now;
  return wallMs(hm >= QUIET_FROM ? nextDay(today) : today, QUIET_TO);
}

/** The wait after each failed try (tries 1, 2, 3); the fourth failure is final. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;

/** Messages one phone receives in an hour at most; more wait (never dropped) until the hour allows them. */
export const DEFAULT_HOURLY_LIMIT = 5;
export const LIMIT_WINDOW_MS = 3_600_000;
