/**
 * Two server instances on one database (PostgreSQL in production; the same file on SQLite here): a session opened on
 * one works on the other, signing out on one ends it on both, and the SMS resend limit (stored in the database) holds
 * across them. Each instance has its own connection pool, as two processes would. With REDIS_URL the global per-address
 * rate limit is shared too (skipped, and said so, when no Redis answers on 127.0.0.1:6379); a Redis that is down never
 * takes the API down.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type DbHandle, openDb } from '../../src/db/client.ts';
import { RecordingSmsGateway } from '../../src/modules/auth/sms/gateway.ts';
import type { App } from '../../src/modules/types.ts';
import { api, buildTestApp, expectEvery, PHONES, smsLogin, type TestApp } from '../helpers/index.ts';
import { pgUrlFor } from '../pg-target.ts';

let one: TestApp;
let twoDb: DbHandle;
let two: App;
let twoUrl: string;

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisUp = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();
if (!redisUp) console.warn(`two-instances: no Redis at ${REDIS_URL}, the shared rate-limit case is SKIPPED`);

beforeAll(async () => {
  one = await buildTestApp();
  let url: string;
  if (one.dbKind === 'postgres') {
    const target = inject('testDb');
    const name = (await sql<{ n: string }>`select current_database() as n`.execute(one.db)).rows[0].n;
    url = pgUrlFor((target as { adminUrl: string }).adminUrl, name);
    twoDb = openDb({ kind: 'postgres', url, max: 4 });
  } else {
    const file = (
      await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(one.db)
    ).rows[0].file;
    url = `sqlite:${file}`;
    twoDb = openDb({ kind: 'sqlite', file });
  }
  twoUrl = url;
  const config = loadConfig({ DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'never' });
  two = await buildApp(config, { db: twoDb, sms: new RecordingSmsGateway(), logger: false });
});
afterAll(async () => {
  await two?.close();
  await twoDb?.close();
  await one?.close();
});

describe('two instances, one database', () => {
  it('a session from instance 1 works on instance 2; signing out on 2 ends it on 1 too', async () => {
    const login = await smsLogin(one.app, PHONES.ownerA);
    expect(login.code).toBe(200);
    const token = login.result.token;
    expect((await api(two, token).get('merchant/account/mine')).code).toBe(200);
    expect((await api(one.app, token).get('merchant/account/mine')).code).toBe(200);
    expect((await api(two, token).post('sys/login/logout')).code).toBe(200);
    expect((await api(two, token).get('merchant/account/mine')).code).toBe(401);
    expect((await api(one.app, token).get('merchant/account/mine')).code).toBe(401);
  });

  it('the SMS resend limit is shared: a code sent through 1 cannot be re-sent at once through 2', async () => {
    const phone = PHONES.ownerB;
    expect((await api(one.app).post('app/jiazheng/login/sms/sendCode', { phone })).code).toBe(200);
    const again = await api(two).post('app/jiazheng/login/sms/sendCode', { phone });
    expect(again.code).toBe(2004);
  });
});

/** An instance on the second pool with the global limit on at `max` calls a minute, whatever the shell sets. */
async function limitedInstance(max: number, env: Record<string, string>): Promise<App> {
  const saved = { RATE_LIMIT: process.env.RATE_LIMIT, RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX };
  delete process.env.RATE_LIMIT;
  process.env.RATE_LIMIT_MAX = String(max);
  try {
    const config = loadConfig({
      DATABASE_URL: twoUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'never',
      ...env,
    });
    return await buildApp(config, { db: twoDb, sms: new RecordingSmsGateway(), logger: false });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** A documentation address (2001:db8::/32) of its own per run, so parallel runs on one Redis never share a counter. */
const ownAddress = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

describe('two instances, one Redis: the global rate limit', () => {
  it.skipIf(!redisUp)('is shared: 20 calls through each from one address, the ones beyond 30 are refused', async () => {
    const address = ownAddress();
    const key = `jz-rl:${address}`;
    const admin = new Redis(REDIS_URL);
    const a = await limitedInstance(30, { REDIS_URL });
    const b = await limitedInstance(30, { REDIS_URL });
    try {
      await admin.del(key);
      const codes: number[] = [];
      for (const app of [a, b])
        for (let i = 0; i < 20; i++)
          codes.push((await api(app, undefined, { remoteAddress: address }).get('health')).code);
      expectEvery(codes.slice(0, 30), (c) => c === 200);
      expect(codes.slice(30)).toEqual(Array(10).fill(2004));
      const refused = await api(a, undefined, { remoteAddress: address }).get('health');
      expect(refused).toMatchObject({ code: 2004, status: 429 });
      expect(Number(await admin.get(key))).toBe(41);
      // Another address is not affected.
      expect((await api(b, undefined, { remoteAddress: ownAddress() }).get('health')).code).toBe(200);
    } finally {
      await admin.del(key).catch(() => {});
      admin.disconnect();
      await a.close();
      await b.close();
    }
  });

  it('a Redis that does not answer never takes the API down (skipOnError): calls go through, uncounted', async () => {
    // Nothing listens on 3391 (this engineer's port range); connection refused.
    const a = await limitedInstance(2, { REDIS_URL: 'redis://127.0.0.1:3391' });
    try {
      const started = performance.now();
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await api(a).get('health')).code);
      const ms = performance.now() - started;
      console.log(`two-instances: 5 calls with Redis down answered in ${ms.toFixed(0)} ms`);
      expect(codes).toEqual([200, 200, 200, 200, 200]);
      // Refused at once (no offline queue), not after a timeout per call: 40 ms measured for the five.
      expect(ms).toBeLessThan(1000);
    } finally {
      await a.close();
    }
  });
});
