import { STATUS_FLAG } from '@jz/contracts/common';
import type { RoleScope, SysRole } from '@jz/contracts/role';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { nowIso } from '../../../lib/time.ts';

type RoleFilter = {
  name?: string;
  code?: string;
  scope?: RoleScope;
  status?: number;
  pageNum: number;
  pageSize: number;
};

const SCOPE_NAME: Record<RoleScope, string> = { platform: '平台', merchant: '商家' };

/** Platform-defined roles (merchantId null): platform roles and merchant role templates. Merchants' own roles are theirs. */
export async function pageRoles(db: DB, f: RoleFilter) {
  let q = db.selectFrom('role').where('merchantId', 'is', null);
  if (f.name) q = q.where('name', 'like', likeContains(f.name));
  if (f.code) q = q.where('code', 'like', likeContains(f.code));
  if (f.scope) q = q.where('scope', '=', f.scope);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const page = await paginate(
    q,
    (b) =>
      b
        .select(['id', 'name', 'code', 'scope', 'remark', 'status', 'sort', 'builtIn', 'createdAt'])
        .select((eb) =>
          eb
            .selectFrom('userRole')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('userRole.roleId', '=', 'role.id')
            .as('userCount'),
        )
        .orderBy('sort')
        .orderBy('id'),
    f,
  );
  const ids = page.records.map((r) => r.id);
  const links = ids.length
    ? await db.selectFrom('roleMenu').select(['roleId', 'menuId']).where('roleId', 'in', ids).execute()
    : [];
  const records: SysRole[] = page.records.map((r) => ({
    ...r,
    userCount: Number(r.userCount ?? 0),
    menuIds: links.filter((l) => l.roleId === r.id).map((l) => l.menuId),
  }));
  return { records, total: page.total };
}

/** Enabled platform roles, for the user form's role picker. */
export const listPlatformRoles = (db: DB) =>
  db
    .selectFrom('role')
    .select(['id', 'name', 'code', 'scope', 'status', 'builtIn'])
    .where('merchantId', 'is', null)
    .where('scope', '=', 'platform')
    .where('status', '=', STATUS_FLAG.ENABLED)
    .orderBy('sort')
    .orderBy('id')
    .execute();

/** Every menu must exist and be of the role's scope: a merchant role can never hold a platform menu (nor the reverse). */
export async function assertMenusOfScope(db: DB, menuIds: number[], scope: RoleScope) {
  if (!menuIds.length) return;
  const found = await db.selectFrom('menu').select(['id', 'scope']).where('id', 'in', menuIds).execute();
  if (found.length !== menuIds.length) throw invalid('所选菜单不存在');
  if (found.some((m) => m.scope !== scope)) throw invalid(`${SCOPE_NAME[scope]}角色只能分配${SCOPE_NAME[scope]}菜单`);
}

async function assertCodeFree(db: DB, code: string, exceptId?: number) {
  let q = db.selectFrom('role').select('id').where('merchantId', 'is', null).where('code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw business(`角色编码「${code}」已存在`);
}

export async function addRole(
  db: DB,
  v: { name: string; code: string; scope: RoleScope; menuIds: number[]; status: number; sort: number; remark?: string },
) {
  await assertMenusOfScope(db, v.menuIds, v.scope);
  return db.transaction().execute(async (trx) => {
    await assertCodeFree(trx, v.code);
    const now = nowIso();
    const { id } = await trx
      .insertInto('role')
      .values({
        name: v.name,
        code: v.code,
        scope: v.scope,
        merchantId: null,
        remark: v.remark ?? null,
        status: v.status,
        sort: v.sort,
        builtIn: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (v.menuIds.length)
      await trx
        .insertInto('roleMenu')
        .values(v.menuIds.map((menuId) => ({ roleId: id, menuId })))
        .execute();
    return { id };
  });
}

/** A role of the platform's catalogue (merchantId null); a merchant's own role is "not found" here. */
export async function platformRole(db: DB, id: number) {
  const r = await db.selectFrom('role').select(['id', 'merchantId']).where('id', '=', id).executeTakeFirst();
  if (!r || r.merchantId !== null) throw notFound('角色不存在');
  return r;
}

export async function editRole(
  db: DB,
  id: number,
  v: { name?: string; code?: string; menuIds?: number[]; status?: number; sort?: number; remark?: string },
) {
  const cur = await db
    .selectFrom('role')
    .select(['id', 'scope', 'builtIn', 'code', 'merchantId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!cur || cur.merchantId !== null) throw notFound('角色不存在');
  if (
    cur.builtIn === 1 &&
    ((v.code !== undefined && v.code !== cur.code) || v.menuIds !== undefined || v.status === STATUS_FLAG.DISABLED)
  )
    throw business('内置角色的编码、权限和状态不能修改');
  if (v.menuIds) await assertMenusOfScope(db, v.menuIds, cur.scope);
  await db.transaction().execute(async (trx) => {
    if (v.code && v.code !== cur.code) await assertCodeFree(trx, v.code, id);
    const { menuIds, ...fields } = v;
    await trx
      .updateTable('role')
      .set({ ...fields, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    if (menuIds) {
      await trx.deleteFrom('roleMenu').where('roleId', '=', id).execute();
      if (menuIds.length)
        await trx
          .insertInto('roleMenu')
          .values(menuIds.map((menuId) => ({ roleId: id, menuId })))
          .execute();
    }
  });
}

/** Built-in roles and roles users still hold cannot be deleted; the refusal says which and how many users. */
export async function deleteRoles(db: DB, ids: number[]) {
  await db.transaction().execute(async (trx) => {
    const roles = await trx
      .selectFrom('role')
      .select(['id', 'name', 'builtIn', 'merchantId'])
      .where('id', 'in', ids)
      .execute();
    if (roles.length !== ids.length || roles.some((r) => r.merchantId !== null)) throw notFound('角色不存在');
    const builtIn = roles.find((r) => r.builtIn === 1);
    if (builtIn) throw business(`内置角色「${builtIn.name}」不能删除`);
    const inUse = await trx
      .selectFrom('userRole')
      .select(['roleId', sql<number>`count(*)`.as('n')])
      .where('roleId', 'in', ids)
      .groupBy('roleId')
      .execute();
    if (inUse.length) {
      const r = roles.find((x) => x.id === inUse[0].roleId)!;
      throw business(`角色「${r.name}」已分配给 ${Number(inUse[0].n)} 个用户，请先取消分配再删除`);
    }
    await trx.deleteFrom('roleMenu').where('roleId', 'in', ids).execute();
    await trx.deleteFrom('role').where('id', 'in', ids).execute();
  });
}
