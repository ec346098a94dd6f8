import { randomInt } from 'node:crypto';
import type { PlaceOrderInput } from '@jz/contracts/customer';
import { ORDER_STATUS, UNPAID_TIMEOUT_MINUTES } from '@jz/contracts/order';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { dayjs, nowIso, TZ } from '../../../lib/time.ts';
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
 * A customer's order (status 10 待付款) for an on-shelf goods item of an open, approved shop. The goods are
 * snapshotted (name, price, unit) so later edits do not change the order; amount = price x quantity.
 */
export async function createOrder(db: DB, customerId: number, v: PlaceOrderInput) {
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
      'goods.unit',
      'goods.minQuantity',
      'goods.shelfState',
      'shop.auditStatus',
      'shop.yingyeState',
    ])
    .where('goods.id', '=', v.goodsId)
    .executeTakeFirst();
  if (!g) throw notFound('商品不存在');
  if (g.shelfState !== 1) throw business('商品已下架');
  if (g.auditStatus !== 1) throw business('店铺尚未通过审核');
  if (g.yingyeState !== 1) throw business('店铺休息中，暂不接单');
  if (v.quantity < g.minQuantity) throw business(`该商品至少预约 ${g.minQuantity}${g.unit}`);
  if (dayjs(v.appointmentAt).isBefore(dayjs())) throw business('预约时间不能早于现在');
  const amount = Number(g.price) * v.quantity;
  if (amount <= 0) throw business('订单金额不正确');
  const now = nowIso();
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
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
            goodsPrice: Number(g.price),
            quantity: v.quantity,
            unit: g.unit,
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
            amount,
            payAmount: amount,
            status: ORDER_STATUS.UNPAID,
            verifyCode: newVerifyCode(),
            employeeId: null,
            cancelReason: null,
            refundStatus: 0,
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
            action: '用户下单',
            operatorType: 'customer',
            operatorId: customerId,
            operatorName: v.customerName,
            remark: `${g.name} × ${v.quantity}，应付 ${(amount / 100).toFixed(2)} 元`,
            createdAt: now,
          })
          .execute();
        return {
          id: row.id,
          orderNo: row.orderNo,
          amount,
          payDeadline: new Date(Date.parse(now) + UNPAID_TIMEOUT_MINUTES * 60_000).toISOString(),
        };
      });
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}
