import { STATUS_FLAG } from '@jz/contracts/common';
import type { MerchantUser, SysUser } from '@jz/contracts/user';
import { SUPER_PERM } from '@jz/contracts/menu';
import type { DB } from '../../../db/client.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { nowIso } from '../../../lib/time.ts';

type UserFilter = {
  loginName?: string;
  nickName?: string;
  phone?: string;
  status?: number;
  pageNum: number;
  pageSize: number;
};

async function rolesOf(db: DB, userIds: number[]) {
  const map = new Map<number, { ids: number[]; names: string[] }>();
  if (!userIds.length) return map;
  const rows = await db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .select(['userRole.userId', 'role.id', 'role.name'])
    .where('userRole.userId', 'in', userIds)
    .orderBy('role.sort')
    .orderBy('role.id')
    .execute();
  for (const r of rows) {
    const e = map.get(r.userId) ?? { ids: [], names: [] };
    e.ids.push(r.id);
    e.names.push(r.name);
    map.set(r.userId, e);
  }
  return map;
}

/** 用户管理: platform users only (merchant accounts are listed by listMerchantUsers). */
export async function pageUsers(db: DB, f: UserFilter) {
  let q = db.selectFrom('user').where('userType', '=', 'platform');
  if (f.loginName) q = q.where('loginName', 'like', likeContains(f.loginName));
  if (f.nickName) q = q.where('nickName', 'like', likeContains(f.nickName));
  if (f.phone) q = q.where('phone', 'like', likeContains(f.phone));
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  const page = await paginate(
    q,
    (b) =>
      b
        .select([
          'id',
          'loginName',
          'nickName',
          'phone',
          'headUrl',
          'status',
          'passwordHash',
          'lastLoginAt',
          'lastLoginIp',
          'createdAt',
        ])
        .orderBy('id', 'desc'),
    f,
  );
  const roles = await rolesOf(
    db,
    page.records.map((r) => r.id),
  );
  const records: SysUser[] = page.records.map(({ passwordHash, ...u }) => ({
    ...u,
    hasPassword: !!passwordHash,
    roleIds: roles.get(u.id)?.ids ?? [],
    roleNames: roles.get(u.id)?.names.join(',') ?? '',
  }));
  return { records, total: page.total };
}

type MerchantUserFilter = {
  phone?: string;
  nickName?: string;
  merchantName?: string;
  status?: number;
  isOwner?: number;
  pageNum: number;
  pageSize: number;
};

/** 商家用户: every merchant account with its merchant and status. */
export async function pageMerchantUsers(db: DB, f: MerchantUserFilter) {
  let q = db
    .selectFrom('user')
    .innerJoin('merchant', 'merchant.id', 'user.merchantId')
    .where('user.userType', '=', 'merchant');
  if (f.phone) q = q.where('user.phone', 'like', likeContains(f.phone));
  if (f.nickName) q = q.where('user.nickName', 'like', likeContains(f.nickName));
  if (f.merchantName) q = q.where('merchant.name', 'like', likeContains(f.merchantName));
  if (f.status !== undefined) q = q.where('user.status', '=', f.status);
  if (f.isOwner !== undefined) q = q.where('user.isOwner', '=', f.isOwner);
  const page = await paginate(
    q,
    (b) =>
      b
        .select([
          'user.id',
          'user.loginName',
          'user.nickName',
          'user.phone',
          'user.headUrl',
          'user.status',
          'user.isOwner',
          'user.merchantId',
          'merchant.name as merchantName',
          'user.lastLoginAt',
          'user.createdAt',
        ])
        .orderBy('user.id', 'desc'),
    f,
  );
  const roles = await rolesOf(
    db,
    page.records.map((r) => r.id),
  );
  const records = page.records.map((u) => ({
    ...u,
    roleNames: roles.get(u.id)?.names.join(',') ?? '',
  })) as MerchantUser[];
  return { records, total: page.total };
}

/** Roles a platform user may hold: existing platform-scope roles of the platform (merchantId null). */
async function assertPlatformRoles(db: DB, roleIds: number[]) {
  const found = await db.selectFrom('role').select(['id', 'scope', 'merchantId']).where('id', 'in', roleIds).execute();
  if (found.length !== roleIds.length) throw invalid('所选角色不存在');
  if (found.some((r) => r.scope !== 'platform' || r.merchantId !== null)) throw invalid('平台用户只能分配平台角色');
}

async function assertUnique(db: DB, v: { loginName?: string; phone?: string }, exceptId?: number) {
  if (v.loginName) {
    let q = db.selectFrom('user').select('id').where('loginName', '=', v.loginName);
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw business(`登录名「${v.loginName}」已被使用`);
  }
  if (v.phone) {
    let q = db.selectFrom('user').select('id').where('phone', '=', v.phone);
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw business(`手机号 ${v.phone} 已被注册`);
  }
}

export async function addUser(
  db: DB,
  v: {
    loginName: string;
    nickName: string;
    phone: string;
    roleIds: number[];
    status: number;
    passwordHash: string | null;
  },
) {
  await assertPlatformRoles(db, v.roleIds);
  return db.transaction().execute(async (trx) => {
    await assertUnique(trx, v);
    const now = nowIso();
    const { id } = await trx
      .insertInto('user')
      .values({
        userType: 'platform',
        merchantId: null,
        isOwner: 0,
        loginName: v.loginName,
        nickName: v.nickName,
        phone: v.phone,
        headUrl: null,
        passwordHash: v.passwordHash,
        status: v.status,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('userRole')
      .values(v.roleIds.map((roleId) => ({ userId: id, roleId })))
      .execute();
    return { id };
  });
}

export async function platformUser(db: DB, id: number) {
  const u = await db
    .selectFrom('user')
    .select(['id', 'userType', 'status', 'phone', 'passwordHash'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (u?.userType !== 'platform') throw notFound('用户不存在');
  return u;
}

/** Enabled users holding the super-admin role, other than `exceptIds`. */
async function otherEnabledSupers(db: DB, exceptIds: number[]) {
  let q = db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .innerJoin('user', 'user.id', 'userRole.userId')
    .select('user.id')
    .where('role.code', '=', SUPER_PERM)
    .where('role.merchantId', 'is', null)
    .where('user.status', '=', STATUS_FLAG.ENABLED);
  if (exceptIds.length) q = q.where('user.id', 'not in', exceptIds);
  return (await q.execute()).length;
}

async function isSuper(db: DB, userId: number) {
  return !!(await db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .select('role.id')
    .where('userRole.userId', '=', userId)
    .where('role.code', '=', SUPER_PERM)
    .where('role.merchantId', 'is', null)
    .executeTakeFirst());
}

/** Edits a platform user; answers whether it was disabled by this edit (its sessions must end). */
export async function editUser(
  db: DB,
  actorId: number,
  id: number,
  v: { loginName?: string; nickName?: string; phone?: string; roleIds?: number[]; status?: number },
) {
  const cur = await platformUser(db, id);
  if (v.status === STATUS_FLAG.DISABLED && id === actorId) throw business('不能停用当前登录的用户');
  if (v.roleIds) await assertPlatformRoles(db, v.roleIds);
  return db.transaction().execute(async (trx) => {
    await assertUnique(trx, v, id);
    if (await isSuper(trx, id)) {
      const superRole = await trx
        .selectFrom('role')
        .select('id')
        .where('code', '=', SUPER_PERM)
        .where('merchantId', 'is', null)
        .executeTakeFirstOrThrow();
      const losing = v.status === STATUS_FLAG.DISABLED || (v.roleIds && !v.roleIds.includes(superRole.id));
      if (losing && (await otherEnabledSupers(trx, [id])) === 0) throw business('至少保留一个启用的超级管理员');
    }
    const { roleIds, ...fields } = v;
    await trx
      .updateTable('user')
      .set({ ...fields, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
    if (roleIds) {
      await trx.deleteFrom('userRole').where('userId', '=', id).execute();
      await trx
        .insertInto('userRole')
        .values(roleIds.map((roleId) => ({ userId: id, roleId })))
        .execute();
    }
    return { disabled: v.status === STATUS_FLAG.DISABLED && cur.status !== STATUS_FLAG.DISABLED };
  });
}

export async function deleteUsers(db: DB, actorId: number, ids: number[]) {
  if (ids.includes(actorId)) throw business('不能删除当前登录的用户');
  await db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('user').select(['id', 'userType']).where('id', 'in', ids).execute();
    if (found.length !== ids.length || found.some((u) => u.userType !== 'platform')) throw notFound('用户不存在');
    const supers = [];
    for (const id of ids) if (await isSuper(trx, id)) supers.push(id);
    if (supers.length && (await otherEnabledSupers(trx, ids)) === 0) throw business('至少保留一个启用的超级管理员');
    await trx.deleteFrom('userRole').where('userId', 'in', ids).execute();
    await trx.deleteFrom('session').where('userId', 'in', ids).execute();
    try {
      await trx.deleteFrom('user').where('id', 'in', ids).execute();
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === '23503' || code.startsWith('SQLITE_CONSTRAINT'))
        throw business('用户存在关联的业务数据，不能删除，可改为停用');
      throw err;
    }
  });
}

export async function setPasswordHash(db: DB, id: number, passwordHash: string) {
  await db.updateTable('user').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', id).execute();
}

export async function updateSelf(db: DB, id: number, v: { nickName?: string; headUrl?: string }) {
  await db
    .updateTable('user')
    .set({ ...v, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Ends every session of a user except the one making the call (password change keeps the caller signed in). */
export async function revokeOtherSessions(db: DB, userId: number, keepSessionId: number) {
  await db
    .updateTable('session')
    .set({ revokedAt: nowIso() })
    .where('userId', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revokedAt', 'is', null)
    .execute();
}
