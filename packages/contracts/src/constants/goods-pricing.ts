// The schema-free part of goods-pricing.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
/**
 * Goods specifications (规格, docs/goods-specifications.md): the one place where a specification's price, duration and limits are
 * computed. The server (order placement, bulk price change, imports, the migration's rule), the web (the goods form,
 * the price range on lists) and the customer API use these functions; nobody multiplies a price elsewhere.
 * docs/goods-specifications.md explains the model.
 *
 * Money is integer fen throughout: a quote multiplies an integer price by an integer quantity (areas are whole square
 * metres), and the only division — a percent price change — is done on integers with one documented rounding.
 *
 * This module imports nothing of the contracts (goods.ts will import it: no cycle); its units and price limit equal
 * goods.ts's GOODS_UNITS and MAX_PRICE_FEN (server/test/goods-pricing.test.ts holds them equal).
 */

/** fixed: a price per job/package (日常保洁 2 小时, 月嫂 26 天套餐, 挂机空调 1 台), the quantity counts packages.
 *  area_band: one price for an area band, half-open [from, to) in whole ㎡ (0–80 = under 80 ㎡, 80–120, 120– = 120 ㎡
 *  and more), one job per order, the customer states the area.
 *  per_unit: a unit price per ㎡ / 小时 / 天 / 月, with a minimum quantity and an optional minimum charge. */
export const SPEC_MODES = ['fixed', 'area_band', 'per_unit'] as const;
export type SpecMode = (typeof SPEC_MODES)[number];
export const SPEC_MODE_NAME: Record<SpecMode, string> = {
  fixed: '按次/套餐',
  area_band: '按面积段',
  per_unit: '按单位计价',
};

/** The pricing units (= goods.ts GOODS_UNITS, dictionary goods_unit). */
export const SPEC_UNITS = ['次', '小时', '平方米', '天', '月'] as const;
export type SpecUnit = (typeof SPEC_UNITS)[number];
/** Units a per_unit specification may count in (次 is a package: mode fixed). */
export const PER_UNIT_UNITS = ['小时', '平方米', '天', '月'] as const satisfies readonly SpecUnit[];
/** The unit whose quantity is an area: a per-㎡ quantity is the customer's area. */
export const AREA_UNIT = '平方米';

/** status: 1 启用 (on sale) / 0 停用 — the same direction as goods.shelfState. */
export const SPEC_STATUS = { OFF: 0, ON: 1 } as const;

/** A specification's price limit: 100 000 yuan (= goods.ts MAX_PRICE_FEN). */
export const MAX_SPEC_PRICE_FEN = 10_000_000;
/** An order's amount limit: 100 000 000 yuan (= common.ts `fen`'s maximum). */
export const MAX_ORDER_AMOUNT_FEN = 10_000_000_000;
/** Areas are whole square metres, 1 – 10 000. */
export const MAX_AREA = 10_000;
/** Quantities of non-area specifications, 1 – 999 (the goods' minQuantity limit). */
export const MAX_QUANTITY = 999;
/** Without a maxQuantity, a customer may book at most this many packages/units (the customer API's old limit). */
export const DEFAULT_MAX_QUANTITY = 99;
/** Minutes: at most 30 days per job or unit (= goods.ts durationMinutes). */
export const MAX_SPEC_MINUTES = 43_200;
export const MAX_SPECS_PER_GOODS = 20;
export const MAX_SPEC_NAME = 50;
/** A percent price change: −99.99 % … +1000 %, at most two decimals. */
export const PERCENT_LIMITS = { min: -99.99, max: 1000 } as const;

/** What the price rules read of a specification (a goods_spec row, a form row, an import row). */
export interface PricedSpec {
  name: string;
  mode: SpecMode;
  unit: string;
  /** fen: the package price (fixed), the band price (area_band), the unit price (per_unit). */
  price: number;
  minQuantity: number;
  maxQuantity: number | null;
  /** fen, per_unit only: the amount is never below it (起步价). */
  minCharge: number | null;
  /**
   * Whole ㎡, area_band only, half-open [areaMin, areaMax): the lower bound counts, the upper does not, so the bands
   * merchants write (0–80, 80–120, 120–) meet without overlapping and an area of exactly 80 ㎡ is in 80–120.
   * areaMin null or 0 = from the smallest area; areaMax null = no upper bound (the last band, "120㎡以上").
   */
  areaMin: number | null;
  areaMax: number | null;
  /** Minutes per unit (per_unit) or per job (fixed: per package; area_band: per job); null = not set (migrated ㎡). */
  durationMinutes: number | null;
  /** Orders left to sell; null = unlimited; 0 = 售罄. */
  stock: number | null;
  /** Orders per appointment day; null = unlimited. */
  dailyCapacity?: number | null;
  status: number;
}

export type Refusal = {
  ok: false;
  reason:
    | 'disabled'
    | 'sold_out'
    | 'full_day'
    | 'bad_quantity'
    | 'below_min'
    | 'above_max'
    | 'area_required'
    | 'outside_area'
    | 'too_much'
    | 'bad_adjustment'
    | 'not_positive';
  message: string;
};

export interface Quote {
  ok: true;
  /** What the customer pays, fen: price × quantity, for per_unit at least minCharge. */
  amountFen: number;
  /** The job's length in minutes (what dispatch blocks); null when the specification has no duration. */
  durationMinutes: number | null;
  /** Packages (fixed), units (per_unit; the area for ㎡), 1 (area_band). */
  quantity: number;
  /** The area stated for an area-priced specification (area_band, per-㎡), else null. */
  area: number | null;
  unitPriceFen: number;
  /** Whether the minimum charge raised the amount. */
  minChargeApplied: boolean;
}

const refuse = (reason: Refusal['reason'], message: string): Refusal => ({ ok: false, reason, message });

const isAreaPriced = (s: Pick<PricedSpec, 'mode' | 'unit'>) =>
  s.mode === 'area_band' || (s.mode === 'per_unit' && s.unit === AREA_UNIT);

/** Whether a whole-㎡ area falls in a band [areaMin, areaMax) (either end may be open). */
export const inAreaBand = (s: Pick<PricedSpec, 'areaMin' | 'areaMax'>, area: number) =>
  (s.areaMin === null || area >= s.areaMin) && (s.areaMax === null || area < s.areaMax);

/**
 * A band [from, to) as merchants and customers read it: '80㎡以下' = [0, 80), '80-120㎡' = [80, 120), '120㎡以上' =
 * [120, ∞) (以下 leaves its number out, 以上 takes it in, as the bands do), '不限面积'.
 */
export function areaRangeLabel(s: Pick<PricedSpec, 'areaMin' | 'areaMax'>) {
  const lo = s.areaMin ? s.areaMin : null;
  const hi = s.areaMax;
  if (lo !== null && hi !== null) return `${lo}-${hi}㎡`;
  if (hi !== null) return `${hi}㎡以下`;
  if (lo !== null) return `${lo}㎡以上`;
  return '不限面积';
}

/** '3 小时', '120 平方米', '2 次'. */
const amountOf = (n: number, unit: string) => `${n} ${unit}`;

/**
 * Prices a booking of a specification. `quantity`: packages (fixed) or units (per_unit); `area`: whole ㎡, required by
 * area-priced specifications (area_band, and per_unit in 平方米, whose quantity IS the area: `area` wins over
 * `quantity` there). `bookedOnDay`: orders of this specification already on the appointment day (the server counts
 * them), checked against dailyCapacity. Answers the amount, the job's minutes and the quantity to store, or a Chinese
 * refusal.
 */
export function quoteSpec(
  spec: PricedSpec,
  input: { quantity?: number | null; area?: number | null; bookedOnDay?: number | null } = {},
): Quote | Refusal {
  if (spec.status !== SPEC_STATUS.ON) return refuse('disabled', `规格「${spec.name}」已停用，请选择其他规格`);
  if (spec.stock !== null && spec.stock <= 0) return refuse('sold_out', `规格「${spec.name}」已售罄`);
  const cap = spec.dailyCapacity ?? null;
  if (cap !== null && input.bookedOnDay != null && input.bookedOnDay >= cap)
    return refuse('full_day', `规格「${spec.name}」当天已约满，请选择其他日期`);

  const wholeNumber = (v: number | null | undefined) => v === undefined || v === null || Number.isInteger(v);
  if (!wholeNumber(input.area) || (input.area != null && (input.area < 1 || input.area > MAX_AREA)))
    return refuse('bad_quantity', `服务面积须为 1–${MAX_AREA} 之间的整数（平方米）`);
  if (!wholeNumber(input.quantity) || (input.quantity != null && input.quantity < 1))
    return refuse('bad_quantity', '数量须为正整数');

  const duration = spec.durationMinutes;
  let quantity: number;
  let area: number | null = null;
  let amount: number;
  let minChargeApplied = false;

  if (spec.mode === 'area_band') {
    if (input.area == null) return refuse('area_required', '请填写服务面积（平方米）');
    if (input.quantity != null && input.quantity !== 1)
      return refuse('bad_quantity', '按面积段计价的规格每单预约 1 次');
    const a = input.area;
    if (!inAreaBand(spec, a))
      return refuse('outside_area', `规格「${spec.name}」适用面积 ${areaRangeLabel(spec)}，您填写的面积为 ${a}㎡`);
    quantity = 1;
    area = a;
    amount = spec.price;
  } else {
    const perArea = isAreaPriced(spec);
    if (perArea && input.area == null && input.quantity == null)
      return refuse('area_required', '请填写服务面积（平方米）');
    quantity = (perArea ? (input.area ?? input.quantity) : input.quantity) ?? 1;
    if (perArea) area = quantity;
    const max = spec.maxQuantity ?? (perArea ? MAX_AREA : DEFAULT_MAX_QUANTITY);
    const what = perArea ? '服务面积' : spec.mode === 'fixed' ? '预约数量' : '预约时长';
    if (quantity < spec.minQuantity)
      return refuse('below_min', `规格「${spec.name}」${what}至少 ${amountOf(spec.minQuantity, spec.unit)}`);
    if (quantity > max) return refuse('above_max', `规格「${spec.name}」${what}最多 ${amountOf(max, spec.unit)}`);
    amount = spec.price * quantity;
    if (spec.mode === 'per_unit' && spec.minCharge !== null && amount < spec.minCharge) {
      amount = spec.minCharge;
      minChargeApplied = true;
    }
  }
  if (!Number.isSafeInteger(amount) || amount > MAX_ORDER_AMOUNT_FEN)
    return refuse('too_much', '订单金额超出上限，请减少数量或联系商家');
  return {
    ok: true,
    amountFen: amount,
    durationMinutes: duration === null ? null : spec.mode === 'area_band' ? duration : duration * quantity,
    quantity,
    area,
    unitPriceFen: spec.price,
    minChargeApplied,
  };
}

/** ¥60, ¥59.90, ¥6,500 — whole yuan without decimals, otherwise two (integer arithmetic, no float rounding). */
export function compactYuan(fen: number) {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const yuan = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = abs % 100;
  return `${sign}¥${yuan}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

/** One specification's price as shown: '¥159', '¥45/小时', '¥6/平方米', with the minimum charge: '¥6/平方米（¥300 起步）'. */
export function specPriceLabel(s: Pick<PricedSpec, 'mode' | 'unit' | 'price' | 'minCharge'>) {
  if (s.mode !== 'per_unit') return compactYuan(s.price);
  const base = `${compactYuan(s.price)}/${s.unit}`;
  return s.minCharge !== null ? `${base}（${compactYuan(s.minCharge)} 起步）` : base;
}

export interface PriceRange {
  /** The lowest on-sale price (what the goods item's `price` column answers). */
  minFen: number;
  maxFen: number;
  /** '¥159' (one price), '¥60 起' (several), '¥45/小时' / '¥6/平方米 起' when the cheapest counts per unit. */
  label: string;
  /** The cheapest specification's unit when it is priced per unit, else null. */
  perUnit: string | null;
}

/**
 * The price range of a goods item over its on-sale specifications; null when none is on sale. Ties on the lowest
 * price go to the first in `specs`' order (the form's order, goods_spec.sort).
 */
export function priceRange(
  specs: readonly Pick<PricedSpec, 'mode' | 'unit' | 'price' | 'status'>[],
): PriceRange | null {
  const on = specs.filter((s) => s.status === SPEC_STATUS.ON);
  if (!on.length) return null;
  let cheapest = on[0];
  let maxFen = on[0].price;
  for (const s of on) {
    if (s.price < cheapest.price) cheapest = s;
    if (s.price > maxFen) maxFen = s.price;
  }
  const perUnit = cheapest.mode === 'per_unit' ? cheapest.unit : null;
  const several = maxFen !== cheapest.price;
  const label = `${compactYuan(cheapest.price)}${perUnit ? `/${perUnit}` : ''}${several ? ' 起' : ''}`;
  return { minFen: cheapest.price, maxFen, label, perUnit };
}

/** What is wrong with a price change itself (before any price), or null: the schema and adjustPrice both ask it. */
export function adjustmentProblem(change: { mode: string; value: number }): string | null {
  if (change.mode === 'amount')
    return Number.isSafeInteger(change.value) && Math.abs(change.value) <= MAX_SPEC_PRICE_FEN
      ? null
      : '调整金额须为整数（分），且不超过 100000 元';
  if (change.mode !== 'percent') return '请选择按金额或按比例调整';
  const bp = Math.round(change.value * 100);
  const ok =
    Number.isFinite(change.value) &&
    Math.abs(change.value * 100 - bp) < 1e-6 &&
    change.value >= PERCENT_LIMITS.min &&
    change.value <= PERCENT_LIMITS.max;
  return ok ? null : '调整比例须在 -99.99% 至 1000% 之间，最多两位小数';
}

/**
 * A price change: by an amount (fen, may be negative) or by a percent (−99.99 … 1000, two decimals at most; +10 = ten
 * percent dearer). Percent rounding, in integers: new = ⌊(fen × (10000 + basisPoints) + 5000) / 10000⌋, i.e. to the
 * fen, half up (the product is never negative, so half up = half away from zero). A result ≤ 0 is refused (never
 * silently lifted to 1 fen); so is one above MAX_SPEC_PRICE_FEN.
 */
export function adjustPrice(
  fen: number,
  change: { mode: 'amount' | 'percent'; value: number },
): { ok: true; fen: number } | Refusal {
  if (!Number.isSafeInteger(fen) || fen < 1) return refuse('bad_adjustment', '原价格须为正整数（分）');
  const problem = adjustmentProblem(change);
  if (problem) return refuse('bad_adjustment', problem);
  const next =
    change.mode === 'amount'
      ? fen + change.value
      : Math.floor((fen * (10_000 + Math.round(change.value * 100)) + 5_000) / 10_000);
  if (next <= 0)
    return refuse('not_positive', `调整后价格须大于 0（原价 ${compactYuan(fen)}，调整后 ${compactYuan(next)}）`);
  if (next > MAX_SPEC_PRICE_FEN) return refuse('bad_adjustment', '调整后价格不能超过 100000 元');
  return { ok: true, fen: next };
}

/** The order's snapshot fields dispatch reads (service_order columns). */
export interface JobSnapshot {
  /** The job's total minutes as quoted when the order was placed; null = unknown (legacy per-㎡ orders). */
  durationMinutes: number | null;
}

/**
 * How long an order occupies its employee (docs/dispatch.md), before the shop's travel buffer. The order stores the job's
 * total at placement (quoteSpec: per_unit = minutes per unit × quantity, fixed = minutes per package × packages,
 * area_band = the band's minutes), so later edits of the specification never move booked jobs. Orders without it
 * (migrated per-㎡ orders) answer `fallbackMinutes` — dispatch passes its own default — or null.
 */
export function jobMinutes(o: JobSnapshot, fallbackMinutes: number | null = null): number | null {
  return o.durationMinutes ?? fallbackMinutes;
}

/** The service_order snapshot columns of an order placed for `spec` at `quote` (goodsPrice/unit keep answering). */
export function orderSnapshot(spec: PricedSpec & { id: number }, quote: Quote) {
  return {
    specId: spec.id,
    specName: spec.name,
    specMode: spec.mode,
    unitPrice: quote.unitPriceFen,
    goodsPrice: quote.unitPriceFen,
    quantity: quote.quantity,
    unit: spec.unit,
    area: quote.area,
    durationMinutes: quote.durationMinutes,
    amount: quote.amountFen,
  };
}

/**
 * The specification as an order line names it, or null when the name says nothing the goods and the quantity do not:
 * the goods' own name, or the unit-only name of a migrated one ('1小时', '1平方米': 开荒保洁 of 85 ㎡ is not "1平方米").
 */
export function specLabel(o: { goodsName: string; specName: string | null; unit?: string | null }) {
  if (!o.specName || o.specName === o.goodsName) return null;
  return o.unit && o.specName === `1${o.unit}` ? null : o.specName;
}

/** How an order's quantity reads (lists, exports, messages): '× 2', '3 小时', '85 平方米', legacy '2次'. */
export function quantityLabel(o: {
  specMode: SpecMode | string | null;
  quantity: number;
  unit: string;
  area: number | null;
}) {
  if (o.specMode === 'area_band') return o.area !== null ? `${o.area} 平方米` : '× 1';
  if (o.specMode === 'per_unit') return amountOf(o.quantity, o.unit);
  if (o.specMode === 'fixed') return `× ${o.quantity}`;
  return `${o.quantity}${o.unit}`;
}

/** The goods item's columns that summarise its specifications (the spec's fields keep answering as before). */
export function goodsSummary(specs: readonly (PricedSpec & { originalPrice?: number | null })[]) {
  const on = specs.filter((s) => s.status === SPEC_STATUS.ON);
  const pool = on.length ? on : specs;
  if (!pool.length) return null;
  const cheapest = pool.reduce((a, s) => (s.price < a.price ? s : a), pool[0]);
  return {
    price: cheapest.price,
    originalPrice: Math.max(cheapest.originalPrice ?? cheapest.price, cheapest.price),
    unit: cheapest.unit,
    durationMinutes: cheapest.durationMinutes ?? 60,
    minQuantity: cheapest.mode === 'area_band' ? 1 : cheapest.minQuantity,
  };
}

/**
 * The one specification a goods item had before specifications existed (migration 0420 writes the same in SQL; the
 * goods module uses it when a goods item arrives without specifications): 小时 and 平方米 are measured quantities
 * (per_unit, named '1小时' / '1平方米'; an hour lasts 60 minutes; minutes per ㎡ are unknown: null), 次/天/月 are
 * packages (fixed, named after the goods item, minutes per package = the goods' durationMinutes). Either way the amount
 * stays price × quantity, as it was.
 */
export function legacySpecOf(g: {
  name: string;
  price: number;
  originalPrice: number;
  unit: string;
  durationMinutes: number;
  minQuantity: number;
}) {
  const perUnit = g.unit === '小时' || g.unit === AREA_UNIT;
  return {
    name: perUnit ? `1${g.unit}` : g.name.slice(0, MAX_SPEC_NAME),
    mode: (perUnit ? 'per_unit' : 'fixed') as SpecMode,
    unit: g.unit,
    price: g.price,
    originalPrice: g.originalPrice,
    minQuantity: g.minQuantity,
    maxQuantity: null,
    minCharge: null,
    areaMin: null,
    areaMax: null,
    durationMinutes: g.unit === '小时' ? 60 : g.unit === AREA_UNIT ? null : g.durationMinutes,
    stock: null,
    dailyCapacity: null,
    status: SPEC_STATUS.ON,
  } satisfies PricedSpec & { originalPrice: number };
}
