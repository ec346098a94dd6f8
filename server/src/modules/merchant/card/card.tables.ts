import type { CardKind, CardMovementKind, RefundFeeType } from '@jz/contracts/card';
import type { Generated } from 'kysely';

/** Card products (卡项, migration 2010): what a merchant sells. */
export interface CardProductTable {
  id: Generated<number>;
  merchantId: number;
  shopId: number;
  kind: CardKind;
  name: string;
  goodsId: number | null;
  specId: number | null;
  visits: number | null;
  /** fen: a 次卡's price; a 储值卡's cash charged. */
  price: number;
  /** fen: a 储值卡's bonus (赠送), 0 for a 次卡. */
  bonus: Generated<number>;
  validityDays: number;
  refundFeeType: RefundFeeType;
  refundFeeValue: number;
  /** 1 在售 / 0 停售 */
  onSale: Generated<number>;
  description: string | null;
  createdBy: number | null;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A sold card: the product's terms as sold, and what is left (docs/ledger.md "预收: prepaid cards"). */
export interface CardTable {
  id: Generated<number>;
  cardNo: string;
  merchantId: number;
  shopId: number;
  productId: number;
  clientId: number;
  customerId: number | null;
  kind: CardKind;
  name: string;
  goodsId: number | null;
  goodsName: string | null;
  specId: number | null;
  specName: string | null;
  totalVisits: number;
  remainingVisits: number;
  /** fen: the cash the customer paid. */
  pricePaid: number;
  bonusTotal: number;
  /** fen: cash not yet recognised (预收): price paid − redeemed cash − expired − refunded. */
  cashBalance: number;
  bonusBalance: number;
  validityDays: number;
  refundFeeType: RefundFeeType;
  refundFeeValue: number;
  /** CARD_STATUS: 1 有效 / 2 已退卡 / 3 已过期 */
  status: number;
  payMethod: 'online' | 'offline';
  payChannel: string;
  payNo: string | null;
  soldByType: 'merchant' | 'customer';
  soldById: number | null;
  soldByName: string;
  soldAt: string;
  expiresAt: string;
  closedAt: string | null;
  closeReason: string | null;
  refundAmount: number | null;
  refundFee: number | null;
  remark: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Append-only: every change of a card's balances. */
export interface CardMovementTable {
  id: Generated<number>;
  merchantId: number;
  shopId: number;
  cardId: number;
  kind: CardMovementKind;
  visitsDelta: number;
  cashDelta: number;
  bonusDelta: number;
  /** The customer's money: + paid for the card, − paid back. */
  money: number;
  /** Revenue recognised by this row itself (expire, refund fee); redemptions are recognised when served. */
  revenue: number;
  orderId: number | null;
  orderNo: string | null;
  authorType: 'merchant' | 'customer' | 'system' | 'staff';
  authorId: number | null;
  authorName: string;
  remark: string | null;
  createdAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    cardProduct: CardProductTable;
    card: CardTable;
    cardMovement: CardMovementTable;
  }
}
