import { ORDER_STATUS } from '@jz/contracts/order';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import './card.tables.ts';
import '../finance/finance.tables.ts';
import '../order/order.tables.ts';
import { CARD_SETTLEMENT_BASE } from './card-money.ts';

/**
 * The invariants of prepaid cards (docs/ledger.md "预收: prepaid cards"), read-only; finance's checkInvariants
 * (`npm run finance:check`) adds these problems to its own:
 * - each card's balances (visits, cash, bonus) = the sum of its movements, none negative, one sale of its price;
 * - recognised revenue (cash of served redemptions + expired cash + refund fees) ≤ the cash received;
 * - a card-paid order's settlement is on the card's cash it used (online) or 0 (offline): never on a bonus;
 * - a settlement of card revenue without an order (cardSettlementOrderId) is of an online card's expire/refund row and
 *   its amount; a cancelled card-paid order was given back (restore).
 */
export async function checkCardInvariants(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const cards = await db.selectFrom('card').selectAll().orderBy('id').execute();
  if (!cards.length) return problems;
  const moves = await db.selectFrom('cardMovement').selectAll().orderBy('id').execute();
  const byCard = new Map<number, typeof moves>();
  for (const m of moves) byCard.set(m.cardId, [...(byCard.get(m.cardId) ?? []), m]);
  const orderIds = [...new Set(moves.filter((m) => m.orderId !== null).map((m) => m.orderId as number))];
  const orders = orderIds.length
    ? await db.selectFrom('serviceOrder').select(['id', 'status']).where('id', 'in', orderIds).execute()
    : [];
  const statusOf = new Map(orders.map((o) => [o.id, o.status]));
  const restored = new Set(moves.filter((m) => m.kind === 'restore').map((m) => m.orderId));
  const served = (s: number | undefined) => s === ORDER_STATUS.DONE || s === ORDER_STATUS.REVIEWED;

  for (const c of cards) {
    const n = `卡 ${c.cardNo} (#${c.id}, 商家 ${c.merchantId})`;
    const ms = byCard.get(c.id) ?? [];
    const sum = (k: 'visitsDelta' | 'cashDelta' | 'bonusDelta') => ms.reduce((s, m) => s + Number(m[k]), 0);
    if (sum('visitsDelta') !== c.remainingVisits)
      problems.push(`${n}: 剩余次数 ${c.remainingVisits} ≠ 流水合计 ${sum('visitsDelta')}`);
    if (sum('cashDelta') !== Number(c.cashBalance))
      problems.push(`${n}: 预收余额 ${c.cashBalance} ≠ 流水合计 ${sum('cashDelta')}`);
    if (sum('bonusDelta') !== Number(c.bonusBalance))
      problems.push(`${n}: 赠送余额 ${c.bonusBalance} ≠ 流水合计 ${sum('bonusDelta')}`);
    if (c.remainingVisits < 0 || Number(c.cashBalance) < 0 || Number(c.bonusBalance) < 0)
      problems.push(`${n}: 余额为负`);
    const sales = ms.filter((m) => m.kind === 'sale');
    if (sales.length !== 1 || Number(sales[0].money) !== Number(c.pricePaid))
      problems.push(`${n}: 售卡流水应为一条 ${c.pricePaid}，实为 ${sales.map((s) => s.money).join(',') || '无'}`);
    for (const m of ms) if (m.merchantId !== c.merchantId) problems.push(`${n}: 流水 #${m.id} 属于其他商家`);
    const received = ms.reduce((s, m) => s + Math.max(Number(m.money), 0), 0);
    const recognised =
      ms.reduce((s, m) => s + Number(m.revenue), 0) +
      ms
        .filter((m) => m.kind === 'redeem' && !restored.has(m.orderId) && served(statusOf.get(m.orderId as number)))
        .reduce((s, m) => s - Number(m.cashDelta), 0);
    if (recognised > received) problems.push(`${n}: 已确认收入 ${recognised} 超过收款 ${received}`);
    for (const m of ms.filter((x) => x.kind === 'redeem' && x.orderId !== null))
      if (statusOf.get(m.orderId as number) === ORDER_STATUS.CANCELLED && !restored.has(m.orderId))
        problems.push(`${n}: 订单 ${m.orderNo} 已取消但未退回卡内`);
  }

  // Settlements: of card-paid orders, and of card revenue without an order.
  const redeems = moves.filter((m) => m.kind === 'redeem' && m.orderId !== null && !restored.has(m.orderId));
  const cardById = new Map(cards.map((c) => [c.id, c]));
  const settledOrders = redeems.length
    ? await db
        .selectFrom('financeSettlement')
        .select(['orderId', 'orderAmount'])
        .where(
          'orderId',
          'in',
          redeems.map((r) => r.orderId as number),
        )
        .execute()
    : [];
  const settledBy = new Map(settledOrders.map((s) => [s.orderId, Number(s.orderAmount)]));
  for (const r of redeems) {
    const s = settledBy.get(r.orderId as number);
    if (s === undefined) continue;
    const c = cardById.get(r.cardId);
    const want = c?.payMethod === 'online' ? -Number(r.cashDelta) : 0;
    if (s !== want) problems.push(`订单 ${r.orderNo}: 用卡支付的结算基数 ${s} ≠ 卡内本金 ${want}（赠送金额不结算）`);
  }
  const cardSettlements = await db
    .selectFrom('financeSettlement')
    .select(['id', 'orderId', 'orderAmount', 'merchantId'])
    .where('orderId', '<=', -CARD_SETTLEMENT_BASE)
    .execute();
  const moveById = new Map(moves.map((m) => [m.id, m]));
  for (const s of cardSettlements) {
    const m = moveById.get(-s.orderId - CARD_SETTLEMENT_BASE);
    const c = m && cardById.get(m.cardId);
    if (!m || !c || c.payMethod !== 'online' || !['expire', 'refund'].includes(m.kind) || c.merchantId !== s.merchantId)
      problems.push(`结算 #${s.id}: 找不到对应的在线售卡收入流水 #${-s.orderId - CARD_SETTLEMENT_BASE}`);
    else if (Number(m.revenue) !== Number(s.orderAmount))
      problems.push(`结算 #${s.id}: 金额 ${s.orderAmount} ≠ 卡流水确认收入 ${m.revenue}`);
  }
  return problems;
}
