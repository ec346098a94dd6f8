// The schema-free part of dispatch.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
import type { TimeRange, WeeklyHours } from '../dispatch.ts';
import {
  nextDay,
  SHANGHAI_OFFSET_MS,
  shanghaiDay,
  WEEKDAY_NAMES,
  wallHm,
  wallMs,
  weekdayOf,
} from '../shanghai-time.ts';
// The wall-clock helpers, for callers that import them from the dispatch module.
export { nextDay, SHANGHAI_OFFSET_MS, shanghaiDay, WEEKDAY_NAMES, wallHm, wallMs, weekdayOf };

/**
 * Dispatch and scheduling (派单排班; docs/dispatch.md): the time model shared by the server (assignment
 * checks, suggestions, the board, booking slots) and the web (the board's shading). Pure functions, no I/O.
 *
 * Times on the wire are ISO-8601 UTC strings like every stored timestamp; wall-clock times ('08:00') are Shanghai time
 * (UTC+8 all year). An order occupies its employee over [appointmentAt, appointmentAt + jobMinutes + buffer): the job
 * itself, then the shop's travel buffer before the next job may start. Intervals are half-open, so a job may start at
 * the exact minute the previous one's buffer ends.
 */

/** A shop's travel buffer between two jobs when it set none. */
export const DEFAULT_TRAVEL_BUFFER_MINUTES = 30;
/** The longest travel buffer a shop may set. */
export const MAX_TRAVEL_BUFFER_MINUTES = 240;
/** A job whose order and goods both lack a duration counts this long. */
export const DEFAULT_JOB_MINUTES = 120;
/** Working hours when neither the employee nor the shop has any: no limit (the whole day). */
export const ALL_DAY = { from: '00:00', to: '24:00' } as const;
/** Jobs this long or longer (月嫂 26 天套餐) are live-in: working hours do not apply to them, leave and overlap do. */
export const LIVE_IN_MINUTES = 24 * 60;
/** The board's week view: at most this many days per call. */
export const MAX_BOARD_DAYS = 7;
/** Leave periods: at most 90 days each. */
export const MAX_LEAVE_DAYS = 90;
/** Whether a day's stretches overlap one another (touching is fine: 08:00–12:00 and 12:00–18:00). */
export function rangesOverlap(ranges: TimeRange[]) {
  const s = [...ranges].sort((a, b) => (a.from < b.from ? -1 : 1));
  for (let k = 1; k < s.length; k++) if (s[k].from < s[k - 1].to) return true;
  return false;
}

/** At most this many stretches a day (a split shift has two; the editor offers two). */
export const MAX_DAY_RANGES = 4;
/** '08:00-20:00' (the shop's businessHours) as a stretch; null when unset or malformed. */
export function parseBusinessHours(s: string | null | undefined): TimeRange | null {
  const m = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(s?.trim() ?? '');
  return m && m[1] < m[2] ? { from: m[1], to: m[2] } : null;
}

/** Dated exceptions to an employee's weekly hours: day ('YYYY-MM-DD') -> that day's stretches ([] = off). */
export type DayExceptions = ReadonlyMap<string, TimeRange[]>;

/**
 * The stretches an employee works on a day: the day's exception when there is one (排班 › a date), else their own
 * weekly hours, else the shop's business hours, else the whole day (an employee and shop that set no hours are not
 * limited: older data keeps working). The one rule every reader of "her hours that day" goes through.
 */
export function hoursOnDay(
  weekly: WeeklyHours | null,
  shopHours: TimeRange | null,
  day: string,
  exceptions?: DayExceptions,
): TimeRange[] {
  const exception = exceptions?.get(day);
  if (exception) return exception;
  if (weekly) return weekly[weekdayOf(day)] ?? [];
  return [shopHours ?? ALL_DAY];
}

export interface Interval {
  from: number;
  to: number;
}
export const overlaps = (a: Interval, b: Interval) => a.from < b.to && b.from < a.to;

/** [start, jobEnd, bufferEnd) of an order, epoch ms. */
export function occupancy(appointmentAt: string, jobMinutes: number, bufferMinutes: number) {
  const from = Date.parse(appointmentAt);
  const to = from + jobMinutes * 60_000;
  return { from, to, bufferTo: to + bufferMinutes * 60_000 };
}

/**
 * Whether [from, to) lies inside the employee's working stretches (a job may not run past the end of a stretch; the
 * buffer after it may). Days are walked in Shanghai time, so a night shift '20:00'–'24:00' + '00:00'–'06:00' joins.
 */
export function isOnDuty(
  weekly: WeeklyHours | null,
  shopHours: TimeRange | null,
  from: number,
  to: number,
  exceptions?: DayExceptions,
): boolean {
  let cursor = from;
  let day = shanghaiDay(from);
  for (let guard = 0; guard < 62 && cursor < to; guard++, day = nextDay(day)) {
    const stretches = hoursOnDay(weekly, shopHours, day, exceptions)
      .map((r) => ({ from: wallMs(day, r.from), to: wallMs(day, r.to) }))
      .sort((a, b) => a.from - b.from);
    for (const s of stretches) if (s.from <= cursor && cursor < s.to) cursor = s.to;
    if (cursor < to && cursor < wallMs(nextDay(day), '00:00')) return false;
  }
  return cursor >= to;
}

/** The leave covering any part of [from, to), if any. */
export const leaveDuring = <L extends { from: string; to: string }>(leaves: L[], from: number, to: number) =>
  leaves.find((l) => overlaps({ from: Date.parse(l.from), to: Date.parse(l.to) }, { from, to }));

/** Great-circle distance in kilometres (GCJ-02 differs from WGS-84 by < 1 km: irrelevant for ranking). */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const dayText = (at: number) => {
  const d = shanghaiDay(at);
  return `${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;
};

/** '11月27日 10:00–13:30' for refusals and reasons; a span over days names both: '11月25日 09:00–12月2日 09:00'. */
export function spanText(from: number, to: number) {
  const sameDay = shanghaiDay(from) === shanghaiDay(Math.max(from, to - 1));
  const end = sameDay ? wallHm(to) : `${dayText(to)} ${wallHm(to)}`;
  return `${dayText(from)} ${wallHm(from)}–${end}`;
}
