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

/** A row of `table` (employee or goods) owned by the caller's merchant, else 2002 with `missing`. */
async function ownRow<T extends number | undefined>(
  db: DB,
  t: Pick<Tenant, 'merchantId'>,
  table: 'employee' | 'goods',
  id: T,
  missing: string,
): Promise<T> {
  if (typeof id !== 'number') return id;
  if (id > MAX_ID) throw notFound(missing);
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!row) throw notFound(missing);
  return id;
}

/** An employee of the caller's merchant (resigned or deleted ones included: old orders and reviews name them). */
export const ownEmployeeId = <T extends number | undefined>(db: DB, t: Pick<Tenant, 'merchantId'>, id: T) =>
  ownRow(db, t, 'employee', id, '员工不存在');

/** A goods item of the caller's merchant. */
export const ownGoodsId = <T extends number | undefined>(db: DB, t: Pick<Tenant, 'merchantId'>, id: T) =>
  ownRow(db, t, 'goods', id, '商品不存在');
