import { SHANGHAI_OFFSET_MS } from '@jz/contracts/shanghai-time';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

/**
 * The business zone (docs/time.md): every time on screen, every "today"/"now" and every picked date or time means
 * Asia/Shanghai wall time, whatever zone the browser is set to. Shanghai keeps UTC+8 all year (no daylight saving
 * since 1991), so a fixed offset is exact for every date the product handles and needs no Intl zone lookup per call,
 * the same rule as @jz/contracts/shanghai-time.
 *
 * Two kinds of Dayjs leave this module:
 * - business values (`toBusiness`, `businessNow`): an instant at offset +08:00; `.format()` shows Shanghai wall time.
 * - picker values (`toPickerValue`, `pickerNow`): antd's pickers work in the browser's zone, so a value for a picker
 *   carries the Shanghai wall fields (day, hour, minute) in the browser's zone; `pickedToIso` reads them back as
 *   Shanghai time. A picked calendar day thus means that day in Shanghai, a picked 10:00 means 10:00 in Shanghai.
 */
dayjs.extend(utc);

export const BUSINESS_TZ = 'Asia/Shanghai';
const OFFSET_MIN = SHANGHAI_OFFSET_MS / 60_000;
const WALL = 'YYYY-MM-DDTHH:mm:ss.SSS';

export type TimeInput = string | number | Date | Dayjs | null | undefined;

/** An ISO instant names its zone ('Z' or '+08:00'); anything else ('2026-12-08', '2026-12-08 10:00') is a wall time. */
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Epoch ms of an input, reading a wall string without a zone as Shanghai wall time (NaN when unparseable). */
function instantOf(v: string | number | Date): number {
  if (typeof v === 'string' && !HAS_ZONE.test(v.trim())) return dayjs.utc(v.trim()).valueOf() - SHANGHAI_OFFSET_MS;
  return dayjs(v).valueOf();
}

/**
 * The Dayjs of an instant at +08:00. Built the way dayjs' own zone plugin builds one: the Shanghai wall fields,
 * computed in UTC arithmetic (exact in every browser zone), parsed as a local time and tagged with the offset while
 * keeping those fields; `valueOf()` stays the instant. (`dayjs(ms).utcOffset(480)` shifts through the browser's zone
 * and is an hour off near the browser's daylight-saving changes.)
 */
const atOffset = (ms: number) => dayjs(dayjs.utc(ms + SHANGHAI_OFFSET_MS).format(WALL)).utcOffset(OFFSET_MIN, true);

/**
 * A value from the API as a business Dayjs, or null for nothing / an unparseable value. Instants (ISO with a zone,
 * epoch ms, Date) are converted; a wall string without a zone ('2026-12-08', '2026-12-08 10:00') is read as Shanghai
 * wall time, so a calendar day stays that day in every browser zone. A Dayjs is taken as it is (already business, or
 * a picker value whose wall fields are the picked Shanghai time).
 */
export function toBusiness(v: TimeInput): Dayjs | null {
  if (v === null || v === undefined || v === '') return null;
  if (dayjs.isDayjs(v)) return v.isValid() ? v : null;
  const ms = instantOf(v);
  return Number.isNaN(ms) ? null : atOffset(ms);
}

/** Now, in Shanghai: `.format('HH:mm')`, `.hour()`, `.startOf('day')` are Shanghai's; comparisons stay instants. */
export const businessNow = (now: number = Date.now()) => atOffset(now);

/** Today's Shanghai calendar day, 'YYYY-MM-DD'. */
export const businessToday = (now: number = Date.now()) => dayjs.utc(now + SHANGHAI_OFFSET_MS).format('YYYY-MM-DD');

/** A value for an antd picker: the Shanghai wall time of `v` in the browser's zone (null for nothing). */
export function toPickerValue(v: TimeInput): Dayjs | null {
  const b = toBusiness(v);
  return b ? dayjs(b.format(WALL)) : null;
}

/** Now as a picker value: defaults of pickers and `disabledDate` bounds ("not after today" means Shanghai's today). */
export const pickerNow = (now: number = Date.now()) => dayjs(dayjs.utc(now + SHANGHAI_OFFSET_MS).format(WALL));

/** A picked date/time (picker value) -> the ISO instant of that wall time in Shanghai, for the API. */
export const pickedToIso = (d: Dayjs) =>
  new Date(dayjs.utc(d.format(WALL)).valueOf() - SHANGHAI_OFFSET_MS).toISOString();
