import { z } from 'zod';
import {
  SPEC_MODES,
  SPEC_UNITS,
  type SpecUnit,
  PER_UNIT_UNITS,
  AREA_UNIT,
  SPEC_STATUS,
  MAX_SPEC_PRICE_FEN,
  MAX_AREA,
  MAX_QUANTITY,
  MAX_SPEC_MINUTES,
  MAX_SPECS_PER_GOODS,
  MAX_SPEC_NAME,
  type PricedSpec,
  areaRangeLabel,
  adjustmentProblem,
} from './constants/goods-pricing.ts';
// Constants, labels and helpers without schemas (constants/goods-pricing.ts), re-exported for the server and existing imports.
export * from './constants/goods-pricing.ts';

// ---- zod schemas (Chinese messages) ----

const blank = (v: unknown) => v === '' || v === null || v === undefined;
const intField = (label: string, min: number, max: number, unit = '') =>
  z.coerce
    .number({ error: `${label}须为数字` })
    .int(`${label}须为整数${unit ? `（${unit}）` : ''}`)
    .min(min, `${label}至少为 ${min}${unit ? ` ${unit}` : ''}`)
    .max(max, `${label}最多为 ${max}${unit ? ` ${unit}` : ''}`);
/** An optional number: '' / null / absent = null. */
const nullableInt = (label: string, min: number, max: number, unit = '') =>
  z.preprocess((v) => (blank(v) ? null : v), intField(label, min, max, unit).nullable());
const priceFen = (label: string) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .int(`${label}须为整数（分）`)
    .positive(`${label}须大于 0`)
    .max(MAX_SPEC_PRICE_FEN, `${label}不能超过 100000 元`);

/**
 * One specification as the goods form, the goods API and the import send it. Fields that do not apply to the mode
 * are cleared (minCharge outside per_unit, the area range outside area_band, quantities of an area band); an area
 * band counts in 次. Order = position in the list (goods_spec.sort); `id` names an existing specification on edit.
 */
export const goodsSpecInput = z
  .object({
    id: z.preprocess((v) => (blank(v) ? undefined : v), z.coerce.number().int().positive().optional()),
    name: z
      .string({ error: '请输入规格名称' })
      .trim()
      .min(1, '请输入规格名称')
      .max(MAX_SPEC_NAME, `规格名称最多 ${MAX_SPEC_NAME} 个字`),
    mode: z.enum(SPEC_MODES, { error: '请选择计价方式（按次/套餐、按面积段或按单位计价）' }),
    unit: z.preprocess(
      (v) => (blank(v) ? undefined : v),
      z.enum(SPEC_UNITS, { error: '请选择有效的计价单位' }).optional(),
    ),
    price: priceFen('价格'),
    originalPrice: z.preprocess((v) => (blank(v) ? null : v), priceFen('原价').nullable()),
    minQuantity: z.preprocess((v) => (blank(v) ? 1 : v), intField('起订数量', 1, MAX_AREA)),
    maxQuantity: nullableInt('最多数量', 1, MAX_AREA),
    minCharge: z.preprocess((v) => (blank(v) ? null : v), priceFen('最低消费').nullable()),
    // 0 = from the smallest area (merchants write 0–80); the upper bound is not part of the band.
    areaMin: nullableInt('最小面积', 0, MAX_AREA, '平方米'),
    areaMax: nullableInt('最大面积', 1, MAX_AREA, '平方米'),
    durationMinutes: z.preprocess(
      (v) => (blank(v) ? undefined : v),
      intField('服务时长', 1, MAX_SPEC_MINUTES, '分钟').optional(),
    ),
    stock: nullableInt('库存', 0, 999_999),
    dailyCapacity: nullableInt('每日可约单数', 1, 9_999),
    status: z.preprocess((v) => (blank(v) ? SPEC_STATUS.ON : v), z.coerce.number().int().min(0).max(1, '规格状态无效')),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (s.durationMinutes === undefined) issue('durationMinutes', '请填写服务时长（分钟）');
    if (s.originalPrice !== null && s.originalPrice < s.price) issue('originalPrice', '原价不能低于售价');
    if (s.mode === 'per_unit') {
      if (!s.unit) issue('unit', '请选择计价单位');
      else if (!(PER_UNIT_UNITS as readonly string[]).includes(s.unit))
        issue('unit', '按单位计价的单位须为小时、平方米、天或月（按次计价请选“按次/套餐”）');
    }
    if (s.mode === 'area_band') {
      if (!s.areaMin && s.areaMax === null) issue('areaMax', '请填写面积段（最小面积或最大面积）');
      if (s.areaMin !== null && s.areaMax !== null && s.areaMin >= s.areaMax)
        issue('areaMax', '最大面积须大于最小面积（面积段含最小面积、不含最大面积）');
    } else {
      const cap = s.mode === 'per_unit' && s.unit === AREA_UNIT ? MAX_AREA : MAX_QUANTITY;
      if (s.minQuantity > cap) issue('minQuantity', `起订数量最多为 ${cap}`);
      if (s.maxQuantity !== null && s.maxQuantity > cap) issue('maxQuantity', `最多数量最多为 ${cap}`);
      if (s.maxQuantity !== null && s.maxQuantity < s.minQuantity) issue('maxQuantity', '最多数量不能小于起订数量');
    }
  })
  .transform((s) => {
    const band = s.mode === 'area_band';
    return {
      ...s,
      unit: (band ? '次' : (s.unit ?? '次')) as SpecUnit,
      durationMinutes: s.durationMinutes as number,
      minQuantity: band ? 1 : s.minQuantity,
      maxQuantity: band ? null : s.maxQuantity,
      minCharge: s.mode === 'per_unit' ? s.minCharge : null,
      areaMin: band ? s.areaMin : null,
      areaMax: band ? s.areaMax : null,
    };
  });
export type GoodsSpecInput = z.infer<typeof goodsSpecInput>;

/** Two on-sale bands share an area: [a, b) and [c, d) overlap when max(a, c) < min(b, d) (80–120 and 120– do not). */
export const areaBandsOverlap = (
  a: Pick<PricedSpec, 'areaMin' | 'areaMax'>,
  b: Pick<PricedSpec, 'areaMin' | 'areaMax'>,
) =>
  Math.max(a.areaMin ?? 0, b.areaMin ?? 0) <
  Math.min(a.areaMax ?? Number.POSITIVE_INFINITY, b.areaMax ?? Number.POSITIVE_INFINITY);

/** The message of two overlapping bands (the form shows it on the later band's cells; the server refuses with it). */
export const overlapMessage = (
  a: Pick<PricedSpec, 'name' | 'areaMin' | 'areaMax'>,
  b: Pick<PricedSpec, 'name' | 'areaMin' | 'areaMax'>,
) => `面积段「${a.name}」（${areaRangeLabel(a)}）与「${b.name}」（${areaRangeLabel(b)}）重叠`;

/**
 * Problems of a goods item's specification list as a whole (one message per problem, in Chinese): none, too many,
 * duplicate names, none on sale, on-sale area bands that overlap (bands are half-open: 0–80 and 80–120 do not).
 */
export function specListProblems(
  specs: readonly Pick<PricedSpec, 'name' | 'mode' | 'areaMin' | 'areaMax' | 'status'>[],
): string[] {
  const out: string[] = [];
  if (!specs.length) out.push('请至少添加一个规格');
  if (specs.length > MAX_SPECS_PER_GOODS) out.push(`规格最多 ${MAX_SPECS_PER_GOODS} 个`);
  const seen = new Set<string>();
  for (const s of specs) {
    if (seen.has(s.name)) out.push(`规格名称「${s.name}」重复`);
    seen.add(s.name);
  }
  if (specs.length && !specs.some((s) => s.status === SPEC_STATUS.ON)) out.push('至少需要一个启用的规格');
  const bands = specs.filter((s) => s.mode === 'area_band' && s.status === SPEC_STATUS.ON);
  for (let i = 0; i < bands.length; i++)
    for (let j = i + 1; j < bands.length; j++) {
      if (areaBandsOverlap(bands[i], bands[j])) out.push(overlapMessage(bands[i], bands[j]));
    }
  return out;
}

/** A goods item's specifications (a JSON array in form bodies: jsonField(goodsSpecList)). */
export const goodsSpecList = z.array(goodsSpecInput, { error: '规格格式错误' }).superRefine((list, ctx) => {
  for (const message of specListProblems(list)) ctx.addIssue({ code: 'custom', message });
});

/** A specification as the merchant's goods answers list it. */
export const goodsSpecRow = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  name: z.string(),
  mode: z.enum(SPEC_MODES),
  unit: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  minQuantity: z.number().int(),
  maxQuantity: z.number().int().nullable(),
  minCharge: z.number().int().nullable(),
  areaMin: z.number().int().nullable(),
  areaMax: z.number().int().nullable(),
  durationMinutes: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  dailyCapacity: z.number().int().nullable(),
  status: z.number().int(),
  sort: z.number().int(),
});
export type GoodsSpec = z.infer<typeof goodsSpecRow>;

/** A specification as the customer API lists it: on-sale only, the stock as 售罄 or not. */
export const publicGoodsSpec = goodsSpecRow
  .omit({ stock: true, dailyCapacity: true, status: true })
  .extend({ soldOut: z.boolean() });
export type PublicGoodsSpec = z.infer<typeof publicGoodsSpec>;

/** The order's specification snapshot (service_order columns; null on orders placed before specifications). */
export const orderSpecSnapshot = z.object({
  specId: z.number().int().nullable(),
  specName: z.string().nullable(),
  specMode: z.enum(SPEC_MODES).nullable(),
  unitPrice: z.number().int().nullable(),
  area: z.number().int().nullable(),
  durationMinutes: z.number().int().nullable(),
});

/** The bulk price change of a specification: by amount (fen) or percent. */
export const priceAdjustment = z
  .object({
    mode: z.enum(['amount', 'percent'], { error: '请选择按金额或按比例调整' }),
    value: z.coerce.number({ error: '请输入调整幅度' }).refine((v) => v !== 0, '调整幅度不能为 0'),
  })
  .superRefine((c, ctx) => {
    const problem = adjustmentProblem(c);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type PriceAdjustment = z.infer<typeof priceAdjustment>;
