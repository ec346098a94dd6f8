/**
 * A merchant's roles (子账号与权限: the role side): which menus a caller may grant, and the roles themselves.
 * The accounts that hold them are subaccount.repo.ts.
 */
import { STATUS_FLAG } from '@jz/contracts/common';
import type { MenuOption } from '@jz/contracts/menu-admin';
import type { MerchantRole } from '@jz/contracts/subaccount';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { buildTree } from '../../../lib/tree.ts';
import { isPlatformPerm } from '../../../plugins/auth.ts';

/* ------------------------------------------------------------------ grantable menus */

/**
 * The merchant menus a caller may put into a role: enabled merchant-scope menus whose code the merchant holds
 * (its owners' codes) and — for a sub-account that manages the team — that the caller holds itself. Folders and
 * pages without a code are grantable when one of their descendants is.
 */
export async function grantableMenus(db: DB, t: Tenant, merchantPerms: Set<string>) {
  const rows = await db
    .selectFrom('menu')
    .select(['id', 'parentId', 'name', 'type', 'scope', 'perms', 'sort'])
    .where('scope', '=', 'merchant')
    .where('status', '=', STATUS_FLAG.ENABLED)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const holds = (p: string) => !isPlatformPerm(p) && merchantPerms.has(p) && (t.user.isOwner || t.user.perms.has(p));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ok = new Set<number>();
  for (const r of rows) {
    if (!r.perms) continue;
    if (!r.perms.split(',').every((p) => holds(p.trim()))) continue;
    // The menu and all its ancestors become grantable.
    for (
      let cur: typeof r | undefined = r;
      cur && !ok.has(cur.id);
      cur = cur.parentId ? byId.get(cur.parentId) : undefined
    )
      ok.add(cur.id);
  }
  return rows.filter((r) => ok.has(r.id));
}

/** Grantable menus as the role form's tree (rows come ordered by sort, then id). */
export function toTree(
  rows: { id: number; parentId: number | null; name: string; type: string; scope: string; perms: string | null }[],
) {
  return buildTree(
    rows.map(
      (r): MenuOption => ({
        id: r.id,
        parentId: r.parentId,
        name: r.name,
        type: r.type as MenuOption['type'],
        scope: 'merchant',
        perms: r.perms,
      }),
    ),
  );
}

/** Refuses (2001) any menu outside what the caller may grant: platform menus, codes the merchant lacks. */
export async function assertGrantable(db: DB, t: Tenant, merchantPerms: Set<string>, menuIds: number[]) {
  const ok = new Set((await grantableMenus(db, t, merchantPerms)).map((m) => m.id));
  const bad = menuIds.filter((id) => !ok.has(id));
  if (bad.length) {
    const platform = await db
      .selectFrom('menu')
      .select('id')
      .where('id', 'in', bad)
      .where('scope', '!=', 'merchant')
      .executeTakeFirst();
    throw invalid(platform ? '商家角色不能包含平台权限' : '所选权限超出了可分配的范围');
  }
}

/* ------------------------------------------------------------------ roles */

export async function findOwnRole(db: DB, t: Pick<Tenant, 'merchantId'>, id: number) {
  const role = await db
    .selectFrom('role')
    .select(['id', 'name', 'remark', 'status', 'createdAt'])
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .where('scope', '=', 'merchant')
    .executeTakeFirst();
  if (!role) throw notFound('角色不存在');
  return role;
}

export async function listRoles(db: DB, t: Pick<Tenant, 'merchantId'>): Promise<MerchantRole[]> {
  const roles = await db
    .selectFrom('role')
    .select(['id', 'name', 'remark', 'status', 'createdAt'])
    .where('merchantId', '=', t.merchantId)
    .where('scope', '=', 'merchant')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  if (!roles.length) return [];
  const ids = roles.map((r) => r.id);
  const menus = await db.selectFrom('roleMenu').select(['roleId', 'menuId']).where('roleId', 'in', ids).execute();
  const users = await db
    .selectFrom('userRole')
    .select(['roleId', sql<number>`count(*)`.as('n')])
    .where('roleId', 'in', ids)
    .groupBy('roleId')
    .execute();
  return roles.map((r) => ({
    ...r,
    menuIds: menus.filter((m) => m.roleId === r.id).map((m) => m.menuId),
    userCount: Number(users.find((u) => u.roleId === r.id)?.n ?? 0),
  }));
}

async function assertRoleNameFree(db: DB, merchantId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('role').select('id').where('merchantId', '=', merchantId).where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw business(`角色「${name}」已存在`);
}

export async function addRole(db: DB, t: Tenant, v: { name: string; menuIds: number[]; remark?: string }) {
  return db.transaction().execute(async (trx) => {
    await assertRoleNameFree(trx, t.merchantId, v.name);
    const now = nowIso();
    const { id } = await trx
      .insertInto('role')
      .values({
        name: v.name,
        code: `m${t.merchantId}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
        merchantId: t.merchantId,
        scope: 'merchant',
        remark: v.remark ?? null,
        status: STATUS_FLAG.ENABLED,
        sort: 10,
        builtIn: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('roleMenu')
      .values(v.menuIds.map((menuId) => ({ roleId: id, menuId })))
      .execute();
    return { id };
  });
}

export async function editRole(
  db: DB,
  t: Tenant,
  id: number,
  v: { name?: string; menuIds?: number[]; remark?: string },
) {
  await findOwnRole(db, t, id);
  await db.transaction().execute(async (trx) => {
    if (v.name) await assertRoleNameFree(trx, t.merchantId, v.name, id);
    const { menuIds, ...fields } = v;
    await trx
      .updateTable('role')
      .set({ ...fields, updatedAt: nowIso() })
      .where('id', '=', id)
      .where('merchantId', '=', t.merchantId)
      .execute();
    if (menuIds) {
      await trx.deleteFrom('roleMenu').where('roleId', '=', id).execute();
      await trx
        .insertInto('roleMenu')
        .values(menuIds.map((menuId) => ({ roleId: id, menuId })))
        .execute();
    }
  });
}

export async function deleteRoles(db: DB, t: Tenant, ids: number[]) {
  await db.transaction().execute(async (trx) => {
    const roles = await trx
      .selectFrom('role')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .where('merchantId', '=', t.merchantId)
      .where('scope', '=', 'merchant')
      .execute();
    if (roles.length !== ids.length) throw notFound('角色不存在');
    const used = await trx.selectFrom('userRole').select('roleId').where('roleId', 'in', ids).executeTakeFirst();
    if (used) throw business(`角色「${roles.find((r) => r.id === used.roleId)?.name}」仍有账号在使用，不能删除`);
    await trx.deleteFrom('roleMenu').where('roleId', 'in', ids).execute();
    await trx.deleteFrom('role').where('id', 'in', ids).where('merchantId', '=', t.merchantId).execute();
  });
}
