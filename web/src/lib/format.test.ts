import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatYuan } from './format.ts';

describe('format helpers (issue 15)', () => {
  it('formatYuan: ¥ with thousands separators and two decimals', () => {
    expect(formatYuan(123450)).toBe('¥1,234.50');
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(-5000)).toBe('-¥50.00');
    expect(formatYuan(5000, { sign: true })).toBe('+¥50.00');
    expect(formatYuan(123456789)).toBe('¥1,234,567.89');
    expect(formatYuan(null)).toBe('-');
    expect(formatYuan(undefined, { empty: '¥0.00' })).toBe('¥0.00');
  });
  it('formatDateTime / formatDate: zh-CN numeric formats, "-" for nothing', () => {
    const local = new Date(2026, 10, 22, 9, 5, 7);
    expect(formatDateTime(local)).toBe('2026-11-22 09:05');
    expect(formatDateTime(local, { seconds: true })).toBe('2026-11-22 09:05:07');
    expect(formatDate(local)).toBe('2026-11-22');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
    expect(formatDate('')).toBe('-');
  });
});
