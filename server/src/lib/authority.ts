import { STATUS_FLAG } from '@jz/contracts/common';
import { SUPER_PERM } from '@jz/contracts/menu';
import type { DB } from '../db/client.ts';
import type { AuthUser } from './caller.ts';
import { forbidden } from './errors.ts';

/**
 * Delegated authority: the one rule every user-management call goes through (merchant sub-accounts and roles, the
 * platform's users and roles).
 *
 *   A caller may create, edit, enable/disable, reset or delete another user, or change the role or shops it holds, only
 *   when that user's rights — its role codes and its shop set — lie inside the caller's own, before AND after the change.
 *   Nobody changes its own roles or shop limit. "Every shop" is the explicit value 'all', which only a holder of every
 *   shop can hand out. A merchant's owners keep full authority over their merchant; the platform's `super` holder over
 *   the platform.
 *
 * Editing a role changes the rights of everyone holding it, so a role edit is checked as a change of each holder.
 * Refusals are 301 with a message that says what is out of reach.
 */

/** What a user may do and where: its permission codes and its shops ('all' = every shop of its merchant). */
export interface Rights {
  perms: ReadonlySet<string>;
  shops: readonly number[] | 'all';
}

/** The caller: its own rights, and whether it holds full authority in its realm (merchant owner / platform super). */
export interface Authority {
  userId: number;
  userType: AuthUser['userType'];
  merchantId: number | null;
  /** Merchant owner, or a platform user holding `super`: every check below passes (the realm is checked by callers). */
  full: boolean;
  rights: Rights;
}

/**
 * The caller's authority, from the signed-in user: codes and shop limit as loaded for this request (plugins/auth.ts,
 * cached by the user's auth version, so never older than the last change).
 */
export async function authorityOf(_db: DB, user: AuthUser): Promise<Authority> {
  const shops = user.userType === 'merchant' ? user.allowedShopIds : null;
  return {
    userId: user.id,
    userType: user.userType,
    merchantId: user.merchantId,
    full: user.userType === 'merchant' ? user.isOwner : user.perms.has(SUPER_PERM),
    rights: { perms: user.perms, shops: shops ?? 'all' },
  };
}

/**
 * The codes a set of roles grants: the codes of their enabled menus, disabled roles included (a role switched off can
 * be switched on again, so its codes count), and `super` for the super-admin role.
 */
export async function roleCodes(db: DB, roleIds: readonly number[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (!roleIds.length) return out;
  const rows = await db
    .selectFrom('role')
    .leftJoin('roleMenu', 'roleMenu.roleId', 'role.id')
    .leftJoin('menu', (j) => j.onRef('menu.id', '=', 'roleMenu.menuId').on('menu.status', '=', STATUS_FLAG.ENABLED))
    .select(['role.code', 'menu.perms'])
    .where('role.id', 'in', [...roleIds])
    .execute();
  for (const r of rows) {
    if (r.code === SUPER_PERM) out.add(SUPER_PERM);
    if (r.perms) for (const p of r.perms.split(',')) if (p.trim()) out.add(p.trim());
  }
  return out;
}

/** The codes a set of menus carries (what a role made of them would grant; disabled menus grant nothing). */
export async function menuCodes(db: DB, menuIds: readonly number[]): Promise<Set<string>> {
  if (!menuIds.length) return new Set();
  const rows = await db
    .selectFrom('menu')
    .select('perms')
    .where('id', 'in', [...menuIds])
    .where('status', '=', STATUS_FLAG.ENABLED)
    .execute();
  return new Set(rows.flatMap((r) => (r.perms ? r.perms.split(',').map((p) => p.trim()) : [])).filter(Boolean));
}

/** A user as a target: its roles, whether it is an owner, and its rights. */
export interface Target {
  id: number;
  userType: AuthUser['userType'];
  merchantId: number | null;
  isOwner: boolean;
  roleIds: number[];
  rights: Rights;
}

export async function targetOf(db: DB, userId: number): Promise<Target | undefined> {
  const u = await db
    .selectFrom('user')
    .select(['id', 'userType', 'merchantId', 'isOwner', 'allShops'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) return undefined;
  const roleIds = (await db.selectFrom('userRole').select('roleId').where('userId', '=', userId).execute()).map(
    (r) => r.roleId,
  );
  let shops: number[] | 'all' = 'all';
  if (u.userType === 'merchant' && u.isOwner !== 1 && u.allShops !== 1)
    shops = (await db.selectFrom('userShop').select('shopId').where('userId', '=', userId).execute()).map(
      (r) => r.shopId,
    );
  return {
    id: u.id,
    userType: u.userType,
    merchantId: u.merchantId,
    isOwner: u.isOwner === 1,
    roleIds,
    rights: { perms: await roleCodes(db, roleIds), shops },
  };
}

/** Why `inner` is not inside `outer`, or null when it is. */
export function exceeds(outer: Rights, inner: Rights): string | null {
  if (!outer.perms.has(SUPER_PERM)) {
    if (inner.perms.has(SUPER_PERM)) return '超级管理员权限';
    const extra = [...inner.perms].filter((p) => !outer.perms.has(p));
    if (extra.length) return '您没有的权限';
  }
  if (outer.shops !== 'all') {
    if (inner.shops === 'all') return '全部店铺';
    const allowed = outer.shops;
    if (inner.shops.some((s) => !allowed.includes(s))) return '您无权管理的店铺';
  }
  return null;
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));

/** A change to a user's roles and/or shops (undefined = unchanged). */
export interface Change {
  roleIds?: readonly number[];
  shops?: readonly number[] | 'all';
}

/**
 * The rule for acting on an existing user (`what`: the action, for the message). Throws 301 when the caller may not;
 * answers the target as it was. The caller is expected to have found the target inside its own realm (same merchant,
 * or a platform user) first, so another realm's user stays "not found".
 */
export async function assertMayManage(db: DB, caller: Authority, target: Target, change: Change = {}) {
  const rolesChange = change.roleIds !== undefined && !sameSet(change.roleIds, target.roleIds);
  const shopsChange =
    change.shops !== undefined &&
    (change.shops === 'all' || target.rights.shops === 'all'
      ? change.shops !== target.rights.shops
      : !sameSet(change.shops, target.rights.shops));
  if (target.id === caller.userId) {
    if (rolesChange || shopsChange) throw forbidden('不能修改自己的角色或可管理店铺');
    return target;
  }
  if (caller.full) return target;
  const before = exceeds(caller.rights, target.rights);
  if (before) throw forbidden(`无权管理该账号：它拥有${before}`);
  const after: Rights = {
    perms: rolesChange ? await roleCodes(db, change.roleIds ?? []) : target.rights.perms,
    shops: change.shops ?? target.rights.shops,
  };
  const beyond = exceeds(caller.rights, after);
  if (beyond) throw forbidden(`不能授予${beyond}`);
  return target;
}

/** The rule for a new user: its rights (roles, shops) must lie inside the caller's. */
export async function assertMayCreate(db: DB, caller: Authority, roleIds: readonly number[], shops: Rights['shops']) {
  if (caller.full) return;
  const beyond = exceeds(caller.rights, { perms: await roleCodes(db, roleIds), shops });
  if (beyond) throw forbidden(`不能授予${beyond}`);
}

/** The rule for a new role: it may hold only codes the caller holds. */
export function assertMayGrant(caller: Authority, codes: ReadonlySet<string>) {
  if (caller.full) return;
  const beyond = exceeds(caller.rights, { perms: codes, shops: [] });
  if (beyond) throw forbidden(`不能授予${beyond}`);
}

/**
 * The rule for changing a role's codes (`newCodes`; undefined = only its name or remark) or deleting it: the role's
 * codes before and after must lie inside the caller's, the caller must not hold the role itself, and every holder must
 * stay manageable by the caller after the change (its other roles and its shops count).
 */
export async function assertMayChangeRole(db: DB, caller: Authority, roleId: number, newCodes?: ReadonlySet<string>) {
  if (caller.full) return;
  const holders = (await db.selectFrom('userRole').select('userId').where('roleId', '=', roleId).execute()).map(
    (r) => r.userId,
  );
  if (holders.includes(caller.userId)) throw forbidden('不能修改自己所属的角色');
  const before = await roleCodes(db, [roleId]);
  const outOfReach = exceeds(caller.rights, { perms: before, shops: [] });
  if (outOfReach) throw forbidden(`无权修改该角色：它拥有${outOfReach}`);
  if (newCodes) {
    const beyond = exceeds(caller.rights, { perms: newCodes, shops: [] });
    if (beyond) throw forbidden(`不能授予${beyond}`);
  }
  for (const id of holders) {
    const t = await targetOf(db, id);
    if (!t) continue;
    const others = await roleCodes(
      db,
      t.roleIds.filter((r) => r !== roleId),
    );
    const after: Rights = { perms: new Set([...others, ...(newCodes ?? before)]), shops: t.rights.shops };
    if (exceeds(caller.rights, t.rights) || exceeds(caller.rights, after))
      throw forbidden('无权修改该角色：持有它的账号拥有您没有的权限或店铺');
  }
}

/** Whether the caller may manage a user (for lists that mark the rows it may act on). */
export function mayManage(caller: Authority, target: Pick<Target, 'id' | 'rights'>) {
  if (target.id === caller.userId) return false;
  return caller.full || exceeds(caller.rights, target.rights) === null;
}
