import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { observeQueries, poolOf } from '../db/client.ts';
import { busOf } from '../lib/order-bus.ts';
import type { App } from '../lib/app-type.ts';
import { registerBuildInfoMetric } from './build-info-metric.ts';

/**
 * Prometheus metrics (docs/observability.md). Each app has its own registry (tests build many apps in one process);
 * the process metrics (CPU, memory, event loop, GC) belong to the process and live in one shared registry, created on
 * first use, so their event-loop monitor and GC observer exist once however many apps there are.
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** An event stream was opened on `res`: counted as open until the response closes, kept out of the HTTP histogram. */
  stream(kind: string, res: ServerResponse): void;
  /** The exposition text: this app's metrics, then the process's. */
  text(): Promise<string>;
  readonly contentType: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Seconds. The API answers in milliseconds; exports and uploads may take seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds. A SQLite query takes tens of microseconds, a PostgreSQL round trip about a millisecond. */
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const METHODS = ['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const API_PREFIX = '/tmpl/api/';

/**
 * A histogram for the per-request and per-query paths. prom-client's own observe() validates and hashes the label
 * values on every call (~1 µs, several times per request); here a series is looked up once and an observation is a
 * bucket search and three additions. Registered in the app's registry like any metric (prom-client calls get()).
 */
class LeanHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }
  /** The series under `key` (one string naming its label values), if observed before. */
  lookup(key: string): Series | undefined {
    return this.series.get(key);
  }
  /** A new series with these label values, under `key`. */
  create(key: string, labels: Record<L, string>): Series {
    const s = { labels, counts: new Float64Array(this.bounds.length + 1), sum: 0 };
    this.series.set(key, s);
    return s;
  }
  /** `seconds` into the series' bucket (le: upper bounds inclusive; the last slot is +Inf). */
  observe(s: Series, seconds: number) {
    const b = this.bounds;
    let i = 0;
    while (i < b.length && seconds > b[i]) i++;
    s.counts[i]++;
    s.sum += seconds;
  }
  async get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const s of this.series.values()) {
      let count = 0;
      for (let i = 0; i <= this.bounds.length; i++) {
        count += s.counts[i];
        const le = i < this.bounds.length ? this.bounds[i] : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: count });
      }
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
  reset() {
    this.series.clear();
  }
}
interface Series {
  labels: Record<string, string>;
  counts: Float64Array;
  sum: number;
}

let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The route label: the route's template (`/tmpl/api/.../:id`), never the URL a client sent, so ids, query strings and
 * probing for random paths cannot grow the series. Unmatched requests share one label; the web app's static files
 * (one route per built file) share another.
 */
function routeLabel(url: string | undefined): string {
  if (url === undefined) return '<unmatched>';
  return url.startsWith(API_PREFIX) ? url : '<static>';
}

export function registerMetrics(app: App) {
  const registry = new Registry();
  registerBuildInfoMetric(registry);

  const httpDuration = new LeanHistogram<'route' | 'method' | 'status'>(
    'jz_http_request_duration_seconds',
    'HTTP requests by route template, method and status: time from arrival to the last byte of the answer',
    HTTP_BUCKETS,
    registry,
  );
  const query = new LeanHistogram<'pool' | 'result'>(
    'jz_db_query_duration_seconds',
    'Database queries by pool (main: the API; stream_reader: the event streams on PostgreSQL) and result',
    QUERY_BUCKETS,
    registry,
  );
  const streamsOpen = new Gauge({
    name: 'jz_event_streams_open',
    help: 'Server-sent event streams open now',
    labelNames: ['stream'] as const,
    registers: [registry],
  });
  const streamsOpened = new Counter({
    name: 'jz_event_streams_opened_total',
    help: 'Server-sent event streams opened',
    labelNames: ['stream'] as const,
    registers: [registry],
  });
  // The background jobs' metrics (jz_job_*) are the scheduler's: plugins/scheduler.ts.

  // Pool gauges are read from pg when scraped, never maintained per query.
  const pools = () =>
    [
      ['main', poolOf(app.db)],
      ['stream_reader', poolOf(busOf(app.db).reader)],
    ] as const;
  const poolGauge = (name: string, help: string, read: (p: NonNullable<ReturnType<typeof poolOf>>) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [pool, p] of pools()) if (p) this.set({ pool }, read(p));
      },
    });
  poolGauge('jz_db_pool_connections', 'PostgreSQL connections open in the pool (busy and idle)', (p) => p.totalCount);
  poolGauge('jz_db_pool_idle_connections', 'PostgreSQL connections open and idle in the pool', (p) => p.idleCount);
  poolGauge('jz_db_pool_waiting_clients', 'Queries waiting for a free pooled connection', (p) => p.waitingCount);
  poolGauge('jz_db_pool_max_connections', 'The pool size limit', (p) => p.options.max ?? 10);
  new Gauge({
    name: 'jz_draining',
    help: '1 while the instance is shutting down (readiness answers 503), else 0',
    registers: [registry],
    collect() {
      this.set(app.draining ? 1 : 0);
    },
  });

  const streaming = new WeakSet<ServerResponse>();
  // Series by route template (the same string object on every call, its hash cached), then by status and method: no
  // string is built per request.
  const byRoute = new Map<string | undefined, Map<number, Series>>();
  app.addHook('onResponse', (req, reply, done) => {
    if (streaming.has(reply.raw)) return done();
    const url = req.routeOptions.url;
    let byStatus = byRoute.get(url);
    if (!byStatus) {
      byStatus = new Map();
      byRoute.set(url, byStatus);
    }
    const m = METHODS.indexOf(req.method);
    const slot = reply.statusCode * 16 + (m < 0 ? METHODS.length : m);
    let series = byStatus.get(slot);
    if (!series) {
      const route = routeLabel(url);
      const method = m < 0 ? 'OTHER' : METHODS[m];
      const status = String(reply.statusCode);
      series = httpDuration.lookup(`${method} ${status} ${route}`);
      series ??= httpDuration.create(`${method} ${status} ${route}`, { route, method, status });
      byStatus.set(slot, series);
    }
    httpDuration.observe(series, reply.elapsedTime / 1000);
    done();
  });

  const queryObserver = (pool: string) => {
    const ok = query.create(`${pool} ok`, { pool, result: 'ok' });
    const failed = query.create(`${pool} error`, { pool, result: 'error' });
    return (ms: number, error: boolean) => query.observe(error ? failed : ok, ms / 1000);
  };
  observeQueries(app.db, queryObserver('main'));
  // The order module opens the streams' own pool while registering its routes, after this.
  app.addHook('onReady', async () => {
    const reader = busOf(app.db).reader;
    if (reader) observeQueries(reader, queryObserver('stream_reader'));
  });
  app.addHook('onClose', async () => observeQueries(app.db, undefined));

  const metrics: AppMetrics = {
    registry,
    contentType: registry.contentType,
    stream(kind, res) {
      streaming.add(res);
      streamsOpened.inc({ stream: kind });
      streamsOpen.inc({ stream: kind });
      res.once('close', () => streamsOpen.dec({ stream: kind }));
    },
    async text() {
      return (await registry.metrics()) + (await processMetrics().metrics());
    },
  };
  app.decorate('metrics', metrics);
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The /metrics listener: a plain node:http server on its own address (METRICS_HOST:METRICS_PORT), apart from the
 * public port, so the public (and the reverse proxy in front of it) never reaches it; with METRICS_TOKEN set a scrape
 * must also carry `Authorization: Bearer <token>`. Nothing but GET/HEAD /metrics is answered.
 */
export async function startMetricsServer(
  app: App,
  opts: { port: number; host: string; token?: string },
): Promise<MetricsServer> {
  const expected = opts.token ? digest(`Bearer ${opts.token}`) : undefined;
  const answer = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify({ code: status === 401 ? 401 : status === 404 ? 2002 : 500, message, result: null }));
  };
  const server = http.createServer(async (req, res) => {
    try {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/metrics') return answer(res, 404, `接口不存在: ${req.method} ${path}`);
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return answer(res, 405, '只支持 GET 请求', { allow: 'GET, HEAD' });
      if (expected) {
        const given = digest(req.headers.authorization ?? '');
        if (!timingSafeEqual(given, expected))
          return answer(res, 401, '需要有效的监控令牌', { 'www-authenticate': 'Bearer realm="metrics"' });
      }
      const body = await app.metrics.text();
      res.writeHead(200, { 'content-type': app.metrics.contentType, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      app.log.error({ err }, 'metrics: cannot collect');
      if (!res.headersSent) answer(res, 500, '监控数据暂时不可用');
      else res.destroy();
    }
  });
  // A scraper's keep-alive connection must not hold the process open at shutdown.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  if (!expected && !isLoopback(address))
    app.log.warn({ address }, 'metrics: served on a non-loopback address without METRICS_TOKEN');
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function isLoopback(address: string) {
  return address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';
}
