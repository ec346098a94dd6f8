import { SHOP_AUDIT_STATUS, SHOP_OPEN_STATE } from '@jz/contracts/shop';
import { SHELF_STATE } from '@jz/contracts/goods';
import { randomInt } from 'node:crypto';
import type { SlotsQuery } from '@jz/contracts/booking';
import type { PlaceOrderInput } from '@jz/contracts/customer';
import { ORDER_STATUS, UNPAID_TIMEOUT_MINUTES, REFUND_STATUS } from '@jz/contracts/order';
import { occupancy } from '@jz/contracts/dispatch';
import { orderSnapshot, quoteSpec, SPEC_STATUS } from '@jz/contracts/goods-pricing';
import type { DB, Trx } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { dayjs, nowIso, TZ } from '../../../lib/time.ts';
import {
  assertCapacity,
  assertInArea,
  assertTimeAllowed,
  bookedMinutes,
  daySlots,
  lockShop,
  shopBooking,
} from '../scheduling/booking.ts';
import { chooseSpec, placedWhat, quoteOrder, takeSpecStock } from './order-spec.ts';
import './order.tables.ts';
import '../goods/goods.tables.ts';
import '../shop/shop.tables.ts';

/** Time-ordered and unique: yyyyMMddHHmmss (Shanghai) + 6 random digits. */
export const newOrderNo = () =>
  `${dayjs().tz(TZ).format('YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
/** 12 random digits (CSPRNG); unique by index, retried on the rare collision. */
export const newVerifyCode = () =>
  `${String(randomInt(1, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test((err as Error)?.message ?? '');

/**
 * A customer's order (status 10 待付款) for an on-shelf goods item of an open, approved shop, placed for one of its
 * specifications (order-spec.ts; docs/goods-specifications.md §3). The goods and the specification are snapshotted
 * (name, unit price, unit, area, job minutes) so later edits do not change the order; amount = the quote. The shop's
 * booking rules apply (scheduling/booking.ts): service area, lead time, time slots, business hours, capacity.
 */
/**
 * `placedAt`: when the order counts as placed, for the lead time and the booking horizon (the demo seed places its
 * orders as customers did a day earlier, so the seed answers the same at any hour).
 */
/**
 * `via`: an order placed for the customer by someone else (周期服务 books its visits here, through the same rules): who
 * shows on the timeline, the client record and address it serves, its own payment deadline, and a step run inside the
 * placement's transaction (the plan marks its visit booked there, so a visit and its order are written together).
 */
export interface PlacedVia {
  operator: { type: 'merchant' | 'system'; id: number | null; name: string };
  action: string;
  clientId: number;
  clientAddressId: number;
  payDeadline: string | null;
  within(trx: Trx, order: { id: number; orderNo: string }): Promise<void>;
}

export async function createOrder(
  db: DB,
  customerId: number,
  v: PlaceOrderInput,
  placedAt = Date.now(),
  via?: PlacedVia,
) {
  const g = await db
    .selectFrom('goods')
    .innerJoin('shop', 'shop.id', 'goods.shopId')
    .select([
      'goods.id',
      'goods.merchantId',
      'goods.shopId',
      'goods.name',
      'goods.coverUrl',
      'goods.price',
      'goods.originalPrice',
      'goods.unit',
      'goods.durationMinutes',
      'goods.fuwuId',
      'goods.minQuantity',
      'goods.shelfState',
      'shop.auditStatus',
      'shop.yingyeState',
    ])
    .where('goods.id', '=', v.goodsId)
    .executeTakeFirst();
  if (!g) throw notFound('商品不存在');
  if (g.shelfState !== SHELF_STATE.ON) throw business('商品已下架');
  if (g.auditStatus !== SHOP_AUDIT_STATUS.APPROVED) throw business('店铺尚未通过审核');
  if (g.yingyeState !== SHOP_OPEN_STATE.OPEN) throw business('店铺休息中，暂不接单');
  if (Date.parse(v.appointmentAt) < placedAt) throw business('预约时间不能早于现在');
  const goods = { ...g, price: Number(g.price), originalPrice: Number(g.originalPrice) };
  const spec = await chooseSpec(db, goods, v.specId);
  const quote = await quoteOrder(db, g.id, spec, v);
  const snap = orderSnapshot({ ...spec, id: spec.id ?? 0 }, quote);
  const amount = snap.amount;
  // Booking rules (docs/dispatch.md "Booking rules"): area and time now, capacity under the shop's lock below.
  const booking = await shopBooking(db, g.shopId);
  assertInArea(booking, v);
  const minutes = bookedMinutes(snap.durationMinutes, g.durationMinutes);
  assertTimeAllowed(booking, Date.parse(v.appointmentAt), minutes, placedAt);
  const job = occupancy(v.appointmentAt, minutes, booking.bufferMinutes);
  const remark = `${placedWhat(g.name, spec.name, snap, quote)}，应付 ${(amount / 100).toFixed(2)} 元`;
  const now = nowIso();
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await lockShop(trx, g.shopId);
        await assertCapacity(trx, booking, g.fuwuId, job);
        await takeSpecStock(trx, spec);
        const row = await trx
          .insertInto('serviceOrder')
          .values({
            orderNo: newOrderNo(),
            merchantId: g.merchantId,
            shopId: g.shopId,
            customerId,
            goodsId: g.id,
            goodsName: g.name,
            goodsCover: g.coverUrl,
            ...snap,
            specId: spec.id,
            customerName: v.customerName,
            customerPhone: v.customerPhone,
            provinceCode: v.provinceCode ?? null,
            cityCode: v.cityCode ?? null,
            districtCode: v.districtCode ?? null,
            address: v.address,
            lat: v.lat ?? null,
            lng: v.lng ?? null,
            appointmentAt: dayjs(v.appointmentAt).toISOString(),
            remark: v.remark || null,
            payAmount: amount,
            status: ORDER_STATUS.UNPAID,
            verifyCode: newVerifyCode(),
            employeeId: null,
            cancelReason: null,
            refundStatus: REFUND_STATUS.NONE,
            refundNo: null,
            payNo: null,
            paidAt: null,
            acceptedAt: null,
            verifiedAt: null,
            completedAt: null,
            reviewedAt: null,
            cancelledAt: null,
            createdAt: now,
            updatedAt: now,
            ...(via && { clientId: via.clientId, clientAddressId: via.clientAddressId, payDeadline: via.payDeadline }),
          })
          .returning(['id', 'orderNo', 'merchantId'])
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('orderTimeline')
          .values({
            orderId: row.id,
            merchantId: row.merchantId,
            fromStatus: null,
            toStatus: ORDER_STATUS.UNPAID,
            action: via?.action ?? '用户下单',
            operatorType: via?.operator.type ?? 'customer',
            operatorId: via ? via.operator.id : customerId,
            operatorName: via?.operator.name ?? v.customerName,
            remark,
            createdAt: now,
          })
          .execute();
        await via?.within(trx, row);
        return {
          id: row.id,
          orderNo: row.orderNo,
          amount,
          payDeadline: via?.payDeadline ?? new Date(Date.parse(now) + UNPAID_TIMEOUT_MINUTES * 60_000).toISOString(),
        };
      });
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/**
 * customer/slots: the day's start times for an order of the goods item — its specification (`specId`, else the one on
 * sale, else the first on sale), quantity or area give the job length the capacity is counted for.
 */
export async function slotsFor(db: DB, q: SlotsQuery) {
  const g = await db
    .selectFrom('goods')
    .select(['id', 'name', 'price', 'originalPrice', 'unit', 'durationMinutes', 'minQuantity'])
    .where('id', '=', q.goodsId)
    .executeTakeFirst();
  if (!g) throw notFound('商品不存在');
  const goods = { ...g, price: Number(g.price), originalPrice: Number(g.originalPrice) };
  const spec = await chooseSpec(db, goods, q.specId).catch(async (err) => {
    // Several on sale and none named: the first on sale, as the goods' price shows.
    const first = await db
      .selectFrom('goodsSpec')
      .selectAll()
      .where('goodsId', '=', g.id)
      .where('status', '=', SPEC_STATUS.ON)
      .orderBy('sort')
      .orderBy('id')
      .executeTakeFirst();
    if (!first || q.specId !== undefined) throw err;
    return first;
  });
  const quote = quoteSpec(spec, { quantity: q.quantity, area: q.area });
  if (!quote.ok) throw business(quote.message);
  return daySlots(db, q, bookedMinutes(quote.durationMinutes, g.durationMinutes));
}
