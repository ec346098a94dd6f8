/**
 * Shanghai wall time (UTC+8 all year) for dates and clock times, without zod: the scheduling module (dispatch.ts)
 * re-exports these, and the staff page, whose bundle holds no schema, imports them from here.
 */

/** Shanghai keeps UTC+8 all year (no daylight saving since 1991). */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

export const WEEKDAY_NAMES = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

/** An instant as epoch milliseconds, shifted to Shanghai wall time (for date arithmetic only). */
const wall = (ms: number) => new Date(ms + SHANGHAI_OFFSET_MS);
/** 'YYYY-MM-DD' of an instant, in Shanghai. */
export const shanghaiDay = (at: string | number | Date) =>
  wall(typeof at === 'number' ? at : new Date(at).getTime())
    .toISOString()
    .slice(0, 10);
/** 0 = 周一 … 6 = 周日 of a Shanghai calendar day. */
export const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
/** Epoch ms of a Shanghai wall-clock time on a day ('24:00' = the next midnight). */
export const wallMs = (day: string, hm: string) => {
  const [h, m] = hm.split(':').map(Number);
  return Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS + (h * 60 + m) * 60_000;
};
/** 'HH:mm' in Shanghai of an instant. */
export const wallHm = (at: string | number) =>
  wall(typeof at === 'number' ? at : Date.parse(at))
    .toISOString()
    .slice(11, 16);
/** The next calendar day. */
export const nextDay = (day: string, n = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
