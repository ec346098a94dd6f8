import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The business calendar of the marketplace. Stored times are ISO-8601 UTC strings (sortable on both databases). */
export const TZ = 'Asia/Shanghai';

export const nowIso = () => new Date().toISOString();
export const isoAfter = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A YYYY-MM-DD calendar day in Shanghai as the [start, end) ISO range to filter stored timestamps. */
export function dayStartIso(day: string) {
  return dayjs.tz(day, TZ).startOf('day').toISOString();
}
export function dayEndIso(day: string) {
  return dayjs.tz(day, TZ).add(1, 'day').startOf('day').toISOString();
}
export { dayjs };
