import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as shared from '@jz/contracts/mask';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import {
  API_DATE_FORMAT,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMonth,
  formatShortDateTime,
  formatWeight,
  formatYuan,
  maskIdCard,
  maskPhone,
  toApiDate,
} from './format.ts';

describe('format helpers', () => {
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
    const local = new Date('2026-11-22T09:05:07+08:00'); // an instant: shown in Shanghai (lib/zone.ts)
    expect(formatDateTime(local)).toBe('2026-11-22 09:05');
    expect(formatDateTime(local, { seconds: true })).toBe('2026-11-22 09:05:07');
    expect(formatDate(local)).toBe('2026-11-22');
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
    expect(formatDate('')).toBe('-');
  });
  it('formatMonth / formatShortDateTime / formatLongDate', () => {
    const local = new Date('2026-11-22T09:05:07+08:00'); // an instant: shown in Shanghai (lib/zone.ts)
    expect(formatMonth(local)).toBe('2026-11');
    expect(formatShortDateTime(local)).toBe('11-22 09:05');
    expect(formatShortDateTime(local, { seconds: true })).toBe('11-22 09:05:07');
    expect(formatShortDateTime(undefined)).toBe('-');
    expect(formatMonth('x')).toBe('-');
    dayjs.locale('zh-cn');
    try {
      expect(formatLongDate(local)).toBe('2026年11月22日 星期日');
    } finally {
      dayjs.locale('en');
    }
  });
  it('API dates: one format, empty string for nothing', () => {
    expect(API_DATE_FORMAT).toBe('YYYY-MM-DD');
    expect(toApiDate(dayjs(new Date(2026, 0, 5, 23, 59)))).toBe('2026-01-05'); // a picker value: its wall day
    expect(toApiDate(null)).toBe('');
  });
  it('maskPhone / maskIdCard: the server masks, "-" for nothing', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('')).toBe('-');
    expect(maskPhone(null)).toBe('-');
    expect(maskIdCard('142301199001011234')).toBe('1423**********1234');
    expect(maskIdCard('14230119900101123X')).toBe('1423**********123X');
    expect(maskIdCard(undefined)).toBe('-');
    // The server's masks (the shared module) for every length, '-' where they give nothing.
    const digits = '142301199001011234567';
    for (let n = 1; n <= digits.length; n++) {
      expect(maskPhone(digits.slice(0, n))).toBe(shared.maskPhone(digits.slice(0, n)));
      expect(maskIdCard(digits.slice(0, n))).toBe(shared.maskIdCard(digits.slice(0, n)));
    }
  });
  it('the shared mask module imports nothing (no zod in the chunks that format dates)', () => {
    const file = createRequire(import.meta.url).resolve('@jz/contracts/mask');
    expect(readFileSync(file, 'utf8')).not.toMatch(/^\s*(import|export .* from)\b|\bimport\(|\brequire\(/m);
  });
  it('formatWeight: grams -> 公斤, trailing zeros dropped', () => {
    expect(formatWeight(1500)).toBe('1.5 公斤');
    expect(formatWeight(10000)).toBe('10 公斤');
    expect(formatWeight(1)).toBe('0.001 公斤');
    expect(formatWeight(250)).toBe('0.25 公斤');
    expect(formatWeight(null)).toBe('-');
  });
});
