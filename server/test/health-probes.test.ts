import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pgAdmin, pgTarget } from './pg-target.ts';
import { cloneDatabase, type TestDb } from './helpers/db.ts';
import { api, buildTestApp, loginAs, PHONES, type TestApp, testDbKind, waitFor } from './helpers/index.ts';
import { startMain } from './helpers/main-process.ts';

/**
 * Liveness, readiness and request ids (docs/observability.md). Through app.inject on fresh databases, and
 * once with the real server process: SIGTERM with a drain period, the metrics listener it starts, its log lines.
 */
const LIVE = '/tmpl/api/health/live';
const READY = '/tmpl/api/health/ready';
const HEALTH = '/tmpl/api/health';
const CJK = /[\u4e00-\u9fa5]/;
/** The migration files of this checkout, named as db/migrate.ts names them. */
const shippedMigrations = () =>
  readdirSync(path.resolve(import.meta.dirname, '../src/db/migrations'))
    .filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => f.replace(/\.(ts|js|mjs)$/, ''))
    .sort();

const get = async (t: TestApp, url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) };
};

describe('liveness and readiness', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('both answer 200 on a migrated database, to anyone (no token), as the envelope', async () => {
    t = await buildTestApp();
    expect(await get(t, LIVE)).toMatchObject({ status: 200, body: { code: 200, result: { status: 'live' } } });
    const ready = await get(t, READY);
    expect(ready).toMatchObject({
      status: 200,
      body: { code: 200, message: 'ok', result: { status: 'ready', database: 'up', pendingMigrations: 0 } },
    });
    expect(ready.body.result.latencyMs).toEqual(expect.any(Number));
    // The combined check says only that it is up.
    expect(await get(t, HEALTH)).toMatchObject({ status: 200, body: { code: 200, result: { status: 'ok' } } });
  });

  it('the public probes name neither the database nor the version; the metrics do', async () => {
    t = await buildTestApp();
    const health = await get(t, HEALTH);
    expect(health.body).toEqual({ code: 200, message: 'ok', result: { status: 'ok' } });
    const ready = await get(t, READY);
    expect(Object.keys(ready.body.result).sort()).toEqual(['database', 'latencyMs', 'pendingMigrations', 'status']);
    for (const probe of [LIVE, READY, HEALTH]) {
      const text = JSON.stringify((await get(t, probe)).body);
      expect(text, probe).not.toMatch(/sqlite|postgres|version|\d+\.\d+\.\d+/i);
    }
    expect(await t.app.metrics.text()).toContain(`jz_database_info{kind="${t.dbKind}"} 1`);
    await t.db.destroy();
    const down = await get(t, HEALTH);
    expect(down).toMatchObject({ status: 503, body: { code: 500, message: '数据库暂时不可用，请稍后再试' } });
    expect(down.body.result).toEqual({ status: 'degraded' });
  });

  it('ready is 503 while draining; live, the old health and the API keep answering', async () => {
    t = await buildTestApp();
    const owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
    t.app.draining = true;
    const ready = await get(t, READY);
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      code: 500,
      message: '服务正在停止，请稍后再试',
      result: { status: 'not_ready', draining: true },
    });
    expect((await get(t, LIVE)).status).toBe(200);
    expect((await get(t, HEALTH)).status).toBe(200);
    expect((await owner.get('app/dict/findByType/order_status')).code).toBe(200);
    const metrics = await t.app.metrics.text();
    expect(metrics).toMatch(/^jz_draining 1$/m);
    t.app.draining = false;
    expect((await get(t, READY)).status).toBe(200);
  });

  it('ready is 503 while a migration of this build is not applied; live stays 200; ready once it is', async () => {
    t = await buildTestApp();
    const names = shippedMigrations();
    expect(names.length).toBeGreaterThan(10);
    const last = names.at(-1)!;
    const row = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration
      where name = ${last}`.execute(t.db);
    expect(row.rows).toHaveLength(1);
    await sql`delete from kysely_migration where name = ${last}`.execute(t.db);

    const ready = await get(t, READY);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      code: 500,
      result: { status: 'not_ready', database: 'up', pendingMigrations: 1 },
    });
    expect(ready.body.message).toBe('数据库结构尚未升级到当前版本，请先执行数据库迁移');
    // Migration names are for the log, not for the public.
    expect(JSON.stringify(ready.body)).not.toContain(last);
    expect((await get(t, LIVE)).status).toBe(200);

    await sql`insert into kysely_migration (name, timestamp) values (${last}, ${row.rows[0].timestamp})`.execute(t.db);
    expect((await get(t, READY)).status).toBe(200);
  });

  it('ready is 503 on a database never migrated (no kysely_migration table)', async () => {
    t = await buildTestApp();
    await sql`alter table kysely_migration rename to kysely_migration_gone`.execute(t.db);
    const ready = await get(t, READY);
    expect(ready.status).toBe(503);
    expect(ready.body.result.pendingMigrations).toBe(shippedMigrations().length);
  });

  it('ready (and the old health) are 503 when the database is gone; live stays 200', async () => {
    t = await buildTestApp();
    expect((await get(t, READY)).status).toBe(200);
    await t.db.destroy();
    const ready = await get(t, READY);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      code: 500,
      message: '数据库暂时不可用，请稍后再试',
      result: { status: 'not_ready', database: 'down' },
    });
    expect(ready.body.message).toMatch(CJK);
    expect(JSON.stringify(ready.body)).not.toMatch(/pool|sqlite|destroy|driver/i);
    expect((await get(t, HEALTH)).status).toBe(503);
    const live = await get(t, LIVE);
    expect(live).toMatchObject({ status: 200, body: { code: 200, result: { status: 'live' } } });
  });

  it.runIf(testDbKind() === 'postgres')(
    'PostgreSQL refusing connections: ready 503 within the bound, 200 again once it accepts them',
    async () => {
      t = await buildTestApp();
      expect((await get(t, READY)).status).toBe(200);
      const url = (t.app.config.DATABASE_URL ?? '').toString();
      const database = new URL(url).pathname.slice(1);
      await pgAdmin(
        pgTarget(),
        `ALTER DATABASE ${database} ALLOW_CONNECTIONS false`,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`,
      );
      try {
        const started = Date.now();
        const down = await waitFor(
          async () => {
            const r = await get(t, READY);
            return r.status === 503 ? r : undefined;
          },
          { timeoutMs: 10_000 },
        );
        expect(Date.now() - started).toBeLessThan(8000);
        expect(down.body).toMatchObject({ message: '数据库暂时不可用，请稍后再试', result: { database: 'down' } });
        expect((await get(t, LIVE)).status).toBe(200);
      } finally {
        await pgAdmin(pgTarget(), `ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
      }
      await waitFor(async () => (await get(t, READY)).status === 200, { timeoutMs: 10_000 });
    },
  );
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.RATE_LIMIT_MAX = '40';
    try {
      t = await buildTestApp();
    } finally {
      delete process.env.RATE_LIMIT_MAX;
    }
    await t.app.register(async (scope) => {
      scope.get('/tmpl/api/test/crash', { config: { public: true } }, async () => {
        throw new Error('boom');
      });
    });
  });
  afterAll(() => t?.close());

  it('a well-formed x-request-id is kept and echoed; none or a malformed one gets a fresh UUID', async () => {
    for (const id of ['jz-audit-42', '7f9c2ba4e88f827d616045507605853e', 'a1b2.c3:d4_e5'])
      expect((await get(t, LIVE, { 'x-request-id': id })).headers['x-request-id']).toBe(id);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const fresh = new Set<string>();
    for (const id of [undefined, '', 'has space', 'x'.repeat(129), '<script>', 'a"b', '中文']) {
      const headers: Record<string, string> = id === undefined ? {} : { 'x-request-id': id };
      const echoed = (await get(t, LIVE, headers)).headers['x-request-id'] as string;
      expect(echoed, String(id)).toMatch(uuid);
      fresh.add(echoed);
    }
    expect(fresh.size).toBe(7);
  });

  it('is on every kind of answer: refusals, unknown routes, router-level errors, validation errors', async () => {
    const h = { 'x-request-id': 'trace-7' };
    const cases = [
      { method: 'GET', url: '/tmpl/api/sys/user/findProfile', status: 401 },
      { method: 'GET', url: '/tmpl/api/no/such/route', status: 404 },
      { method: 'GET', url: `/tmpl/api/app/dict/findByType/${'x'.repeat(101)}`, status: 400 },
      { method: 'GET', url: '/tmpl/api/app/dict/findByType/%E0%A4%A', status: 400 },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({ method: c.method, url: c.url, headers: h });
      expect(res.statusCode, c.url).toBe(c.status);
      expect(res.headers['x-request-id'], c.url).toBe('trace-7');
      expect(JSON.parse(res.body), c.url).toMatchObject({ result: null });
    }
    const crash = await t.app.inject({ method: 'GET', url: '/tmpl/api/test/crash', headers: h });
    expect(crash.statusCode).toBe(500);
    expect(crash.headers['x-request-id']).toBe('trace-7');
  });

  it('is on a rate-limit refusal (429) too', async () => {
    const one = { remoteAddress: '203.0.113.77', headers: { 'x-request-id': 'limited-1' } };
    let res = await t.app.inject({ method: 'GET', url: HEALTH, ...one });
    for (let i = 0; i < 45 && res.statusCode !== 429; i++)
      res = await t.app.inject({ method: 'GET', url: HEALTH, ...one });
    expect(res.statusCode).toBe(429);
    expect(res.headers['x-request-id']).toBe('limited-1');
  });
});

describe('the real server: SIGTERM drains, /metrics on its own listener, request ids in the log', () => {
  const TOKEN = 'probe-test-token-0123456789';
  const DRAIN_MS = 2500;
  let db: TestDb;
  let server: ReturnType<typeof startMain>;
  beforeAll(async () => {
    db = await cloneDatabase();
  });
  afterAll(async () => {
    await server?.dispose();
    await db?.dispose();
  });

  it('ready turns 503 at SIGTERM while the API still answers for the drain period, then the process exits 0', async () => {
    server = startMain({
      DATABASE_URL: db.url,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      METRICS_PORT: '0',
      METRICS_TOKEN: TOKEN,
    });
    const deadline = Date.now() + 120_000;
    let base = '';
    let metricsUrl = '';
    while (!base || !metricsUrl) {
      if (server.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`server did not start:\n${server.output().slice(-3000)}`);
      base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1] ?? '';
      const line = server.lines().find((l) => l.msg === 'metrics listening');
      metricsUrl = (line?.url as string) ?? '';
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(metricsUrl).not.toContain(new URL(base).port);

    const live = await fetch(`${base}${LIVE}`, { headers: { 'x-request-id': 'probe-live-1' } });
    expect(live.status).toBe(200);
    expect(live.headers.get('x-request-id')).toBe('probe-live-1');
    expect((await fetch(`${base}${READY}`)).status).toBe(200);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl)).status).toBe(401);
    const auth = { authorization: `Bearer ${TOKEN}` };
    const scraped = await (await fetch(metricsUrl, { headers: auth })).text();
    expect(scraped).toMatch(
      /^jz_http_request_duration_seconds_count\{route="\/tmpl\/api\/health\/live",method="GET",status="200"\} 1$/m,
    );
    expect(scraped).toMatch(/^jz_draining 0$/m);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // During the drain: not ready, alive, the API and the metrics listener answer.
    await waitFor(async () => (await fetch(`${base}${READY}`)).status === 503, { timeoutMs: 2000 });
    const ready = await (await fetch(`${base}${READY}`)).json();
    expect(ready).toMatchObject({ code: 500, message: '服务正在停止，请稍后再试' });
    expect((await fetch(`${base}${LIVE}`)).status).toBe(200);
    expect((await fetch(`${base}${HEALTH}`)).status).toBe(200);
    expect(await (await fetch(metricsUrl, { headers: auth })).text()).toMatch(/^jz_draining 1$/m);

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS - 100);
    const lines = server.lines();
    expect(lines.find((l) => l.msg === 'shutting down')).toMatchObject({ signal: 'SIGTERM', drainMs: DRAIN_MS });
    // The caller's id is the log's reqId of that request.
    const mine = lines.filter((l) => l.reqId === 'probe-live-1').map((l) => l.msg);
    expect(mine).toEqual(['request completed']);
    await expect(fetch(metricsUrl, { headers: auth })).rejects.toThrow();
  }, 180_000);
});
