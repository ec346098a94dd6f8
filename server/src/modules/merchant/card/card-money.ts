import { CARD_STATUS, type CardMovementKind, type RefundFeeType } from '@jz/contracts/card';
import type { Selectable } from 'kysely';
import type { DB, Trx } from '../../../db/client.ts';
import { isPg } from '../../../db/migration-kit.ts';
import { business } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import { createSettlement } from '../finance/settlement.service.ts';
import type { CardTable } from './card.tables.ts';
import './card.tables.ts';

/**
 * The money of prepaid cards (docs/ledger.md "预收: prepaid cards"). Every change of a card's balances is ONE
 * conditional UPDATE of the card (its guard re-checked under PostgreSQL's row lock, SQLite's writer lock) plus ONE
 * append-only card_movement row, in the caller's transaction, so the sum of a card's movements is its balances.
 */

export type CardRowDb = Selectable<CardTable>;
export interface Author {
  type: 'merchant' | 'customer' | 'system' | 'staff';
  id: number | null;
  name: string;
}

export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** payNo of an order paid with a card: the order's refund gives the card back instead of calling the provider. */
export const CARD_PAY_PREFIX = 'CARD-';
export const isCardPayNo = (payNo: string | null | undefined) => !!payNo?.startsWith(CARD_PAY_PREFIX);

/** The card, locked for the rest of the transaction on PostgreSQL (SQLite serialises writing transactions). */
export async function lockCard(trx: Trx, id: number, merchantId?: number) {
  let q = trx.selectFrom('card').selectAll().where('id', '=', id);
  if (merchantId !== undefined) q = q.where('merchantId', '=', merchantId);
  if (isPg(trx)) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function writeMovement(
  trx: Trx,
  card: Pick<CardRowDb, 'id' | 'merchantId' | 'shopId'>,
  m: {
    kind: CardMovementKind;
    visits?: number;
    cash?: number;
    bonus?: number;
    money?: number;
    revenue?: number;
    orderId?: number | null;
    orderNo?: string | null;
    author: Author;
    remark?: string | null;
    at?: string;
  },
) {
  const row = await trx
    .insertInto('cardMovement')
    .values({
      merchantId: card.merchantId,
      shopId: card.shopId,
      cardId: card.id,
      kind: m.kind,
      visitsDelta: m.visits ?? 0,
      cashDelta: m.cash ?? 0,
      bonusDelta: m.bonus ?? 0,
      money: m.money ?? 0,
      revenue: m.revenue ?? 0,
      orderId: m.orderId ?? null,
      orderNo: m.orderNo ?? null,
      authorType: m.author.type,
      authorId: m.author.id,
      authorName: m.author.name,
      remark: m.remark ?? null,
      createdAt: m.at ?? nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Moves a card's balances by the deltas with one conditional UPDATE: it applies only while the card is active and
 * still holds what the caller read (`remaining_visits >= n`, `cash_balance >= c`, `bonus_balance >= b`, and the cash
 * it read, so the split stays right). The row count decides: a concurrent redemption of the last visit or yuan
 * finds the guard false and is refused, never overdraws.
 */
export async function moveCard(
  trx: Trx,
  c: CardRowDb,
  d: { visits: number; cash: number; bonus: number },
  opts: { status?: number; close?: { reason: string; refundAmount?: number; refundFee?: number }; at?: string } = {},
) {
  const at = opts.at ?? nowIso();
  let q = trx
    .updateTable('card')
    .set((eb) => ({
      remainingVisits: eb('remainingVisits', '+', d.visits),
      cashBalance: eb('cashBalance', '+', d.cash),
      bonusBalance: eb('bonusBalance', '+', d.bonus),
      ...(opts.status !== undefined ? { status: opts.status } : {}),
      ...(opts.close
        ? {
            closedAt: at,
            closeReason: opts.close.reason,
            refundAmount: opts.close.refundAmount ?? null,
            refundFee: opts.close.refundFee ?? null,
          }
        : {}),
      updatedAt: at,
    }))
    .where('id', '=', c.id)
    .where('status', '=', CARD_STATUS.ACTIVE)
    .where('cashBalance', '=', c.cashBalance);
  if (d.visits < 0) q = q.where('remainingVisits', '>=', -d.visits);
  if (d.cash < 0) q = q.where('cashBalance', '>=', -d.cash);
  if (d.bonus < 0) q = q.where('bonusBalance', '>=', -d.bonus);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A 次卡's cash per visit: price / N, the remainder on the last visit (so N visits sum to the price exactly). */
export function visitCash(c: Pick<CardRowDb, 'remainingVisits' | 'cashBalance' | 'pricePaid' | 'totalVisits'>) {
  if (c.remainingVisits <= 1) return Number(c.cashBalance);
  return Math.min(Math.floor(Number(c.pricePaid) / c.totalVisits), Number(c.cashBalance));
}

/** 储值卡: the order amount, cash first, then bonus (docs/ledger.md: the bonus is a gift, spent last). */
export function valueSplit(c: Pick<CardRowDb, 'cashBalance' | 'bonusBalance'>, amount: number) {
  const cash = Math.min(Number(c.cashBalance), amount);
  return { cash, bonus: amount - cash };
}

/** The fee a refund of `unused` fen keeps under the card's terms (never more than the unused cash). */
export function refundFeeOf(t: { refundFeeType: RefundFeeType; refundFeeValue: number }, unused: number) {
  const fee =
    t.refundFeeType === 'percent'
      ? Math.round((unused * Number(t.refundFeeValue)) / 100)
      : t.refundFeeType === 'fixed'
        ? Number(t.refundFeeValue)
        : 0;
  return Math.min(Math.max(fee, 0), unused);
}

/**
 * Settlements of card revenue without an order are keyed by order id −(CARD_SETTLEMENT_BASE + movement id): never a
 * real order's (positive) nor the demo seed's history (−(merchant × 1000 + n)).
 */
export const CARD_SETTLEMENT_BASE = 1_000_000_000;
export const cardSettlementOrderId = (movementId: number) => -(CARD_SETTLEMENT_BASE + movementId);

/**
 * The merchant's share of card revenue that is not a served order (an online card's expired cash, a refund's fee):
 * the platform holds that cash, so it is settled like an order (createSettlement: commission, frozen T+N). The
 * settlement has no order: it is keyed by the movement (cardSettlementOrderId) and carries
 * the card number as its number. Offline cards settle nothing: their cash is with the merchant already.
 */
export async function settleCardRevenue(trx: Trx, c: CardRowDb, movementId: number, amount: number, at: string) {
  if (c.payMethod !== 'online' || amount <= 0) return;
  await createSettlement(
    trx,
    {
      merchantId: c.merchantId,
      shopId: c.shopId,
      orderId: cardSettlementOrderId(movementId),
      orderNo: c.cardNo,
      amount,
      completedAt: at,
    },
    { now: at },
  );
}

/**
 * Closes an active card whose validity ended: the unused cash becomes the merchant's revenue (an `expire` movement;
 * settled when paid online), the bonus and visits lapse. One conditional update per card, so two instances expire a
 * card once. Answers how many it expired.
 */
export async function expireDue(db: DB, now = nowIso(), limit = 200) {
  const due = await db
    .selectFrom('card')
    .select('id')
    .where('status', '=', CARD_STATUS.ACTIVE)
    .where('expiresAt', '<=', now)
    .orderBy('expiresAt')
    .limit(limit)
    .execute();
  let n = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const c = await lockCard(trx, id);
      if (!c || c.status !== CARD_STATUS.ACTIVE || c.expiresAt > now) return false;
      const d = { visits: -c.remainingVisits, cash: -Number(c.cashBalance), bonus: -Number(c.bonusBalance) };
      const moved = await moveCard(trx, c, d, {
        status: CARD_STATUS.EXPIRED,
        close: { reason: '有效期届满' },
        at: now,
      });
      if (!moved) return false;
      const unused = Number(c.cashBalance);
      const mid = await writeMovement(trx, c, {
        kind: 'expire',
        ...d,
        revenue: unused,
        author: { type: 'system', id: null, name: '系统' },
        remark: `有效期届满：未使用 ${yuan(unused)} 元转为收入${c.kind === 'times' ? `，剩余 ${c.remainingVisits} 次作废` : ''}${Number(c.bonusBalance) ? `，赠送余额 ${yuan(Number(c.bonusBalance))} 元作废` : ''}`,
        at: now,
      });
      await settleCardRevenue(trx, c, mid, unused, now);
      return true;
    });
    if (done) n++;
  }
  return n;
}

/**
 * 退卡: the unused cash less the terms' fee goes back to the customer (online: through the payment provider by the
 * caller after commit; offline: the merchant pays it back by hand, the record says so); the fee is the merchant's
 * revenue; visits and bonus lapse. `expected` is the amount the console showed: a card changed meanwhile is refused.
 */
export async function refundInTx(trx: Trx, c: CardRowDb, reason: string, expected: number, author: Author) {
  if (c.status !== CARD_STATUS.ACTIVE) throw business('该卡已退卡或已过期');
  const unused = Number(c.cashBalance);
  const fee = refundFeeOf(c, unused);
  const amount = unused - fee;
  if (amount !== expected) throw business('卡的余额已变动，请刷新后重试');
  const d = { visits: -c.remainingVisits, cash: -unused, bonus: -Number(c.bonusBalance) };
  const at = nowIso();
  const moved = await moveCard(trx, c, d, {
    status: CARD_STATUS.REFUNDED,
    close: { reason, refundAmount: amount, refundFee: fee },
    at,
  });
  if (!moved) throw business('卡的余额已变动，请刷新后重试');
  const mid = await writeMovement(trx, c, {
    kind: 'refund',
    ...d,
    money: -amount,
    revenue: fee,
    author,
    remark: `退卡：退还 ${yuan(amount)} 元${fee ? `（扣除手续费 ${yuan(fee)} 元）` : ''}；原因：${reason}`,
    at,
  });
  await settleCardRevenue(trx, c, mid, fee, at);
  return { refundAmount: amount, fee };
}
