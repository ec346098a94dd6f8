import type { UserInfo } from '@jz/contracts/auth';
import type { DB } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';

/** docs/spec-notes.md#records user info, roleNameList joined into roleNames: the sign-in answer, also read by the user and account modules. */
export async function findUserInfo(db: DB, userId: number): Promise<UserInfo> {
  const u = await db
    .selectFrom('user')
    .select(['id', 'nickName', 'headUrl', 'loginName', 'phone', 'userType', 'merchantId', 'isOwner'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) throw notFound('用户不存在');
  const roles = await db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .select('role.name')
    .where('userRole.userId', '=', userId)
    .orderBy('role.sort')
    .execute();
  const roleNameList = roles.map((r) => r.name);
  return { ...u, isOwner: u.isOwner === 1, roleNameList, roleNames: roleNameList.join(',') };
}
