#!/usr/bin/env node
// `npm run cluster`: scale-out proven with real processes (docs/operations.md). nginx in front of three app instances on one
// fresh PostgreSQL database and Redis; a merchant workload through nginx (customers ordering and paying, merchants
// taking orders through 接单 → 验券 → 完成, duplicate withdrawals, live order streams); a rolling restart (SIGTERM,
// wait, start, wait ready, one instance after the other), then SIGKILL of one instance mid-load. Afterwards the
// invariants are checked against the database (scripts/cluster/checks.mjs) and the figures printed.
//
//   node scripts/cluster.mjs [--test] [--keep] [--release <dir>] [--bundle] [--seconds <n>] [--rolling sigterm]
//
// --test: the `cluster` step of `npm test`: writes .test-results/cluster.json; without nginx, PostgreSQL or Redis it
// skips with a message (exit 0), except with CI=true, where it fails. Exit 1 on any violated invariant.
// --keep: leave the run folder (logs, nginx config) in place even when everything passed.
// Docs and figures: docs/operations-cluster.md.
import './check-node.mjs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFailures, checkFinance, checkOrders, checkStreams, checkWithdrawals } from './cluster/checks.mjs';
import { getDirect, Recorder } from './cluster/http.mjs';
import { freePort, Instance } from './cluster/instances.mjs';
import { checkTls, findNginx, Nginx } from './cluster/nginx.mjs';
import { resolveServer } from './cluster/release.mjs';
import { printReport } from './cluster/report.mjs';
import { checkStatic } from './cluster/static.mjs';
import {
  createDatabase,
  dropDatabase,
  openPool,
  PG_ADMIN,
  pgReachable,
  REDIS_URL,
  redisCommand,
  redisReachable,
} from './cluster/services.mjs';
import { MerchantStream } from './cluster/stream.mjs';
import { Customer, Ledger, Operator, signInMerchant, Withdrawer } from './cluster/workload.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flag = (f) => argv.includes(f);
const option = (f) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : undefined);
const TEST = flag('--test');
// --rolling sigterm: restart without taking the instance out of nginx first (shows the race that step avoids).
const PLAIN_ROLLING = option('--rolling') === 'sigterm';
const SCALE = Math.max(0.5, Number(option('--seconds') ?? 4) / 4);
const PHASE_MS = { warmup: 4000 * SCALE, between: 1500, steady: 3000 * SCALE, recovery: 4000 * SCALE };
const INSTANCES = 3;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const resultsFile = path.join(root, '.test-results/cluster.json');

function writeResults(r) {
  if (!TEST) return;
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, JSON.stringify(r));
}

async function prerequisites() {
  const missing = [];
  const nginx = findNginx();
  if (!nginx) missing.push('nginx (Debian: apt-get install nginx-light; or NGINX=/path/to/nginx)');
  if (!(await pgReachable())) missing.push(`PostgreSQL at ${PG_ADMIN.replace(/:[^:@/]*@/, ':***@')} (CLUSTER_PG_URL)`);
  if (!(await redisReachable())) missing.push(`Redis at ${REDIS_URL} (CLUSTER_REDIS_URL)`);
  return { nginx, missing };
}

async function main() {
  const { nginx: nginxBin, missing } = await prerequisites();
  if (missing.length) {
    const what = `missing ${missing.join(', ')}`;
    if (process.env.CI === 'true' || !TEST) {
      console.error(
        process.env.CI === 'true'
          ? `cluster: FAILED: ${what} (CI=true: the cluster test may not be skipped there)`
          : `cluster: cannot run: ${what}`,
      );
      writeResults({ passed: 0, failed: 1, skipped: 0 });
      return 1;
    }
    console.log(`cluster: SKIPPED: ${what} (the cluster test needs nginx, PostgreSQL and Redis on this machine)`);
    writeResults({ passed: 0, failed: 0, skipped: 1 });
    return 0;
  }

  const runId = randomBytes(4).toString('hex');
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'jz-cluster-'));
  // nginx's workers (nobody, when run as root) walk through it to the release's web folder: traverse, never list.
  chmodSync(runDir, 0o711);
  const started = Date.now();
  const log = (s) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${s}`);
  let db;
  let pool;
  let nginx;
  let instances = [];
  let ok = false;
  const cleanups = [];
  let tornDown = false;
  // Ctrl+C (or a CI timeout's SIGTERM): stop nginx and the instances, drop the database, then exit.
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.once(sig, () => {
      console.error(`cluster: ${sig}, stopping everything`);
      void tearDown().finally(() => process.exit(130));
    });
  try {
    const server = resolveServer(root, runDir, { release: option('--release'), bundle: flag('--bundle') });
    log(
      `instances run: ${server.kind} (${server.describe})${server.buildMs > 2000 ? `, built in ${server.buildMs} ms` : ''}`,
    );
    db = await createDatabase();
    log(`database ${db.name}`);
    const ports = [];
    for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
    // Each instance's metrics listener (loopback): the static check reads how many web files the instances served.
    const metricsPorts = [];
    for (let i = 0; i < INSTANCES; i++) metricsPorts.push(await freePort());
    const listen = await freePort();
    const env = {
      NODE_ENV: 'development', // DEMO_SMS_CODE / SMS_RATE_LIMIT=off are refused in production
      DATABASE_URL: db.url,
      REDIS_URL,
      APP_SECRET: `cluster-${randomBytes(24).toString('hex')}`, // one secret shared by every instance
      DEMO_SMS_CODE: '123456',
      SMS_RATE_LIMIT: 'off',
      RATE_LIMIT_MAX: '100000', // the global limit stays on (its counters in Redis), far above the load
      TRUST_PROXY: 'true',
      SEED_DEMO: 'auto',
      LOG_LEVEL: 'warn',
      // After SIGTERM the instance keeps serving this long (readiness says 503), for what nginx's old worker still hands
      // it after the reload that took it out of the rotation; then it closes.
      SHUTDOWN_DRAIN_MS: '1000',
      ...(server.webDist && { WEB_DIST: server.webDist }),
    };
    instances = ports.map(
      (port, i) =>
        new Instance({
          name: `app${i + 1}`,
          port,
          command: server.command,
          env: { ...env, DATA_DIR: path.join(runDir, `data${i + 1}`), METRICS_PORT: String(metricsPorts[i]) },
          logFile: path.join(runDir, `app${i + 1}.log`),
        }),
    );
    const t0 = Date.now();
    if (server.migrate) {
      await run(server.migrate, { ...env, DATA_DIR: path.join(runDir, 'data-migrate') });
      log(`migrate: ${Date.now() - t0} ms`);
    }
    // All three at once on the new database: one migrates and seeds, the others wait for its lock.
    const readyMs = await Promise.all(instances.map((x) => x.start().waitReady()));
    log(
      `${INSTANCES} instances ready on ${ports.join(', ')} in ${readyMs.join(', ')} ms (readiness: /tmpl/api/${instances[0].readyPath})`,
    );

    nginx = new Nginx({
      bin: nginxBin,
      dir: path.join(runDir, 'nginx'),
      ports,
      listen,
      deployFile: path.join(root, 'deploy/nginx.conf'),
      webRoot: server.webRoot,
    });
    await nginx.start();
    const base = `http://127.0.0.1:${listen}`;
    log(`nginx on ${listen} (config: ${nginx.source})`);

    pool = openPool(db.url);
    const q = async (sql, p = []) => (await pool.query(sql, p)).rows;
    const users = await q(
      `select id, phone, merchant_id, current_shop_id from "user" where phone in ('13800000001','13800000002','13800000003')`,
    );
    const u = Object.fromEntries(users.map((r) => [r.phone, r]));
    const mA = u['13800000001'].merchant_id;
    const mB = u['13800000002'].merchant_id;
    const limited = await q('select shop_id from user_shop where user_id = $1', [u['13800000003'].id]);
    const shops = await q('select id, merchant_id, parent_id from shop');
    const shopMerchant = new Map(shops.map((s) => [s.id, s.merchant_id]));
    const mainShopA = shops.find((s) => s.merchant_id === mA && s.parent_id === null).id;

    // ---- clients, all through nginx
    const rec = new Recorder(base);
    const ledger = new Ledger();
    cleanups.push(() => rec.close());
    const tokens = {
      ownerA: await signInMerchant(rec, '13800000001', 'owner A'),
      ownerA2: await signInMerchant(rec, '13800000001', 'owner A (finance)'),
      subA: await signInMerchant(rec, '13800000003', 'sub-account A'),
      ownerB: await signInMerchant(rec, '13800000002', 'owner B'),
    };
    const cards = await rec.call('GET', 'app/jiazheng/caiwu/bangka/findAllByList', { token: tokens.ownerA2 });
    const cardId = cards.json.result.find((c) => c.status === 1).id;
    const goods = (
      await rec.call('GET', 'app/jiazheng/shangjia/shangpin/weapp/findAllByPage', { query: { pageSize: 100 } })
    ).json.result.records;
    const customers = [];
    for (let i = 0; i < 6; i++) {
      const c = new Customer(rec, ledger, {
        phone: `1391900${String(1000 + i)}`,
        name: `集群顾客${i + 1}`,
        goods,
        shopMerchant,
      });
      await c.signIn();
      customers.push(c);
    }
    const [before] = await q(
      `select (select coalesce(max(id), 0) from service_order) as order_id,
              (select coalesce(max(id), 0) from order_timeline) as timeline_id,
              (select coalesce(max(id), 0) from finance_withdrawal) as withdrawal_id,
              (select pending_withdraw from finance_account where merchant_id = $1) as pending`,
      [mA],
    );
    const statuses = new Map((await q('select id, status from service_order')).map((o) => [o.id, o.status]));
    const customerIds = await q('select id, phone from customer where phone = any($1)', [
      customers.map((c) => c.phone),
    ]);
    const operators = new Map([
      [`merchant:${u['13800000001'].id}`, 'owner A'],
      [`merchant:${u['13800000003'].id}`, 'sub-account A'],
      [`merchant:${u['13800000002'].id}`, 'owner B'],
      ...customerIds.map((c) => [`customer:${c.id}`, `customer ${c.phone}`]),
    ]);

    const subShop = limited.length
      ? limited.some((s) => s.shop_id === mainShopA)
        ? mainShopA
        : limited[0].shop_id
      : 'all';
    const streams = [
      new MerchantStream(rec, { who: 'owner A console', token: tokens.ownerA, merchantId: mA, base }),
      new MerchantStream(rec, {
        who: 'owner A, main shop',
        token: tokens.ownerA2,
        merchantId: mA,
        shopId: mainShopA,
        base,
      }),
      new MerchantStream(rec, { who: 'sub-account A', token: tokens.subA, merchantId: mA, shopId: subShop, base }),
      new MerchantStream(rec, { who: 'owner B console', token: tokens.ownerB, merchantId: mB, base }),
    ];
    await Promise.all(streams.map((s) => s.start()));
    cleanups.push(() => Promise.all(streams.map((s) => s.stop())));
    log(
      `signed in: 4 console sessions (3 users, 2 merchants), ${customers.length} customers; ${streams.length} event streams open`,
    );

    // ---- the load
    const stop = { now: false };
    const loadStart = Date.now();
    const simulate = startSimulate(base, runDir);
    cleanups.push(() => simulate.stop());
    const workers = [
      ...customers.map((c) => c.run(stop, 300)),
      new Operator(rec, ledger, { who: 'owner A', token: tokens.ownerA }).run(stop, 250),
      new Operator(rec, ledger, {
        who: 'sub-account A',
        token: tokens.subA,
        shopId: subShop === 'all' ? undefined : subShop,
      }).run(stop, 250),
      new Operator(rec, ledger, { who: 'owner B', token: tokens.ownerB }).run(stop, 300),
    ];
    const withdrawer = new Withdrawer(rec, ledger, { who: 'owner A (finance)', token: tokens.ownerA2, cardId, runId });
    workers.push(withdrawer.run(stop, 400));
    const phases = [];
    const phase = (name) => {
      rec.phase = name;
      phases.push({ name, at: Date.now() });
      log(`phase ${name}`);
    };

    phase('warmup');
    await sleep(PHASE_MS.warmup);
    phase('rolling');
    const restarts = [];
    for (const x of instances) {
      // Out of nginx's rotation first (down + reload), so the SIGTERM meets only what the instance already carries.
      const drainMs = PLAIN_ROLLING ? 0 : await nginx.setDown([x.port]);
      const s = await x.stop();
      x.start();
      const readyMs = await x.waitReady();
      if (!PLAIN_ROLLING) await nginx.setDown([]);
      restarts.push({ name: x.name, drainMs, stopMs: s.ms, exit: s.code ?? s.signal, readyMs });
      log(
        `  ${x.name}: ${PLAIN_ROLLING ? '' : `out of nginx in ${drainMs} ms, `}SIGTERM -> exit ${s.code ?? s.signal} in ${s.ms} ms, started, ready in ${readyMs} ms${PLAIN_ROLLING ? '' : ', back in nginx'}`,
      );
      await sleep(PHASE_MS.between);
    }
    const sessionsAfterRolling = await sessionCheck(instances, tokens, customers);
    phase('steady');
    await sleep(PHASE_MS.steady);
    phase('kill');
    const victim = instances[1];
    const kill = { at: Date.now(), port: victim.port, name: victim.name };
    await victim.kill();
    kill.deadAt = Date.now();
    log(`  ${victim.name}: SIGKILL, exit seen after ${kill.deadAt - kill.at} ms`);
    await sleep(1000);
    victim.start();
    kill.readyMs = await victim.waitReady();
    kill.backMs = Date.now() - kill.at;
    log(`  ${victim.name}: started again, ready in ${kill.readyMs} ms (${kill.backMs} ms after the kill)`);
    await sleep(1000);
    phase('recovery');
    await sleep(PHASE_MS.recovery);
    stop.now = true;
    rec.phase = 'drain';
    await Promise.all(workers);
    const loadEnd = Date.now();
    await withdrawer.retryUnanswered();
    const sim = await simulate.stop(kill);
    rec.phase = 'exhaust';
    const exhausted = await withdrawer.exhaust();
    log(
      `withdrew to the end: ${exhausted.won} of ${exhausted.keys} keys of ¥${(exhausted.amount / 100).toFixed(2)} went through (¥${(exhausted.left / 100).toFixed(2)} was left)`,
    );
    log(`load stopped after ${((loadEnd - loadStart) / 1000).toFixed(1)} s; waiting for the streams to catch up`);
    const caughtUp = await catchUp(q, streams);
    await Promise.all(streams.map((s) => s.stop()));
    const sessionsAtEnd = await sessionCheck(instances, tokens, customers);
    const redis = await redisProbe(rec);
    const statics = await checkStatic({ base, instances, webRoot: server.webRoot, nginx });
    const tls = await checkTls({
      bin: nginxBin,
      dir: path.join(runDir, 'nginx-tls'),
      ports,
      webRoot: server.webRoot,
      deployFile: path.join(root, 'deploy/nginx.conf'),
      tlsFile: path.join(root, 'deploy/nginx-tls.conf'),
    });

    // ---- checks
    const access = nginx.readAccess();
    const ctx = {
      pool,
      ledger,
      before: {
        orderId: before.order_id,
        timelineId: before.timeline_id,
        statuses,
        withdrawalId: before.withdrawal_id,
        pendingWithdraw: Number(before.pending),
      },
      operators,
      merchantId: mA,
      runId,
      streams,
      calls: rec.calls,
      access,
      kill,
    };
    const checks = [
      await checkOrders(ctx),
      await checkWithdrawals(ctx),
      checkFinance({ root, databaseUrl: db.url }),
      await checkStreams(ctx),
      checkFailures(ctx),
      sessionResult(sessionsAfterRolling, sessionsAtEnd),
      {
        name: 'clients told of problems while running (401, 429)',
        ok: ledger.problems.length === 0,
        detail: `${ledger.problems.length}`,
        problems: ledger.problems,
      },
      {
        name: 'streams caught up with the database',
        ok: caughtUp.ok,
        detail: caughtUp.detail,
        problems: caughtUp.ok ? [] : [caughtUp.detail],
      },
      {
        name: 'simulate.ts (customers) through nginx',
        ok: sim.failedOutsideKill === 0 && sim.placed > 0,
        detail: `${sim.placed} placed, ${sim.paid} paid, ${sim.reviewed} reviewed, ${sim.failed} failed (${sim.failedOutsideKill} outside the kill)`,
        problems: sim.failedOutsideKill ? sim.failures.filter((f) => !f.inKill).map((f) => f.line) : [],
      },
      redis,
      statics,
      tls,
    ];

    ok = checks.every((c) => c.ok);
    printReport({
      exhausted,
      log,
      checks,
      rec,
      access,
      phases,
      loadStart,
      loadEnd,
      restarts,
      kill,
      streams,
      customers,
      withdrawer,
      sim,
      server,
      nginx,
      ledger,
    });
    writeResults({ passed: checks.filter((c) => c.ok).length, failed: checks.filter((c) => !c.ok).length, skipped: 0 });
    return ok ? 0 : 1;
  } catch (err) {
    console.error(`cluster: ${err.stack ?? err}`);
    writeResults({ passed: 0, failed: 1, skipped: 0 });
    return 1;
  } finally {
    await tearDown();
  }

  async function tearDown() {
    if (tornDown) return;
    tornDown = true;
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
    await pool?.end().catch(() => {});
    await nginx?.stop().catch(() => {});
    await Promise.all(instances.map((x) => x.stop(5000).catch(() => {})));
    for (const x of instances) x.close();
    if (db) await dropDatabase(db.name).catch((e) => console.error(`could not drop ${db.name}: ${e.message}`));
    if (ok && !flag('--keep')) rmSync(runDir, { recursive: true, force: true });
    else console.log(`run folder kept: ${runDir} (instance logs, nginx config and logs)`);
  }
}

/** A one-off command (the release's migrate) to completion. */
function run({ cmd, args, cwd }, env) {
  return new Promise((resolve, reject) => {
    const c = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    c.stdout.on('data', (d) => {
      out += d;
    });
    c.stderr.on('data', (d) => {
      out += d;
    });
    c.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`)),
    );
  });
}

/**
 * server/scripts/simulate.ts as it is shipped, beside the workload: its customers order and pay through nginx for the
 * whole load (its own pace), and its failures are counted from its output lines. Its session file goes to the run's
 * folder (TMPDIR).
 */
function startSimulate(base, runDir) {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/scripts/simulate.ts'], {
    cwd: root,
    env: {
      ...process.env,
      TMPDIR: runDir,
      SIMULATE_URL: base,
      SIMULATE_ORDERS: '50',
      SIMULATE_INTERVAL_MS: '300',
      SIMULATE_MAX_SECONDS: '300',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const r = { placed: 0, paid: 0, reviewed: 0, failed: 0, failures: [], output: '' };
  let buf = '';
  const onData = (d) => {
    buf += d;
    r.output += d;
    let i = buf.indexOf('\n');
    while (i >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (/^\[\d+\/\d+\]/.test(line)) r.placed++;
      if (line.includes('已支付')) r.paid++;
      if (/评价了/.test(line)) r.reviewed++;
      if (/失败/.test(line)) r.failures.push({ at: Date.now(), line: line.trim() });
      i = buf.indexOf('\n');
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    /** kill: its failures are only excused while the killed instance's requests were in flight. */
    async stop(kill) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // it finishes its current order
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(t);
      for (const f of r.failures) f.inKill = !!kill && f.at >= kill.at && f.at <= kill.at + 15_000;
      r.failed = r.failures.length;
      r.failedOutsideKill = r.failures.filter((f) => !f.inKill).length;
      return r;
    },
  };
}

/** Until every stream has the newest event of its merchant (and shop), at most 15 s. */
async function catchUp(q, streams) {
  const t0 = Date.now();
  for (;;) {
    const behind = [];
    for (const s of streams) {
      const p = [s.merchantId];
      const shop = s.shopId === 'all' ? '' : ' and shop_id = $2';
      if (shop) p.push(s.shopId);
      const [{ id }] = await q(`select coalesce(max(id), 0) as id from order_event where merchant_id = $1${shop}`, p);
      if ((s.lastId ?? 0) < id) behind.push(`${s.who} at ${s.lastId}, newest ${id}`);
    }
    if (!behind.length) return { ok: true, detail: `in ${Date.now() - t0} ms` };
    if (Date.now() - t0 > 15_000) return { ok: false, detail: `still behind after 15 s: ${behind.join('; ')}` };
    await sleep(200);
  }
}

/** The same tokens, straight to every instance (no nginx): sessions live in the database, not in a process. */
async function sessionCheck(instances, tokens, customers) {
  const out = [];
  for (const x of instances) {
    for (const [who, token] of Object.entries(tokens)) {
      const r = await getDirect(x.base, 'sys/menu/findAllPerByUserId', token);
      out.push({ instance: x.name, who, ok: r.json?.code === 200, status: r.status });
    }
    for (const c of customers.slice(0, 2)) {
      const r = await getDirect(x.base, 'app/jiazheng/customer/order/findAllByPage', undefined, 3000, {
        'x-customer-token': c.token,
        client: 'jiazheng-console',
      });
      out.push({ instance: x.name, who: c.who, ok: r.json?.code === 200, status: r.status });
    }
  }
  return out;
}

function sessionResult(afterRolling, atEnd) {
  const all = [...afterRolling, ...atEnd];
  const bad = all.filter((s) => !s.ok);
  return {
    name: 'sessions valid on every instance (same tokens, each instance directly)',
    ok: bad.length === 0,
    detail: `${all.length - bad.length}/${all.length} (after the rolling restart and at the end)`,
    problems: bad.map((s) => `${s.who} on ${s.instance}: HTTP ${s.status}`),
  };
}

/**
 * The global rate limit's counters are shared through Redis: 30 calls through nginx, spread over the three instances,
 * add 30 to one Redis key. The key is the client address the app sees: with deploy/nginx.conf (X-Forwarded-For
 * replaced by the address nginx sees, TRUST_PROXY=true) this harness's 127.0.0.1; with a proxy that passes the
 * header on, the documentation address sent. Run after the load, in a fresh counting window.
 */
async function redisProbe(rec) {
  const address = `2001:db8::c1:${randomBytes(2).toString('hex')}`;
  const keys = [`jz-rl:${address}`, 'jz-rl:127.0.0.1'];
  const ttl = Number(await redisCommand(['PTTL', keys[1]]));
  if (ttl > 0 && ttl < 10_000) await sleep(ttl + 100); // not across the end of a one-minute window
  const before = await Promise.all(keys.map(async (k) => Number(await redisCommand(['GET', k]))));
  for (let i = 0; i < 30; i++)
    await rec.call('GET', 'health', { headers: { 'x-forwarded-for': address }, who: 'redis probe' });
  const after = await Promise.all(keys.map(async (k) => Number(await redisCommand(['GET', k]))));
  const delta = after.map((a, i) => a - before[i]);
  const hit = delta.indexOf(30);
  return {
    name: 'rate-limit counters shared through Redis',
    ok: hit >= 0,
    detail: `30 calls through nginx over ${INSTANCES} instances: +${delta[hit >= 0 ? hit : 1]} on ${keys[hit >= 0 ? hit : 1]}${hit === 1 ? ' (nginx replaces X-Forwarded-For)' : ''}`,
    problems: hit >= 0 ? [] : [`expected +30 on one key, saw ${keys.map((k, i) => `${k} +${delta[i]}`).join(', ')}`],
  };
}

process.exitCode = await main();
