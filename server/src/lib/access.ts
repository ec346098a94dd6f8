import { STATUS_FLAG } from '@jz/contracts/common';
import { SUPER_PERM } from '@jz/contracts/menu';
import type { Generated } from 'kysely';
import type { DB } from '../db/client.ts';

declare module '../db/schema.ts' {
  interface UserTable {
    /**
     * Raised (migration 1002, by triggers in the writing transaction) whenever the user's roles, their menus, its shop
     * limit, its merchant's shops, its status or a session of it changes: the key of the cached access below.
     */
    authVersion: Generated<number>;
  }
}

/** A shop of the caller's merchant, as the current-shop choice needs it (lib/tenant.ts). */
export interface ShopRef {
  id: number;
  parentId: number | null;
}

/** What a user may do and where, derived from its roles and shops: the part of the caller that is cached. */
export interface Access {
  perms: Set<string>;
  /** null = every shop of its merchant (owners, `all_shops`, platform users); else its user_shop rows. */
  allowedShopIds: number[] | null;
  /** Its merchant's shops by id (none for platform users). */
  merchantShops: readonly ShopRef[];
}

/** The user columns the access depends on, read fresh with the session on every request. */
export interface AccessKey {
  id: number;
  authVersion: number;
  userType: 'platform' | 'merchant';
  merchantId: number | null;
  isOwner: boolean;
  allShops: number;
}

/** The permission codes a user holds through its enabled roles and enabled menus; `super` for the super-admin role. */
export async function permsOf(db: DB, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .leftJoin('roleMenu', 'roleMenu.roleId', 'role.id')
    .leftJoin('menu', (j) => j.onRef('menu.id', '=', 'roleMenu.menuId').on('menu.status', '=', STATUS_FLAG.ENABLED))
    .select(['role.code', 'menu.perms'])
    .where('userRole.userId', '=', userId)
    .where('role.status', '=', STATUS_FLAG.ENABLED)
    .execute();
  const perms = new Set<string>();
  for (const r of rows) {
    if (r.code === SUPER_PERM) perms.add(SUPER_PERM);
    if (r.perms) for (const p of r.perms.split(',')) perms.add(p.trim());
  }
  return perms;
}

async function loadAccess(db: DB, k: AccessKey): Promise<Access> {
  const merchant = k.userType === 'merchant' && k.merchantId !== null;
  const limited = merchant && !k.isOwner && k.allShops !== 1;
  const [perms, merchantShops, own] = await Promise.all([
    permsOf(db, k.id),
    merchant
      ? db.selectFrom('shop').select(['id', 'parentId']).where('merchantId', '=', k.merchantId!).orderBy('id').execute()
      : [],
    limited ? db.selectFrom('userShop').select('shopId').where('userId', '=', k.id).execute() : undefined,
  ]);
  return { perms, merchantShops, allowedShopIds: own ? own.map((r) => r.shopId) : null };
}

interface Entry {
  version: number;
  access: Access;
}
/** Per database handle (one per app instance), so two instances in one test process keep separate caches. */
const caches = new WeakMap<DB, Map<number, Entry>>();
/** One entry per user; a bound so a flood of distinct users cannot grow it for ever. */
const MAX_USERS = 20_000;

/**
 * The access of a user, from memory when its version has not moved since it was loaded. Loaded AFTER the version was
 * read, so what is kept under version v is at least as new as v: a change commits with v+1 and the next request, on
 * any instance, reads v+1 and loads again. Never stale, and no extra query while nothing changes.
 */
export async function accessOf(db: DB, k: AccessKey): Promise<Access> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(k.id);
  if (hit && hit.version === k.authVersion) return hit.access;
  const access = await loadAccess(db, k);
  const now = cache.get(k.id);
  // A concurrent request may have stored a newer version meanwhile: keep the newer one.
  if (!now || now.version <= k.authVersion) {
    if (cache.size >= MAX_USERS && !now) cache.clear();
    cache.set(k.id, { version: k.authVersion, access });
  }
  return access;
}
