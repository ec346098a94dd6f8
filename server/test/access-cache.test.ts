/**
 * A signed-in list call costs at most two database round trips — the caller (session + user row with its
 * auth version) and the list (rows with their total) — because permissions and shop scope are cached in process keyed
 * by (user id, auth version). And the cache is never stale: a role change, a shop-scope change, a disabled user and a
 * sign-out take effect at the very next request, also on a second instance sharing the database whose cache was warm.
 */
import type { MerchantRole } from '@jz/contracts/subaccount';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DbHandle, observeQueries, openDb } from '../src/db/client.ts';
import { RecordingSmsGateway } from '../src/modules/auth/sms/gateway.ts';
import type { App } from '../src/modules/types.ts';
import {
  type Api,
  type ApiResponse,
  api,
  buildTestApp,
  loginAs,
  PHONES,
  sessionFor,
  type TestApp,
} from './helpers/index.ts';
import { pgUrlFor } from './pg-target.ts';

const S = 'merchant/subaccount';
const GOODS = 'app/jiazheng/shangjia/shangpin/shangjia/findAllByPage';
const GOODS_ADD = 'app/jiazheng/shangjia/shangpin/add';
const ORDERS = 'app/jiazheng/pay/dingdan/findAllByPage';
const INIT = 'app/jiazheng/page/initPc';

let one: TestApp;
let twoDb: DbHandle;
let two: App;
let ownerA: Api;

beforeAll(async () => {
  // No background job: their claims would be counted as the call's statements.
  one = await buildTestApp({ jobs: false });
  // A second instance on the same database with its own connection(s) and its own cache, as a second process.
  let url: string;
  if (one.dbKind === 'postgres') {
    const name = (await sql<{ n: string }>`select current_database() as n`.execute(one.db)).rows[0].n;
    url = pgUrlFor((inject('testDb') as { adminUrl: string }).adminUrl, name);
    twoDb = openDb({ kind: 'postgres', url, max: 4 });
  } else {
    const file = (
      await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(one.db)
    ).rows[0].file;
    url = `sqlite:${file}`;
    twoDb = openDb({ kind: 'sqlite', file });
  }
  const config = loadConfig({ DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'never' });
  two = await buildApp(config, { db: twoDb, sms: new RecordingSmsGateway(), logger: false, jobs: false });
  ownerA = api(one.app, await loginAs(one.app, PHONES.ownerA));
});
afterAll(async () => {
  await two?.close();
  await twoDb?.close();
  await one?.close();
});

/** The statements `call` sends to the app's database (every round trip: driver-level, transactions included). */
async function queriesOf(call: () => Promise<unknown>) {
  let n = 0;
  observeQueries(one.db, () => n++);
  try {
    await call();
  } finally {
    observeQueries(one.db, undefined);
  }
  return n;
}

describe('round trips of a signed-in list call', () => {
  it('goods list: ≤ 2 (caller + page with total), warm cache', async () => {
    expect((await ownerA.get(GOODS)).code).toBe(200);
    let r: ApiResponse<{ total: number }> | undefined;
    const n = await queriesOf(async () => {
      r = await ownerA.get<{ total: number }>(GOODS, { pageNum: 1, pageSize: 10 });
    });
    expect(r?.code).toBe(200);
    expect(r?.result.total).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(2);
  });

  // The status counters ride along with page 1 as a scalar subquery (order.repo.ts pageOrders).
  it('order list, page 1 with total: ≤ 2 (caller + page with its counters), warm cache', async () => {
    expect((await ownerA.get(ORDERS)).code).toBe(200);
    let r: ApiResponse<{ total: number }> | undefined;
    const n = await queriesOf(async () => {
      r = await ownerA.get<{ total: number }>(ORDERS, { pageNum: 1, pageSize: 10 });
    });
    expect(r?.code).toBe(200);
    expect(r?.result.total).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(2);
  });

  it('order list page 1 with a text filter or an empty result still answers the right tabs (one more statement only when empty)', async () => {
    const all = await ownerA.get<{ total: number; counts: Record<string, number> }>(ORDERS, {
      pageNum: 1,
      pageSize: 10,
    });
    const page2 = await ownerA.get<{ total: number; counts: Record<string, number> }>(ORDERS, {
      pageNum: 2,
      pageSize: 10,
    });
    expect(page2.result.counts).toEqual(all.result.counts);
    expect(page2.result.total).toBe(all.result.total);
    const none = await ownerA.get<{ total: number; counts: Record<string, number>; records: unknown[] }>(ORDERS, {
      pageNum: 1,
      pageSize: 10,
      orderNo: 'no-such-order',
    });
    expect(none.result).toMatchObject({ total: 0, records: [] });
    expect(none.result.counts.all).toBe(0);
    const status = Number(Object.entries(all.result.counts).find(([k, v]) => k !== 'all' && v > 0)?.[0]);
    const tab = await ownerA.get<{ total: number; counts: Record<string, number> }>(ORDERS, {
      pageNum: 1,
      pageSize: 10,
      status,
    });
    expect(tab.result.total).toBe(all.result.counts[status]);
    expect(tab.result.counts).toEqual(all.result.counts);
  });

  it('the cache costs nothing more when cold: one look-up of permissions and shops, then none', async () => {
    const token = await sessionFor(one.app, PHONES.ownerB);
    const cold = await queriesOf(() => api(one.app, token).get(GOODS));
    const warm = await queriesOf(() => api(one.app, token).get(GOODS));
    expect(cold).toBeGreaterThan(warm);
    expect(warm).toBeLessThanOrEqual(2);
  });

  it('a page past the end still answers the total', async () => {
    const first = await ownerA.get(GOODS, { pageNum: 1, pageSize: 10 });
    const past = await ownerA.get(GOODS, { pageNum: 999, pageSize: 10 });
    expect(past.code).toBe(200);
    expect(past.result.records).toEqual([]);
    expect(past.result.total).toBe(first.result.total);
  });
});

describe('never stale: the next request sees a change, on either instance', () => {
  let roleId: number;
  let subId: number;
  let subOne: Api;
  let subTwo: Api;
  let shops: { main: number; branch: number };

  beforeAll(async () => {
    const tree = (await ownerA.get<{ id: number; perms: string | null; children?: unknown[] }[]>(`${S}/role/menuTree`))
      .result;
    type M = { id: number; perms: string | null; children?: M[] };
    const flat = (l: M[]): M[] => l.flatMap((m) => [m, ...flat(m.children ?? [])]);
    const menuIds = flat(tree as M[])
      .filter((m) => !/^merchant:(finance|subaccount)/.test(m.perms ?? ''))
      .map((m) => m.id);
    const role = await ownerA.post<{ id: number }>(`${S}/role/add`, {
      name: '缓存测试',
      menuIds: JSON.stringify(menuIds),
    });
    expect(role.code, role.message).toBe(200);
    roleId = role.result.id;
    const sub = await ownerA.post<{ id: number }>(`${S}/add`, {
      nickName: '缓存子账号',
      phone: '13900000077',
      roleId,
      shopIds: 'all',
    });
    expect(sub.code, sub.message).toBe(200);
    subId = sub.result.id;
    const token = await sessionFor(one.app, '13900000077');
    subOne = api(one.app, token);
    subTwo = api(two, token);
    const shop = async (name: string) =>
      (await one.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    shops = { main: await shop('运城洁家家政（总店）'), branch: await shop('运城洁家家政（学苑路分店）') };
  });

  /** Both instances have the sub-account's access cached. */
  async function warm() {
    expect((await subOne.get(GOODS)).code).toBe(200);
    expect((await subTwo.get(GOODS)).code).toBe(200);
  }

  it('a role losing a code (role edit on instance 1): refused at once on both', async () => {
    await warm();
    expect((await subTwo.post(GOODS_ADD, { name: '' })).code).not.toBe(301);
    const role = (await ownerA.get<MerchantRole[]>(`${S}/role/list`)).result.find((r) => r.id === roleId);
    const addMenu = await one.db
      .selectFrom('menu')
      .select('id')
      .where('perms', '=', 'merchant:goods:add')
      .executeTakeFirstOrThrow();
    const menuIds = (role?.menuIds ?? []).filter((id) => id !== addMenu.id);
    expect((await ownerA.post(`${S}/role/edit`, { id: roleId, menuIds: JSON.stringify(menuIds) })).code).toBe(200);
    expect((await subTwo.post(GOODS_ADD, { name: '' })).code).toBe(301);
    expect((await subOne.post(GOODS_ADD, { name: '' })).code).toBe(301);
  });

  it('a menu switched off in SQL (no application code): the code is gone at the next request', async () => {
    await warm();
    await one.db.updateTable('menu').set({ status: 1 }).where('perms', '=', 'merchant:goods:list').execute();
    try {
      expect((await subTwo.get(GOODS)).code).toBe(301);
      expect((await subOne.get(GOODS)).code).toBe(301);
    } finally {
      await one.db.updateTable('menu').set({ status: 0 }).where('perms', '=', 'merchant:goods:list').execute();
    }
    expect((await subTwo.get(GOODS)).code).toBe(200);
  });

  it('a shop-scope change (limit to the branch): the main shop is refused at once on both', async () => {
    await warm();
    expect((await subTwo.get(ORDERS, { shopId: shops.main })).code).toBe(200);
    const r = await ownerA.post(`${S}/edit`, { id: subId, shopIds: JSON.stringify([shops.branch]) });
    expect(r.code, r.message).toBe(200);
    expect((await subTwo.get(ORDERS, { shopId: shops.main })).code).toBe(301);
    expect((await subOne.get(ORDERS, { shopId: shops.main })).code).toBe(301);
    expect((await subTwo.get(INIT)).result.allDianpu.map((s: { id: number }) => s.id)).toEqual([shops.branch]);
    expect((await ownerA.post(`${S}/edit`, { id: subId, shopIds: 'all' })).code).toBe(200);
    expect((await subTwo.get(ORDERS, { shopId: shops.main })).code).toBe(200);
  });

  it('a new shop of the merchant appears at once in the shop list of both', async () => {
    await warm();
    const before = (await subTwo.get(INIT)).result.allDianpu.length;
    const [{ id }] = await one.db
      .insertInto('shop')
      .values({
        ...(await one.db.selectFrom('shop').selectAll().where('id', '=', shops.branch).executeTakeFirstOrThrow()),
        id: undefined as never,
        name: '缓存测试分店',
      } as never)
      .returning('id')
      .execute();
    try {
      expect((await subTwo.get(INIT)).result.allDianpu.length).toBe(before + 1);
      expect((await subOne.get(INIT)).result.allDianpu.length).toBe(before + 1);
    } finally {
      await one.db.deleteFrom('shop').where('id', '=', id).execute();
    }
    expect((await subTwo.get(INIT)).result.allDianpu.length).toBe(before);
  });

  it('a disabled user (status on instance 1): 401 at once on both', async () => {
    await warm();
    expect((await ownerA.post(`${S}/status`, { id: subId, status: 1 })).code).toBe(200);
    expect((await subTwo.get(GOODS)).code).toBe(401);
    expect((await subOne.get(GOODS)).code).toBe(401);
    expect((await ownerA.post(`${S}/status`, { id: subId, status: 0 })).code).toBe(200);
    // The sessions were ended by the disable: a new sign-in works again.
    const again = await sessionFor(one.app, '13900000077');
    subOne = api(one.app, again);
    subTwo = api(two, again);
    await warm();
  });

  it('a disabled user, even with its sessions left open (status set in SQL): 401 at once on both', async () => {
    await warm();
    await one.db.updateTable('user').set({ status: 1 }).where('id', '=', subId).execute();
    expect((await subTwo.get(GOODS)).code).toBe(401);
    expect((await subOne.get(GOODS)).code).toBe(401);
    await one.db.updateTable('user').set({ status: 0 }).where('id', '=', subId).execute();
    await warm();
  });

  it('a sign-out on instance 1: 401 at once on instance 2', async () => {
    await warm();
    expect((await subOne.post('sys/login/logout')).code).toBe(200);
    expect((await subTwo.get(GOODS)).code).toBe(401);
    expect((await subOne.get(GOODS)).code).toBe(401);
  });

  it('every such change raises the auth version in the writing statement', async () => {
    const v = async () =>
      (await one.db.selectFrom('user').select('authVersion').where('id', '=', subId).executeTakeFirstOrThrow())
        .authVersion;
    const start = await v();
    await one.db.updateTable('user').set({ lastLoginAt: new Date().toISOString() }).where('id', '=', subId).execute();
    expect(await v()).toBe(start); // not every write: only what changes rights
    await one.db.updateTable('role').set({ status: 1 }).where('id', '=', roleId).execute();
    expect(await v()).toBe(start + 1);
    await one.db.updateTable('role').set({ status: 0 }).where('id', '=', roleId).execute();
    await one.db.updateTable('user').set({ allShops: 0 }).where('id', '=', subId).execute();
    expect(await v()).toBe(start + 3);
  });
});
