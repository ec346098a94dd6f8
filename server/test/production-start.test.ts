import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN_PHONE, loadConfig } from '../src/config.ts';
import { type DbHandle, openDb } from '../src/db/client.ts';
import { pendingMigrations, shippedMigrationNames } from '../src/db/migrate.ts';
import { bootstrapDatabase } from '../src/startup/bootstrap.ts';
import { testDbKind } from './helpers/db.ts';
import { pgAdmin, pgTarget, pgUrlFor } from './pg-target.ts';

/**
 * Production fails closed: the real server entry (src/main.ts), started with NODE_ENV=production on an empty database
 * of this run's kind (TEST_DB), seeds no demo data unless SEED_DEMO=always says so, refuses to invent the super admin
 * (ADMIN_PHONE required on an empty database), and refuses RATE_LIMIT=off / SMS_RATE_LIMIT=off / SEED_DEMO=auto.
 */
const kind = testDbKind();
const server = path.resolve(import.meta.dirname, '..');

/** A production configuration that passes every other refusal (real-looking secrets, the Aliyun gateway). */
const PROD = {
  NODE_ENV: 'production',
  APP_SECRET: 'production-start-test-secret-0123456789abcdef',
  DATA_KEYS: `k1:${Buffer.alloc(32, 11).toString('base64')}`,
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'test-id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-secret',
  ALIYUN_SMS_SIGN_NAME: '家政测试',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000000',
};
const ADMIN = '13912345678';

let dir: string;
const dropDbs: string[] = [];
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'jz-prod-start-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (dropDbs.length) await pgAdmin(pgTarget(), ...dropDbs.map((d) => `DROP DATABASE IF EXISTS ${d} WITH (FORCE)`));
});

async function emptyDatabase(): Promise<{ url: string; open: () => DbHandle }> {
  const id = randomBytes(4).toString('hex');
  if (kind === 'postgres') {
    const name = `jz_prod_${id}`;
    await pgAdmin(pgTarget(), `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
    dropDbs.push(name);
    const url = pgUrlFor(pgTarget(), name);
    return { url, open: () => openDb({ kind: 'postgres', url, max: 2 }) };
  }
  const file = path.join(dir, `prod_${id}.db`);
  return { url: `sqlite:${file}`, open: () => openDb({ kind: 'sqlite', file }) };
}

/** src/main.ts with only the given environment; resolves once it logged "ready" or exited. */
function startMain(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: server,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const settled = new Promise<'ready' | 'exited'>((resolve) => {
    const onData = (d: Buffer) => {
      out += d;
      if (/"msg":"ready"/.test(out)) resolve('ready');
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => resolve('exited'));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return { settled, exited, stop, output: () => out };
}

async function count(db: DbHandle['db'], table: string) {
  const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(r.rows[0].n);
}

describe('production configuration refusals', () => {
  it('refuses RATE_LIMIT=off, SMS_RATE_LIMIT=off and SEED_DEMO=auto, each with its own line', () => {
    expect(() => loadConfig({ ...PROD, RATE_LIMIT: 'off' })).toThrow(/RATE_LIMIT: RATE_LIMIT=off is not allowed/);
    expect(() => loadConfig({ ...PROD, SMS_RATE_LIMIT: 'off' })).toThrow(/SMS_RATE_LIMIT=off is not allowed/);
    expect(() => loadConfig({ ...PROD, SEED_DEMO: 'auto' })).toThrow(/SEED_DEMO: SEED_DEMO=auto would seed demo/);
    expect(() => loadConfig({ ...PROD, ADMIN_PHONE: '12345' })).toThrow(/ADMIN_PHONE must be an 11-digit/);
  });

  it('defaults: production seeds no demo and has no admin phone; development keeps its demo defaults', () => {
    expect(loadConfig(PROD)).toMatchObject({ SEED_DEMO: 'never', ADMIN_PHONE: undefined, RATE_LIMIT: 'on' });
    expect(loadConfig({ ...PROD, ADMIN_PHONE: '' }).ADMIN_PHONE).toBeUndefined();
    expect(loadConfig({ ...PROD, SEED_DEMO: 'always', ADMIN_PHONE: ADMIN })).toMatchObject({
      SEED_DEMO: 'always',
      ADMIN_PHONE: ADMIN,
    });
    expect(loadConfig({})).toMatchObject({ SEED_DEMO: 'auto', ADMIN_PHONE: DEV_ADMIN_PHONE });
    expect(loadConfig({ NODE_ENV: 'development', RATE_LIMIT: 'off', SEED_DEMO: 'auto' }).RATE_LIMIT).toBe('off');
  });
});

describe(`production start on an empty ${kind} database`, () => {
  it('without ADMIN_PHONE: exits 1 with one line naming it, before migrating anything', async () => {
    const target = await emptyDatabase();
    const p = startMain({ ...PROD, DATABASE_URL: target.url });
    expect(await p.settled, p.output()).toBe('exited');
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('ADMIN_PHONE is required in production to create the first platform admin');
    const h = target.open();
    try {
      expect(await pendingMigrations(h.db)).toEqual(shippedMigrationNames());
    } finally {
      await h.close();
    }
  }, 120_000);

  it('with ADMIN_PHONE and SEED_DEMO unset: ready, the admin exists, not one demo row', async () => {
    const target = await emptyDatabase();
    const p = startMain({ ...PROD, DATABASE_URL: target.url, ADMIN_PHONE: ADMIN });
    try {
      expect(await p.settled, p.output()).toBe('ready');
    } finally {
      expect(await p.stop()).toBe(0);
    }
    expect(p.output()).not.toContain('demo data seeded');
    const h = target.open();
    try {
      for (const table of ['merchant', 'shop', 'service_order', 'customer']) expect(await count(h.db, table)).toBe(0);
      const admins = await h.db.selectFrom('user').select('phone').where('userType', '=', 'platform').execute();
      expect(admins).toEqual([{ phone: ADMIN }]);
    } finally {
      await h.close();
    }
  }, 180_000);

  it('SEED_DEMO=always seeds the demo on purpose, with a warning', async () => {
    const target = await emptyDatabase();
    const config = loadConfig({ ...PROD, DATABASE_URL: target.url, ADMIN_PHONE: ADMIN, SEED_DEMO: 'always' });
    const warnings: string[] = [];
    const log = { info: () => {}, warn: (_o: unknown, msg?: string) => warnings.push(String(msg ?? _o)) };
    const h = target.open();
    try {
      await bootstrapDatabase(h.db, config, log as never, { migrate: true });
      expect(await count(h.db, 'merchant')).toBeGreaterThan(0);
      expect(warnings.join('\n')).toMatch(/SEED_DEMO=always in production: demo data seeded/);
    } finally {
      await h.close();
    }
  }, 180_000);
});
