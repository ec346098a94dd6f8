import { CARD_STATUS } from '@jz/contracts/card';
import type { DB, Trx } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import { type Author, lockCard, moveCard, settleCardRevenue, writeMovement, yuan } from './card-money.ts';
import './card.tables.ts';

/**
 * What the order state machine asks of cards (order-transition.service.ts): how much of a card-paid order is settled,
 * and giving a cancelled order's visit or value back. This file imports nothing of the order module, so the order
 * module may import it (the card module's paying with a card, card-pay.service.ts, imports the order module).
 */

export { isCardPayNo } from './card-money.ts';

/** The order's redemption, if it was paid with a card and not given back. */
async function redemptionOf(db: DB | Trx, orderId: number) {
  const rows = await db
    .selectFrom('cardMovement')
    .selectAll()
    .where('orderId', '=', orderId)
    .where('kind', 'in', ['redeem', 'restore'])
    .execute();
  const redeem = rows.find((r) => r.kind === 'redeem');
  if (!redeem || rows.some((r) => r.kind === 'restore')) return undefined;
  return redeem;
}

/**
 * The amount a card-paid order is settled on when served (undefined: not card-paid, settle the order's payAmount):
 * the cash the redemption used when the card was paid online (the platform holds that cash); 0 for a card paid
 * offline (the merchant has the cash already). A 储值卡's bonus part is never settled.
 */
export async function cardSettlementAmount(trx: DB | Trx, orderId: number): Promise<number | undefined> {
  return (await cardSettlementOf(trx, orderId))?.amount;
}

/**
 * cardSettlementAmount with why: `offline` (settled 0: the merchant took the card's money at the sale) and `cash`, the
 * card cash the visit recognises as revenue either way.
 */
export async function cardSettlementOf(trx: DB | Trx, orderId: number) {
  const r = await redemptionOf(trx, orderId);
  if (!r) return undefined;
  const c = await trx.selectFrom('card').select('payMethod').where('id', '=', r.cardId).executeTakeFirstOrThrow();
  const cash = -Number(r.cashDelta);
  return { amount: c.payMethod === 'online' ? cash : 0, offline: c.payMethod === 'offline', cash };
}

/**
 * A cancelled card-paid order gives its visit or value back (`restore`), in the cancellation's transaction. A card
 * closed meanwhile (expired or refunded) takes it back and closes it again in the same step: an expired card's
 * restored cash becomes revenue (`expire`), a refunded card's is owed to the customer (`refund`, paid back by the
 * merchant; docs/ledger.md). Answers whether the order was card-paid.
 */
export async function restoreCardOfOrder(trx: Trx, order: { id: number; orderNo: string }, author: Author) {
  const r = await redemptionOf(trx, order.id);
  if (!r) return false;
  const c = await lockCard(trx, r.cardId);
  if (!c) return false;
  const d = { visits: -r.visitsDelta, cash: -Number(r.cashDelta), bonus: -Number(r.bonusDelta) };
  const at = nowIso();
  const what = c.kind === 'times' ? `${d.visits} 次` : `${yuan(d.cash + d.bonus)} 元`;
  if (c.status === CARD_STATUS.ACTIVE) {
    const moved = await moveCard(trx, c, d, { at });
    if (!moved) throw new Error(`card ${c.id} changed under its lock`);
    await writeMovement(trx, c, {
      kind: 'restore',
      ...d,
      orderId: order.id,
      orderNo: order.orderNo,
      author,
      remark: `订单 ${order.orderNo} 取消，退回 ${what}`,
      at,
    });
    return true;
  }
  // Closed: the movements net to zero, the card's balances stay at zero.
  await writeMovement(trx, c, {
    kind: 'restore',
    ...d,
    orderId: order.id,
    orderNo: order.orderNo,
    author,
    remark: `订单 ${order.orderNo} 取消，退回 ${what}（卡已${c.status === CARD_STATUS.EXPIRED ? '过期' : '退卡'}）`,
    at,
  });
  const back = { visits: -d.visits, cash: -d.cash, bonus: -d.bonus };
  if (c.status === CARD_STATUS.EXPIRED) {
    const mid = await writeMovement(trx, c, {
      kind: 'expire',
      ...back,
      revenue: d.cash,
      author: { type: 'system', id: null, name: '系统' },
      remark: `卡已过期：退回的 ${yuan(d.cash)} 元转为收入`,
      at,
    });
    await settleCardRevenue(trx, c, mid, d.cash, at);
  } else {
    await writeMovement(trx, c, {
      kind: 'refund',
      ...back,
      money: -d.cash,
      author: { type: 'system', id: null, name: '系统' },
      remark: `卡已退卡：退回的 ${yuan(d.cash)} 元应退还客户`,
      at,
    });
  }
  return true;
}
