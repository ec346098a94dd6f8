import { STATUS_FLAG } from '@jz/contracts/common';
import { SUPER_PERM } from '@jz/contracts/menu';
import type { OrderEvent } from '@jz/contracts/order';
import type { DB } from '../../../db/client.ts';
import { accessOf } from '../../../lib/access.ts';
import './order.tables.ts';
import '../employee/employee.tables.ts';
import '../shop/shop.tables.ts';

/** The codes that let a user follow a shop's live orders: 订单接单 (taking) or 订单管理 (the list). */
export const STREAM_PERMS = ['merchant:order:taking', 'merchant:order:list'] as const;

/**
 * The live events of a merchant (one shop, or all its shops with `shopId` null) after `afterId`, each with what the
 * new-order notification shows: the goods, the appointment and the address in short; and the order's employee by name
 * (the 迟到提醒 names her). Never the customer's phone or name, never the verification code.
 */
export async function streamEvents(
  db: DB,
  merchantId: number,
  shopId: number | null,
  afterId: number,
  limit = 200,
): Promise<OrderEvent[]> {
  let q = db
    .selectFrom('orderEvent')
    .innerJoin('serviceOrder', 'serviceOrder.id', 'orderEvent.orderId')
    .leftJoin('shopSetting', 'shopSetting.shopId', 'orderEvent.shopId')
    .leftJoin('employee', 'employee.id', 'serviceOrder.employeeId')
    .select([
      'orderEvent.id',
      'orderEvent.kind',
      'orderEvent.orderId',
      'serviceOrder.orderNo',
      'orderEvent.shopId',
      'orderEvent.status',
      'serviceOrder.goodsName',
      'serviceOrder.payAmount as amount',
      'orderEvent.createdAt',
      'serviceOrder.appointmentAt',
      'serviceOrder.address',
      'shopSetting.newOrderSound',
      'employee.name as employeeName',
    ])
    .where('orderEvent.merchantId', '=', merchantId)
    .where('orderEvent.id', '>', afterId);
  if (shopId !== null) q = q.where('orderEvent.shopId', '=', shopId);
  const rows = await q.orderBy('orderEvent.id').limit(limit).execute();
  return rows.map(
    ({ newOrderSound, ...r }): OrderEvent => ({
      ...r,
      kind: r.kind as OrderEvent['kind'],
      amount: Number(r.amount),
      address: shortAddress(r.address),
      sound: (newOrderSound ?? 1) === 1,
      employeeName: r.employeeName ?? null,
    }),
  );
}

/**
 * The address as a live event carries it (a browser notification may show on a locked screen, and the shop knows its
 * own province and city): without a leading province and city, at most 24 characters.
 */
export function shortAddress(address: string) {
  const s = address.trim().replace(/^(.{2,8}?(省|自治区))?(.{2,8}?市)?(?=.{4,})/u, '');
  const chars = [...s];
  return chars.length > 24 ? `${chars.slice(0, 23).join('')}…` : s;
}

/**
 * Whether the stream's user may still follow `shopId` (null = every shop of the merchant): active, still of the
 * merchant, holding 订单接单 or 订单管理, and the shop inside its shop limit. Read before events are written, so a
 * sub-account whose limit or role changed, or that was disabled, gets no further order of that shop (its access comes
 * from the cache keyed by its auth version: one small query).
 */
export async function mayFollow(db: DB, userId: number, merchantId: number, shopId: number | null) {
  const u = await db
    .selectFrom('user')
    .select(['id', 'authVersion', 'userType', 'merchantId', 'isOwner', 'allShops'])
    .where('id', '=', userId)
    .where('merchantId', '=', merchantId)
    .where('status', '=', STATUS_FLAG.ENABLED)
    .executeTakeFirst();
  if (u?.userType !== 'merchant') return false;
  const access = await accessOf(db, { ...u, isOwner: u.isOwner === 1 });
  if (!access.perms.has(SUPER_PERM) && !STREAM_PERMS.some((p) => access.perms.has(p))) return false;
  if (access.allowedShopIds && (shopId === null || !access.allowedShopIds.includes(shopId))) return false;
  return shopId === null || access.merchantShops.some((s) => s.id === shopId);
}
