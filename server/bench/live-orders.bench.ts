/**
 * The issue-13 live-order benchmark: N merchants (default 100) each hold the order event stream (SSE, one per
 * merchant) of a real server child process while customers place and pay orders at a steady rate through the real
 * customer API (order/add, then order/pay: the sandbox provider, the transition, the NOTIFY). For every paid order it
 * measures the time from the pay call's return to the `order` event (kind `new`, matched by orderId) on the owning
 * merchant's stream. Target: p99 ≤ 1 s, on one instance and on two instances sharing PostgreSQL.
 *
 * Cases: SQLite, one instance (a fresh temp DATA_DIR); PostgreSQL, one instance; PostgreSQL, two instances (streams
 * of merchants 1..N/2 on instance A, the rest on B; pay calls alternate between A and B, so about half the events
 * must cross instances through LISTEN/NOTIFY). Each PostgreSQL case gets a fresh database, dropped at the end.
 * Data: `scripts/bench-data.ts --orders 0 --merchants N` (owners, approved open shops, goods, employees), then
 * sessions written straight into the database (as a sign-in would).
 *
 *   cd server && npx tsx bench/live-orders.bench.ts
 *
 *   LIVE_MERCHANTS  streams / merchants          default 100
 *   LIVE_RATE       orders per second            default 20
 *   LIVE_SECONDS    duration of the load         default 30
 *   LIVE_CASES      comma list of sqlite,pg1,pg2 default all three
 *   LIVE_CPU_PROF   a directory: write a V8 CPU profile of each server there
 *   BENCH_PG_ADMIN  PostgreSQL admin URL         default postgres://postgres@127.0.0.1:5432/postgres (unreachable: PG cases skipped)
 * Ports 3360-3361. The server runs with RATE_LIMIT=off. A hard limit ends the run if anything hangs.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID } from '@jz/contracts/auth';
import pg from 'pg';
import { type DbHandle, openDb } from '../src/db/client.ts';
import { newToken, sha256 } from '../src/lib/crypto.ts';
import { openCustomerSession } from '../src/modules/customer/customer.repo.ts';
import {
  BENCH_ENV,
  childEnv,
  cpuSeconds,
  HEALTH,
  hardLimit,
  killAll,
  procStatus,
  serverDir,
  start,
  stop,
  waitFor,
} from './lib/processes.ts';

const N = Number(process.env.LIVE_MERCHANTS ?? 100);
const RATE = Number(process.env.LIVE_RATE ?? 20);
const SECONDS = Number(process.env.LIVE_SECONDS ?? 30);
const CASES = (process.env.LIVE_CASES ?? 'sqlite,pg1,pg2').split(',').map((s) => s.trim());
const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORTS = [3360, 3361];
const TARGET_MS = 1000;
/** After the last pay call: longer than a stream's 3 s poll, so an event woken by nobody still counts as late, not lost. */
const DRAIN_MS = 8000;
const API = '/tmpl/api/app/jiazheng';

hardLimit('live bench', (3 * (SECONDS + 60) + 900) * 1000);

// ------------------------------------------------------------------ processes

function startServer(port: number, env: Record<string, string>) {
  // LIVE_CPU_PROF=<dir>: a V8 CPU profile of each server (open in Chrome DevTools) to see where a saturated server spends its time.
  const prof = process.env.LIVE_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.LIVE_CPU_PROF)]
    : [];
  const proc = start([...prof, '--import', 'tsx', 'src/main.ts'], {
    ...BENCH_ENV,
    SEED_DEMO: 'never',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  return { ...proc, port };
}
type Server = ReturnType<typeof startServer>;

const ready = (s: Server, limitMs = 120_000) => waitFor(`http://127.0.0.1:${s.port}${HEALTH}`, limitMs, s, 50);

// ------------------------------------------------------------------ data

interface Fixture {
  merchants: { merchantId: number; token: string; goodsId: number }[];
  customers: string[];
}

function fill(env: Record<string, string>) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench-data.ts', '--orders', '0', '--merchants', String(N)],
    {
      cwd: serverDir,
      env: childEnv({ LOG_LEVEL: 'warn', SEED_DEMO: 'never', ...env }),
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 600_000,
    },
  );
  if (r.status !== 0) throw new Error('bench-data failed');
}

/** A console session per merchant owner and a few customer sessions, written straight into the database. */
async function sessions(handle: DbHandle): Promise<Fixture> {
  const db = handle.db;
  const owners = await db
    .selectFrom('user')
    .select(['id', 'merchantId', 'loginName'])
    .where('loginName', 'like', 'bench_m%')
    .orderBy('loginName')
    .execute();
  if (owners.length < N) throw new Error(`expected ${N} bench merchants, found ${owners.length}`);
  const now = new Date();
  const merchants: Fixture['merchants'] = [];
  for (const o of owners.slice(0, N)) {
    const token = newToken();
    await db
      .insertInto('session')
      .values({
        tokenHash: sha256(token),
        userId: o.id,
        expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
        ip: '127.0.0.1',
        userAgent: 'live-bench',
        createdAt: now.toISOString(),
      } as never)
      .execute();
    const g = await db
      .selectFrom('goods')
      .select('id')
      .where('merchantId', '=', o.merchantId!)
      .where('shelfState', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    merchants.push({ merchantId: o.merchantId!, token, goodsId: g.id });
  }
  const customers: string[] = [];
  for (let i = 0; i < 20; i++)
    customers.push((await openCustomerSession(db, `1990000${String(i).padStart(4, '0')}`, `压测顾客${i}`)).token);
  return { merchants, customers };
}

// ------------------------------------------------------------------ client side

async function call<T>(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: object,
) {
  const res = await fetch(`http://127.0.0.1:${port}${API}/${url}`, {
    method,
    headers: { client: CLIENT_ID, 'content-type': 'application/json', ...headers },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const env = (await res.json()) as { code: number; message: string; result: T };
  if (env.code !== 200) throw new Error(`${url}: ${env.code} ${env.message}`);
  return env.result;
}

interface Stream {
  merchant: number;
  port: number;
  req: http.ClientRequest;
  hello: Promise<void>;
}
/**
 * Received `new` events: orderId → when (performance clock, and the wall clock minus the event row's createdAt: the
 * server writes it in the payment's transaction, and both run on this machine) and the stream index that got it.
 */
type Inbox = Map<number, { at: number; sinceWritten: number; stream: number }[]>;

function openStream(i: number, port: number, ticket: string, inbox: Inbox): Stream {
  let helloDone: () => void = () => {};
  let helloFail: (e: Error) => void = () => {};
  const hello = new Promise<void>((res, rej) => {
    helloDone = res;
    helloFail = rej;
  });
  // One plain connection per stream (no pooling): what 100 browser consoles would hold.
  const req = http.get(
    { host: '127.0.0.1', port, path: `${API}/pay/dingdan/stream?ticket=${ticket}`, agent: false },
    (res) => {
      if (res.statusCode !== 200) helloFail(new Error(`stream ${i}: HTTP ${res.statusCode}`));
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        const wall = Date.now();
        buf += chunk;
        let cut = buf.indexOf('\n\n');
        while (cut >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          cut = buf.indexOf('\n\n');
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'hello') helloDone();
          if (event !== 'order' || !data) continue;
          const e = JSON.parse(data) as { orderId: number; kind: string; createdAt: string };
          if (e.kind !== 'new') continue;
          let list = inbox.get(e.orderId);
          if (!list) {
            list = [];
            inbox.set(e.orderId, list);
          }
          list.push({ at, sinceWritten: wall - Date.parse(e.createdAt), stream: i });
        }
      });
    },
  );
  req.on('error', (err) => helloFail(err));
  return { merchant: i, port, req, hello };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : '-');

interface Placed {
  orderId: number;
  merchant: number;
  payPort: number;
  payStart: number;
  /** When the pay call returned; unset when it failed (e.g. the client's 15 s timeout on a saturated server). */
  payEnd?: number;
}

async function runCase(label: string, ports: number[], env: Record<string, string>, fx: Fixture) {
  const servers = ports.map((p) => startServer(p, env));
  const streams: Stream[] = [];
  try {
    await Promise.all(servers.map((s) => ready(s)));
    // Streams: the first half of the merchants on the first instance, the rest on the last one.
    const inbox: Inbox = new Map();
    const streamPort = (i: number) => ports[Math.min(ports.length - 1, Math.floor((i * ports.length) / N))];
    await Promise.all(
      fx.merchants.map(async (m, i) => {
        const port = streamPort(i);
        const { ticket } = await call<{ ticket: string }>(
          port,
          'POST',
          'pay/dingdan/stream/ticket',
          { authorization: `Bearer ${m.token}` },
          { shopId: 'all' },
        );
        streams[i] = openStream(i, port, ticket, inbox);
      }),
    );
    await Promise.race([
      Promise.all(streams.map((s) => s.hello)),
      new Promise((_, rej) => setTimeout(() => rej(new Error('streams: no hello within 30 s')), 30_000)),
    ]);
    const rssIdle = servers.map((s) => procStatus(s.child.pid!, 'VmRSS'));

    // Open-loop load: order k starts at t0 + k/RATE whatever the earlier ones are doing.
    const total = RATE * SECONDS;
    const placed: Placed[] = [];
    const failures: string[] = [];
    const jobs: Promise<void>[] = [];
    let peakRss = servers.map(() => 0);
    const sampler = setInterval(() => {
      peakRss = servers.map((s, j) => Math.max(peakRss[j], procStatus(s.child.pid!, 'VmRSS') || 0));
    }, 500);
    const cpu0 = servers.map((s) => cpuSeconds(s.child.pid!));
    const t0 = performance.now();
    for (let k = 0; k < total; k++) {
      const wait = t0 + (k * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const merchant = k % N;
      const payPort = ports[k % ports.length];
      const customer = fx.customers[k % fx.customers.length];
      const h = { 'x-customer-token': customer };
      jobs.push(
        (async () => {
          const o = await call<{ id: number }>(payPort, 'POST', 'customer/order/add', h, {
            goodsId: fx.merchants[merchant].goodsId,
            quantity: 1,
            customerName: '压测顾客',
            customerPhone: '19900000000',
            address: '上海市徐汇区漕溪北路 1 号',
            appointmentAt: new Date(Date.now() + 86_400_000).toISOString(),
          });
          const p: Placed = { orderId: o.id, merchant, payPort, payStart: performance.now() };
          placed.push(p);
          await call(payPort, 'POST', 'customer/order/pay', h, { id: o.id });
          p.payEnd = performance.now();
        })().catch((err) => void failures.push((err as Error).message)),
      );
    }
    await Promise.all(jobs);
    const loadSeconds = (performance.now() - t0) / 1000;
    const cores = servers.map((s, j) => (cpuSeconds(s.child.pid!) - cpu0[j]) / loadSeconds);
    const drainEnd = performance.now() + DRAIN_MS;
    while (performance.now() < drainEnd && placed.some((p) => p.payEnd && !inbox.has(p.orderId)))
      await new Promise((r) => setTimeout(r, 100));
    clearInterval(sampler);

    const fromReturn: number[] = [];
    const fromStart: number[] = [];
    const fromWritten: number[] = [];
    const payTimes: number[] = [];
    const cross: number[] = [];
    const same: number[] = [];
    let lost = 0;
    let early = 0;
    let wrongStream = 0;
    let paidAfterTimeout = 0;
    for (const p of placed) {
      const got = inbox.get(p.orderId) ?? [];
      if (got.some((g) => g.stream !== p.merchant)) wrongStream++;
      if (p.payEnd === undefined) {
        // The client gave up, the server may still have taken the payment: then the merchant did get the order.
        if (got.length) paidAfterTimeout++;
        continue;
      }
      payTimes.push(p.payEnd - p.payStart);
      const mine = got.find((g) => g.stream === p.merchant);
      if (!mine) {
        lost++;
        continue;
      }
      // The server publishes before it answers, so the event often arrives before the pay call returns: that is 0.
      const d = mine.at - p.payEnd;
      if (d < 0) early++;
      fromReturn.push(Math.max(0, d));
      fromStart.push(mine.at - p.payStart);
      fromWritten.push(mine.sinceWritten);
      (streamPort(p.merchant) === p.payPort ? same : cross).push(mine.sinceWritten);
    }
    for (const a of [fromReturn, fromStart, fromWritten, payTimes, cross, same]) a.sort((x, y) => x - y);
    // Judged on both readings of "from payment": the pay call's return, and the payment row written on the server.
    const p99 = Math.max(pct(fromReturn, 99), pct(fromWritten, 99));
    const ok = lost === 0 && wrongStream === 0 && p99 <= TARGET_MS;
    console.log(
      `\n== ${label}: ${N} streams, ${payTimes.length}/${total} orders paid (offered ${RATE}/s, ${placed.length} placed) in ${loadSeconds.toFixed(1)} s`,
    );
    console.table([
      row('pay return → event', fromReturn),
      row('payment written → event', fromWritten),
      row('pay start → event', fromStart),
      ...(ports.length > 1
        ? [row('  written → event, same instance', same), row('  written → event, across instances', cross)]
        : []),
      row('pay call itself', payTimes),
    ]);
    console.log(
      `${label}: received ${fromReturn.length}, lost ${lost}, on a wrong stream ${wrongStream}; ${early} events arrived before the pay call returned`,
    );
    if (failures.length)
      console.log(
        `${label}: ${failures.length} calls failed (first: ${failures[0]}): the server did not keep up with ${RATE}/s; ${paidAfterTimeout} of those orders were paid anyway and reached the merchant`,
      );
    for (const [j, s] of servers.entries())
      console.log(
        `${label}: server :${s.port} CPU ${cores[j].toFixed(2)} cores during the load, RSS idle with streams ${rssIdle[j].toFixed(0)} MB, peak sampled ${peakRss[j].toFixed(0)} MB, VmHWM ${procStatus(s.child.pid!, 'VmHWM').toFixed(0)} MB`,
      );
    console.log(
      `${label}: p99 ${ms(p99)} (the worse of return/written) — target ≤ ${TARGET_MS} ms, nothing lost: ${ok ? 'met' : 'MISSED'}`,
    );
    return { label, ok, p99 };
  } finally {
    for (const s of streams) s?.req.destroy();
    await Promise.all(servers.map((s) => stop(s.child)));
  }
}

function row(what: string, a: number[]) {
  return {
    what,
    count: a.length,
    p50: ms(pct(a, 50)),
    p95: ms(pct(a, 95)),
    p99: ms(pct(a, 99)),
    max: ms(a[a.length - 1]),
  };
}

// ------------------------------------------------------------------ cases

async function pgReachable() {
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}
async function pgAdmin(statement: string) {
  const c = new pg.Client({ connectionString: PG_ADMIN, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

console.log(
  `live bench: ${N} merchants, ${RATE} orders/s for ${SECONDS} s, target p99 ≤ ${TARGET_MS} ms (pay return → event)`,
);
const results: { label: string; ok: boolean; p99: number }[] = [];
try {
  if (CASES.includes('sqlite')) {
    const dir = mkdtempSync(path.join(tmpdir(), 'jz-live-'));
    try {
      const env = { DATA_DIR: dir, DATABASE_URL: '' };
      fill(env);
      const handle = openDb({ kind: 'sqlite', file: path.join(dir, 'jiazheng.db') });
      const fx = await sessions(handle).finally(() => handle.close());
      results.push(await runCase('SQLite, 1 instance', PORTS.slice(0, 1), env, fx));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const pgCases = CASES.filter((c) => c === 'pg1' || c === 'pg2');
  if (pgCases.length && !(await pgReachable())) console.log(`\nPostgreSQL: skipped (${PG_ADMIN} unreachable)`);
  else
    for (const c of pgCases) {
      const name = `jz_live_${randomBytes(4).toString('hex')}`;
      const u = new URL(PG_ADMIN);
      u.pathname = `/${name}`;
      const url = u.toString();
      await pgAdmin(`CREATE DATABASE ${name}`);
      try {
        const env = { DATABASE_URL: url };
        fill(env);
        const handle = openDb({ kind: 'postgres', url, max: 2 });
        const fx = await sessions(handle).finally(() => handle.close());
        const two = c === 'pg2';
        results.push(
          await runCase(`PostgreSQL, ${two ? 2 : 1} instance${two ? 's' : ''}`, PORTS.slice(0, two ? 2 : 1), env, fx),
        );
      } finally {
        await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((err) =>
          console.error(`could not drop ${name}: ${(err as Error).message}`),
        );
      }
    }
  console.log('\nsummary:');
  for (const r of results) console.log(`  ${r.label}: p99 ${ms(r.p99)} — ${r.ok ? 'met' : 'MISSED'}`);
  if (results.some((r) => !r.ok)) process.exitCode = 1;
} finally {
  killAll();
}
