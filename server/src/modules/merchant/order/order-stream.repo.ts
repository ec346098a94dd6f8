import { STATUS_FLAG } from '@jz/contracts/common';
import { AREA_UNIT, specLabel } from '@jz/contracts/goods-pricing';
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
      'serviceOrder.specName',
      'serviceOrder.specMode',
      'serviceOrder.quantity',
      'serviceOrder.unit',
      'serviceOrder.area',
      'serviceOrder.durationMinutes',
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
    ({ newOrderSound, specName, specMode, quantity, unit, area, durationMinutes, ...r }): OrderEvent => ({
      ...r,
      spec: noticeSpec({ goodsName: r.goodsName, specName, specMode, quantity, unit, area, durationMinutes }),
      kind: r.kind as OrderEvent['kind'],
      amount: Number(r.amount),
      address: shortAddress(r.address),
      sound: (newOrderSound ?? 1) === 1,
      employeeName: r.employeeName ?? null,
    }),
  );
}

/** A job's length as the notice says it: '3 小时', '1.5 小时', '45 分钟'. */
export function durationText(minutes: number) {
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours} 小时`;
}

/** Whether a text already says how long (a specification named '2小时', '90分钟'). */
const saysLength = (s: string) => /小时|分钟/.test(s);

/**
 * The specification as the new-order notice names it after the goods, so the merchant knows the job's size before
 * opening it (docs/order-alerts.md): the specification's own name when it says more than the goods, the job's length (for jobs
 * counted in hours or minutes; a 26-day 月嫂 package is not "624 小时"), the customer's area, the number of packages.
 * '3 小时 · 100㎡' (a band of 3 hours for 100 ㎡), '2小时' (a package named by its length), '61–90㎡ · 85㎡ · 3 小时',
 * '3 小时' (per hour), '120㎡' (per ㎡ without a length), '× 2'; an order from before specifications: '2次'. Null when
 * nothing adds to the goods' name (one package named after the goods, without a known length).
 */
export function noticeSpec(o: {
  goodsName: string;
  specName: string | null;
  specMode: string | null;
  quantity: number;
  unit: string;
  area: number | null;
  durationMinutes: number | null;
}): string | null {
  if (!o.specMode) return o.quantity === 1 && o.unit === '次' ? null : `${o.quantity}${o.unit}`;
  const parts: string[] = [];
  const name = specLabel(o);
  if (name) parts.push(name);
  const area = o.area ?? (o.specMode === 'per_unit' && o.unit === AREA_UNIT ? o.quantity : null);
  const byHours = o.specMode === 'per_unit' && o.unit === '小时';
  const longUnit = o.unit === '天' || o.unit === '月';
  if (byHours) parts.push(`${o.quantity} 小时`);
  else if (o.specMode === 'per_unit' && o.unit !== AREA_UNIT) parts.push(`${o.quantity} ${o.unit}`);
  // the length once: not when the specification's or the goods' own name says it ('日常保洁 3 小时')
  if (!byHours && !longUnit && o.durationMinutes && !parts.some(saysLength) && !saysLength(o.goodsName))
    parts.push(durationText(o.durationMinutes));
  if (area !== null) parts.push(`${area}㎡`);
  if (o.specMode === 'fixed' && o.quantity > 1) parts.push(`× ${o.quantity}`);
  // A name that is the length or the area itself ('3小时', '100㎡') is said once.
  const seen = new Set<string>();
  const unique = parts.filter((p) => {
    const k = p.replace(/\s+/g, '').replace('平方米', '㎡');
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return unique.length ? unique.join(' · ') : null;
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
