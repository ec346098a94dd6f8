import { describe, expect, it } from 'vitest';
import { productContent } from '../../../../components/card-sale/product-content.ts';
import { refundTerms } from '../pages/CardProductPage.tsx';
import { toProductInput } from './CardProductForm.tsx';

describe('卡项 form values', () => {
  it('a 次卡 in yuan becomes fen, without bonus; a fixed fee in yuan becomes fen', () => {
    expect(
      toProductInput({
        kind: 'times',
        name: '10 次卡',
        goodsId: 3,
        visits: 10,
        priceYuan: 999.9,
        bonusYuan: 50,
        validityDays: 365,
        refundFeeType: 'fixed',
        refundFeeValue: 20,
      }),
    ).toMatchObject({ kind: 'times', goodsId: 3, visits: 10, price: 99990, bonus: undefined, refundFeeValue: 2000 });
  });

  it('a 储值卡 keeps its bonus and drops goods and visits; a percentage stays a percentage', () => {
    expect(
      toProductInput({
        kind: 'value',
        name: '充 1000 送 100',
        goodsId: 3,
        visits: 10,
        priceYuan: 1000,
        bonusYuan: 100,
        validityDays: 365,
        refundFeeType: 'percent',
        refundFeeValue: 10,
      }),
    ).toMatchObject({ goodsId: undefined, visits: undefined, price: 100000, bonus: 10000, refundFeeValue: 10 });
  });

  it('describes contents and refund terms in Chinese', () => {
    expect(
      productContent({ kind: 'times', visits: 10, goodsName: '日常保洁', specName: '2 小时', price: 1, bonus: 0 }),
    ).toBe('10 次 · 日常保洁（2 小时）');
    expect(
      productContent({ kind: 'value', visits: null, goodsName: null, specName: null, price: 100000, bonus: 10000 }),
    ).toContain('赠');
    expect(refundTerms({ refundFeeType: 'percent', refundFeeValue: 10 })).toBe('退未用部分，扣 10%');
    expect(refundTerms({ refundFeeType: 'none', refundFeeValue: 0 })).toBe('退未用部分，不扣手续费');
  });
});
