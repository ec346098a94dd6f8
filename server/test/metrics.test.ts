import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetricsServer, startMetricsServer } from '../src/plugins/metrics.ts';
import { api, buildTestApp, loginAs, PHONES, type TestApp, testDbKind, waitFor } from './helpers/index.ts';

/**
 * Prometheus metrics (docs/observability.md): what a scrape shows after real requests, queries, streams and
 * job runs, and where (and to whom) /metrics is served.
 */

/** One sample of the exposition text: `name{a="1",b="2"} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k] = v;
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}
const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) => {
  const hits = find(samples, name, labels);
  return hits.length ? hits.reduce((sum, s) => sum + s.value, 0) : undefined;
};
const scrape = async (t: TestApp) => parse(await t.app.metrics.text());

describe('the HTTP histogram', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('labels a request by its route template, method and status, never by the URL it was called with', async () => {
    const owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
    expect((await owner.get('app/dict/findByType/order_status')).code).toBe(200);
    expect((await owner.get('app/dict/findByType/order_refund_status')).code).toBe(200);
    // Refused before the handler (no token): still the route's template, with the refusal's status.
    expect((await api(t.app).del('app/dict/data/delByIds/987654')).status).toBe(401);

    const s = await scrape(t);
    const route = '/tmpl/api/app/dict/findByType/:type';
    expect(value(s, 'jz_http_request_duration_seconds_count', { route, method: 'GET', status: '200' })).toBe(2);
    expect(value(s, 'jz_http_request_duration_seconds_bucket', { route, status: '200', le: '+Inf' })).toBe(2);
    expect(value(s, 'jz_http_request_duration_seconds_sum', { route })).toBeGreaterThan(0);
    expect(
      value(s, 'jz_http_request_duration_seconds_count', {
        route: '/tmpl/api/app/dict/data/delByIds/:ids',
        method: 'DELETE',
        status: '401',
      }),
    ).toBe(1);
    const routes = new Set(find(s, 'jz_http_request_duration_seconds_count').map((x) => x.labels.route));
    expect([...routes].filter((r) => /order_status|987654/.test(r))).toEqual([]);
  });

  it('puts every unknown path under one label, so probing random URLs cannot grow the series', async () => {
    for (const p of ['/tmpl/api/no/such/thing', '/wp-login.php', '/tmpl/api/x/1/2/3?y=4', '/.env'])
      expect((await t.app.inject({ method: 'GET', url: p })).statusCode).toBe(404);
    const s = await scrape(t);
    expect(
      value(s, 'jz_http_request_duration_seconds_count', { route: '<unmatched>', method: 'GET', status: '404' }),
    ).toBe(4);
    const routes = find(s, 'jz_http_request_duration_seconds_count').map((x) => x.labels.route);
    expect(routes.filter((r) => /wp-login|\.env|no\/such/.test(r))).toEqual([]);
  });

  it('times the database queries (histogram by pool and result)', async () => {
    const before = value(await scrape(t), 'jz_db_query_duration_seconds_count', { pool: 'main', result: 'ok' }) ?? 0;
    await sql`select 1`.execute(t.db);
    await expect(sql`select * from no_such_table`.execute(t.db)).rejects.toThrow();
    const s = await scrape(t);
    expect(value(s, 'jz_db_query_duration_seconds_count', { pool: 'main', result: 'ok' })).toBeGreaterThan(before);
    expect(value(s, 'jz_db_query_duration_seconds_count', { pool: 'main', result: 'error' })).toBe(1);
  });

  it('carries the process metrics (CPU, memory, event loop) after the app’s own', async () => {
    const text = await t.app.metrics.text();
    const s = parse(text);
    expect(value(s, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(value(s, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(find(s, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
    // Each family once: the two registries never collide.
    const families = [...text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]);
    expect(families.length).toBe(new Set(families).size);
  });

  it('keeps apps apart: a second app in the same process has its own counts', async () => {
    const other = await buildTestApp();
    try {
      const s = await scrape(other);
      expect(value(s, 'jz_http_request_duration_seconds_count', { route: '<unmatched>' })).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('PostgreSQL pool gauges', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No background job: a job's claim would take a connection of the pool the test fills and counts.
    t = await buildTestApp({ jobs: false });
    await t.app.ready();
  });
  afterAll(() => t?.close());

  it.runIf(testDbKind() === 'postgres')(
    'report total, idle, waiting and max per pool, read at scrape time',
    async () => {
      // Hold every connection of the main pool (max 4 in tests) and queue one more query behind them.
      const held = Array.from({ length: 5 }, () => sql`select pg_sleep(0.4)`.execute(t.db));
      await waitFor(async () => value(await scrape(t), 'jz_db_pool_waiting_clients', { pool: 'main' }) === 1);
      const busy = await scrape(t);
      expect(value(busy, 'jz_db_pool_connections', { pool: 'main' })).toBe(4);
      expect(value(busy, 'jz_db_pool_idle_connections', { pool: 'main' })).toBe(0);
      expect(value(busy, 'jz_db_pool_max_connections', { pool: 'main' })).toBe(4);
      await Promise.all(held);
      const idle = await scrape(t);
      expect(value(idle, 'jz_db_pool_waiting_clients', { pool: 'main' })).toBe(0);
      expect(value(idle, 'jz_db_pool_idle_connections', { pool: 'main' })).toBe(4);
      // The event streams' own pool (order bus reader) is reported beside it.
      expect(value(idle, 'jz_db_pool_max_connections', { pool: 'stream_reader' })).toBe(2);
    },
  );

  it.runIf(testDbKind() === 'sqlite')('are absent on SQLite (no pool)', async () => {
    await sql`select 1`.execute(t.db); // a query of the app's own, timed like every other
    const s = await scrape(t);
    expect(find(s, 'jz_db_pool_connections')).toEqual([]);
    expect(value(s, 'jz_db_query_duration_seconds_count', { pool: 'main' })).toBeGreaterThan(0);
  });
});

describe('the open event streams gauge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('counts a stream while it is open, and keeps its lifetime out of the HTTP histogram', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
    const ticket = (await owner.post<{ ticket: string }>('app/jiazheng/pay/dingdan/stream/ticket', {})).result.ticket;
    const ctrl = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/tmpl/api/app/jiazheng/pay/dingdan/stream?ticket=${ticket}`, {
      signal: ctrl.signal,
    });
    expect(res.status).toBe(200);
    // The request id reaches the stream's answer too, though it is written past fastify.
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const open = await scrape(t);
    expect(value(open, 'jz_event_streams_open', { stream: 'order' })).toBe(1);
    expect(value(open, 'jz_event_streams_opened_total', { stream: 'order' })).toBe(1);
    ctrl.abort();
    await waitFor(async () => value(await scrape(t), 'jz_event_streams_open', { stream: 'order' }) === 0);
    const closed = await scrape(t);
    const stream = '/tmpl/api/app/jiazheng/pay/dingdan/stream';
    expect(find(closed, 'jz_http_request_duration_seconds_count', { route: stream, status: '200' })).toEqual([]);
    expect(value(closed, 'jz_http_request_duration_seconds_count', { route: `${stream}/ticket`, status: '200' })).toBe(
      1,
    );

    // A refused stream (the ticket was single-use) is an ordinary request.
    expect(
      (await fetch(`http://127.0.0.1:${port}/tmpl/api/app/jiazheng/pay/dingdan/stream?ticket=${ticket}`)).status,
    ).toBe(401);
    const after = await scrape(t);
    expect(value(after, 'jz_http_request_duration_seconds_count', { route: stream, status: '401' })).toBe(1);
    expect(value(after, 'jz_event_streams_open', { stream: 'order' })).toBe(0);
  });
});

describe('background job counters', () => {
  it('move when the jobs run: at start (finance, licences; order expiry a period later), labelled by outcome', async () => {
    const t = await buildTestApp();
    try {
      await t.app.ready();
      const runs = async (job: string) => value(await scrape(t), 'jz_job_runs_total', { job }) ?? 0;
      const atStart = ['finance_unfreeze', 'finance_payout_recovery', 'licence_expiry_notice'];
      // Each job runs on its own: wait for all three.
      await waitFor(async () => (await Promise.all(atStart.map(runs))).every((n) => n === 1), { timeoutMs: 10_000 });
      const start = await scrape(t);
      for (const job of atStart) {
        expect(value(start, 'jz_job_runs_total', { job, outcome: 'ok' }), job).toBe(1);
        expect(value(start, 'jz_job_runs_total', { job, outcome: 'error' }), job).toBe(0);
        expect(value(start, 'jz_job_failures_total', { job }), job).toBe(0);
        expect(value(start, 'jz_job_duration_seconds_count', { job }), job).toBe(1);
        expect(value(start, 'jz_job_last_success_timestamp_seconds', { job }), job).toBeGreaterThan(
          Date.now() / 1000 - 60,
        );
      }
      // Due one period (a minute) after a database first sees it.
      expect(await runs('order_expire_unpaid')).toBe(0);
      expect(value(start, 'jz_job_failures_total', { job: 'order_expire_unpaid' })).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('move again each period (JOB_PERIOD_MS shortens every period, as the cluster test does)', async () => {
    process.env.JOB_PERIOD_MS = '200';
    const t = await buildTestApp();
    delete process.env.JOB_PERIOD_MS;
    try {
      await t.app.ready();
      const runs = async (job: string) => value(await scrape(t), 'jz_job_runs_total', { job, outcome: 'ok' }) ?? 0;
      await waitFor(async () => (await runs('order_expire_unpaid')) >= 1 && (await runs('finance_unfreeze')) >= 2, {
        timeoutMs: 10_000,
      });
      expect(value(await scrape(t), 'jz_job_failures_total', { job: 'order_expire_unpaid' })).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('count a failed run as a failure (and the job still logs and carries on)', async () => {
    const t = await buildTestApp();
    try {
      // The licence reminder's table is gone: its run at start fails.
      await sql`alter table licence rename to licence_gone`.execute(t.db);
      await t.app.ready();
      await waitFor(async () => value(await scrape(t), 'jz_job_runs_total', { job: 'licence_expiry_notice' }) === 1);
      const s = await scrape(t);
      expect(value(s, 'jz_job_failures_total', { job: 'licence_expiry_notice' })).toBe(1);
      expect(find(s, 'jz_job_last_success_timestamp_seconds', { job: 'licence_expiry_notice' })).toEqual([]);
      expect(value(s, 'jz_job_failures_total', { job: 'finance_unfreeze' })).toBe(0);
      // The app serves as before.
      expect((await api(t.app).get('health')).code).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('where /metrics is served', () => {
  let t: TestApp;
  let withToken: MetricsServer;
  let open: MetricsServer;
  const TOKEN = 'scrape-token-0123456789abcdef';
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    withToken = await startMetricsServer(t.app, { port: 0, host: '127.0.0.1', token: TOKEN });
    open = await startMetricsServer(t.app, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await withToken?.close();
    await open?.close();
    await t?.close();
  });

  it('never on the public port: /metrics there is an unknown route (404 envelope)', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 2002, result: null });
    }
    expect((await t.app.inject({ method: 'GET', url: '/tmpl/api/metrics' })).statusCode).toBe(404);
  });

  it('on its own listener: refused without the token, or with a wrong one, when METRICS_TOKEN is set', async () => {
    const none = await fetch(withToken.url);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.json()).toMatchObject({ code: 401, message: '需要有效的监控令牌' });
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`])
      expect((await fetch(withToken.url, { headers: { authorization } })).status, authorization).toBe(401);

    const ok = await fetch(withToken.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const s = parse(await ok.text());
    expect(find(s, 'jz_http_request_duration_seconds_count').length).toBeGreaterThan(0);
    expect(value(s, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('answers only GET/HEAD /metrics there', async () => {
    const base = withToken.url.replace(/\/metrics$/, '');
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await fetch(`${base}/`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${base}/tmpl/api/health`, { headers: auth })).status).toBe(404);
    expect((await fetch(withToken.url, { method: 'POST', headers: auth })).status).toBe(405);
    const head = await fetch(withToken.url, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${withToken.url}?x=1`, { headers: auth })).status).toBe(200);
  });

  it('without METRICS_TOKEN the bind address is the protection (loopback by default): scrapes are answered', async () => {
    expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(open.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE jz_http_request_duration_seconds histogram');
  });

  it('a port in use is an error at start, not a silent listener elsewhere', async () => {
    const port = Number(new URL(open.url).port);
    await expect(startMetricsServer(t.app, { port, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
  });
});
