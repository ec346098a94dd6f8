import { nextDay, shanghaiDay, WEEKDAY_NAMES, wallHm, wallMs, weekdayOf } from '@jz/contracts/shanghai-time';

/**
 * Dates and times as the staff page shows them: Shanghai wall time, whatever zone the phone is set to (a phone
 * bought abroad, or set to UTC, still shows the job at the time the customer booked).
 */

export const today = (now = Date.now()) => shanghaiDay(now);

/** The tabs' date ranges: 今日, 明日, 本周 (Monday to Sunday of this week). */
export function tabRange(tab: 'today' | 'tomorrow' | 'week', now = Date.now()) {
  const d = today(now);
  if (tab === 'today') return { from: d, to: d };
  if (tab === 'tomorrow') return { from: nextDay(d), to: nextDay(d) };
  const monday = nextDay(d, -weekdayOf(d));
  return { from: monday, to: nextDay(monday, 6) };
}

/** '12月1日 周二' */
export function dayLabel(day: string) {
  const [, m, dd] = day.split('-').map(Number);
  return `${m}月${dd}日 ${WEEKDAY_NAMES[weekdayOf(day)]}`;
}

/** '今天' / '明天' / '12月3日 周四' */
export function relativeDayLabel(day: string, now = Date.now()) {
  const d = today(now);
  if (day === d) return `今天 ${WEEKDAY_NAMES[weekdayOf(day)]}`;
  if (day === nextDay(d)) return `明天 ${WEEKDAY_NAMES[weekdayOf(day)]}`;
  return dayLabel(day);
}

/** '09:00–12:00' of a job; a job past midnight names its end day. */
export function windowText(startsAt: string, endsAt: string) {
  const endDay = shanghaiDay(Date.parse(endsAt) - 1);
  const end = endDay === shanghaiDay(startsAt) ? wallHm(endsAt) : `${dayLabel(endDay)} ${wallHm(endsAt)}`;
  return `${wallHm(startsAt)}–${end}`;
}

/** A step's time: '09:12' today, '12月1日 09:12' another day. */
export function stepTime(at: string, now = Date.now()) {
  return shanghaiDay(at) === today(now) ? wallHm(at) : `${dayLabel(shanghaiDay(at)).split(' ')[0]} ${wallHm(at)}`;
}

/** '12月1日 08:00' of an instant (leave spans). */
export const instantText = (at: string) => `${dayLabel(shanghaiDay(at)).split(' ')[0]} ${wallHm(at)}`;

/** A leave span: '12月1日 08:00–18:00' within a day, '12月1日 08:00–12月3日 18:00' across days. */
export const spanText = (from: string, to: string) =>
  `${instantText(from)}–${shanghaiDay(from) === shanghaiDay(to) ? wallHm(to) : instantText(to)}`;

/** '2026-12-01T08:00' typed in the phone's picker, read as Shanghai wall time (whatever the phone's zone). */
export const wallInputToIso = (v: string) => new Date(wallMs(v.slice(0, 10), v.slice(11, 16))).toISOString();

export { nextDay, shanghaiDay, wallHm };
