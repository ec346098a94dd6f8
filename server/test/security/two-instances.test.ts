/**
 * Two server instances on one database (PostgreSQL in production; the same file on SQLite here): a session opened on
 * one works on the other, signing out on one ends it on both, and the SMS resend limit (stored in the database) holds
 * across them. Each instance has its own connection pool, as two processes would.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type DbHandle, openDb } from '../../src/db/client.ts';
import { RecordingSmsGateway } from '../../src/modules/auth/sms/gateway.ts';
import type { App } from '../../src/modules/types.ts';
import { api, buildTestApp, PHONES, smsLogin, type TestApp } from '../helpers/index.ts';
import { pgUrlFor } from '../pg-target.ts';

let one: TestApp;
let twoDb: DbHandle;
let two: App;

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
