import { z } from 'zod';
import { jsonField, optionalStatus, optionalText, pageQuery, statusFlag } from './common.ts';
import { imageList, imageUrl } from './shop.ts';

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
  price: priceFen('价格'),
  originalPrice: z.preprocess((v) => (v === '' || v === null ? undefined : v), priceFen('原价').optional()),
  unit: z.enum(GOODS_UNITS, { error: '请选择有效的计价单位' }),
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

export const goodsAddBody = goodsFields.superRefine(priceCheck);
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

export interface Goods {
  id: number;
  merchantId: number;
  shopId: number;
  fuwuId: number;
  fuwuName?: string | null;
  name: string;
  coverUrl: string;
  images: string[];
  price: number;
  originalPrice: number;
  unit: string;
  durationMinutes: number;
  minQuantity: number;
  tags: string[];
  intro: string | null;
  shelfState: number;
  sales: number;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

/** Customer view of a goods item: no merchant internals. */
export interface PublicGoods extends Omit<Goods, 'merchantId' | 'intro'> {
  shopName: string;
  intro?: string | null;
}

export const fenToYuan = (fen: number) => (fen / 100).toFixed(2);
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
