import { STATUS_FLAG } from '@jz/contracts/common';
import type { MenuItem } from '@jz/contracts/menu';
import type { DB } from '../../../db/client.ts';
import type { AuthUser } from '../../../plugins/auth.ts';

const columns = [
  'id',
  'parentId',
  'name',
  'icon',
  'type',
  'routerUrl',
  'routerParam',
  'component',
  'perms',
  'status',
  'sort',
  'scope',
] as const;

/** The menus a user may see: everything of its scope for the super admin, else what its enabled roles grant. */
export async function findUserMenus(db: DB, user: AuthUser, types: MenuItem['type'][]): Promise<MenuItem[]> {
  const scope = user.userType === 'platform' ? 'platform' : 'merchant';
  let q = db
    .selectFrom('menu')
    .select(columns.map((c) => `menu.${c}` as const))
    .where('menu.scope', '=', scope)
    .where('menu.type', 'in', types);
  if (!user.perms.has('super')) {
    q = q.where('menu.id', 'in', (sub) =>
      sub
        .selectFrom('roleMenu')
        .innerJoin('userRole', 'userRole.roleId', 'roleMenu.roleId')
        .innerJoin('role', 'role.id', 'roleMenu.roleId')
        .select('roleMenu.menuId')
        .where('userRole.userId', '=', user.id)
        .where('role.status', '=', STATUS_FLAG.ENABLED),
    );
  }
  return (await q.execute()) as MenuItem[];
}
