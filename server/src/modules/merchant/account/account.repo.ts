import { type MyAccount, maskPhone } from '@jz/contracts/account';
import type { DB } from '../../../db/client.ts';
import { hmac, safeEqual } from '../../../lib/crypto.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import { ipRegion } from '../../../lib/ip-region.ts';

/** 我的账号; `sessionId` is the caller's session, so 上次登录 is the sign-in before it. */
export async function myAccount(db: DB, userId: number, sessionId: number): Promise<MyAccount> {
  const u = await db
    .selectFrom('user')
    .leftJoin('merchant', 'merchant.id', 'user.merchantId')
    .select([
      'user.id',
      'user.loginName',
      'user.nickName',
      'user.headUrl',
      'user.phone',
      'user.isOwner',
      'user.allShops',
      'user.passwordHash',
      'user.merchantId',
      'merchant.name as merchantName',
      'user.lastLoginAt',
      'user.lastLoginIp',
      'user.createdAt',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
  if (!u) throw notFound('账号不存在');
  const roles = await db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .select('role.name')
    .where('userRole.userId', '=', userId)
    .execute();
  const shops = await db
    .selectFrom('userShop')
    .innerJoin('shop', 'shop.id', 'userShop.shopId')
    .select(['shop.id', 'shop.name'])
    .where('userShop.userId', '=', userId)
    .orderBy('shop.id')
    .execute();
  const previous = await db
    .selectFrom('session')
    .select(['createdAt as at', 'ip', 'userAgent'])
    .where('userId', '=', userId)
    .where('id', '<', sessionId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const { passwordHash, allShops, ...rest } = u;
  return {
    ...rest,
    phone: maskPhone(u.phone),
    // An account whose login name is still its phone shows it masked as well.
    loginName: u.loginName === u.phone ? maskPhone(u.loginName) : u.loginName,
    isOwner: u.isOwner === 1,
    hasPassword: !!passwordHash,
    roleNames: roles.map((r) => r.name),
    // Every shop: an owner, or a sub-account granted all shops; otherwise exactly its shops (possibly none).
    shops: u.merchantId === null || u.isOwner === 1 || allShops === 1 ? null : shops,
    lastLoginPlace: ipRegion(u.lastLoginIp),
    previousSignIn: previous ? { ...previous, place: ipRegion(previous.ip) } : null,
  };
}

/** 修改账号名: unique among all accounts (a name may not equal another account's phone either). */
export async function setLoginName(db: DB, userId: number, loginName: string) {
  const taken = await db
    .selectFrom('user')
    .select('id')
    .where((w) => w.or([w('loginName', '=', loginName), w('phone', '=', loginName)]))
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (taken) throw business('该账号名已被使用');
  try {
    await db.updateTable('user').set({ loginName, updatedAt: nowIso() }).where('id', '=', userId).execute();
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as Error).message))) throw business('该账号名已被使用');
    throw err;
  }
}

export async function assertPhoneFree(db: DB, phone: string, exceptUserId: number) {
  const taken = await db
    .selectFrom('user')
    .select('id')
    .where((w) => w.or([w('phone', '=', phone), w('loginName', '=', phone)]))
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  if (taken) throw business('该手机号已被其他账号使用');
}

/* The ticket of 修改手机号 step 1: proves the old phone's code was checked (10 minutes, this user and session). */
const TICKET_MS = 10 * 60_000;
export function phoneTicket(secret: string, userId: number, sessionId: number) {
  const exp = Date.now() + TICKET_MS;
  return `${exp}.${hmac(secret, `phone-change:${userId}:${sessionId}:${exp}`)}`;
}
export function checkPhoneTicket(secret: string, userId: number, sessionId: number, ticket: string) {
  const [exp, mac] = ticket.split('.');
  if (!exp || !mac || !/^\d+$/.test(exp)) throw invalid('请先验证原手机号');
  if (Number(exp) < Date.now()) throw business('原手机号验证已过期，请重新验证');
  if (!safeEqual(mac, hmac(secret, `phone-change:${userId}:${sessionId}:${exp}`))) throw invalid('请先验证原手机号');
}

/** Changes the phone (and the login name too when it was the old phone). */
export async function setPhone(db: DB, userId: number, phone: string) {
  try {
    await db.transaction().execute(async (trx) => {
      const cur = await trx
        .selectFrom('user')
        .select(['phone', 'loginName'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('user')
        .set({ phone, ...(cur.loginName === cur.phone ? { loginName: phone } : {}), updatedAt: nowIso() })
        .where('id', '=', userId)
        .execute();
    });
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as Error).message))) throw business('该手机号已被其他账号使用');
    throw err;
  }
}
