import { afterAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { formatDate, formatDateTime, formatLongDate, formatShortDateTime, toApiDate } from './format.ts';
import { BUSINESS_TZ, businessNow, businessToday, pickedToIso, pickerNow, toBusiness, toPickerValue } from './zone.ts';

/**
 * The browser's zone is the process's: Node re-reads `process.env.TZ` when it is assigned (in the test process, which
 * vitest forks per file). Each case runs under zones west, at and east of Shanghai, and across a daylight-saving
 * change of the browser's zone; `useZone` checks that the switch took effect, so the test cannot pass vacuously.
 */
const original = process.env.TZ;
afterAll(() => {
  if (original === undefined) delete process.env.TZ;
  else process.env.TZ = original;
});
function useZone(zone: string) {
  process.env.TZ = zone;
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
}
const ZONES = ['UTC', 'America/Los_Angeles', 'America/New_York', 'Asia/Tokyo', 'Asia/Shanghai', 'Pacific/Kiritimati'];

describe.each(ZONES)('business zone with the browser in %s', (zone) => {
  it('an 08:00 Shanghai appointment shows as 08:00 (not the browser clock)', () => {
    useZone(zone);
    // 2026-12-08 08:00 Shanghai = 2026-12-08T00:00Z: under UTC a plain dayjs showed "12-08 00:00".
    expect(formatShortDateTime('2026-12-08T00:00:00.000Z')).toBe('12-08 08:00');
    expect(formatDateTime('2026-12-07T16:30:00Z')).toBe('2026-12-08 00:30');
    expect(formatDateTime('2026-12-08T10:00:00+08:00', { seconds: true })).toBe('2026-12-08 10:00:00');
    expect(formatDate('2026-12-07T16:30:00Z')).toBe('2026-12-08');
    expect(formatDateTime(Date.parse('2026-12-07T23:59:00Z'))).toBe('2026-12-08 07:59');
    expect(formatDateTime(new Date('2026-12-07T23:59:00Z'))).toBe('2026-12-08 07:59');
  });

  it('a wall day or time without a zone stays what it says', () => {
    useZone(zone);
    expect(formatDate('1990-05-01')).toBe('1990-05-01');
    expect(formatDateTime('2026-12-08 10:00')).toBe('2026-12-08 10:00');
    expect(toBusiness('2026-12-08')?.toISOString()).toBe('2026-12-07T16:00:00.000Z');
    expect(formatDateTime('not a date')).toBe('-');
    expect(toBusiness('')).toBeNull();
  });

  it('around the browser zone daylight-saving changes (US: 2026-03-08, 2026-11-01)', () => {
    useZone(zone);
    for (const iso of [
      '2026-03-08T09:30:00Z',
      '2026-03-08T18:00:00Z',
      '2026-11-01T08:30:00Z',
      '2026-11-01T20:00:00Z',
    ]) {
      const ms = Date.parse(iso);
      const wall = new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
      expect(formatDateTime(iso)).toBe(wall);
      expect(toBusiness(iso)?.valueOf()).toBe(ms);
      expect(toBusiness(iso)?.format('Z')).toBe('+08:00');
    }
  });

  it('now and today are Shanghai, and compare as instants', () => {
    useZone(zone);
    const now = Date.parse('2026-12-07T17:00:00Z'); // 2026-12-08 01:00 in Shanghai; still the 7th west of it
    expect(businessToday(now)).toBe('2026-12-08');
    expect(businessNow(now).format('YYYY-MM-DD HH:mm')).toBe('2026-12-08 01:00');
    expect(businessNow(now).hour()).toBe(1);
    expect(businessNow(now).valueOf()).toBe(now);
    expect(businessNow(now).startOf('day').toISOString()).toBe('2026-12-07T16:00:00.000Z');
    expect(businessNow(now).isAfter('2026-12-07T16:59:00Z')).toBe(true);
    expect(businessNow(now).diff(toBusiness('2026-12-07T16:00:00Z'), 'minute')).toBe(60);
    dayjs.locale('zh-cn');
    try {
      expect(formatLongDate(businessNow(now))).toBe('2026年12月8日 星期二');
    } finally {
      dayjs.locale('en');
    }
  });

  it('pickers: a picked day is that Shanghai day, a picked 10:00 is 10:00 in Shanghai', () => {
    useZone(zone);
    // What antd creates when the user clicks 12-08 10:00: a dayjs in the browser's zone.
    const picked = dayjs('2026-12-08T10:00:00');
    expect(pickedToIso(picked)).toBe('2026-12-08T02:00:00.000Z');
    expect(toApiDate(dayjs('2026-12-08'))).toBe('2026-12-08');
    // A value from the API shown in a picker shows its Shanghai wall time, and goes back unchanged.
    const shown = toPickerValue('2026-12-08T02:00:00.000Z');
    expect(shown?.format('YYYY-MM-DD HH:mm')).toBe('2026-12-08 10:00');
    expect(pickedToIso(shown ?? dayjs())).toBe('2026-12-08T02:00:00.000Z');
    expect(toPickerValue(null)).toBeNull();
    const now = Date.parse('2026-12-07T17:00:00Z');
    expect(pickerNow(now).format('YYYY-MM-DD HH:mm')).toBe('2026-12-08 01:00');
    expect(toApiDate(pickerNow(now))).toBe('2026-12-08');
  });
});

describe('the zone module', () => {
  it('names the business zone', () => {
    expect(BUSINESS_TZ).toBe('Asia/Shanghai');
  });
});
