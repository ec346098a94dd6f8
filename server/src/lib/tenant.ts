import type { FastifyRequest } from 'fastify';
import type { DB } from '../db/client.ts';
import { type AuthUser, currentUser } from './caller.ts';
import type { ShopRef } from './access.ts';
import { business, forbidden } from './errors.ts';

export interface Tenant {
  user: AuthUser;
  merchantId: number;
  /** The caller's current shop (stored per user); null when the merchant has no shop yet. */
  shopId: number | null;
  /**
   * The shops a sub-account is limited to (table user_shop); null = every shop of the merchant (owners, and
   * sub-accounts granted all shops: `user.all_shops`). An empty list means no shop at all. Repositories that read
   * per-shop rows filter by this (`shopsFilter`), and those that take a shop id from the caller check it against it.
   */
  allowedShopIds: number[] | null;
}

/**
 * The shop ids a per-shop query may read: null = no filter (every shop of the merchant); else the allowed list, with
 * an impossible id standing in for "none" so `in ()` is never empty. Use it as
 * `if (s) q = q.where('table.shopId', 'in', s)` next to the merchant filter.
 */
export const shopsFilter = (t: Pick<Tenant, 'allowedShopIds'>): number[] | null =>
  t.allowedShopIds ? (t.allowedShopIds.length ? t.allowedShopIds : [-1]) : null;

/**
 * Which shop a per-shop list or figure covers, from its `shopId` parameter: the caller's current shop when absent,
 * null (every shop of the merchant) with 'all', else the shop named. Does NOT check that a named shop is the merchant's:
 * use ownShopFilter (lib/owned.ts) wherever the id comes from the caller.
 */
export function shopFilter(t: Pick<Tenant, 'shopId'>, shopId: 'all' | number | undefined): number | null {
  if (shopId === 'all') return null;
  if (typeof shopId === 'number') return shopId;
  if (!t.shopId) throw business('请先创建店铺');
  return t.shopId;
}

/** Whether a shop id is inside a tenant's shop limit. */
export const shopAllowed = (t: Pick<Tenant, 'allowedShopIds'>, shopId: number) =>
  !t.allowedShopIds || t.allowedShopIds.includes(shopId);

/**
 * The merchant scope of a call. Every merchant-side repository takes this and filters by it, so another merchant's
 * row is simply "not found". Platform users are refused: they work through the toolkit.
 *
 * Shop limits: a sub-account whose stored current shop lies outside its allowed shops is refused with 301
 * ("无权操作该店铺") on every merchant call; setting the limit moves its current shop inside, and 切换店铺 only
 * offers / accepts allowed shops, so this only fires when something bypassed those.
 */
export async function tenantOf(_db: DB, req: FastifyRequest): Promise<Tenant> {
  const user = currentUser(req);
  if (user.userType !== 'merchant' || !user.merchantId) throw forbidden('仅商家账号可使用此功能');
  // The shop limit and the merchant's shops come with the caller (plugins/auth.ts: cached by its auth version,
  // which every change to them raises), so the scope costs no query.
  const allowedShopIds = user.allowedShopIds;
  if (allowedShopIds) {
    if (user.currentShopId && !allowedShopIds.includes(user.currentShopId)) throw forbidden('无权操作该店铺');
    assertRequestedShops(req, allowedShopIds);
  }
  return {
    user,
    merchantId: user.merchantId,
    shopId: pickCurrentShop(user.merchantShops, user.currentShopId, allowedShopIds),
    allowedShopIds,
  };
}

/**
 * Shop ids a call names itself (query, body or path: `shopId`, `shopIds`, `dianpuId`) must lie inside the limit;
 * `shopId=all` (every shop of the merchant) is refused to a limited account. 301 either way.
 */
function assertRequestedShops(req: FastifyRequest, allowed: number[]) {
  for (const src of [req.query, req.body, req.params]) {
    if (!src || typeof src !== 'object') continue;
    for (const key of ['shopId', 'shopIds', 'dianpuId'] as const) {
      const v = (src as Record<string, unknown>)[key];
      if (v === undefined || v === null || v === '') continue;
      const list = Array.isArray(v) ? v : String(v).split(',');
      for (const item of list) {
        const s = String(item).trim();
        if (s === '') continue;
        if (s === 'all') throw forbidden('只能查看您有权管理的店铺');
        const id = Number(s);
        if (Number.isInteger(id) && !allowed.includes(id)) throw forbidden('无权操作该店铺');
      }
    }
  }
}

/**
 * The stored current shop if it still belongs to the merchant (and lies inside the allowed shops), else its main
 * shop, else its first shop — among the allowed ones when the user is limited.
 */
export async function currentShopId(
  db: DB,
  merchantId: number,
  stored: number | null,
  allowed: number[] | null = null,
): Promise<number | null> {
  const all = await db
    .selectFrom('shop')
    .select(['id', 'parentId'])
    .where('merchantId', '=', merchantId)
    .orderBy('id')
    .execute();
  return pickCurrentShop(all, stored, allowed);
}

/** currentShopId over a known list of the merchant's shops (ordered by id). */
export function pickCurrentShop(all: readonly ShopRef[], stored: number | null, allowed: number[] | null) {
  const shops = allowed ? all.filter((s) => allowed.includes(s.id)) : all;
  if (stored && shops.some((s) => s.id === stored)) return stored;
  return (shops.find((s) => s.parentId === null) ?? shops[0])?.id ?? null;
}
