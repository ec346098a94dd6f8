import type { OrderCardPayment } from '@jz/contracts/order';
import { sql } from 'kysely';

/**
 * A card-paid order's card payment, for every order answer (the merchant's order list and detail, the customer's orders,
 * 员工详情): the query left-joins `cardMovement as cm` (the order's redeem: at most one
 * per order, unique index), `card` on cm.cardId and `cardMovement as cr` (its restore), then selects these columns.
 */
export const CARD_PAYMENT_COLUMNS = [
  'cm.cardId as cardId',
  'cm.cashDelta as cardCashDelta',
  'cm.bonusDelta as cardBonusDelta',
  'card.cardNo as cardNo',
  'card.kind as cardKind',
  'card.name as cardName',
  'card.totalVisits as cardTotalVisits',
  'card.payMethod as cardPayMethod',
  'cr.id as cardRestoreId',
] as const;

/**
 * The visits a 次卡 had left right after this redemption (its movements up to it: the sale's N, each redeem −1, each
 * restore +1), so the visit it used is N − that (select it as cardVisitsLeft). One index range per card-paid row.
 */
export const visitsLeftAfter = sql<
  number | null
>`(select sum(m.visits_delta) from card_movement m where m.card_id = ${sql.ref('cm.cardId')} and m.id <= ${sql.ref('cm.id')})`;

export type CardPaymentColumns = {
  cardId: number | null;
  cardCashDelta: number | string | null;
  cardBonusDelta: number | string | null;
  cardNo: string | null;
  cardKind: 'times' | 'value' | null;
  cardName: string | null;
  cardTotalVisits: number | null;
  cardPayMethod: 'online' | 'offline' | null;
  cardRestoreId: number | null;
  cardVisitsLeft: number | string | null;
};

function cardPaymentOf(r: CardPaymentColumns): OrderCardPayment | null {
  if (r.cardId === null || r.cardKind === null) return null;
  const times = r.cardKind === 'times';
  const total = Number(r.cardTotalVisits ?? 0);
  return {
    cardId: r.cardId,
    cardNo: r.cardNo ?? '',
    kind: r.cardKind,
    cardName: r.cardName ?? '',
    visitNo: times ? total - Number(r.cardVisitsLeft ?? 0) : null,
    totalVisits: times ? total : null,
    cash: -Number(r.cardCashDelta ?? 0),
    bonus: -Number(r.cardBonusDelta ?? 0),
    payMethod: r.cardPayMethod ?? 'online',
    restored: r.cardRestoreId !== null,
  };
}

/** The row without the card columns, and its card payment (null when no card paid the order). */
export function splitCardPayment<R extends CardPaymentColumns>(row: R) {
  const {
    cardId,
    cardCashDelta,
    cardBonusDelta,
    cardNo,
    cardKind,
    cardName,
    cardTotalVisits,
    cardPayMethod,
    cardRestoreId,
    cardVisitsLeft,
    ...rest
  } = row;
  const cardPayment = cardPaymentOf({
    cardId,
    cardCashDelta,
    cardBonusDelta,
    cardNo,
    cardKind,
    cardName,
    cardTotalVisits,
    cardPayMethod,
    cardRestoreId,
    cardVisitsLeft,
  });
  return { rest, cardPayment };
}
