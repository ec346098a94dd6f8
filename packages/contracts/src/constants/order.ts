// The schema-free part of order.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
import type { OrderCardPayment } from '../order.ts';
import { CARD_KINDS } from './card.ts';

/**
 * Orders (docs/decisions.md#orders): the state machine. 10 待付款 -> 20 待接单 -> 30 待服务 -> 40 服务中 -> 50 已完成 -> 60 已评价;
 * 70 已取消 from 10 (unpaid timeout), 20 and 30 (merchant cancel, with refund). Dictionary `order_status`.
 */
export const ORDER_STATUS = {
  UNPAID: 10,
  WAITING: 20,
  TO_SERVE: 30,
  SERVING: 40,
  DONE: 50,
  REVIEWED: 60,
  CANCELLED: 70,
} as const;
export const ORDER_STATUSES = [10, 20, 30, 40, 50, 60, 70] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_NAME: Record<OrderStatus, string> = {
  10: '待付款',
  20: '待接单',
  30: '待服务',
  40: '服务中',
  50: '已完成',
  60: '已评价',
  70: '已取消',
};

/** 0 无 / 1 退款中 / 2 已退款 / 3 退款失败 (dictionary `order_refund_status`). */
export const REFUND_STATUS = { NONE: 0, PENDING: 1, DONE: 2, FAILED: 3 } as const;

/** An unpaid order is cancelled by the job after this long. */
export const UNPAID_TIMEOUT_MINUTES = 30;
/** Wrong verification codes a merchant may enter per window before shangjiaYanquan refuses. */
export const VERIFY_LIMIT = { maxFailures: 10, windowMinutes: 10 } as const;
/** '次卡：日常保洁 10 次卡（第 2 次 / 共 10 次）', '储值卡：充 1000 送 100' (the drawer, the list, the export). */
export function cardPaymentLabel(p: OrderCardPayment) {
  const kind = CARD_KINDS[p.kind];
  return p.kind === 'times' && p.visitNo !== null && p.totalVisits !== null
    ? `${kind}：${p.cardName}（第 ${p.visitNo} 次 / 共 ${p.totalVisits} 次）`
    : `${kind}：${p.cardName}`;
}

/**
 * What a paid order brought in (fen): the card cash for a card-paid order (never its list price nor a bonus, as
 * 运营数据 counts it), else the amount paid.
 */
export const paidCash = (o: { payAmount: number; cardPayment?: OrderCardPayment | null }) =>
  o.cardPayment ? o.cardPayment.cash : o.payAmount;
