import { GOODS_UNITS, MAX_PRICE_FEN } from '@jz/contracts/goods';
import {
  adjustPrice,
  areaRangeLabel,
  compactYuan,
  goodsSpecInput,
  goodsSpecList,
  goodsSummary,
  jobMinutes,
  legacySpecOf,
  MAX_AREA,
  MAX_SPEC_PRICE_FEN,
  orderSnapshot,
  type PricedSpec,
  priceAdjustment,
  priceRange,
  quantityLabel,
  specLabel,
  quoteSpec,
  SPEC_UNITS,
  specListProblems,
  specPriceLabel,
} from '@jz/contracts/goods-pricing';
import { describe, expect, it } from 'vitest';

/** The price rules of goods specifications (packages/contracts/src/goods-pricing.ts), pure functions. */

const spec = (over: Partial<PricedSpec>): PricedSpec => ({
  name: '规格',
  mode: 'fixed',
  unit: '次',
  price: 10_000,
  minQuantity: 1,
  maxQuantity: null,
  minCharge: null,
  areaMin: null,
  areaMax: null,
  durationMinutes: 120,
  stock: null,
  dailyCapacity: null,
  status: 1,
  ...over,
});

// 日常保洁 2/3/4 小时 packages; 开荒保洁 by ㎡ with a minimum charge; 开荒保洁 by area band; 钟点工 per hour.
const clean2h = spec({ name: '2小时', price: 11_900, durationMinutes: 120 });
const perSqm = spec({
  name: '按面积',
  mode: 'per_unit',
  unit: '平方米',
  price: 600,
  minQuantity: 30,
  maxQuantity: 300,
  minCharge: 30_000,
  durationMinutes: 3,
});
const band60 = spec({ name: '60㎡以下', mode: 'area_band', price: 36_000, areaMax: 60, durationMinutes: 240 });
const band90 = spec({
  name: '60-90㎡',
  mode: 'area_band',
  price: 52_000,
  areaMin: 60,
  areaMax: 90,
  durationMinutes: 360,
});
const hourly = spec({
  name: '1小时',
  mode: 'per_unit',
  unit: '小时',
  price: 4_500,
  minQuantity: 2,
  durationMinutes: 60,
});

const ok = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r)}`);
  return r as Extract<T, { ok: true }>;
};

describe('quoteSpec', () => {
  it('fixed: price × packages, minutes per package × packages, quantity defaults to 1', () => {
    expect(quoteSpec(clean2h)).toEqual({
      ok: true,
      amountFen: 11_900,
      durationMinutes: 120,
      quantity: 1,
      area: null,
      unitPriceFen: 11_900,
      minChargeApplied: false,
    });
    const two = ok(quoteSpec(spec({ name: '挂机空调', price: 8_900, durationMinutes: 60 }), { quantity: 2 }));
    expect([two.amountFen, two.durationMinutes, two.quantity]).toEqual([17_800, 120, 2]);
  });

  it('fixed: refuses beyond 99 packages without a maximum, beyond its own maximum, and below its minimum', () => {
    expect(quoteSpec(clean2h, { quantity: 99 }).ok).toBe(true);
    expect(quoteSpec(clean2h, { quantity: 100 })).toMatchObject({
      ok: false,
      reason: 'above_max',
      message: '规格「2小时」预约数量最多 99 次',
    });
    const limited = spec({ name: '月嫂 26 天', unit: '次', minQuantity: 1, maxQuantity: 1 });
    expect(quoteSpec(limited, { quantity: 2 })).toMatchObject({
      ok: false,
      message: '规格「月嫂 26 天」预约数量最多 1 次',
    });
    expect(quoteSpec(spec({ name: '套餐', minQuantity: 2 }), { quantity: 1 })).toMatchObject({
      ok: false,
      reason: 'below_min',
      message: '规格「套餐」预约数量至少 2 次',
    });
  });

  it('per_unit hours: unit price × hours, minutes per hour × hours, the minimum in hours', () => {
    const q = ok(quoteSpec(hourly, { quantity: 3 }));
    expect([q.amountFen, q.durationMinutes, q.quantity, q.area]).toEqual([13_500, 180, 3, null]);
    expect(quoteSpec(hourly, { quantity: 1 })).toMatchObject({
      ok: false,
      reason: 'below_min',
      message: '规格「1小时」预约时长至少 2 小时',
    });
    // No quantity = 1, which is below the minimum here.
    expect(quoteSpec(hourly)).toMatchObject({ ok: false, reason: 'below_min' });
  });

  it('per ㎡: the area is the quantity (whole ㎡), the minimum charge lifts small jobs, the range is enforced', () => {
    const big = ok(quoteSpec(perSqm, { area: 120 }));
    expect(big).toMatchObject({
      amountFen: 72_000,
      quantity: 120,
      area: 120,
      durationMinutes: 360,
      minChargeApplied: false,
    });
    const small = ok(quoteSpec(perSqm, { area: 40 }));
    // 40 ㎡ × ¥6 = ¥240 < ¥300 起步: the customer pays ¥300; the job still takes 40 × 3 minutes.
    expect(small).toMatchObject({
      amountFen: 30_000,
      quantity: 40,
      area: 40,
      durationMinutes: 120,
      minChargeApplied: true,
    });
    // quantity stands for the area when no area is given; the area wins when both are.
    expect(ok(quoteSpec(perSqm, { quantity: 50 })).area).toBe(50);
    expect(ok(quoteSpec(perSqm, { quantity: 50, area: 60 })).quantity).toBe(60);
    expect(quoteSpec(perSqm, { area: 29 })).toMatchObject({
      ok: false,
      message: '规格「按面积」服务面积至少 30 平方米',
    });
    expect(quoteSpec(perSqm, { area: 301 })).toMatchObject({
      ok: false,
      message: '规格「按面积」服务面积最多 300 平方米',
    });
    expect(quoteSpec(perSqm, {})).toMatchObject({
      ok: false,
      reason: 'area_required',
      message: '请填写服务面积（平方米）',
    });
    // Without a maximum, up to MAX_AREA.
    const open = spec({ ...perSqm, maxQuantity: null });
    expect(quoteSpec(open, { area: MAX_AREA }).ok).toBe(true);
  });

  it('area bands: the band price whatever the area inside, half-open [from, to) bounds, one job per order', () => {
    expect(ok(quoteSpec(band60, { area: 59 }))).toMatchObject({
      amountFen: 36_000,
      quantity: 1,
      area: 59,
      durationMinutes: 240,
    });
    expect(ok(quoteSpec(band60, { area: 1 })).amountFen).toBe(36_000);
    // The upper bound belongs to the next band: 60 ㎡ is 60-90㎡, not 60㎡以下.
    expect(quoteSpec(band60, { area: 60 })).toMatchObject({
      ok: false,
      reason: 'outside_area',
      message: '规格「60㎡以下」适用面积 60㎡以下，您填写的面积为 60㎡',
    });
    expect(ok(quoteSpec(band90, { area: 60 })).amountFen).toBe(52_000);
    expect(ok(quoteSpec(band90, { area: 89 })).amountFen).toBe(52_000);
    expect(quoteSpec(band90, { area: 90 })).toMatchObject({
      ok: false,
      message: '规格「60-90㎡」适用面积 60-90㎡，您填写的面积为 90㎡',
    });
    expect(quoteSpec(band90, { area: 59 }).ok).toBe(false);
    // An open-ended last band takes its lower bound and every area above it; a lower bound of 0 = from any area.
    const last = spec({ name: '120㎡以上', mode: 'area_band', price: 80_000, areaMin: 120, durationMinutes: 600 });
    expect(ok(quoteSpec(last, { area: 120 })).amountFen).toBe(80_000);
    expect(ok(quoteSpec(last, { area: 10_000 })).amountFen).toBe(80_000);
    expect(quoteSpec(last, { area: 119 }).ok).toBe(false);
    const fromZero = spec({
      name: '0-80',
      mode: 'area_band',
      price: 30_000,
      areaMin: 0,
      areaMax: 80,
      durationMinutes: 1,
    });
    expect(ok(quoteSpec(fromZero, { area: 1 })).amountFen).toBe(30_000);
    expect(quoteSpec(fromZero, { area: 80 }).ok).toBe(false);
    expect(quoteSpec(band60, {})).toMatchObject({ ok: false, reason: 'area_required' });
    expect(quoteSpec(band60, { area: 50, quantity: 2 })).toMatchObject({ ok: false, reason: 'bad_quantity' });
    expect(quoteSpec(band60, { area: 50, quantity: 1 }).ok).toBe(true);
  });

  it('refuses fractional, zero, negative and oversized areas and quantities: whole numbers only, no float money', () => {
    expect(quoteSpec(perSqm, { area: 80.5 })).toMatchObject({
      ok: false,
      message: `服务面积须为 1–${MAX_AREA} 之间的整数（平方米）`,
    });
    expect(quoteSpec(band60, { area: 0 })).toMatchObject({ ok: false, reason: 'bad_quantity' });
    expect(quoteSpec(band60, { area: MAX_AREA + 1 })).toMatchObject({ ok: false, reason: 'bad_quantity' });
    expect(quoteSpec(clean2h, { quantity: 1.5 })).toMatchObject({ ok: false, message: '数量须为正整数' });
    expect(quoteSpec(clean2h, { quantity: 0 })).toMatchObject({ ok: false, reason: 'bad_quantity' });
    expect(quoteSpec(clean2h, { quantity: -1 })).toMatchObject({ ok: false, reason: 'bad_quantity' });
  });

  it('refuses a disabled or sold-out specification and a day at capacity', () => {
    expect(quoteSpec({ ...clean2h, status: 0 })).toMatchObject({
      ok: false,
      reason: 'disabled',
      message: '规格「2小时」已停用，请选择其他规格',
    });
    expect(quoteSpec({ ...clean2h, stock: 0 })).toMatchObject({
      ok: false,
      reason: 'sold_out',
      message: '规格「2小时」已售罄',
    });
    expect(quoteSpec({ ...clean2h, stock: 1 }).ok).toBe(true);
    const capped = { ...clean2h, dailyCapacity: 3 };
    expect(quoteSpec(capped, { bookedOnDay: 2 }).ok).toBe(true);
    expect(quoteSpec(capped, { bookedOnDay: 3 })).toMatchObject({
      ok: false,
      reason: 'full_day',
      message: '规格「2小时」当天已约满，请选择其他日期',
    });
    // Without a count the capacity is not judged here (the server counts it).
    expect(quoteSpec(capped).ok).toBe(true);
  });

  it('amounts stay exact integers at the limits and refuse beyond the order limit', () => {
    const dear = spec({ mode: 'per_unit', unit: '平方米', price: MAX_SPEC_PRICE_FEN, minQuantity: 1 });
    expect(quoteSpec(dear, { area: 1000 })).toMatchObject({ ok: true, amountFen: 10_000_000_000 });
    expect(quoteSpec(dear, { area: 1001 })).toMatchObject({
      ok: false,
      reason: 'too_much',
      message: '订单金额超出上限，请减少数量或联系商家',
    });
    // 0.1 + 0.2 style errors cannot happen: 333 fen × 3 is 999 fen exactly.
    expect(ok(quoteSpec(spec({ price: 333 }), { quantity: 3 })).amountFen).toBe(999);
    expect(Number.isInteger(ok(quoteSpec(perSqm, { area: 77 })).amountFen)).toBe(true);
  });

  it('a specification without minutes (migrated per-㎡ goods) quotes a null duration', () => {
    expect(ok(quoteSpec({ ...perSqm, durationMinutes: null }, { area: 100 })).durationMinutes).toBeNull();
  });
});

describe('jobMinutes and the order snapshot', () => {
  it('dispatch blocks the quoted total; unknown lengths answer the fallback or null', () => {
    const q = ok(quoteSpec(hourly, { quantity: 4 }));
    const snap = orderSnapshot({ ...hourly, id: 7 }, q);
    expect(snap).toEqual({
      specId: 7,
      specName: '1小时',
      specMode: 'per_unit',
      unitPrice: 4_500,
      goodsPrice: 4_500,
      quantity: 4,
      unit: '小时',
      area: null,
      durationMinutes: 240,
      amount: 18_000,
    });
    expect(jobMinutes(snap)).toBe(240);
    expect(jobMinutes(orderSnapshot({ ...band90, id: 2 }, ok(quoteSpec(band90, { area: 75 }))))).toBe(360);
    expect(jobMinutes({ durationMinutes: null })).toBeNull();
    expect(jobMinutes({ durationMinutes: null }, 90)).toBe(90);
    expect(jobMinutes({ durationMinutes: 30 }, 90)).toBe(30);
  });

  it('quantityLabel reads each mode and legacy orders', () => {
    expect(quantityLabel({ specMode: 'fixed', quantity: 2, unit: '次', area: null })).toBe('× 2');
    expect(quantityLabel({ specMode: 'per_unit', quantity: 3, unit: '小时', area: null })).toBe('3 小时');
    expect(quantityLabel({ specMode: 'per_unit', quantity: 120, unit: '平方米', area: 120 })).toBe('120 平方米');
    expect(quantityLabel({ specMode: 'area_band', quantity: 1, unit: '次', area: 85 })).toBe('85 平方米');
    expect(quantityLabel({ specMode: null, quantity: 1, unit: '次', area: null })).toBe('1次');
  });

  it('specLabel names a specification unless it only repeats the goods or its unit', () => {
    expect(specLabel({ goodsName: '日常保洁', specName: '3小时', unit: '次' })).toBe('3小时');
    expect(specLabel({ goodsName: '新房开荒保洁', specName: '1平方米', unit: '平方米' })).toBeNull();
    expect(specLabel({ goodsName: '钟点工', specName: '1小时', unit: '小时' })).toBeNull();
    expect(specLabel({ goodsName: '空调清洗', specName: '空调清洗', unit: '次' })).toBeNull();
    expect(specLabel({ goodsName: '保洁', specName: null })).toBeNull();
    // without the unit, a name is kept
    expect(specLabel({ goodsName: '钟点工', specName: '1小时' })).toBe('1小时');
  });
});

describe('priceRange and labels', () => {
  it('the lowest on-sale price, "起" when prices differ, the unit when the cheapest counts per unit', () => {
    const three = [clean2h, spec({ name: '3小时', price: 15_900 }), spec({ name: '4小时', price: 19_900 })];
    expect(priceRange(three)).toEqual({ minFen: 11_900, maxFen: 19_900, label: '¥119 起', perUnit: null });
    expect(priceRange([clean2h])).toEqual({ minFen: 11_900, maxFen: 11_900, label: '¥119', perUnit: null });
    expect(priceRange([perSqm, band60])).toMatchObject({ minFen: 600, label: '¥6/平方米 起', perUnit: '平方米' });
    expect(priceRange([hourly])?.label).toBe('¥45/小时');
    expect(priceRange([spec({ price: 6_000 }), spec({ price: 9_900 })])?.label).toBe('¥60 起');
  });

  it('disabled specifications are left out; none on sale answers null', () => {
    expect(priceRange([{ ...clean2h, status: 0 }, spec({ price: 15_900 })])).toMatchObject({
      minFen: 15_900,
      label: '¥159',
    });
    expect(priceRange([{ ...clean2h, status: 0 }])).toBeNull();
    expect(priceRange([])).toBeNull();
  });

  it('compactYuan and specPriceLabel', () => {
    expect(compactYuan(6_000)).toBe('¥60');
    expect(compactYuan(5_990)).toBe('¥59.90');
    expect(compactYuan(1)).toBe('¥0.01');
    expect(compactYuan(650_000)).toBe('¥6,500');
    expect(compactYuan(123_456_789)).toBe('¥1,234,567.89');
    expect(compactYuan(-150)).toBe('-¥1.50');
    expect(specPriceLabel(perSqm)).toBe('¥6/平方米（¥300 起步）');
    expect(specPriceLabel(band60)).toBe('¥360');
    expect(areaRangeLabel(band60)).toBe('60㎡以下');
    expect(areaRangeLabel({ areaMin: 0, areaMax: 80 })).toBe('80㎡以下');
    expect(areaRangeLabel({ areaMin: 80, areaMax: 120 })).toBe('80-120㎡');
    expect(areaRangeLabel({ areaMin: 120, areaMax: null })).toBe('120㎡以上');
    expect(areaRangeLabel({ areaMin: null, areaMax: null })).toBe('不限面积');
  });
});

describe('adjustPrice', () => {
  it('by amount in fen, up or down', () => {
    expect(adjustPrice(10_000, { mode: 'amount', value: 500 })).toEqual({ ok: true, fen: 10_500 });
    expect(adjustPrice(10_000, { mode: 'amount', value: -9_999 })).toEqual({ ok: true, fen: 1 });
    expect(adjustPrice(10_000, { mode: 'amount', value: -10_000 })).toMatchObject({
      ok: false,
      reason: 'not_positive',
      message: '调整后价格须大于 0（原价 ¥100，调整后 ¥0）',
    });
    expect(adjustPrice(10_000, { mode: 'amount', value: 1.5 })).toMatchObject({ ok: false, reason: 'bad_adjustment' });
  });

  it('by percent, rounded to the fen half up, in integers', () => {
    expect(adjustPrice(10_000, { mode: 'percent', value: 10 })).toEqual({ ok: true, fen: 11_000 });
    expect(adjustPrice(999, { mode: 'percent', value: -10 })).toEqual({ ok: true, fen: 899 }); // 899.1
    expect(adjustPrice(5, { mode: 'percent', value: -10 })).toEqual({ ok: true, fen: 5 }); // 4.5 -> 5 (half up)
    expect(adjustPrice(15, { mode: 'percent', value: -10 })).toEqual({ ok: true, fen: 14 }); // 13.5 -> 14
    expect(adjustPrice(333, { mode: 'percent', value: 7.5 })).toEqual({ ok: true, fen: 358 }); // 357.975
    expect(adjustPrice(1_990, { mode: 'percent', value: 0.05 })).toEqual({ ok: true, fen: 1_991 }); // 1990.995
    expect(adjustPrice(101, { mode: 'percent', value: -50 })).toEqual({ ok: true, fen: 51 }); // 50.5 -> 51
    // Float percents are read as basis points: 1.1 % is 110, not 110.00000000000001.
    expect(adjustPrice(10_000, { mode: 'percent', value: 1.1 })).toEqual({ ok: true, fen: 10_110 });
  });

  it('refuses a result of 0 fen instead of lifting it, a price above the limit and malformed percents', () => {
    expect(adjustPrice(1, { mode: 'percent', value: -40 })).toEqual({ ok: true, fen: 1 }); // 0.6 -> 1
    expect(adjustPrice(1, { mode: 'percent', value: -60 })).toMatchObject({ ok: false, reason: 'not_positive' }); // 0.4 -> 0
    expect(adjustPrice(MAX_SPEC_PRICE_FEN, { mode: 'percent', value: 0.01 })).toMatchObject({
      ok: false,
      message: '调整后价格不能超过 100000 元',
    });
    for (const value of [-100, 1000.01, 1.234, Number.NaN, Number.POSITIVE_INFINITY])
      expect(adjustPrice(10_000, { mode: 'percent', value })).toMatchObject({
        ok: false,
        message: '调整比例须在 -99.99% 至 1000% 之间，最多两位小数',
      });
    expect(adjustPrice(0, { mode: 'amount', value: 1 })).toMatchObject({ ok: false, reason: 'bad_adjustment' });
  });

  it('the bulk change schema says the same in Chinese', () => {
    expect(priceAdjustment.safeParse({ mode: 'percent', value: '12.5' }).success).toBe(true);
    const bad = priceAdjustment.safeParse({ mode: 'percent', value: '12.345' });
    expect(bad.error?.issues[0]?.message).toBe('调整比例须在 -99.99% 至 1000% 之间，最多两位小数');
    expect(priceAdjustment.safeParse({ mode: 'amount', value: '0' }).error?.issues[0]?.message).toBe(
      '调整幅度不能为 0',
    );
    expect(priceAdjustment.safeParse({ mode: 'x', value: 1 }).error?.issues[0]?.message).toBe(
      '请选择按金额或按比例调整',
    );
  });
});

describe('goodsSpecInput (the form, API and import rows)', () => {
  const messages = (v: unknown) =>
    goodsSpecInput.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);

  it('accepts form strings, fills defaults and clears fields the mode does not use', () => {
    const r = goodsSpecInput.parse({
      name: ' ≤60㎡ ',
      mode: 'area_band',
      unit: '',
      price: '36000',
      originalPrice: '',
      areaMax: '60',
      minCharge: '100',
      maxQuantity: '5',
      durationMinutes: '240',
      stock: '',
    });
    expect(r).toEqual({
      name: '≤60㎡',
      mode: 'area_band',
      unit: '次',
      price: 36_000,
      originalPrice: null,
      minQuantity: 1,
      maxQuantity: null,
      minCharge: null,
      areaMin: null,
      areaMax: 60,
      durationMinutes: 240,
      stock: null,
      dailyCapacity: null,
      status: 1,
    });
    const fixed = goodsSpecInput.parse({
      name: '2小时',
      mode: 'fixed',
      price: 11_900,
      durationMinutes: 120,
      areaMin: 3,
      minCharge: 5,
    });
    expect([fixed.unit, fixed.areaMin, fixed.minCharge]).toEqual(['次', null, null]);
  });

  it('refuses in Chinese: name, mode, price, duration, unit of per_unit, bands, quantities, original price', () => {
    expect(messages({ mode: 'fixed', price: 1, durationMinutes: 1 })).toEqual(['name:请输入规格名称']);
    expect(messages({ name: 'a', mode: 'x', price: 1, durationMinutes: 1 })).toEqual([
      'mode:请选择计价方式（按次/套餐、按面积段或按单位计价）',
    ]);
    expect(messages({ name: 'a', mode: 'fixed', price: '12.5', durationMinutes: 1 })).toEqual([
      'price:价格须为整数（分）',
    ]);
    expect(messages({ name: 'a', mode: 'fixed', price: 0, durationMinutes: 1 })).toEqual(['price:价格须大于 0']);
    expect(messages({ name: 'a', mode: 'fixed', price: MAX_SPEC_PRICE_FEN + 1, durationMinutes: 1 })).toEqual([
      'price:价格不能超过 100000 元',
    ]);
    expect(messages({ name: 'a', mode: 'fixed', price: 100 })).toEqual(['durationMinutes:请填写服务时长（分钟）']);
    expect(messages({ name: 'a', mode: 'per_unit', price: 100, durationMinutes: 1 })).toEqual(['unit:请选择计价单位']);
    expect(messages({ name: 'a', mode: 'per_unit', unit: '次', price: 100, durationMinutes: 1 })).toEqual([
      'unit:按单位计价的单位须为小时、平方米、天或月（按次计价请选“按次/套餐”）',
    ]);
    expect(messages({ name: 'a', mode: 'area_band', price: 100, durationMinutes: 1 })).toEqual([
      'areaMax:请填写面积段（最小面积或最大面积）',
    ]);
    expect(
      messages({ name: 'a', mode: 'area_band', price: 100, durationMinutes: 1, areaMin: 90, areaMax: 60 }),
    ).toEqual(['areaMax:最大面积须大于最小面积（面积段含最小面积、不含最大面积）']);
    // [60, 60) holds no area.
    expect(
      messages({ name: 'a', mode: 'area_band', price: 100, durationMinutes: 1, areaMin: 60, areaMax: 60 }),
    ).toEqual(['areaMax:最大面积须大于最小面积（面积段含最小面积、不含最大面积）']);
    expect(messages({ name: 'a', mode: 'area_band', price: 100, durationMinutes: 1, areaMin: 0, areaMax: 80 })).toBe(
      undefined,
    );
    expect(
      messages({ name: 'a', mode: 'fixed', price: 100, durationMinutes: 1, minQuantity: 3, maxQuantity: 2 }),
    ).toEqual(['maxQuantity:最多数量不能小于起订数量']);
    expect(
      messages({ name: 'a', mode: 'per_unit', unit: '小时', price: 100, durationMinutes: 60, minQuantity: 1000 }),
    ).toEqual(['minQuantity:起订数量最多为 999']);
    // Per ㎡ the quantity is an area: up to 10 000.
    expect(
      messages({ name: 'a', mode: 'per_unit', unit: '平方米', price: 100, durationMinutes: 2, minQuantity: 1000 }),
    ).toBeUndefined();
    expect(messages({ name: 'a', mode: 'fixed', price: 100, originalPrice: 99, durationMinutes: 1 })).toEqual([
      'originalPrice:原价不能低于售价',
    ]);
    expect(messages({ name: 'a', mode: 'fixed', price: 100, durationMinutes: 43_201 })).toEqual([
      'durationMinutes:服务时长最多为 43200 分钟',
    ]);
    expect(messages({ name: 'a', mode: 'fixed', price: 100, durationMinutes: 60, stock: -1 })).toEqual([
      'stock:库存至少为 0',
    ]);
    expect(messages({ name: 'a'.repeat(51), mode: 'fixed', price: 100, durationMinutes: 60 })).toEqual([
      'name:规格名称最多 50 个字',
    ]);
  });

  it('the list: at least one, one on sale, unique names, no overlapping on-sale bands', () => {
    const row = (name: string, over: Record<string, unknown> = {}) => ({
      name,
      mode: 'area_band',
      price: 100,
      durationMinutes: 60,
      ...over,
    });
    expect(goodsSpecList.safeParse([]).error?.issues[0]?.message).toBe('请至少添加一个规格');
    const dup = goodsSpecList.safeParse([row('a', { areaMax: 60 }), row('a', { areaMin: 60 })]);
    expect(dup.error?.issues.map((i) => i.message)).toEqual(['规格名称「a」重复']);
    const overlap = goodsSpecList.safeParse([row('小', { areaMax: 61 }), row('中', { areaMin: 60, areaMax: 90 })]);
    expect(overlap.error?.issues.map((i) => i.message)).toEqual(['面积段「小」（61㎡以下）与「中」（60-90㎡）重叠']);
    // A disabled band may overlap (it is not offered).
    expect(
      goodsSpecList.safeParse([row('小', { areaMax: 61 }), row('中', { areaMin: 60, areaMax: 90, status: 0 })]).success,
    ).toBe(true);
    // Adjacent half-open bands as merchants write them, the last one open-ended: no overlap.
    const written = [
      row('80㎡以下', { areaMin: 0, areaMax: 80 }),
      row('80-120㎡', { areaMin: 80, areaMax: 120 }),
      row('120㎡以上', { areaMin: 120 }),
    ];
    expect(goodsSpecList.safeParse(written).success).toBe(true);
    // An open-ended band overlaps every band above its lower bound.
    const open = goodsSpecList.safeParse([...written, row('100㎡以上', { areaMin: 100 })]);
    expect(open.error?.issues.map((i) => i.message)).toEqual([
      '面积段「80-120㎡」（80-120㎡）与「100㎡以上」（100㎡以上）重叠',
      '面积段「120㎡以上」（120㎡以上）与「100㎡以上」（100㎡以上）重叠',
    ]);
    expect(goodsSpecList.safeParse([row('小', { areaMax: 60, status: '0' })]).error?.issues[0]?.message).toBe(
      '至少需要一个启用的规格',
    );
    expect(specListProblems(Array.from({ length: 21 }, (_, i) => ({ ...band60, name: `${i}`, status: 0 })))).toContain(
      '规格最多 20 个',
    );
  });
});

describe('legacy goods and the goods summary', () => {
  it('units 小时/平方米 become per_unit, 次/天/月 fixed packages; the amount stays price × quantity', () => {
    const base = { name: '钟点工（按小时）', price: 4_500, originalPrice: 4_500, durationMinutes: 90, minQuantity: 2 };
    const h = legacySpecOf({ ...base, unit: '小时' });
    expect(h).toMatchObject({ name: '1小时', mode: 'per_unit', unit: '小时', durationMinutes: 60, minQuantity: 2 });
    const m2 = legacySpecOf({
      ...base,
      name: '新房开荒保洁',
      price: 600,
      unit: '平方米',
      durationMinutes: 480,
      minQuantity: 1,
    });
    expect(m2).toMatchObject({ name: '1平方米', mode: 'per_unit', durationMinutes: null });
    const pkg = legacySpecOf({
      ...base,
      name: '金牌月嫂 26 天',
      price: 1_280_000,
      originalPrice: 1_500_000,
      unit: '天',
      durationMinutes: 37_440,
      minQuantity: 1,
    });
    expect(pkg).toMatchObject({ name: '金牌月嫂 26 天', mode: 'fixed', unit: '天', durationMinutes: 37_440 });
    for (const [s, qty] of [
      [h, 3],
      [m2, 120],
      [pkg, 1],
    ] as const)
      expect(ok(quoteSpec(s, { quantity: qty })).amountFen).toBe(s.price * qty);
    // Every legacy row is a valid specification once its minutes are set.
    for (const s of [h, pkg]) expect(goodsSpecInput.safeParse(s).success).toBe(true);
  });

  it('the goods columns follow the cheapest on-sale specification', () => {
    expect(goodsSummary([{ ...clean2h, originalPrice: 13_900 }, spec({ price: 9_900, status: 0 }), hourly])).toEqual({
      price: 4_500,
      originalPrice: 4_500,
      unit: '小时',
      durationMinutes: 60,
      minQuantity: 2,
    });
    expect(goodsSummary([{ ...clean2h, originalPrice: 13_900 }])).toMatchObject({
      price: 11_900,
      originalPrice: 13_900,
    });
    expect(goodsSummary([band60])).toMatchObject({ price: 36_000, minQuantity: 1, durationMinutes: 240 });
    expect(goodsSummary([])).toBeNull();
  });

  it('units and the price limit equal the goods contract', () => {
    expect([...SPEC_UNITS]).toEqual([...GOODS_UNITS]);
    expect(MAX_SPEC_PRICE_FEN).toBe(MAX_PRICE_FEN);
  });
});
