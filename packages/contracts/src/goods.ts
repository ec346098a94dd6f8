import { z } from 'zod';
import { distinctIds, jsonField, optionalStatus, optionalText, pageQuery, statusFlag } from './common.ts';
import { goodsSpecList, goodsSpecRow, priceAdjustment, publicGoodsSpec } from './goods-pricing.ts';
import { imageList, imageUrl } from './shop.ts';
// Constants, labels and helpers without schemas (constants/goods.ts), re-exported for the server and existing imports.
export * from './constants/goods.ts';

/** 0 已下架 / 1 已上架 (dictionary `goods_shelf_state`). */
export const SHELF_STATE = { OFF: 0, ON: 1 } as const;

export const GOODS_UNITS = ['次', '小时', '平方米', '天', '月'] as const;
/** Price limit: 100 000 yuan, in fen. */
export const MAX_PRICE_FEN = 10_000_000;

const priceFen = (label: string) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .int(`${label}须为整数（分）`)
    .positive(`${label}须大于 0`)
    .max(MAX_PRICE_FEN, `${label}不能超过 100000 元`);

/** No defaults here (a partial edit must not reset fields): the server fills GOODS_DEFAULTS on add. */
export const goodsFields = z.object({
  fuwuId: z.coerce.number({ error: '请选择服务类目' }).int('请选择服务类目').positive('请选择服务类目'),
  name: z.string({ error: '请输入商品名称' }).trim().min(1, '请输入商品名称').max(50, '商品名称最多 50 个字'),
  coverUrl: z.string({ error: '请上传封面图' }).trim().min(1, '请上传封面图').pipe(imageUrl),
  images: imageList.optional(),
  /**
   * A single-price item's price and unit (the spec's calls, old clients). With `specs` they are ignored: the server
   * derives price, original price, unit, minutes and minimum quantity from the specifications (goodsSummary).
   */
  price: priceFen('价格').optional(),
  originalPrice: z.preprocess((v) => (v === '' || v === null ? undefined : v), priceFen('原价').optional()),
  unit: z.enum(GOODS_UNITS, { error: '请选择有效的计价单位' }).optional(),
  /** 规格 (docs/goods-specifications.md): the item's specifications in order (a JSON array in form bodies); `id` keeps an existing one. */
  specs: jsonField(goodsSpecList).optional(),
  durationMinutes: z.coerce
    .number({ error: '服务时长须为数字' })
    .int('服务时长须为整数分钟')
    .min(1, '服务时长至少 1 分钟')
    .max(43_200, '服务时长最多 43200 分钟')
    .optional(),
  minQuantity: z.coerce
    .number({ error: '起订数量须为数字' })
    .int('起订数量须为整数')
    .min(1, '起订数量至少为 1')
    .max(999, '起订数量最多 999')
    .optional(),
  tags: jsonField(
    z
      .array(z.string().trim().min(1, '标签不能为空').max(10, '每个标签最多 10 个字'), { error: '标签格式错误' })
      .max(10, '最多 10 个标签'),
  ).optional(),
  intro: z.preprocess((v) => (v === '' ? null : v), z.string().max(100_000, '商品介绍过长').nullable().optional()),
  sort: z.coerce.number({ error: '排序须为数字' }).int().min(0, '排序不能为负').max(9999, '排序最大 9999').optional(),
  shelfState: statusFlag.optional(),
});

export const GOODS_DEFAULTS = {
  images: [] as string[],
  durationMinutes: 60,
  minQuantity: 1,
  tags: [] as string[],
  sort: 0,
  shelfState: 0,
};

const priceCheck = (v: { price?: number; originalPrice?: number }, ctx: z.RefinementCtx) => {
  if (v.price !== undefined && v.originalPrice !== undefined && v.originalPrice < v.price)
    ctx.addIssue({ code: 'custom', path: ['originalPrice'], message: '原价不能低于售价' });
};

/** Without specifications an item is sold at one price: price and unit are then required. */
const specsOrPrice = (v: { specs?: unknown; price?: number; unit?: string }, ctx: z.RefinementCtx) => {
  if (v.specs !== undefined) return;
  if (v.price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: '请输入价格或填写规格' });
  if (v.unit === undefined) ctx.addIssue({ code: 'custom', path: ['unit'], message: '请选择有效的计价单位' });
};

export const goodsAddBody = goodsFields.superRefine(priceCheck).superRefine(specsOrPrice);
export const goodsEditBody = goodsFields
  .partial()
  .extend({ id: z.coerce.number().int().positive() })
  .superRefine(priceCheck);

export const shelfBody = z.object({
  shelfState: z.coerce.number({ error: '上下架状态无效' }).int().min(0, '上下架状态无效').max(1, '上下架状态无效'),
});

export const goodsQuery = pageQuery.extend({
  name: optionalText(50),
  fuwuId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().optional()),
  shelfState: optionalStatus,
  /** Whitelisted sort keys. */
  orderBy: z.enum(['sort', 'price', 'sales', 'createdAt']).optional(),
});

/** Customer-side listing (weapp/findAllByPage). */
export const weappGoodsQuery = pageQuery.extend({
  name: optionalText(50),
  fuwuId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().optional()),
  shangjiaInfoId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  cityCode: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{6}$/, '城市编码须为 6 位数字')
      .optional(),
  ),
});

/** A goods item as the merchant's list and detail answer it (the answer schema: other columns never leave). */
export const goodsRow = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  shopId: z.number().int(),
  fuwuId: z.number().int(),
  fuwuName: z.string().nullable().optional(),
  name: z.string(),
  coverUrl: z.string(),
  images: z.array(z.string()),
  price: z.number().int(),
  originalPrice: z.number().int(),
  unit: z.string(),
  durationMinutes: z.number().int(),
  minQuantity: z.number().int(),
  tags: z.array(z.string()),
  intro: z.string().nullable(),
  shelfState: z.number().int(),
  /**
   * 销量: the item's orders paid and not cancelled (待接单 to 已评价), counted from the orders on every read (
   * the stored counter grew at payment and never shrank on a cancellation or refund).
   */
  sales: z.number().int(),
  sort: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** priceRange(on-sale specs).label: ¥60 起, ¥45/小时, ¥6/平方米 起 (docs/goods-specifications.md). */
  priceLabel: z.string(),
  /**
   * Priced per unit (the cheapest on-sale specification, as priceLabel reads it): the unit the price and 时长 count per
   * ('平方米', '小时'); null when priced per order.
   */
  perUnit: z.string().nullable(),
  /** How many specifications the item has (启用 and 停用). */
  specCount: z.number().int(),
});
export type Goods = z.infer<typeof goodsRow>;

/**
 * A batch action's answer (批量上架/下架/删除): how many items it changed, and each item it skipped with the reason in
 * Chinese (already in that state, its category closed, still on the shelf, unfinished orders, ...).
 */
export const goodsBatchResult = z.object({
  changed: z.number().int(),
  skipped: z.array(z.object({ id: z.number().int(), name: z.string(), reason: z.string() })),
});
export type GoodsBatchResult = z.infer<typeof goodsBatchResult>;

/** The merchant's detail page: the item, whether customers see it and why not, its orders and reviews. */
export const goodsDetail = goodsRow.extend({
  fuwuName: z.string().nullable(),
  shopName: z.string(),
  visibleToCustomers: z.boolean(),
  invisibleReason: z.string().nullable(),
  shopRating: z.number().nullable(),
  /** Every specification in order (启用 and 停用), with the orders placed on each (paid, not cancelled). */
  specs: z.array(goodsSpecRow.extend({ orderCount: z.number().int() })),
  orders: z.object({ active: z.number().int(), completed: z.number().int(), revenue: z.number().int() }),
  reviews: z.object({
    count: z.number().int(),
    average: z.number().nullable(),
    distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
    unreplied: z.number().int(),
    latest: z.array(
      z.object({
        id: z.number().int(),
        customerNickname: z.string(),
        rating: z.number().int(),
        content: z.string(),
        merchantReply: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
});
export type GoodsDetail = z.infer<typeof goodsDetail>;

/** Customer view of a goods item: no merchant internals. */
export const publicGoods = goodsRow.omit({ merchantId: true, intro: true, specCount: true }).extend({
  shopName: z.string(),
  intro: z.string().nullable().optional(),
  /** The on-sale specifications in order (no stock counts: 售罄 only). */
  specs: z.array(publicGoodsSpec),
});
export type PublicGoods = z.infer<typeof publicGoods>;

/** shangjiaDetail/shangpinlist: a shop's public card and its goods grouped by category. */
export const publicShopDetail = z.object({
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    images: z.array(z.string()),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    businessHours: z.string().nullable(),
    rating: z.number(),
    orderCount: z.number().int(),
    intro: z.string().nullable(),
    provinceCode: z.string().nullable(),
    cityCode: z.string().nullable(),
    districtCode: z.string().nullable(),
  }),
  fuwuList: z.array(z.object({ fuwuId: z.number().int(), fuwuName: z.string(), goods: z.array(publicGoods) })),
  total: z.number().int(),
});

/** 批量改价 (docs/goods-specifications.md): the selected goods of the current shop, all their specifications or the ticked ones. */
export const priceChangeBody = z.object({
  // The console posts forms: arrays and objects arrive as JSON text (jsonField), as specs and tags do.
  goodsIds: jsonField(
    distinctIds(
      z
        .array(z.coerce.number().int().positive(), { error: '请选择商品' })
        .min(1, '请选择商品')
        .max(200, '一次最多调整 200 个商品'),
    ),
  ),
  /** Only these specifications (of the selected goods); absent = every specification of the selected goods. */
  specIds: jsonField(distinctIds(z.array(z.coerce.number().int().positive()).max(4000))).optional(),
  change: jsonField(priceAdjustment),
});
export type PriceChangeBody = z.infer<typeof priceChangeBody>;

/** One specification in the preview: old → new, or why it is refused; `updatedAt` is sent back on confirm. */
export const priceChangeLine = z.object({
  specId: z.number().int(),
  name: z.string(),
  status: z.number().int(),
  oldPrice: z.number().int(),
  newPrice: z.number().int().nullable(),
  refusal: z.string().nullable(),
  updatedAt: z.string(),
});
export const priceChangePreview = z.object({
  items: z.array(z.object({ goodsId: z.number().int(), goodsName: z.string(), specs: z.array(priceChangeLine) })),
  changed: z.number().int(),
  refused: z.number().int(),
});
export type PriceChangePreview = z.infer<typeof priceChangePreview>;

/** Confirm: the same change plus what the preview showed; refused when any specification changed since (2004). */
export const priceChangeConfirmBody = priceChangeBody.extend({
  seen: jsonField(
    z
      .array(z.object({ specId: z.coerce.number().int().positive(), updatedAt: z.string().min(1).max(40) }), {
        error: '请先预览',
      })
      .min(1, '请先预览')
      .max(4000),
  ),
});
export type PriceChangeConfirmBody = z.infer<typeof priceChangeConfirmBody>;
