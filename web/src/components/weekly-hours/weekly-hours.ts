import type { TimeRange, WeeklyHours } from '@jz/contracts/dispatch';
import { rangesOverlap, WEEKDAY_NAMES } from '@jz/contracts/constants/dispatch';

/** The editor's usual working day: a new day or a day switched back on starts from it. */
export const DEFAULT_DAY: TimeRange[] = [{ from: '08:00', to: '18:00' }];

/** Mon–Fri 08:00–18:00, weekends off: what "自定义" starts from when nothing was set. */
export const DEFAULT_WEEK: WeeklyHours = Array.from({ length: 7 }, (_, i) => (i < 5 ? [...DEFAULT_DAY] : []));

/** Choices every 30 minutes, 00:00 … 24:00 (24:00 ends a day). */
export const HALF_HOURS = Array.from({ length: 49 }, (_, i) => {
  const h = String(Math.floor(i / 2)).padStart(2, '0');
  return `${h}:${i % 2 ? '30' : '00'}`;
});

/**
 * What is wrong with one day's ranges, in words, or null: each ends after it starts, the second comes after the first
 * and they do not overlap (the server's weeklyHoursSchema says the same; this names the day and the range).
 */
export function dayProblem(ranges: TimeRange[]): string | null {
  for (const [i, r] of ranges.entries()) {
    if (!r.from || !r.to) return `请选择第 ${i + 1} 个时段的开始和结束时间`;
    if (r.to <= r.from) return `第 ${i + 1} 个时段的结束时间须晚于开始时间`;
  }
  for (let i = 1; i < ranges.length; i++)
    if (ranges[i].from < ranges[i - 1].from) return `第 ${i + 1} 个时段须排在第 ${i} 个之后`;
  if (rangesOverlap(ranges)) return '两个时段不能重叠';
  return null;
}

/** The first problem of a week, '周二：两个时段不能重叠', or null (null hours = the shop's: nothing to check). */
export function weekProblem(week: WeeklyHours | null | undefined): string | null {
  if (!week) return null;
  for (const [i, d] of week.entries()) {
    const p = dayProblem(d);
    if (p) return `${WEEKDAY_NAMES[i]}：${p}`;
  }
  return null;
}

/** '08:00–12:00、13:00–18:00', or 休息. */
export const rangesText = (ranges: TimeRange[]) =>
  ranges.length ? ranges.map((r) => `${r.from}–${r.to}`).join('、') : '休息';
