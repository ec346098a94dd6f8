import { describe, expect, it } from 'vitest';
import { emptySpec, listProblems, rangeLabel, rowProblems, specsBody } from './spec-form.ts';

describe('spec-form', () => {
  it('sends yuan as fen and clears what the mode does not use', () => {
    const [s] = specsBody(
      [
        {
          ...emptySpec(),
          name: '≤60㎡',
          mode: 'area_band',
          priceYuan: 360.5,
          areaMax: 60,
          minQuantity: 5,
          minChargeYuan: 9,
        },
      ],
      '开荒保洁',
    );
    expect(s).toMatchObject({ name: '≤60㎡', unit: '次', price: 36050, minQuantity: 1, minCharge: null, areaMax: 60 });
  });

  it('names a single unnamed specification after the goods item, never one of several', () => {
    expect(specsBody([{ ...emptySpec(), priceYuan: 99 }], ' 空调清洗 ')[0].name).toBe('空调清洗');
    expect(() =>
      specsBody(
        [
          { ...emptySpec(), priceYuan: 99 },
          { ...emptySpec(), name: '2台', priceYuan: 180 },
        ],
        'x',
      ),
    ).toThrow();
  });

  it('puts cross-field messages on their cell even while another cell is wrong', () => {
    const p = rowProblems({ ...emptySpec(), name: '', priceYuan: 99, originalPriceYuan: 80, durationMinutes: null });
    expect(p).toMatchObject({
      name: '请输入规格名称',
      originalPriceYuan: '原价不能低于售价',
      durationMinutes: '请填写服务时长（分钟）',
    });
  });

  it('reads the list as customers will: problems of named rows and the price range', () => {
    const rows = [
      { ...emptySpec(), name: '1小时', mode: 'per_unit' as const, unit: '小时', priceYuan: 45 },
      { ...emptySpec(), name: '1小时', priceYuan: 120 },
      { ...emptySpec(), priceYuan: 10, status: 0 },
    ];
    expect(listProblems(rows)).toEqual(['规格名称「1小时」重复']);
    expect(listProblems([{ ...emptySpec() }])).toEqual([]);
    expect(
      listProblems([
        { ...emptySpec(), status: 0 },
        { ...emptySpec(), status: 0 },
      ]),
    ).toEqual(['至少需要一个启用的规格']);
    expect(rangeLabel(rows)).toBe('¥45/小时 起');
  });
});
