#!/usr/bin/env node
// Start-up time of the built release (docs/startup-and-faults.md): starts `node <release>/server.mjs` in production
// on SQLite, as the release runs, and times spawn → /tmpl/api/health/ready answering 200, against the target. Builds
// nothing: build once with `npm run build -- --out /tmp/jz-release --reuse-web`.
//
//   node scripts/startup-time.mjs [--release dist/release] [--runs 3] [--target 3000] [--cold]
//                                 [--database-url postgres://…/db --instances 3]
//
// warm (default): restarts on one database, migrated and seeded by a first, unmeasured start (what a restart or a
// rolling upgrade without migrations costs); --cold: each run on an empty data folder (migrations and base seeds).
// --database-url with --instances N: N instances start at once on that (PostgreSQL) database, as a cluster's do
// (they take turns at the bootstrap lock); every instance's time counts.
// Prints each run's time to ready and the server's own ready line (loadMs: node and the bundle's evaluation; appMs:
// to the app built; bootstrapMs: migrations check and seeds; cpuMs), and the machine's load average, which bends
// every wall time on a shared machine. Exit code 1 when the median misses the target.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const release = path.resolve(arg('--release', path.join(root, 'dist/release')));
const runs = Number(arg('--runs', '3'));
const target = Number(arg('--target', '3000'));
const cold = process.argv.includes('--cold');
const databaseUrl = arg('--database-url');
const instances = Number(arg('--instances', '1'));
if (!existsSync(path.join(release, 'server.mjs'))) {
  console.error(
    `no release at ${release}: build one with npm run build -- --out <dir> --reuse-web, then --release <dir>`,
  );
  process.exit(2);
}

const env = (dataDir) => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
  DATA_DIR: dataDir,
  APP_SECRET: 'startup-time-secret-0123456789abcdef0123',
  DATA_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9',
  ALIYUN_SMS_ACCESS_KEY_ID: 'id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '家政测试',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000000',
  ADMIN_PHONE: '13912340000',
  ...(databaseUrl && { DATABASE_URL: databaseUrl }),
});

const get = (url) =>
  new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
  });

/** One start: ms from spawn to readiness, and the server's ready line. Stops the process afterwards. */
async function start(dataDir) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(release, 'server.mjs')], {
    cwd: '/',
    env: env(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${out.slice(-2000)}`);
      if (performance.now() - t0 > 120_000) throw new Error(`not ready in 120 s:\n${out.slice(-2000)}`);
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      if (port && (await get(`http://127.0.0.1:${port}/tmpl/api/health/ready`)) === 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = Math.round(performance.now() - t0);
    const line = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'ready');
    return { ms, line };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const dirs = [];
const fresh = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'jz-startup-'));
  dirs.push(d);
  return d;
};
try {
  const shared = cold ? undefined : fresh();
  if (shared) await start(shared); // migrate and seed once: not measured
  const results = [];
  for (let i = 0; i < runs; i++) {
    const load = loadavg()[0].toFixed(1);
    const dir = shared ?? fresh();
    const started = await Promise.all(Array.from({ length: instances }, () => start(dir)));
    for (const [n, { ms, line }] of started.entries()) {
      results.push(ms);
      const parts = ['loadMs', 'appMs', 'bootstrapMs', 'readyMs', 'cpuMs']
        .filter((k) => line?.[k] !== undefined)
        .map((k) => `${k} ${line[k]}`);
      const who = instances > 1 ? ` instance ${n + 1}` : '';
      console.log(`${cold ? 'cold' : 'warm'} ${i + 1}${who}: ready in ${ms} ms (${parts.join(', ')}; load ${load})`);
    }
  }
  const median = results.sort((a, b) => a - b)[Math.floor(results.length / 2)];
  const verdict = median <= target ? 'met' : 'missed';
  console.log(`median ${median} ms; target ${target} ms: ${verdict}`);
  process.exitCode = median <= target ? 0 : 1;
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
