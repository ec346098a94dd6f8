import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapLink } from './map-link.ts';
import { relativeDayLabel, spanText, stepTime, tabRange, today, wallInputToIso, windowText } from './time.ts';

/**
 * Shanghai wall time whatever zone the phone is set to: run in Los Angeles (UTC−8), where 2026-12-01 01:00 UTC is
 * still 30 November, the helpers still say 1 December 09:00.
 */
describe('staff times under TZ=America/Los_Angeles', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });
  const now = Date.parse('2026-12-01T00:30:00Z'); // 08:30 Shanghai, Tuesday; 16:30 Monday in Los Angeles

  it('the zone is really in effect', () => {
    expect(new Date(now).getDate()).toBe(30);
  });

  it('today, the tabs and the day labels are Shanghai days', () => {
    expect(today(now)).toBe('2026-12-01');
    expect(tabRange('today', now)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(tabRange('tomorrow', now)).toEqual({ from: '2026-12-02', to: '2026-12-02' });
    expect(tabRange('week', now)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(relativeDayLabel('2026-12-01', now)).toBe('今天 周二');
    expect(relativeDayLabel('2026-12-03', now)).toBe('12月3日 周四');
  });

  it('job windows and step times in Shanghai wall time', () => {
    expect(windowText('2026-12-01T01:00:00Z', '2026-12-01T04:00:00Z')).toBe('09:00–12:00');
    // Past midnight in Shanghai the end names its day.
    expect(windowText('2026-12-01T14:00:00Z', '2026-12-01T17:00:00Z')).toBe('22:00–12月2日 周三 01:00');
    expect(stepTime('2026-12-01T00:40:00Z', now)).toBe('08:40');
    expect(stepTime('2026-11-30T12:00:00Z', now)).toBe('11月30日 20:00');
  });

  it('a leave typed as 08:00 means 08:00 in Shanghai', () => {
    expect(wallInputToIso('2026-12-02T08:00')).toBe('2026-12-02T00:00:00.000Z');
  });

  it('a leave span names its end day only when it ends on another day', () => {
    expect(spanText('2026-12-02T00:00:00Z', '2026-12-02T10:00:00Z')).toBe('12月2日 08:00–18:00');
    expect(spanText('2026-12-02T00:00:00Z', '2026-12-03T10:00:00Z')).toBe('12月2日 08:00–12月3日 18:00');
  });
});

describe('map link', () => {
  it('opens AMap at the order point (GCJ-02), or searches the address without one', () => {
    expect(mapLink({ lat: 35.0263, lng: 111.0069, address: '盐湖区 1 号' })).toBe(
      'https://uri.amap.com/marker?position=111.0069,35.0263&name=%E7%9B%90%E6%B9%96%E5%8C%BA%201%20%E5%8F%B7&coordinate=gaode&src=jiazheng&callnative=1',
    );
    expect(mapLink({ lat: null, lng: null, address: '盐湖区' })).toMatch(/^https:\/\/uri\.amap\.com\/search\?keyword=/);
  });
});
