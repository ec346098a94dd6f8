import type { DB } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from './errors.ts';
import { shopAllowed, shopFilter, type Tenant } from './tenant.ts';

/**
 * Ids a merchant-side list takes as a filter (shop, employee, goods...) must name the caller's own objects: another
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

/** shopFilter, and a shop id named by the caller must be one of its merchant's shops (else 2002 店铺不存在). */
export async function ownShopFilter(db: DB, t: Tenant, shopId: 'all' | number | undefined) {
  const s = shopFilter(t, shopId);
  await ownShopId(db, t, shopId);
  return s;
}

/** The tables whose rows belong to one merchant (an `id` and a `merchantId`): core ones and those modules add. */
export type MerchantTable = {
  [K in keyof Database]: Database[K] extends { id: unknown; merchantId: unknown } ? K : never;
}[keyof Database];

/**
 * A row of `table` owned by the caller's merchant, else 2002 with `missing` (e.g. '员工不存在'). The module that
 * names a table knows it: this layer only knows that the table has `id` and `merchantId`. Deleted rows count as
 * owned (old orders and reviews name resigned employees).
 */
export async function ownRow<T extends number | undefined>(
  db: DB,
  t: Pick<Tenant, 'merchantId'>,
  table: MerchantTable,
  id: T,
  missing: string,
): Promise<T> {
  if (typeof id !== 'number') return id;
  if (id > MAX_ID) throw notFound(missing);
  // Typed as the core shop table: the query reads only the two columns every MerchantTable has.
  const row = await db
    .selectFrom(table as 'shop')
    .select('id')
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!row) throw notFound(missing);
  return id;
}
