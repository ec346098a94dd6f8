import { CARD_STATUS, ONLINE_CHANNEL } from '@jz/contracts/card';
import { ORDER_STATUS } from '@jz/contracts/order';
import { randomBytes } from 'node:crypto';
import type { DB, Trx } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { dayjs, nowIso } from '../../../lib/time.ts';
import { autoAccept } from '../order/order-transition.service.ts';
import { type Actor, apply, inTransition, loadOrder, notify, statusName } from '../order/order-transition.steps.ts';
import { paymentProvider } from '../order/payment.ts';
import { assertOrderHasPlace } from '../scheduling/booking.ts';
import { recordFromOrder } from '../client/client.service.ts';
import {
  type Author,
  CARD_PAY_PREFIX,
  lockCard,
  moveCard,
  refundInTx,
  valueSplit,
  visitCash,
  writeMovement,
  yuan,
} from './card-money.ts';
import type { CardProductTable } from './card.tables.ts';
import type { Selectable } from 'kysely';
import './card.tables.ts';
import '../client/client.tables.ts';
import '../goods/goods.tables.ts';
import '../goods/goods-spec.tables.ts';

/**
 * Selling cards, paying orders with them and refunding them (docs/ledger.md "预收: prepaid cards"). What other modules
 * use: `payOrderWithCard` (the customer API; 周期服务 pays its visits through it) and `expireDue` (card-money.ts).
 */

export { expireDue } from './card-money.ts';

type Product = Selectable<CardProductTable>;

const cardNo = () =>
  `KA${dayjs().tz('Asia/Shanghai').format('YYYYMMDDHHmmss')}${randomBytes(3).toString('hex').toUpperCase()}`;

/** The card a product makes for a client: the product's terms snapshotted, its balances full, valid N days. */
async function insertCard(
  trx: Trx,
  p: Product,
  holder: { clientId: number; customerId: number | null },
  pay: { method: 'online' | 'offline'; channel: string; payNo: string | null; by: Author; remark?: string | null },
) {
  const goods = p.goodsId
    ? await trx.selectFrom('goods').select('name').where('id', '=', p.goodsId).executeTakeFirst()
    : undefined;
  const spec = p.specId
    ? await trx.selectFrom('goodsSpec').select('name').where('id', '=', p.specId).executeTakeFirst()
    : undefined;
  const now = nowIso();
  const visits = p.kind === 'times' ? (p.visits ?? 1) : 0;
  const bonus = p.kind === 'value' ? Number(p.bonus) : 0;
  const price = Number(p.price);
  const row = await trx
    .insertInto('card')
    .values({
      cardNo: cardNo(),
      merchantId: p.merchantId,
      shopId: p.shopId,
      productId: p.id,
      clientId: holder.clientId,
      customerId: holder.customerId,
      kind: p.kind,
      name: p.name,
      goodsId: p.goodsId,
      goodsName: goods?.name ?? null,
      specId: p.specId,
      specName: spec?.name ?? null,
      totalVisits: visits,
      remainingVisits: visits,
      pricePaid: price,
      bonusTotal: bonus,
      cashBalance: price,
      bonusBalance: bonus,
      validityDays: p.validityDays,
      refundFeeType: p.refundFeeType,
      refundFeeValue: Number(p.refundFeeValue),
      status: CARD_STATUS.ACTIVE,
      payMethod: pay.method,
      payChannel: pay.channel,
      payNo: pay.payNo,
      soldByType: pay.by.type === 'customer' ? 'customer' : 'merchant',
      soldById: pay.by.id,
      soldByName: pay.by.name,
      soldAt: now,
      // N Shanghai days = N × 24 h (no daylight saving there), independent of the server's zone.
      expiresAt: new Date(Date.parse(now) + p.validityDays * 86_400_000).toISOString(),
      closedAt: null,
      closeReason: null,
      refundAmount: null,
      refundFee: null,
      remark: pay.remark ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeMovement(trx, row, {
    kind: 'sale',
    visits,
    cash: price,
    bonus,
    money: price,
    author: pay.by,
    remark:
      pay.method === 'online'
        ? `在线支付 ${yuan(price)} 元，支付单号 ${pay.payNo}`
        : `线下收款 ${yuan(price)} 元（${pay.channel}），收款人 ${pay.by.name}`,
    at: now,
  });
  return row;
}

/** 售卡 with the money taken offline (cash, a transfer…): who took it (the signed-in user) and how are recorded. */
export async function sellOffline(
  db: DB,
  p: Product,
  client: { id: number; customerId: number | null },
  pay: { channel: string; remark?: string | null },
  by: Author,
) {
  return db
    .transaction()
    .execute(async (trx) =>
      insertCard(
        trx,
        p,
        { clientId: client.id, customerId: client.customerId },
        { method: 'offline', channel: pay.channel, payNo: null, by, remark: pay.remark },
      ),
    );
}

/**
 * The customer buys a card through the payment provider: charged first; the card is written in one transaction
 * after it (a failure there refunds the charge, as an order's payment does).
 */
export async function buyOnline(
  db: DB,
  p: Product,
  client: { id: number },
  customer: { id: number; nickname: string },
) {
  const { payNo } = await paymentProvider().charge({
    orderNo: `card-${p.id}-${customer.id}`,
    amount: Number(p.price),
    payer: String(customer.id),
  });
  try {
    return await db.transaction().execute((trx) =>
      insertCard(
        trx,
        p,
        { clientId: client.id, customerId: customer.id },
        {
          method: 'online',
          channel: ONLINE_CHANNEL,
          payNo,
          by: { type: 'customer', id: customer.id, name: customer.nickname },
        },
      ),
    );
  } catch (err) {
    await paymentProvider()
      .refund({ orderNo: `card-${p.id}-${customer.id}`, payNo, amount: Number(p.price) })
      .catch(() => {});
    throw err;
  }
}

/** Why a card cannot pay this order, or null. */
function refusal(
  c: NonNullable<Awaited<ReturnType<typeof lockCard>>>,
  o: { goodsId: number; specId: number | null; payAmount: number },
  now: string,
) {
  if (c.status === CARD_STATUS.REFUNDED) return '该卡已退卡';
  if (c.status === CARD_STATUS.EXPIRED || c.expiresAt <= now) return '该卡已过期';
  if (c.kind === 'times') {
    if (c.goodsId !== o.goodsId) return `该次卡只能用于「${c.goodsName ?? '指定商品'}」`;
    if (c.specId && c.specId !== o.specId) return `该次卡只能用于规格「${c.specName ?? '指定规格'}」`;
    if (c.remainingVisits < 1) return '该次卡剩余次数不足';
  } else if (Number(c.cashBalance) + Number(c.bonusBalance) < o.payAmount) {
    return `储值卡余额不足（余额 ${yuan(Number(c.cashBalance) + Number(c.bonusBalance))} 元，订单 ${yuan(o.payAmount)} 元）`;
  }
  return null;
}

/**
 * Pays an unpaid order (10 → 20) with a card of its customer at the same merchant: a 次卡 of the order's goods (and
 * specification) redeems one visit (price / N of cash, the remainder on the last visit); a 储值卡 the order amount,
 * cash first, then bonus. The card's conditional update, the `redeem` movement and the order's transition are one
 * transaction: of concurrent payments with the last visit or yuan exactly one wins, the others get 2004.
 *
 * `who`: the customer paying (customer API), or a merchant scope (周期服务 paying its visits from the client's card).
 */
export async function payOrderWithCard(
  db: DB,
  who: { customerId: number } | { merchantId: number; allowedShopIds: number[] | null },
  orderId: number,
  cardId: number,
  actor: Actor,
) {
  const o = await loadOrder(db, orderId, who);
  if (o.status !== ORDER_STATUS.UNPAID) throw business(`订单当前状态为「${statusName(o.status)}」，不能支付`);
  await assertOrderHasPlace(db, o, false);
  const payNo = await inTransition(db, async (trx) => {
    await assertOrderHasPlace(trx, o, true);
    const c = await lockCard(trx, cardId, o.merchantId);
    // Another customer's card (or another merchant's) is not found. A card sold offline to a record made by hand has
    // no account; it is the customer's once the record is linked to the account (recordFromOrder by the phone).
    const linked =
      c && c.customerId === null
        ? (await trx.selectFrom('client').select('customerId').where('id', '=', c.clientId).executeTakeFirst())
            ?.customerId
        : undefined;
    const holder =
      c &&
      (c.customerId === o.customerId || linked === o.customerId || (o.clientId !== null && c.clientId === o.clientId));
    if (!c || !holder) throw notFound('卡不存在');
    const now = nowIso();
    const why = refusal(c, o, now);
    if (why) throw business(why);
    const d =
      c.kind === 'times'
        ? { visits: -1, cash: -visitCash(c), bonus: 0 }
        : (() => {
            const s = valueSplit(c, o.payAmount);
            return { visits: 0, cash: -s.cash, bonus: -s.bonus };
          })();
    if (!(await moveCard(trx, c, d, { at: now }))) throw business('卡的剩余次数或余额不足');
    const used =
      c.kind === 'times'
        ? `次卡扣 1 次（剩余 ${c.remainingVisits - 1} 次）`
        : `储值卡扣 ${yuan(o.payAmount)} 元（本金 ${yuan(-d.cash)} 元，赠送 ${yuan(-d.bonus)} 元）`;
    const mid = await writeMovement(trx, c, {
      kind: 'redeem',
      ...d,
      orderId: o.id,
      orderNo: o.orderNo,
      author: actor,
      remark: `订单 ${o.orderNo} ${used}`,
      at: now,
    });
    const payNo = `${CARD_PAY_PREFIX}${c.cardNo}-${mid}`;
    await apply(trx, o, actor, {
      from: ORDER_STATUS.UNPAID,
      to: ORDER_STATUS.WAITING,
      set: { payNo, paidAt: now },
      verb: '支付',
      action: '用卡支付',
      remark: `卡号 ${c.cardNo}：${used}`,
      kind: 'new',
      message: {
        title: '新订单',
        content: `订单 ${o.orderNo}（${o.goodsName}）已用卡支付，请及时接单`,
        selfCaused: 'others',
      },
    });
    return payNo;
  });
  await notify(db, o.merchantId);
  // Linked to its 客户档案 like any paid order (markPaid); a failure never undoes the payment.
  await recordFromOrder(db, o.id).catch(() => {});
  await autoAccept(db, o.id).catch(() => {});
  return { id: o.id, payNo };
}

/**
 * 退卡 by the merchant, with a reason: the card's unused cash less the terms' fee goes back. Online: refunded through
 * the payment provider after the commit (the record keeps the amount; a provider failure is reported to the caller).
 */
export async function refundCard(
  db: DB,
  scope: { merchantId: number; allowedShopIds: number[] | null },
  id: number,
  reason: string,
  expected: number,
  by: Author,
) {
  const { card, result } = await db.transaction().execute(async (trx) => {
    const card = await lockCard(trx, id, scope.merchantId);
    if (!card || (scope.allowedShopIds && !scope.allowedShopIds.includes(card.shopId))) throw notFound('卡不存在');
    return { card, result: await refundInTx(trx, card, reason, expected, by) };
  });
  if (card.payMethod === 'online' && result.refundAmount > 0)
    await paymentProvider().refund({ orderNo: card.cardNo, payNo: card.payNo, amount: result.refundAmount });
  return result;
}
