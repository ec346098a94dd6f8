import { z } from 'zod';
import { dbId, optionalDate, optionalText, pageQuery, statusFlag } from './common.ts';
import { OFFLINE_CHANNELS } from './constants/card.ts';
// Constants, labels and helpers without schemas (constants/card.ts), re-exported for the server and existing imports.
export * from './constants/card.ts';

const cardKind = z.enum(['times', 'value'], { error: '请选择卡类型' });

const MAX_CARD_FEN = 10_000_000;
const money = (label: string) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .int(`${label}须为整数（分）`)
    .min(0, `${label}不能为负`)
    .max(MAX_CARD_FEN, `${label}不能超过 100000 元`);
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId.optional());

const productFields = z.object({
  kind: cardKind,
  name: z.string({ error: '请输入卡项名称' }).trim().min(1, '请输入卡项名称').max(30, '卡项名称最多 30 个字'),
  /** 次卡: the goods item (required) and optionally one of its specifications. */
  goodsId: optionalId,
  specId: optionalId,
  visits: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: '次数须为数字' })
      .int('次数须为整数')
      .min(1, '次数至少 1 次')
      .max(999, '次数最多 999 次')
      .optional(),
  ),
  /** 次卡: the price of the card; 储值卡: the cash charged (the stored value before bonus). */
  price: money('售价').refine((n) => n > 0, '售价须大于 0'),
  bonus: z.preprocess((v) => (v === '' || v === null ? undefined : v), money('赠送金额').optional()),
  validityDays: z.coerce
    .number({ error: '请输入有效期天数' })
    .int('有效期须为整数天')
    .min(1, '有效期至少 1 天')
    .max(3650, '有效期最多 3650 天'),
  refundFeeType: z.enum(['none', 'percent', 'fixed'], { error: '请选择退卡手续费方式' }).default('none'),
  /** percent: 0–100; fixed: fen. */
  refundFeeValue: z.preprocess((v) => (v === '' || v === null ? undefined : v), money('手续费').optional()),
  onSale: statusFlag.optional(),
  description: z.preprocess((v) => (v === '' ? null : v), z.string().max(500, '说明最多 500 字').nullable().optional()),
});

/** The rules across fields (also checked by the server against the goods). */
const productRules = <T extends z.infer<typeof productFields>>(v: T, ctx: z.RefinementCtx) => {
  if (v.kind === 'times') {
    if (!v.goodsId) ctx.addIssue({ code: 'custom', path: ['goodsId'], message: '次卡须选择服务商品' });
    if (!v.visits) ctx.addIssue({ code: 'custom', path: ['visits'], message: '次卡须填写次数' });
    if (v.bonus) ctx.addIssue({ code: 'custom', path: ['bonus'], message: '次卡没有赠送金额' });
  } else if (v.goodsId || v.visits) {
    ctx.addIssue({ code: 'custom', path: ['kind'], message: '储值卡不限商品和次数' });
  }
  if (v.refundFeeType === 'percent' && (v.refundFeeValue ?? 0) > 100)
    ctx.addIssue({ code: 'custom', path: ['refundFeeValue'], message: '手续费比例为 0–100' });
};

export const cardProductAddBody = productFields.superRefine(productRules);
export const cardProductEditBody = productFields.extend({ id: dbId }).superRefine(productRules);
export const cardProductOnSaleBody = z.object({ onSale: statusFlag });

export const cardProductQuery = pageQuery.extend({
  name: optionalText(30),
  kind: z.preprocess((v) => (v === '' ? undefined : v), cardKind.optional()),
  onSale: z.preprocess((v) => (v === '' ? undefined : v), statusFlag.optional()),
});

export const cardProductRow = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  kind: cardKind,
  name: z.string(),
  goodsId: z.number().int().nullable(),
  goodsName: z.string().nullable(),
  specId: z.number().int().nullable(),
  specName: z.string().nullable(),
  visits: z.number().int().nullable(),
  price: z.number().int(),
  bonus: z.number().int(),
  validityDays: z.number().int(),
  refundFeeType: z.enum(['none', 'percent', 'fixed']),
  refundFeeValue: z.number().int(),
  onSale: z.number().int(),
  description: z.string().nullable(),
  soldCount: z.number().int(),
  createdAt: z.string(),
});
export type CardProductRow = z.infer<typeof cardProductRow>;

// ---------------------------------------------------------------- sold cards

export const cardSellBody = z.object({
  productId: dbId,
  clientId: dbId,
  payChannel: z.enum(OFFLINE_CHANNELS, { error: '请选择收款方式' }),
  remark: z.preprocess((v) => (v === '' ? null : v), z.string().max(200, '备注最多 200 字').nullable().optional()),
});

export const cardRefundBody = z.object({
  id: dbId,
  reason: z.string({ error: '请填写退卡原因' }).trim().min(2, '请填写退卡原因').max(200, '退卡原因最多 200 字'),
  /** The refund the console showed (unused cash less the fee): refused when the card changed meanwhile. */
  expectedAmount: z.coerce.number().int().min(0),
});

export const cardQuery = pageQuery.extend({
  cardNo: optionalText(40),
  clientName: optionalText(30),
  clientId: optionalId,
  kind: z.preprocess((v) => (v === '' ? undefined : v), cardKind.optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(3).optional()),
  payMethod: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['online', 'offline']).optional()),
  startDate: optionalDate,
  endDate: optionalDate,
});
export const cardExportQuery = cardQuery.omit({ pageNum: true, pageSize: true }).extend({
  format: z.enum(['xlsx', 'csv']).optional(),
});

export const cardRow = z.object({
  id: z.number().int(),
  cardNo: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  productId: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  kind: cardKind,
  name: z.string(),
  goodsName: z.string().nullable(),
  specName: z.string().nullable(),
  totalVisits: z.number().int(),
  remainingVisits: z.number().int(),
  pricePaid: z.number().int(),
  bonusTotal: z.number().int(),
  cashBalance: z.number().int(),
  bonusBalance: z.number().int(),
  status: z.number().int(),
  payMethod: z.enum(['online', 'offline']),
  payChannel: z.string(),
  soldByName: z.string(),
  soldAt: z.string(),
  expiresAt: z.string(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  refundAmount: z.number().int().nullable(),
  refundFee: z.number().int().nullable(),
  /** What a refund would pay back now (unused cash less the terms' fee); 0 when closed. */
  refundable: z.number().int(),
  refundFeeNow: z.number().int(),
});
export type CardRow = z.infer<typeof cardRow>;

export const cardMovementRow = z.object({
  id: z.number().int(),
  kind: z.enum(['sale', 'redeem', 'restore', 'refund', 'expire']),
  visitsDelta: z.number().int(),
  cashDelta: z.number().int(),
  bonusDelta: z.number().int(),
  money: z.number().int(),
  revenue: z.number().int(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  authorName: z.string(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type CardMovementRow = z.infer<typeof cardMovementRow>;

export const cardDetail = cardRow.extend({
  refundFeeType: z.enum(['none', 'percent', 'fixed']),
  refundFeeValue: z.number().int(),
  remark: z.string().nullable(),
  movements: z.array(cardMovementRow),
});
export type CardDetail = z.infer<typeof cardDetail>;

/**
 * 预收 figures of the caller's cards (shop-limited callers: their shops' cards): cash received, recognised as revenue
 * (served visits, expired value, refund fees), paid back, and the liability still held (预收余额 = received −
 * recognised − refunded = the cards' cash balances); the bonus still on the cards (never settled as cash).
 */
export const cardSummary = z.object({
  cards: z.number().int(),
  activeCards: z.number().int(),
  received: z.number().int(),
  recognised: z.number().int(),
  refunded: z.number().int(),
  /** Cash of redemptions whose orders are not served yet (part of 预收余额 until served or restored). */
  redeemedUnserved: z.number().int(),
  deferred: z.number().int(),
  bonusOutstanding: z.number().int(),
  visitsOutstanding: z.number().int(),
});
export type CardSummary = z.infer<typeof cardSummary>;

/** A range of Shanghai days for the 预收 flows; empty = from the first card to today. */
export const cardFlowsQuery = z
  .object({ startDate: optionalDate, endDate: optionalDate })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: '开始日期不能晚于结束日期',
    path: ['endDate'],
  });

/**
 * What the cards did in a range (docs/ledger.md "预收 in 收支明细, 运营数据 and the exports"), fen: the 收支明细 page, 运营数据
 * and their exports read this one answer. None of it is in the account's 收入 except through settlements.
 */
export const cardFlows = z.object({
  startDate: z.string().nullable(),
  endDate: z.string(),
  /** Cards sold in the range and the money received for them (预收 in, not income). */
  sold: z.number().int(),
  received: z.number().int(),
  /** Orders paid with a card in the range (not given back): how many, the card cash and the bonus they used. */
  redeemed: z.number().int(),
  redeemedCash: z.number().int(),
  redeemedBonus: z.number().int(),
  /** Revenue recognised in the range: card cash of orders served in it + expired cash + refund fees. */
  recognised: z.number().int(),
  /** Money paid back to customers (退卡) in the range. */
  refunded: z.number().int(),
  /** 预收余额 at the start and the end of the range: received − recognised − refunded before then. */
  deferredStart: z.number().int(),
  deferredEnd: z.number().int(),
});
export type CardFlows = z.infer<typeof cardFlows>;

// ---------------------------------------------------------------- customer side

export const customerCardQuery = z.object({
  merchantId: z.preprocess((v) => (v === '' ? undefined : v), dbId.optional()),
});
export const customerCardRow = cardRow
  .pick({
    id: true,
    cardNo: true,
    shopId: true,
    shopName: true,
    kind: true,
    name: true,
    goodsName: true,
    specName: true,
    totalVisits: true,
    remainingVisits: true,
    status: true,
    expiresAt: true,
    soldAt: true,
  })
  .extend({
    merchantId: z.number().int(),
    /** Spendable value (cash + bonus) of a 储值卡; 0 for a 次卡. */
    balance: z.number().int(),
    goodsId: z.number().int().nullable(),
    specId: z.number().int().nullable(),
  });
export type CustomerCardRow = z.infer<typeof customerCardRow>;
export const customerBuyCardBody = z.object({ productId: dbId });
export const customerPayWithCardBody = z.object({ id: dbId, cardId: dbId });
export const customerCardProductQuery = z.object({ shopId: dbId });
