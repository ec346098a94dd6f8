/**
 * Helpers shared by the delegation and matrix tests: merchant roles built from permission codes and sub-accounts
 * created through the owner's own API (so the paths under test are the real ones).
 */
import { expect } from 'vitest';
import { type Api, api, sessionFor, type TestApp } from '../helpers/index.ts';

const S = 'merchant/subaccount';

/** Ids of the enabled merchant menus whose code passes `pick`. */
export async function merchantMenuIds(db: TestApp['db'], pick: (perm: string) => boolean) {
  const rows = await db
    .selectFrom('menu')
    .select(['id', 'perms'])
    .where('scope', '=', 'merchant')
    .where('status', '=', 0)
    .execute();
  return rows.filter((m) => m.perms?.split(',').every((p) => pick(p.trim()))).map((m) => m.id);
}

/** Every merchant permission code of the menu catalogue. */
export async function merchantPermCodes(db: TestApp['db']) {
  const rows = await db
    .selectFrom('menu')
    .select('perms')
    .where('scope', '=', 'merchant')
    .where('status', '=', 0)
    .execute();
  return [...new Set(rows.flatMap((m) => (m.perms ? m.perms.split(',').map((p) => p.trim()) : [])))].sort();
}

/** A merchant role holding exactly the menus whose codes pass `pick`, added by `by` (the owner). */
export async function roleWith(t: TestApp, by: Api, name: string, pick: (perm: string) => boolean) {
  const menuIds = await merchantMenuIds(t.db, pick);
  const r = await by.post<{ id: number }>(`${S}/role/add`, { name, menuIds: JSON.stringify(menuIds) });
  expect(r.code, `${name}: ${r.message}`).toBe(200);
  return r.result.id;
}

/** A sub-account added by `by`, with a signed-in API of its own. `shops`: 'all' or the shop ids it is limited to. */
export async function subWith(t: TestApp, by: Api, phone: string, roleId: number, shops: number[] | 'all') {
  const r = await by.post<{ id: number }>(`${S}/add`, {
    nickName: `账号${phone.slice(-4)}`,
    phone,
    roleId,
    shopIds: shops === 'all' ? 'all' : JSON.stringify(shops),
  });
  expect(r.code, `add ${phone}: ${r.message}`).toBe(200);
  const token = await sessionFor(t.app, phone);
  return { id: r.result.id, phone, token, api: api(t.app, token) };
}

/** Shop ids a user is limited to (sorted), and whether it holds every shop. */
export async function shopScopeOf(db: TestApp['db'], userId: number) {
  const u = await db.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('userShop').select('shopId').where('userId', '=', userId).execute();
  return {
    all: (u as unknown as { allShops?: number }).allShops === 1,
    shops: rows.map((r) => r.shopId).sort((a, b) => a - b),
    passwordHash: u.passwordHash,
    status: u.status,
    nickName: u.nickName,
  };
}
