import { describe, expect, it } from 'vitest';
import { serviceText } from './JobCard.tsx';

describe('serviceText', () => {
  it('says the service as the 派工单 does', () => {
    expect(serviceText({ goodsName: '日常保洁 3 小时', specName: null, quantityLabel: '× 1' })).toBe(
      '日常保洁 3 小时 × 1',
    );
    expect(serviceText({ goodsName: '开荒保洁', specName: '61–90㎡', quantityLabel: '85 平方米' })).toBe(
      '开荒保洁 · 61–90㎡（85 平方米）',
    );
    expect(serviceText({ goodsName: '家庭保洁', specName: null, quantityLabel: '3 小时' })).toBe('家庭保洁（3 小时）');
  });
});
