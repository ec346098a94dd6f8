import { STATUS_FLAG } from '@jz/contracts/common';
import { SUPER_PERM } from '@jz/contracts/menu';
import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';

/** Built-in roles. Each start re-grants them every menu of their scope, so new modules' pages reach them. */
export const BUILT_IN_ROLES = [
  { code: SUPER_PERM, name: '超级管理员', scope: 'platform' as const, remark: '平台超级管理员，拥有全部权限' },
  { code: 'merchant_owner', name: '商家主账号', scope: 'merchant' as const, remark: '商家主账号，拥有全部商家权限' },
];

export async function seedRoles(db: DB) {
  const now = nowIso();
  for (const r of BUILT_IN_ROLES) {
    let role = await db
      .selectFrom('role')
      .select('id')
      .where('code', '=', r.code)
      .where('merchantId', 'is', null)
      .executeTakeFirst();
    role ??= await db
      .insertInto('role')
      .values({
        ...r,
        merchantId: null,
        status: STATUS_FLAG.ENABLED,
        sort: 0,
        builtIn: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menus = await db.selectFrom('menu').select('id').where('scope', '=', r.scope).execute();
    const have = new Set(
      (await db.selectFrom('roleMenu').select('menuId').where('roleId', '=', role.id).execute()).map((x) => x.menuId),
    );
    const missing = menus.filter((m) => !have.has(m.id)).map((m) => ({ roleId: role.id, menuId: m.id }));
    if (missing.length) await db.insertInto('roleMenu').values(missing).execute();
  }
}
