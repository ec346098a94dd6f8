import type { CustomerOrder } from '@jz/contracts/customer';
import { quantityLabel, type SpecMode } from '@jz/contracts/goods-pricing';
import { cardPaymentLabel, ORDER_STATUS, type OrderCardPayment, UNPAID_TIMEOUT_MINUTES } from '@jz/contracts/order';
import type { Page } from '@jz/contracts/envelope';
import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { paginate } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import {
  CARD_PAYMENT_COLUMNS,
  type CardPaymentColumns,
  splitCardPayment,
  visitsLeftAfter,
} from '../merchant/card/card-payment-of.ts';
import { RESCHEDULE_ACTION } from '../merchant/order/order-reschedule.ts';
import './customer.tables.ts';
import '../merchant/order/order.tables.ts';
import '../merchant/card/card.tables.ts';

export const CUSTOMER_TTL_MS = 30 * 24 * 3600_000;

/**
 * The customer account of a phone, created when there is none (no session): a merchant's 周期服务 for a client made by
 * hand places its orders for the account of the client's phone, which the customer then signs in with to see and pay.
 */
export async function ensureCustomer(db: DB, phone: string, nickname: string) {
  const now = nowIso();
  await db
    .insertInto('customer')
    .values({ phone, nickname: nickname || `用户${phone.slice(-4)}`, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
  return db
    .selectFrom('customer')
    .select(['id', 'phone', 'nickname'])
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
}

/** Finds or creates the customer of a phone and opens a session; only the token's hash is stored. */
export async function openCustomerSession(db: DB, phone: string, nickname?: string) {
  const now = nowIso();
  await db
    .insertInto('customer')
    .values({ phone, nickname: nickname || `用户${phone.slice(-4)}`, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('phone').doNothing())
    .execute();
  if (nickname) await db.updateTable('customer').set({ nickname, updatedAt: now }).where('phone', '=', phone).execute();
  const c = await db
    .selectFrom('customer')
    .select(['id', 'phone', 'nickname'])
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  const token = newToken();
  const expiresAt = new Date(Date.now() + CUSTOMER_TTL_MS).toISOString();
  await db
    .insertInto('customerSession')
    .values({ customerId: c.id, tokenHash: sha256(token), expiresAt, createdAt: now })
    .execute();
  return { token, customer: c, expiresAt };
}

export async function customerByToken(db: DB, token: string | undefined) {
  if (!token || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw unauthorized('请先登录（用户端）');
  const c = await db
    .selectFrom('customerSession')
    .innerJoin('customer', 'customer.id', 'customerSession.customerId')
    .select(['customer.id', 'customer.phone', 'customer.nickname'])
    .where('customerSession.tokenHash', '=', sha256(token))
    .where('customerSession.expiresAt', '>', nowIso())
    .executeTakeFirst();
  if (!c) throw unauthorized('用户端登录已过期，请重新登录');
  return c;
}

const COLUMNS = [
  'serviceOrder.id',
  'serviceOrder.orderNo',
  'serviceOrder.shopId',
  'shop.name as shopName',
  'serviceOrder.goodsId',
  'serviceOrder.goodsName',
  'serviceOrder.quantity',
  'serviceOrder.unit',
  'serviceOrder.specId',
  'serviceOrder.specName',
  'serviceOrder.specMode',
  'serviceOrder.unitPrice',
  'serviceOrder.area',
  'serviceOrder.durationMinutes',
  'serviceOrder.payAmount as amount',
  'serviceOrder.status',
  'serviceOrder.appointmentAt',
  'serviceOrder.verifyCode',
  'employee.name as employeeName',
  'serviceOrder.refundStatus',
  'serviceOrder.createdAt',
  'serviceOrder.payDeadline',
  ...CARD_PAYMENT_COLUMNS,
] as const;

/** The customer's line: a 次卡's visit, or the stored value a 储值卡 spent (cash and bonus alike are hers). */
function customerCardLabel(p: OrderCardPayment) {
  const label = cardPaymentLabel(p);
  return p.kind === 'value' ? `${label}（扣 ¥${((p.cash + p.bonus) / 100).toFixed(2)}）` : label;
}

type Row = CardPaymentColumns & {
  id: number;
  orderNo: string;
  shopId: number;
  shopName: string;
  goodsId: number;
  goodsName: string;
  quantity: number;
  unit: string;
  specId: number | null;
  specName: string | null;
  specMode: SpecMode | null;
  unitPrice: number | null;
  area: number | null;
  durationMinutes: number | null;
  amount: number;
  status: number;
  appointmentAt: string;
  verifyCode: string;
  employeeName: string | null;
  refundStatus: number;
  createdAt: string;
  payDeadline?: string | null;
};

/** The customer sees the code only while it can be used: paid and not yet verified (20 / 30). */
const toCustomerOrder = (row: Row): CustomerOrder => {
  const { rest: r, cardPayment } = splitCardPayment(row);
  return {
    ...r,
    cardPayment,
    cardPaymentLabel: cardPayment ? customerCardLabel(cardPayment) : null,
    amount: Number(r.amount),
    unitPrice: r.unitPrice === null ? null : Number(r.unitPrice),
    quantityLabel: quantityLabel(r),
    verifyCode: r.status === ORDER_STATUS.WAITING || r.status === ORDER_STATUS.TO_SERVE ? r.verifyCode : null,
    payDeadline:
      r.status === ORDER_STATUS.UNPAID
        ? // a 周期服务 visit paid per visit has its own deadline (shortly before the visit)
          (r.payDeadline ?? new Date(Date.parse(r.createdAt) + UNPAID_TIMEOUT_MINUTES * 60_000).toISOString())
        : null,
  };
};

type Q = SelectQueryBuilder<Database, 'serviceOrder', object>;

const withJoins = (q: Q) =>
  q
    .innerJoin('shop', 'shop.id', 'serviceOrder.shopId')
    .leftJoin('employee', 'employee.id', 'serviceOrder.employeeId')
    .leftJoin('cardMovement as cm', (j) => j.onRef('cm.orderId', '=', 'serviceOrder.id').on('cm.kind', '=', 'redeem'))
    .leftJoin('card', 'card.id', 'cm.cardId')
    .leftJoin('cardMovement as cr', (j) => j.onRef('cr.orderId', '=', 'serviceOrder.id').on('cr.kind', '=', 'restore'))
    .select(COLUMNS)
    .select(visitsLeftAfter.as('cardVisitsLeft'));

export async function customerOrders(
  db: DB,
  customerId: number,
  f: { pageNum: number; pageSize: number; status?: number },
): Promise<Page<CustomerOrder>> {
  let q = db.selectFrom('serviceOrder').where('serviceOrder.customerId', '=', customerId);
  if (f.status) q = q.where('serviceOrder.status', '=', f.status);
  const page = await paginate(
    q,
    (x) => withJoins(x).orderBy('serviceOrder.createdAt', 'desc').orderBy('serviceOrder.id', 'desc'),
    f,
  );
  return { total: page.total, records: page.records.map((r) => toCustomerOrder(r as Row)) };
}

export async function customerOrder(db: DB, customerId: number, id: number) {
  const r = await withJoins(db.selectFrom('serviceOrder'))
    .where('serviceOrder.id', '=', id)
    .where('serviceOrder.customerId', '=', customerId)
    .executeTakeFirst();
  if (!r) throw notFound('订单不存在');
  // The customer is told of the merchant's 改约 on the order itself (no customer messages or SMS exist).
  const moved = await db
    .selectFrom('orderTimeline')
    .select(['remark', 'createdAt'])
    .where('orderId', '=', id)
    .where('action', '=', RESCHEDULE_ACTION.merchant)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const change = moved?.remark?.split('；')[0];
  return { ...toCustomerOrder(r as Row), notice: change ? `商家已改约：${change}` : null };
}
