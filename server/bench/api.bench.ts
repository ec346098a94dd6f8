/**
 * The first half of `npm run bench` (`npm run bench:api -w server` alone): autocannon against the health call and the dictionary page call (as the platform admin)
 * on a server started in this process on 127.0.0.1:0 with a freshly seeded SQLite database in a temp dir. Prints
 * req/s, p99 latency and the dict/health ratio; stops by itself (a hard limit ends it if anything hangs).
 *   BENCH_DURATION (s, default 5 per call), BENCH_CONNECTIONS (default 10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID } from '@jz/contracts/auth';
import autocannon, { type Result } from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bootstrapDatabase } from '../src/startup/bootstrap.ts';
import { openDb } from '../src/db/client.ts';
import { openSession } from '../src/modules/auth/session.service.ts';

const HEALTH = '/tmpl/api/health';
const DICT_PAGE = '/tmpl/api/app/dict/findAllByPage?pageNum=1&pageSize=10';
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Two runs of `duration`, plus start-up and shutdown: anything beyond this is a hang.
const hardLimit = setTimeout(
  () => {
    console.error('bench: did not finish in time, giving up');
    process.exit(2);
  },
  (2 * duration + 60) * 1000,
);
hardLimit.unref();

const dir = mkdtempSync(path.join(tmpdir(), 'jz-bench-'));
const file = path.join(dir, 'bench.db');
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: `sqlite:${file}`,
  DEMO_SMS_CODE: undefined,
  SEED_DEMO: 'always',
});
// The global per-IP limit (600/min, read by app.ts from the environment) would answer most calls with 429.
process.env.RATE_LIMIT ??= 'off';
const handle = openDb({ kind: 'sqlite', file });

try {
  await bootstrapDatabase(handle.db, config, { info: () => {} });
  const app = await buildApp(config, { db: handle, logger: false });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await handle.db
      .selectFrom('user')
      .select('id')
      .where('userType', '=', 'platform')
      .executeTakeFirstOrThrow();
    const token = await openSession(app, admin.id, '127.0.0.1', 'autocannon');
    const anonymous = { client: CLIENT_ID };
    const signedIn = { ...anonymous, authorization: `Bearer ${token}` };

    // Both calls must answer the success envelope before they are measured.
    for (const url of [HEALTH, DICT_PAGE]) {
      const body = (await (await fetch(base + url, { headers: signedIn })).json()) as { code: number; message: string };
      if (body.code !== 200) throw new Error(`${url} answered ${body.code} ${body.message}`);
    }

    console.log(`bench: ${connections} connections, ${duration} s per call, SQLite, ${base}\n`);
    const run = (title: string, url: string, headers: Record<string, string>) =>
      autocannon({ title, url: base + url, connections, duration, timeout: 10, headers });
    // Health is the framework's floor (public, no token); the dict page adds the token lookup, the permission check
    // and two queries (count + page).
    const health = await run('health', HEALTH, anonymous);
    const dict = await run('dict page (admin)', DICT_PAGE, signedIn);

    const row = (r: Result) => ({
      call: r.title,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      requests: r.requests.total,
      'errors+timeouts': r.errors + r.timeouts,
      non2xx: r.non2xx,
    });
    console.table([row(health), row(dict)]);
    const ratio = dict.requests.average / health.requests.average;
    console.log(
      `\nratio dict/health: ${ratio.toFixed(2)} (req/s); p99 ${dict.latency.p99} ms vs ${health.latency.p99} ms`,
    );
    const failed = [health, dict].filter((r) => r.errors || r.timeouts || r.non2xx || !r.requests.total);
    if (failed.length) {
      console.error(`bench: ${failed.map((r) => r.title).join(', ')} had errors, timeouts or non-2xx answers`);
      process.exitCode = 1;
    }
  } finally {
    await app.close();
  }
} finally {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
