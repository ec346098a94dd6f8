import { describe, expect, it } from 'vitest';
import { goodsLine, minutesLabel } from './goods-line.ts';

describe('goodsLine', () => {
  it('reads goods, specification and quantity; orders before specifications as before', () => {
    expect(goodsLine({ goodsName: '日常保洁', specName: '3小时', quantityLabel: '× 1' })).toBe('日常保洁 · 3小时 × 1');
    expect(goodsLine({ goodsName: '开荒保洁', specName: '61–90㎡', quantityLabel: '85 平方米' })).toBe(
      '开荒保洁 · 61–90㎡ · 85 平方米',
    );
    expect(goodsLine({ goodsName: '月嫂', specName: '月嫂', quantityLabel: '× 1' })).toBe('月嫂 × 1');
    expect(goodsLine({ goodsName: '保洁', specName: null, quantityLabel: '2次' })).toBe('保洁 × 2次');
    expect(goodsLine({ goodsName: '钟点工', specName: '1小时', quantityLabel: '3 小时', unit: '小时' })).toBe(
      '钟点工 · 3 小时',
    );
  });

  it('minutes as hours, days or minutes', () => {
    expect(minutesLabel(180)).toBe('3 小时');
    expect(minutesLabel(150)).toBe('2 小时 30 分钟');
    expect(minutesLabel(45)).toBe('45 分钟');
    expect(minutesLabel(26 * 1440)).toBe('26 天');
    expect(minutesLabel(null)).toBe('-');
  });
});
