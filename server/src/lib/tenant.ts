import type { FastifyRequest } from 'fastify';
import type { DB } from '../db/client.ts';
import { type AuthUser, currentUser } from '../plugins/auth.ts';
import { forbidden } from './errors.ts';

export interface Tenant {
  user: AuthUser;
  merchantId: number;
  /** The caller's current shop (stored per user); null when the merchant has no shop yet. */
  shopId: number | null;
}

/**
 * The merchant scope of a call. Every merchant-side repository takes this and filters by it, so another merchant's
 * row is simply "not found". Platform users are refused: they work through the toolkit.
 */
export async function tenantOf(db: DB, req: FastifyRequest): Promise<Tenant> {
  const user = currentUser(req);
  if (user.userType !== 'merchant' || !user.merchantId) throw forbidden('仅商家账号可使用此功能');
  return { user, merchantId: user.merchantId, shopId: await currentShopId(db, user.merchantId, user.currentShopId) };
}

/** The stored current shop if it still belongs to the merchant, else its main shop, else its first shop. */
export async function currentShopId(db: DB, merchantId: number, stored: number | null): Promise<number | null> {
  const shops = await db
    .selectFrom('shop')
    .select(['id', 'parentId'])
    .where('merchantId', '=', merchantId)
    .orderBy('id')
    .execute();
  if (stored && shops.some((s) => s.id === stored)) return stored;
  return (shops.find((s) => s.parentId === null) ?? shops[0])?.id ?? null;
}
