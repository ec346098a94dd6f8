import {
  COURIER_STATUS,
  type CourierAdd,
  type CourierDetail,
  type CourierOrder,
  type CourierQuery,
  type CourierSenderDefault,
} from '@jz/contracts/courier';
import type { Page } from '@jz/contracts/envelope';
import type { DB } from '../../../db/client.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { ownShopId } from '../../../lib/owned.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { shopAllowed, type Tenant } from '../../../lib/tenant.ts';
import { dayEndIso, dayStartIso, nowIso } from '../../../lib/time.ts';
import { regionNames } from '../../common/region/region.service.ts';
import { courierProvider } from './courier-provider.ts';

/** How far ahead a pick-up may be booked. */
export const MAX_PICKUP_AHEAD_MS = 7 * 86400_000;

const COLUMNS = [
  'courierOrder.id',
  'courierOrder.shopId',
  'shop.name as shopName',
  'courierOrder.trackingNo',
  'courierOrder.company',
  'courierOrder.senderName',
  'courierOrder.senderPhone',
  'courierOrder.senderAddress',
  'courierOrder.receiverName',
  'courierOrder.receiverPhone',
  'courierOrder.receiverAddress',
  'courierOrder.itemName',
  'courierOrder.weightGrams',
  'courierOrder.pickupAt',
  'courierOrder.status',
  'courierOrder.remark',
  'courierOrder.cancelReason',
  'courierOrder.cancelledAt',
  'courierOrder.createdAt',
] as const;

const shopScope = (t: Tenant, shopId: 'all' | number | undefined): number | null => {
  if (shopId === 'all') return null;
  if (typeof shopId === 'number') return shopId;
  if (!t.shopId) throw business('请先创建店铺');
  return t.shopId;
};

/**
 * Brings active pick-ups up to date with the provider (the sandbox advances by time): new tracking events are stored
 * and the status moves by one conditional update, so concurrent queries never store an event twice. Only orders whose
 * pick-up time has passed can move, which keeps this small.
 */
export async function refresh(db: DB, merchantId: number, ids?: number[]) {
  const now = new Date();
  let q = db
    .selectFrom('courierOrder')
    .select(['id', 'trackingNo', 'company', 'pickupAt', 'createdAt', 'senderAddress', 'receiverAddress', 'status'])
    .where('merchantId', '=', merchantId)
    .where('status', 'in', [COURIER_STATUS.WAITING, COURIER_STATUS.PICKED, COURIER_STATUS.TRANSIT])
    .where('pickupAt', '<=', now.toISOString());
  if (ids) {
    if (!ids.length) return;
    q = q.where('id', 'in', ids);
  }
  const rows = await q.limit(500).execute();
  for (const o of rows) {
    const events = (await courierProvider().track(o, now)).filter((e) => e.status > o.status);
    if (!events.length) continue;
    const next = events[events.length - 1].status;
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('courierOrder')
        .set({ status: next, updatedAt: nowIso() })
        .where('id', '=', o.id)
        .where('status', '=', o.status)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return;
      await trx
        .insertInto('courierTrack')
        .values(
          events.map((e) => ({
            courierOrderId: o.id,
            merchantId,
            status: e.status,
            description: e.description,
            at: e.at,
            createdAt: nowIso(),
          })),
        )
        .execute();
    });
  }
}

export async function page(db: DB, t: Tenant, f: CourierQuery): Promise<Page<CourierOrder>> {
  const shopId = shopScope(t, await ownShopId(db, t, f.shopId));
  await refresh(db, t.merchantId);
  let q = db
    .selectFrom('courierOrder')
    .innerJoin('shop', 'shop.id', 'courierOrder.shopId')
    .where('courierOrder.merchantId', '=', t.merchantId);
  if (shopId !== null) q = q.where('courierOrder.shopId', '=', shopId);
  if (f.status) q = q.where('courierOrder.status', '=', f.status);
  if (f.company) q = q.where('courierOrder.company', '=', f.company);
  if (f.keyword) {
    const k = likeContains(f.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('courierOrder.trackingNo', 'like', k),
        eb('courierOrder.receiverName', 'like', k),
        eb('courierOrder.receiverPhone', 'like', k),
      ]),
    );
  }
  if (f.startDate) q = q.where('courierOrder.createdAt', '>=', dayStartIso(f.startDate));
  if (f.endDate) q = q.where('courierOrder.createdAt', '<', dayEndIso(f.endDate));
  return paginate(q, (b) => b.select([...COLUMNS]).orderBy('courierOrder.id', 'desc'), f) as Promise<
    Page<CourierOrder>
  >;
}

export async function findById(db: DB, t: Tenant, id: number): Promise<CourierDetail> {
  await refresh(db, t.merchantId, [id]);
  const o = await db
    .selectFrom('courierOrder')
    .innerJoin('shop', 'shop.id', 'courierOrder.shopId')
    .select([...COLUMNS])
    .where('courierOrder.id', '=', id)
    .where('courierOrder.merchantId', '=', t.merchantId)
    .executeTakeFirst();
  // A limited sub-account does not see another shop's pick-ups.
  if (!o || !shopAllowed(t, o.shopId)) throw notFound('快递单不存在');
  const tracks = await db
    .selectFrom('courierTrack')
    .select(['id', 'status', 'description', 'at'])
    .where('courierOrderId', '=', id)
    .where('merchantId', '=', t.merchantId)
    // Insertion order is event order (each refresh stores its events oldest first): newest on top.
    .orderBy('id', 'desc')
    .execute();
  return { ...o, tracks };
}

/** A shop's full postal address: region names (those the street address does not already start with) + address. */
export async function shopPostalAddress(
  db: DB,
  s: { provinceCode: string | null; cityCode: string | null; districtCode: string | null; address: string | null },
) {
  const codes = [s.provinceCode, s.cityCode, s.districtCode].filter((c): c is string => !!c);
  const names = await regionNames(db, codes);
  const street = s.address ?? '';
  const region = [...new Set(codes.map((c) => names.get(c) ?? ''))].filter((n) => n && !street.includes(n)).join('');
  return `${region}${street}`;
}

export async function senderDefault(db: DB, t: Tenant): Promise<CourierSenderDefault> {
  if (!t.shopId) throw business('请先创建店铺');
  const s = await db
    .selectFrom('shop')
    .select(['name', 'contactName', 'phone', 'provinceCode', 'cityCode', 'districtCode', 'address'])
    .where('id', '=', t.shopId)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirstOrThrow();
  return {
    senderName: s.contactName || s.name,
    senderPhone: s.phone || t.user.phone || '',
    senderAddress: await shopPostalAddress(db, s),
  };
}

export async function add(db: DB, t: Tenant, v: CourierAdd) {
  if (!t.shopId) throw business('请先创建店铺');
  const pickup = Date.parse(v.pickupAt);
  const now = Date.now();
  if (pickup < now - 60_000) throw invalid('上门取件时间不能早于现在');
  if (pickup > now + MAX_PICKUP_AHEAD_MS) throw invalid('上门取件时间须在 7 天内');
  const pickupAt = new Date(pickup).toISOString();
  const provider = courierProvider();
  const { trackingNo } = await provider.create({ company: v.company, pickupAt });
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('courierOrder')
      .values({
        merchantId: t.merchantId,
        shopId: t.shopId as number,
        trackingNo,
        company: v.company,
        provider: provider.name,
        senderName: v.senderName,
        senderPhone: v.senderPhone,
        senderAddress: v.senderAddress,
        receiverName: v.receiverName,
        receiverPhone: v.receiverPhone,
        receiverAddress: v.receiverAddress,
        itemName: v.itemName,
        weightGrams: v.weightGrams,
        pickupAt,
        status: COURIER_STATUS.WAITING,
        remark: v.remark ?? null,
        cancelReason: null,
        cancelledAt: null,
        createdBy: t.user.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('courierTrack')
      .values({
        courierOrderId: id,
        merchantId: t.merchantId,
        status: COURIER_STATUS.WAITING,
        description: '已下单，等待快递员上门揽收',
        at,
        createdAt: at,
      })
      .execute();
    return { id, trackingNo };
  });
}

/** Only before pick-up: one conditional update (10 -> 90), so a pick-up and a cancel never both win. */
export async function cancel(db: DB, t: Tenant, id: number, reason: string) {
  await refresh(db, t.merchantId, [id]);
  const o = await db
    .selectFrom('courierOrder')
    .select([
      'id',
      'shopId',
      'status',
      'trackingNo',
      'company',
      'pickupAt',
      'createdAt',
      'senderAddress',
      'receiverAddress',
    ])
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!o || !shopAllowed(t, o.shopId)) throw notFound('快递单不存在');
  if (o.status === COURIER_STATUS.CANCELLED) throw business('快递单已取消');
  if (o.status !== COURIER_STATUS.WAITING) throw business('快件已揽收，不能取消');
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('courierOrder')
      .set({ status: COURIER_STATUS.CANCELLED, cancelReason: reason, cancelledAt: at, updatedAt: at })
      .where('id', '=', id)
      .where('merchantId', '=', t.merchantId)
      .where('status', '=', COURIER_STATUS.WAITING)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw business('快递单状态已变化，请刷新后重试');
    await trx
      .insertInto('courierTrack')
      .values({
        courierOrderId: id,
        merchantId: t.merchantId,
        status: COURIER_STATUS.CANCELLED,
        description: `商家取消：${reason}`,
        at,
        createdAt: at,
      })
      .execute();
    await courierProvider().cancel(o);
  });
}
