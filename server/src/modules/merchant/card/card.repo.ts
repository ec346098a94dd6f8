import {
  CARD_STATUS,
  type CardDetail,
  type CardRow,
  type CardSummary,
  type CustomerCardRow,
  type cardQuery,
} from '@jz/contracts/card';
import { ORDER_STATUS } from '@jz/contracts/order';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { ownRow } from '../../../lib/owned.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { shopsFilter, type Tenant } from '../../../lib/tenant.ts';
import { dayEndIso, dayStartIso } from '../../../lib/time.ts';
import { refundFeeOf } from './card-money.ts';
import './card.tables.ts';
import '../client/client.tables.ts';
import '../shop/shop.tables.ts';
import '../order/order.tables.ts';

type CardFilter = Omit<z.infer<typeof cardQuery>, 'pageNum' | 'pageSize'>;

/** The sold cards of the caller's merchant, inside its shop limit (in the query). */
function base(db: DB, t: Pick<Tenant, 'merchantId' | 'allowedShopIds'>, f: CardFilter = {}) {
  let q = db
    .selectFrom('card as c')
    .innerJoin('shop', 'shop.id', 'c.shopId')
    .innerJoin('client', 'client.id', 'c.clientId')
    .where('c.merchantId', '=', t.merchantId);
  const shops = shopsFilter(t);
  if (shops) q = q.where('c.shopId', 'in', shops);
  if (f.cardNo) q = q.where('c.cardNo', 'like', likeContains(f.cardNo));
  if (f.clientName) q = q.where('client.name', 'like', likeContains(f.clientName));
  if (f.clientId) q = q.where('c.clientId', '=', f.clientId);
  if (f.kind) q = q.where('c.kind', '=', f.kind);
  if (f.status) q = q.where('c.status', '=', f.status);
  if (f.payMethod) q = q.where('c.payMethod', '=', f.payMethod);
  if (f.startDate) q = q.where('c.soldAt', '>=', dayStartIso(f.startDate));
  if (f.endDate) q = q.where('c.soldAt', '<', dayEndIso(f.endDate));
  return q;
}

const COLUMNS = [
  'c.id',
  'c.cardNo',
  'c.shopId',
  'shop.name as shopName',
  'c.productId',
  'c.clientId',
  'client.name as clientName',
  'c.kind',
  'c.name',
  'c.goodsName',
  'c.specName',
  'c.totalVisits',
  'c.remainingVisits',
  'c.pricePaid',
  'c.bonusTotal',
  'c.cashBalance',
  'c.bonusBalance',
  'c.status',
  'c.payMethod',
  'c.payChannel',
  'c.soldByName',
  'c.soldAt',
  'c.expiresAt',
  'c.closedAt',
  'c.closeReason',
  'c.refundAmount',
  'c.refundFee',
  'c.refundFeeType',
  'c.refundFeeValue',
  'c.remark',
] as const;

type Raw = Record<(typeof COLUMNS)[number] extends `${string} as ${infer A}` ? A : never, unknown> &
  Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toRow(
  r: Raw,
): CardRow & { refundFeeType: CardDetail['refundFeeType']; refundFeeValue: number; remark: string | null } {
  const cash = Number(r.cashBalance);
  const active = r.status === CARD_STATUS.ACTIVE;
  const fee = active
    ? refundFeeOf({ refundFeeType: r.refundFeeType as 'none', refundFeeValue: Number(r.refundFeeValue) }, cash)
    : 0;
  return {
    ...(r as unknown as CardRow),
    pricePaid: Number(r.pricePaid),
    bonusTotal: Number(r.bonusTotal),
    cashBalance: cash,
    bonusBalance: Number(r.bonusBalance),
    refundAmount: num(r.refundAmount),
    refundFee: num(r.refundFee),
    refundFeeType: r.refundFeeType as CardDetail['refundFeeType'],
    refundFeeValue: Number(r.refundFeeValue),
    remark: (r.remark as string | null) ?? null,
    refundable: active ? cash - fee : 0,
    refundFeeNow: fee,
  };
}

export async function pageCards(db: DB, t: Tenant, f: z.infer<typeof cardQuery>) {
  await ownRow(db, t, 'client', f.clientId, '客户不存在');
  const page = await paginate(
    base(db, t, f),
    (q) => q.select(COLUMNS).orderBy('c.soldAt', 'desc').orderBy('c.id', 'desc'),
    f,
  );
  return { total: page.total, records: page.records.map((r) => toRow(r as Raw)) };
}

/** Every card of the filters (the export; at most 5000). */
export async function allCards(db: DB, t: Tenant, f: CardFilter) {
  await ownRow(db, t, 'client', f.clientId, '客户不存在');
  const rows = await base(db, t, f)
    .select(COLUMNS)
    .orderBy('c.soldAt', 'desc')
    .orderBy('c.id', 'desc')
    .limit(5000)
    .execute();
  return rows.map((r) => toRow(r as Raw));
}

export async function cardDetail(db: DB, t: Tenant, id: number): Promise<CardDetail> {
  const r = await base(db, t).select(COLUMNS).where('c.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('卡不存在');
  const movements = await db
    .selectFrom('cardMovement')
    .select([
      'id',
      'kind',
      'visitsDelta',
      'cashDelta',
      'bonusDelta',
      'money',
      'revenue',
      'orderId',
      'orderNo',
      'authorName',
      'remark',
      'createdAt',
    ])
    .where('cardId', '=', id)
    .where('merchantId', '=', t.merchantId)
    .orderBy('id', 'desc')
    .execute();
  return {
    ...toRow(r as Raw),
    movements: movements.map((m) => ({
      ...m,
      cashDelta: Number(m.cashDelta),
      bonusDelta: Number(m.bonusDelta),
      money: Number(m.money),
      revenue: Number(m.revenue),
    })),
  };
}

/** The client a card is sold to: the merchant's, not deleted. */
export async function clientOf(db: DB, t: Pick<Tenant, 'merchantId'>, id: number) {
  const c = await db
    .selectFrom('client')
    .select(['id', 'customerId', 'name'])
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!c) throw notFound('客户不存在');
  return c;
}

/** The merchant's client record of a customer account (the customer API's purchases hang on it). */
export const clientOfCustomer = (db: DB, merchantId: number, customerId: number) =>
  db
    .selectFrom('client')
    .select(['id', 'customerId', 'name'])
    .where('merchantId', '=', merchantId)
    .where('customerId', '=', customerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();

export const SERVED = [ORDER_STATUS.DONE, ORDER_STATUS.REVIEWED];

/**
 * The merchant's redemptions (`m`) not given back by a restore, joined to their orders (`o`), at these shops (null:
 * all): what 预收 counts as redeemed, recognised once the order is served.
 */
export function unrestoredRedemptions(db: DB, merchantId: number, shops: number[] | null) {
  return db
    .selectFrom('cardMovement as m')
    .innerJoin('serviceOrder as o', 'o.id', 'm.orderId')
    .where('m.merchantId', '=', merchantId)
    .where('m.kind', '=', 'redeem')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('cardMovement as r')
            .select('r.id')
            .whereRef('r.orderId', '=', 'm.orderId')
            .where('r.kind', '=', 'restore'),
        ),
      ),
    )
    .$if(shops !== null, (q) => q.where('m.shopId', 'in', shops!));
}

/**
 * 预收 figures over the caller's cards (docs/ledger.md): received = money of sales; refunded = money paid back;
 * recognised = the cash of redemptions whose order is served + expired cash + refund fees; 预收余额 (deferred) =
 * the cards' cash balances + the cash of redemptions not served yet (booked, not yet revenue).
 */
export async function cardSummary(db: DB, t: Pick<Tenant, 'merchantId' | 'allowedShopIds'>): Promise<CardSummary> {
  const shops = shopsFilter(t);
  let cards = db.selectFrom('card').where('merchantId', '=', t.merchantId);
  if (shops) cards = cards.where('shopId', 'in', shops);
  const c = await cards
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(case when status = ${CARD_STATUS.ACTIVE} then 1 else 0 end), 0)`.as('active'),
      sql<number>`coalesce(sum(cash_balance), 0)`.as('cash'),
      sql<number>`coalesce(sum(bonus_balance), 0)`.as('bonus'),
      sql<number>`coalesce(sum(remaining_visits), 0)`.as('visits'),
    ])
    .executeTakeFirstOrThrow();
  let mv = db.selectFrom('cardMovement as m').where('m.merchantId', '=', t.merchantId);
  if (shops) mv = mv.where('m.shopId', 'in', shops);
  const m = await mv
    .select([
      sql<number>`coalesce(sum(case when m.money > 0 then m.money else 0 end), 0)`.as('received'),
      sql<number>`coalesce(sum(case when m.money < 0 then -m.money else 0 end), 0)`.as('refunded'),
      sql<number>`coalesce(sum(m.revenue), 0)`.as('revenue'),
    ])
    .executeTakeFirstOrThrow();
  // Redemptions not given back, split by whether their order is served.
  const r = await unrestoredRedemptions(db, t.merchantId, shops)
    .select([
      sql<number>`coalesce(sum(case when o.status in (${sql.join(SERVED)}) then -m.cash_delta else 0 end), 0)`.as(
        'served',
      ),
      sql<number>`coalesce(sum(case when o.status in (${sql.join(SERVED)}) then 0 else -m.cash_delta end), 0)`.as(
        'unserved',
      ),
    ])
    .executeTakeFirstOrThrow();
  const unserved = Number(r.unserved);
  return {
    cards: Number(c.n),
    activeCards: Number(c.active),
    received: Number(m.received),
    recognised: Number(r.served) + Number(m.revenue),
    refunded: Number(m.refunded),
    redeemedUnserved: unserved,
    deferred: Number(c.cash) + unserved,
    bonusOutstanding: Number(c.bonus),
    visitsOutstanding: Number(c.visits),
  };
}

/**
 * A customer's cards (optionally at one merchant, or only the card `cardId`), newest first: those bought with the
 * account, and those sold to a client record that is now linked to it (a card sold offline before the person had an
 * account, docs/customers.md).
 */
export async function customerCards(
  db: DB,
  customerId: number,
  merchantId?: number,
  cardId?: number,
): Promise<CustomerCardRow[]> {
  let q = db
    .selectFrom('card as c')
    .innerJoin('shop', 'shop.id', 'c.shopId')
    .innerJoin('client as cl', 'cl.id', 'c.clientId')
    .where((eb) =>
      eb.or([
        eb('c.customerId', '=', customerId),
        eb.and([eb('c.customerId', 'is', null), eb('cl.customerId', '=', customerId)]),
      ]),
    );
  if (merchantId) q = q.where('c.merchantId', '=', merchantId);
  if (cardId !== undefined) q = q.where('c.id', '=', cardId);
  const rows = await q
    .select([
      'c.id',
      'c.cardNo',
      'c.merchantId',
      'c.shopId',
      'shop.name as shopName',
      'c.kind',
      'c.name',
      'c.goodsId',
      'c.goodsName',
      'c.specId',
      'c.specName',
      'c.totalVisits',
      'c.remainingVisits',
      'c.cashBalance',
      'c.bonusBalance',
      'c.status',
      'c.expiresAt',
      'c.soldAt',
    ])
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map(({ cashBalance, bonusBalance, ...r }) => ({
    ...r,
    balance: r.kind === 'value' ? Number(cashBalance) + Number(bonusBalance) : 0,
  }));
}

/** One of the customer's cards (customerCards' rule), read alone. */
export const customerCard = async (db: DB, customerId: number, id: number) => {
  const [c] = await customerCards(db, customerId, undefined, id);
  if (!c) throw notFound('卡不存在');
  return c;
};
