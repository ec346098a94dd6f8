/**
 * A merchant's sub-accounts (子账号与权限: the account side): their shops, roles held, detail, status and removal.
 * The roles themselves and what a caller may grant are subaccount-role.repo.ts.
 */
import { STATUS_FLAG } from '@jz/contracts/common';
import { ALL_SHOPS, type ShopScope, type SubAccount, type SubAccountDetail } from '@jz/contracts/subaccount';
import type { DB } from '../../../db/client.ts';
import {
  type Authority,
  assertMayManage,
  mayManage,
  roleCodes,
  type Target,
  targetOf,
} from '../../../lib/authority.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { findOwnRole } from './subaccount-role.repo.ts';
import { ipRegion } from '../../../lib/ip-region.ts';

/** Named shops must be shops of the caller's merchant (2002 otherwise); whether the caller may grant them is authority's. */
async function assertShopsExist(db: DB, t: Tenant, shops: ShopScope) {
  if (shops === ALL_SHOPS) return;
  const found = await db
    .selectFrom('shop')
    .select('id')
    .where('id', 'in', shops)
    .where('merchantId', '=', t.merchantId)
    .execute();
  if (found.length !== new Set(shops).size) throw notFound('店铺不存在');
}

/** The current shop a limited account starts in: its main shop if allowed, else its first allowed shop. */
async function firstShop(db: DB, merchantId: number, shops: ShopScope) {
  let q = db.selectFrom('shop').select(['id', 'parentId']).where('merchantId', '=', merchantId).orderBy('id');
  if (shops !== ALL_SHOPS) q = q.where('id', 'in', shops.length ? shops : [-1]);
  const rows = await q.execute();
  return (rows.find((r) => r.parentId === null) ?? rows[0])?.id ?? null;
}

async function shopsOf(db: DB, userIds: number[]) {
  if (!userIds.length) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .selectFrom('userShop')
    .innerJoin('shop', 'shop.id', 'userShop.shopId')
    .select(['userShop.userId', 'shop.id', 'shop.name'])
    .where('userShop.userId', 'in', userIds)
    .orderBy('shop.id')
    .execute();
  const out = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), { id: r.id, name: r.name }]);
  return out;
}

const subBase = (db: DB, t: Pick<Tenant, 'merchantId'>) =>
  db
    .selectFrom('user')
    .leftJoin('userRole', 'userRole.userId', 'user.id')
    .leftJoin('role', 'role.id', 'userRole.roleId')
    .where('user.merchantId', '=', t.merchantId)
    .where('user.userType', '=', 'merchant')
    .where('user.isOwner', '=', 0);

const subCols = [
  'user.id',
  'user.allShops',
  'user.nickName',
  'user.loginName',
  'user.phone',
  'user.status',
  'user.lastLoginAt',
  'user.createdAt',
  'role.id as roleId',
  'role.name as roleName',
] as const;

export async function pageSubAccounts(
  db: DB,
  t: Tenant,
  me: Authority,
  f: { pageNum: number; pageSize: number; keyword?: string; roleId?: number; status?: number },
) {
  if (f.roleId) await findOwnRole(db, t, f.roleId);
  let base = subBase(db, t);
  if (f.keyword) {
    const k = likeContains(f.keyword);
    base = base.where((w) =>
      w.or([w('user.nickName', 'like', k), w('user.phone', 'like', k), w('user.loginName', 'like', k)]),
    );
  }
  if (f.roleId) base = base.where('role.id', '=', f.roleId);
  if (f.status !== undefined) base = base.where('user.status', '=', f.status);
  const page = await paginate(base, (q) => q.select(subCols).orderBy('user.id', 'desc'), f);
  const shops = await shopsOf(
    db,
    page.records.map((r) => r.id),
  );
  const codes = new Map<number | null, Set<string>>();
  const records: SubAccount[] = [];
  for (const { allShops, ...r } of page.records) {
    if (!codes.has(r.roleId)) codes.set(r.roleId, await roleCodes(db, r.roleId ? [r.roleId] : []));
    const own = shops.get(r.id) ?? [];
    records.push({
      ...r,
      shops: allShops === 1 ? null : own,
      manageable: mayManage(me, {
        id: r.id,
        rights: { perms: codes.get(r.roleId) as Set<string>, shops: allShops === 1 ? 'all' : own.map((x) => x.id) },
      }),
    });
  }
  return { total: page.total, records };
}

/** A sub-account of the caller's merchant (owners and other merchants' users: 2002). */
export async function findSub(db: DB, t: Pick<Tenant, 'merchantId'>, id: number) {
  const row = await subBase(db, t).select(subCols).where('user.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('账号不存在');
  const { allShops, ...r } = row;
  return { ...r, shops: allShops === 1 ? null : ((await shopsOf(db, [id])).get(id) ?? []) };
}

/** A sub-account of the caller's merchant as the target of a management call (2002 when it is not one). */
export async function findSubTarget(db: DB, t: Pick<Tenant, 'merchantId'>, id: number): Promise<Target> {
  await findSub(db, t, id);
  const target = await targetOf(db, id);
  if (!target) throw notFound('账号不存在');
  return target;
}

/** 账号详情: only of an account the caller may manage (or itself): its codes, sign-ins and operations. */
export async function subDetail(db: DB, t: Tenant, me: Authority, id: number): Promise<SubAccountDetail> {
  const sub = await findSub(db, t, id);
  const target = await targetOf(db, id);
  if (target) await assertMayManage(db, me, target);
  const pw = await db.selectFrom('user').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow();
  const menus = sub.roleId
    ? await db
        .selectFrom('roleMenu')
        .innerJoin('menu', 'menu.id', 'roleMenu.menuId')
        .select(['menu.name', 'menu.type', 'menu.perms'])
        .where('roleMenu.roleId', '=', sub.roleId)
        .where('menu.status', '=', STATUS_FLAG.ENABLED)
        .where('menu.scope', '=', 'merchant')
        .orderBy('menu.sort')
        .execute()
    : [];
  const signIns = await db
    .selectFrom('session')
    .select(['createdAt as at', 'ip', 'userAgent'])
    .where('userId', '=', id)
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  const operations = await db
    .selectFrom('oplog')
    .select(['createdAt as at', 'title', 'type', 'url', 'success'])
    .where('userId', '=', id)
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  return {
    ...sub,
    manageable: !!target && mayManage(me, target),
    hasPassword: !!pw.passwordHash,
    perms: [...new Set(menus.flatMap((m) => (m.perms ? m.perms.split(',') : [])))].sort(),
    menuNames: menus.filter((m) => m.type === 'ZICAIDAN').map((m) => m.name),
    signIns: signIns.map((s) => ({ ...s, place: ipRegion(s.ip) })),
    operations,
  };
}

/** Stores an account's shops: `all` explicitly (user.all_shops), or exactly the listed ones. */
async function setShops(trx: DB, t: Tenant, userId: number, shops: ShopScope) {
  await trx.deleteFrom('userShop').where('userId', '=', userId).execute();
  const unique = shops === ALL_SHOPS ? [] : [...new Set(shops)];
  if (unique.length)
    await trx
      .insertInto('userShop')
      .values(unique.map((shopId) => ({ userId, shopId, merchantId: t.merchantId })))
      .execute();
  await trx
    .updateTable('user')
    .set({ allShops: shops === ALL_SHOPS ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
  // Move the account's current shop inside its limit, so tenantOf never meets an outside one.
  const cur = await trx.selectFrom('user').select('currentShopId').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!cur.currentShopId || (shops !== ALL_SHOPS && !unique.includes(cur.currentShopId)))
    await trx
      .updateTable('user')
      .set({ currentShopId: await firstShop(trx, t.merchantId, shops) })
      .where('id', '=', userId)
      .execute();
}

export async function addSub(
  db: DB,
  t: Tenant,
  v: { nickName: string; phone: string; roleId: number; shopIds: ShopScope; passwordHash: string | null },
) {
  await findOwnRole(db, t, v.roleId);
  await assertShopsExist(db, t, v.shopIds);
  const taken = await db
    .selectFrom('user')
    .select('id')
    .where((w) => w.or([w('phone', '=', v.phone), w('loginName', '=', v.phone)]))
    .executeTakeFirst();
  if (taken) throw business('该手机号已被其他账号使用');
  try {
    return await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const { id } = await trx
        .insertInto('user')
        .values({
          userType: 'merchant',
          merchantId: t.merchantId,
          isOwner: 0,
          loginName: v.phone,
          nickName: v.nickName,
          phone: v.phone,
          passwordHash: v.passwordHash,
          status: STATUS_FLAG.ENABLED,
          currentShopId: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('userRole').values({ userId: id, roleId: v.roleId }).execute();
      await setShops(trx, t, id, v.shopIds);
      return { id };
    });
  } catch (err) {
    // Two concurrent adds of one phone: the unique index lets one through.
    if (/unique|duplicate/i.test(String((err as Error).message))) throw business('该手机号已被其他账号使用');
    throw err;
  }
}

export async function editSub(
  db: DB,
  t: Tenant,
  id: number,
  v: { nickName?: string; roleId?: number; shopIds?: ShopScope },
) {
  await findSub(db, t, id);
  if (v.roleId) await findOwnRole(db, t, v.roleId);
  if (v.shopIds) await assertShopsExist(db, t, v.shopIds);
  await db.transaction().execute(async (trx) => {
    const set: { updatedAt: string; nickName?: string } = { updatedAt: nowIso() };
    if (v.nickName) set.nickName = v.nickName;
    await trx.updateTable('user').set(set).where('id', '=', id).where('merchantId', '=', t.merchantId).execute();
    if (v.roleId) {
      await trx.deleteFrom('userRole').where('userId', '=', id).execute();
      await trx.insertInto('userRole').values({ userId: id, roleId: v.roleId }).execute();
    }
    if (v.shopIds) await setShops(trx, t, id, v.shopIds);
  });
}

export async function setSubStatus(db: DB, t: Tenant, id: number, status: number) {
  await findSub(db, t, id);
  if (id === t.user.id) throw business('不能停用或启用自己的账号');
  await db
    .updateTable('user')
    .set({ status, updatedAt: nowIso() })
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .execute();
}

export async function deleteSubs(db: DB, t: Tenant, ids: number[]) {
  if (ids.includes(t.user.id)) throw business('不能删除自己的账号');
  try {
    await removeSubs(db, t, ids);
  } catch (err) {
    // Records of other modules (signatures, messages, ...) keep the user row: such an account can only be disabled.
    if (/foreign key|constraint/i.test(String((err as Error).message)))
      throw business('该账号已有业务记录，不能删除，请改为停用');
    throw err;
  }
}

async function removeSubs(db: DB, t: Tenant, ids: number[]) {
  await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('user')
      .select('id')
      .where('id', 'in', ids)
      .where('merchantId', '=', t.merchantId)
      .where('isOwner', '=', 0)
      .execute();
    if (found.length !== ids.length) throw notFound('账号不存在');
    await trx.deleteFrom('userRole').where('userId', 'in', ids).execute();
    await trx.deleteFrom('userShop').where('userId', 'in', ids).execute();
    await trx.deleteFrom('session').where('userId', 'in', ids).execute();
    await trx.deleteFrom('user').where('id', 'in', ids).execute();
  });
}

export async function merchantShops(db: DB, t: Tenant) {
  let q = db
    .selectFrom('shop')
    .select(['id', 'name', 'parentId'])
    .where('merchantId', '=', t.merchantId)
    .orderBy('parentId', 'asc')
    .orderBy('id');
  if (t.allowedShopIds) q = q.where('id', 'in', t.allowedShopIds);
  return q.execute();
}
