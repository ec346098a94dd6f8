// The schema-free part of card.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
/**
 * Prepaid cards (卡项 / 售卡; docs/ledger.md "预收: prepaid cards"). Money is integer fen. A 次卡 ('times')
 * is N visits of a goods item (or of one of its specifications); a 储值卡 ('value') is stored value with an optional
 * bonus (充 1000 送 100).
 */
export const CARD_KINDS = { times: '次卡', value: '储值卡' } as const;
export type CardKind = keyof typeof CARD_KINDS;
/** How a refund of the unused part is charged: nothing, a percentage of it, or a fixed amount (fen). */
export const REFUND_FEE_TYPES = { none: '不收手续费', percent: '按比例', fixed: '固定金额' } as const;
export type RefundFeeType = keyof typeof REFUND_FEE_TYPES;

/** A sold card: 1 有效 / 2 已退卡 / 3 已过期 (a 次卡 with no visit left stays 有效: a cancelled order gives one back). */
export const CARD_STATUS = { ACTIVE: 1, REFUNDED: 2, EXPIRED: 3 } as const;
export const CARD_STATUS_NAME: Record<number, string> = { 1: '有效', 2: '已退卡', 3: '已过期' };

export const CARD_MOVEMENT_KINDS = {
  sale: '售卡',
  redeem: '核销',
  restore: '退回',
  refund: '退卡',
  expire: '过期',
} as const;
export type CardMovementKind = keyof typeof CARD_MOVEMENT_KINDS;

/** Offline payment channels (线下收款); 'online' is the customer's payment through the payment provider. */
export const OFFLINE_CHANNELS = ['现金', '微信转账', '支付宝转账', '银行转账', 'POS刷卡', '其他'] as const;
export const ONLINE_CHANNEL = '在线支付';
