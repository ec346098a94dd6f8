/**
 * The signed-in caller kept in process on PostgreSQL (lib/caller-cache.ts), with two app instances on one database:
 * a repeat request sends no session query, and whatever changes the caller through one instance or in SQL — a
 * sign-out, a deleted session, a disabled user, a permission change — is refused by the other instance's very next
 * request; a rolled-back change drops nothing; a lost LISTEN connection falls back to the look-up. SQLite keeps the
 * look-up per request (checked at the end).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DbHandle, observeQueries, openDb, poolOf } from '../src/db/client.ts';
import { callerCacheOf } from '../src/lib/caller-cache.ts';
import type { App } from '../src/modules/types.ts';
import { type Api, api, buildTestApp, PHONES, sessionFor, type TestApp, testDbKind } from './helpers/index.ts';

const GOODS = 'app/jiazheng/shangjia/shangpin/shangjia/findAllByPage';
const GOODS_ADD = 'app/jiazheng/shangjia/shangpin/add';

let one: TestApp;
let twoDb: DbHandle;
let two: App;

/**
 * The statements an instance sends to its database during `call`: those through Kysely (the observer) and the prepared
 * ones sent on the pool directly (db/prepared.ts, the caller look-up among them), which the observer does not see.
 */
async function queriesOf(db: App['db'], call: () => Promise<unknown>) {
  let n = 0;
  const pool = poolOf(db)!;
  const query = pool.query;
  pool.query = ((...args: Parameters<typeof query>) => {
    n++;
    return (query as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof query;
  observeQueries(db, () => n++);
  try {
    await call();
  } finally {
    observeQueries(db, undefined);
    pool.query = query;
  }
  return n;
}

async function until(ok: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(testDbKind() !== 'postgres')('caller cache across two instances on one PostgreSQL database', () => {
  let subId: number;
  const phone = PHONES.subA;

  beforeAll(async () => {
    one = await buildTestApp({ jobs: false });
    twoDb = openDb({ kind: 'postgres', url: one.app.config.DATABASE_URL!, max: 4 });
    two = await buildApp(one.app.config, { db: twoDb, logger: false, jobs: false });
    await until(() => !!callerCacheOf(one.db)?.live && !!callerCacheOf(two.db)?.live);
    subId = (await one.db.selectFrom('user').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await two?.close();
    await twoDb?.close();
    await one?.close();
  });

  /** A fresh token of the sub-account, used on both instances, each with the caller cached. */
  async function warmPair(): Promise<{ a: Api; b: Api }> {
    const token = await sessionFor(one.app, phone);
    const a = api(one.app, token);
    const b = api(two, token);
    expect((await a.get(GOODS)).code).toBe(200);
    expect((await b.get(GOODS)).code).toBe(200);
    return { a, b };
  }

  it('a repeat request sends no session query (only the page)', async () => {
    const { b } = await warmPair();
    const n = await queriesOf(two.db, () => b.get(GOODS));
    expect(n).toBe(1);
  });

  it('a sign-out on instance 1: 401 at the very next request on instance 2 (ten times)', async () => {
    for (let i = 0; i < 10; i++) {
      const { a, b } = await warmPair();
      expect((await a.post('sys/login/logout')).code).toBe(200);
      expect((await b.get(GOODS)).code).toBe(401);
    }
  });

  it('a session deleted in SQL: 401 at the next request on both', async () => {
    const token = await sessionFor(one.app, phone);
    const a = api(one.app, token);
    const b = api(two, token);
    expect((await b.get(GOODS)).code).toBe(200);
    expect((await a.get(GOODS)).code).toBe(200);
    await one.db.deleteFrom('session').where('userId', '=', subId).execute();
    expect((await b.get(GOODS)).code).toBe(401);
    expect((await a.get(GOODS)).code).toBe(401);
  });

  it('a disabled user (SQL on instance 1, sessions left open): 401 at the next request on instance 2 (ten times)', async () => {
    const { b } = await warmPair();
    for (let i = 0; i < 10; i++) {
      expect((await b.get(GOODS)).code).toBe(200);
      await one.db.updateTable('user').set({ status: 1 }).where('id', '=', subId).execute();
      expect((await b.get(GOODS)).code).toBe(401);
      await one.db.updateTable('user').set({ status: 0 }).where('id', '=', subId).execute();
    }
  });

  it('a permission change (a menu switched off on instance 1): refused at the next request on instance 2', async () => {
    const { a, b } = await warmPair();
    expect((await b.post(GOODS_ADD, { name: '' })).code).not.toBe(301);
    const menu = () => one.db.updateTable('menu').where('perms', '=', 'merchant:goods:add');
    await menu().set({ status: 1 }).execute();
    try {
      expect((await b.post(GOODS_ADD, { name: '' })).code).toBe(301);
      expect((await a.post(GOODS_ADD, { name: '' })).code).toBe(301);
    } finally {
      await menu().set({ status: 0 }).execute();
    }
    expect((await b.post(GOODS_ADD, { name: '' })).code).not.toBe(301);
  });

  it('a manual auth_version bump and a name change make the next request read the caller again', async () => {
    const { b } = await warmPair();
    await sql`UPDATE "user" SET auth_version = auth_version + 1 WHERE id = ${subId}`.execute(one.db);
    expect(await queriesOf(two.db, () => b.get(GOODS))).toBeGreaterThan(1);
    expect(await queriesOf(two.db, () => b.get(GOODS))).toBe(1);
    // Not a right, but part of the cached caller: read afresh too.
    await one.db.updateTable('user').set({ nickName: '改名' }).where('id', '=', subId).execute();
    expect(await queriesOf(two.db, () => b.get(GOODS))).toBeGreaterThan(1);
  });

  it('a change rolled back drops nothing, and an uncommitted one is not seen', async () => {
    const { b } = await warmPair();
    await expect(
      one.db.transaction().execute(async (trx) => {
        await trx.updateTable('user').set({ status: 1 }).where('id', '=', subId).execute();
        await trx
          .updateTable('session')
          .set({ revokedAt: new Date().toISOString() })
          .where('userId', '=', subId)
          .execute();
        // Not committed: instance 2 still answers, from its cache.
        expect(await queriesOf(two.db, async () => expect((await b.get(GOODS)).code).toBe(200))).toBe(1);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await queriesOf(two.db, async () => expect((await b.get(GOODS)).code).toBe(200))).toBe(1);
  });

  it('the LISTEN connection killed: no cached answer until it listens again, and no change is missed', async () => {
    const { b } = await warmPair();
    const cache = callerCacheOf(two.db)!;
    const pid = await cache.listenerPid();
    expect(pid).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(${pid})`.execute(one.db);
    // Disabled while instance 2 may not be listening: its notification may be lost, the answer must not be.
    await one.db.updateTable('user').set({ status: 1 }).where('id', '=', subId).execute();
    expect((await b.get(GOODS)).code).toBe(401);
    await one.db.updateTable('user').set({ status: 0 }).where('id', '=', subId).execute();
    await until(async () => (await cache.listenerPid().catch(() => undefined)) !== pid && cache.live, 10_000);
    expect((await b.get(GOODS)).code).toBe(200);
    expect(await queriesOf(two.db, () => b.get(GOODS))).toBe(1);
  });
});

describe.skipIf(testDbKind() !== 'sqlite')('SQLite keeps the look-up per request', () => {
  it('no caller cache', async () => {
    const t = await buildTestApp({ jobs: false });
    try {
      expect(callerCacheOf(t.db)).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
