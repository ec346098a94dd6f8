import type { DB } from '../db/client.ts';
import '../modules/merchant/employee/employee.tables.ts';
import '../modules/merchant/goods/goods.tables.ts';
import { notFound } from './errors.ts';
import { shopAllowed, type Tenant } from './tenant.ts';

/**
 * Ids a merchant-side list takes as a filter (shop, employee, goods) must name the caller's own objects: another
 * merchant's id is "not found" (2002, spec wording), not an empty page, so a list filter answers like a detail call.
 * Each helper passes undefined / 'all' through unchanged and answers the id it checked.
 */

/** Ids are PostgreSQL `integer`s: a larger one names nothing (and would make PostgreSQL raise a data exception). */
const MAX_ID = 2_147_483_647;

/** A shop of the caller's merchant, inside a sub-account's shop limit. */
export async function ownShopId<T extends number | 'all' | undefined>(
  db: DB,
  t: Pick<Tenant, 'merchantId'> & Partial<Pick<Tenant, 'allowedShopIds'>>,
  shopId: T,
): Promise<T> {
  if (typeof shopId !== 'number') return shopId;
  if (shopId > MAX_ID) throw notFound('店铺不存在');
  const s = await db
    .selectFrom('shop')
    .select('id')
    .where('id', '=', shopId)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!s || !shopAllowed({ allowedShopIds: t.allowedShopIds ?? null }, shopId)) throw notFound('店铺不存在');
  return shopId;
}

/** An employee of the caller's merchant (resigned or deleted ones included: old orders and reviews name them). */
export async function ownEmployeeId<T extends number | undefined>(db: DB, t: Pick<Tenant, 'merchantId'>, id: T) {
  if (typeof id !== 'number') return id;
  if (id > MAX_ID) throw notFound('员工不存在');
  const e = await db
    .selectFrom('employee')
    .select('id')
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!e) throw notFound('员工不存在');
  return id;
}

/** A goods item of the caller's merchant. */
export async function ownGoodsId<T extends number | undefined>(db: DB, t: Pick<Tenant, 'merchantId'>, id: T) {
  if (typeof id !== 'number') return id;
  if (id > MAX_ID) throw notFound('商品不存在');
  const g = await db
    .selectFrom('goods')
    .select('id')
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!g) throw notFound('商品不存在');
  return id;
}
