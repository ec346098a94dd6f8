#!/usr/bin/env node
// The release (docs/operations.md), proven with real processes; `npm test`'s `release` step, or `node scripts/release-test.mjs`.
//   1. builds a release into a temporary folder (scripts/build-release.mjs --reuse-web) and moves a copy to another
//      temporary folder outside the checkout, deleting the first: nothing may point back at the build;
//   2. checks what it carries: no dev dependencies (vitest, vite, esbuild, typescript, tsx, biome, the API docs
//      packages...), no symbolic links, no path of this checkout inside the bundle, a lockfile that lists exactly the
//      installed packages;
//   3. SQLite, production: starts `node <release>/server.mjs` from / with a minimal environment (no NODE_PATH, no
//      npm), waits for /tmpl/api/health, fetches / and a precompressed script (br and gzip), checks the API docs are
//      absent, stops it with SIGTERM; then `server.mjs migrate` once, MIGRATE_ON_START=false on an empty database
//      (refused with a message), an empty database without ADMIN_PHONE (refused), and an unknown command (usage);
//   4. PostgreSQL, production: two instances started at the same moment on a new database (SEED_DEMO unset): both
//      reach ready, one applies the migrations while the other waits for the lock, no demo data; then, through
//      them, the things that read files at run time: an SMS sign-in (a fake Aliyun endpoint records the code), the
//      sign-in place from ip2region (X-Forwarded-For with TRUST_PROXY), the code generator's table list (the product's
//      tables, read from the shipped migrations, are not offered) and its preview (the shipped templates), and the
//      session valid on the other instance.
// Exit 0 when everything holds; the temporary folders and the database are removed either way.
import './check-node.mjs';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const secs = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const ok = (msg) => console.log(`  ok  ${msg} (${secs()})`);
const tmp = mkdtempSync(path.join(tmpdir(), 'jz-release-test-'));
const children = new Set();
const pgAdminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDb = `jz_release_${process.pid}_${Date.now().toString(36)}`;
let pgCreated = false;

async function cleanup() {
  for (const c of children) c.kill('SIGKILL');
  if (pgCreated) await pgQuery(pgAdminUrl, `DROP DATABASE IF EXISTS ${pgDb} WITH (FORCE)`).catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
}

async function pgQuery(url, text) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
const pgUrl = (db) => Object.assign(new URL(pgAdminUrl), { pathname: `/${db}` }).toString();

/* ---------------- processes and requests */

/** A release process: its JSON log lines, its exit. */
function run(release, args, env) {
  const child = spawn(process.execPath, [path.join(release, 'server.mjs'), ...args], {
    cwd: '/',
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const p = { child, out: '', lines: [], exited: null };
  const onData = (d) => {
    p.out += d;
    for (const l of d.toString().split('\n'))
      try {
        p.lines.push(JSON.parse(l));
      } catch {}
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  p.exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      p.exited = { code, signal };
      resolve(p.exited);
    }),
  );
  return p;
}

/** Waits for the "Server listening" line and a healthy /tmpl/api/health; answers the base URL. */
async function ready(p, what, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (p.exited) throw new Error(`${what} exited (${JSON.stringify(p.exited)}):\n${p.out.slice(-3000)}`);
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(p.out)?.[1];
    if (port) {
      const base = `http://127.0.0.1:${port}`;
      const r = await request(base, '/tmpl/api/health').catch(() => undefined);
      if (r?.status === 200) return base;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not ready in ${timeoutMs / 1000} s:\n${p.out.slice(-3000)}`);
}

/** One HTTP request, body as raw bytes (no decompression): {status, headers, body, json}. */
function request(base, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          client: 'jiazheng-merchant-pc',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          let json;
          try {
            json = JSON.parse(buf.toString('utf8'));
          } catch {}
          resolve({ status: res.statusCode, headers: res.headers, body: buf, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

async function stop(p, what) {
  p.child.kill('SIGTERM');
  const t = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
  const e = await p.exit;
  clearTimeout(t);
  assert.equal(e.code, 0, `${what} did not stop cleanly on SIGTERM (${JSON.stringify(e)})`);
}

/** Fake Aliyun SMS endpoint: records the code sent to each phone. */
async function fakeSms() {
  const codes = new Map();
  const server = http.createServer((req, res) => {
    const q = new URL(req.url, 'http://x').searchParams;
    const code = JSON.parse(q.get('TemplateParam') ?? '{}').code;
    if (q.get('PhoneNumbers') && code) codes.set(q.get('PhoneNumbers'), code);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ Code: 'OK', Message: 'OK' }));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { codes, url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/* ---------------- the test */

async function main() {
  console.log(`release test in ${tmp}`);
  // 1. Build, then move it elsewhere.
  const built = path.join(tmp, 'build/release');
  const b = spawnSync(process.execPath, [path.join(root, 'scripts/build-release.mjs'), '--out', built, '--reuse-web'], {
    stdio: 'inherit',
  });
  assert.equal(b.status, 0, 'npm run build failed');
  const release = path.join(tmp, 'elsewhere/jz-release');
  cpSync(built, release, { recursive: true });
  rmSync(path.join(tmp, 'build'), { recursive: true, force: true });
  ok('release built and moved out of the build folder');

  // 2. What it carries.
  const installed = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir)) {
      const p = path.join(dir, e);
      assert.ok(!lstatSync(p).isSymbolicLink(), `symbolic link in the release: ${p}`);
      if (lstatSync(p).isDirectory()) {
        if (
          path.basename(dir) === 'node_modules' ||
          (path.basename(dir).startsWith('@') && path.basename(path.dirname(dir)) === 'node_modules')
        )
          if (existsSync(path.join(p, 'package.json')))
            installed.push(path.relative(release, p).split(path.sep).join('/'));
        walk(p);
      }
    }
  };
  walk(release);
  const DEV = [
    'vitest',
    'vite',
    'esbuild',
    'typescript',
    'tsx',
    '@biomejs/biome',
    '@fastify/swagger',
    '@fastify/swagger-ui',
    '@playwright/test',
    's3rver',
    'autocannon',
  ];
  for (const d of DEV)
    assert.ok(!installed.some((k) => k.endsWith(`node_modules/${d}`)), `dev dependency ${d} in the release`);
  const lock = JSON.parse(readFileSync(path.join(release, 'package-lock.json'), 'utf8'));
  assert.deepEqual(
    Object.keys(lock.packages)
      .filter((k) => k && !lock.packages[k].peer)
      .sort(),
    installed.sort(),
    'the lockfile lists exactly what node_modules holds',
  );
  const pkg = JSON.parse(readFileSync(path.join(release, 'package.json'), 'utf8'));
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.engines.node, '>=22.12');
  assert.ok(!readFileSync(path.join(release, 'app/server.js'), 'utf8').includes(root), 'the bundle names the checkout');
  ok(`carries ${installed.join(', ')}; no dev dependency, no link, no checkout path`);

  const sms = await fakeSms();
  const prodEnv = (more) => ({
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    APP_SECRET: 'release-test-secret-0123456789abcdef0123',
    DATA_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ENDPOINT: sms.url,
    ALIYUN_SMS_ACCESS_KEY_ID: 'test-id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-secret',
    ALIYUN_SMS_SIGN_NAME: '家政测试',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000000',
    // Production invents no super admin: an empty database needs this (the default 600 calls/min limit stays on).
    ADMIN_PHONE: '13912340000',
    ...more,
  });

  try {
    // 3. SQLite, production, from /.
    // SEED_DEMO unset: production's default seeds no demo data.
    const sqliteEnv = prodEnv({ DATA_DIR: path.join(tmp, 'data-sqlite') });
    const a = run(release, [], sqliteEnv);
    const base = await ready(a, 'the SQLite instance');
    ok(`SQLite instance ready at ${base}`);
    // Which build it is: RELEASE.json (written by the build) is what --version, the ready line and the metrics say.
    const info = JSON.parse(readFileSync(path.join(release, 'RELEASE.json'), 'utf8'));
    const commit = `${info.commit.slice(0, 12)}${info.dirty ? '-dirty' : ''}`;
    for (let i = 0; i < 50 && !a.lines.some((l) => l.msg === 'ready'); i++)
      await new Promise((r) => setTimeout(r, 100));
    const readyLine = a.lines.find((l) => l.msg === 'ready');
    assert.deepEqual([readyLine?.version, readyLine?.commit], [info.version, commit], 'the ready line names the build');
    const v = spawnSync(process.execPath, [path.join(release, 'server.mjs'), '--version'], {
      cwd: '/',
      encoding: 'utf8',
    });
    assert.equal(v.status, 0, v.stderr);
    assert.equal(v.stdout.trim(), `jiazheng-console ${info.version} (${commit}, built ${info.builtAt})`);
    ok(`--version and the ready line: ${v.stdout.trim()}`);
    const index = await request(base, '/');
    assert.equal(index.status, 200);
    assert.equal(index.body.toString(), readFileSync(path.join(release, 'web/index.html'), 'utf8'));
    // The scripts index.html names (entry and preloads); precompressed copies exist from 1 KB up (web/vite.config.ts),
    // and the entry itself may be a few hundred bytes that only imports the rest: take the largest.
    const named = [...index.body.toString().matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    assert.ok(named.length, 'index.html names its scripts');
    const script = named.sort(
      (a, b) => statSync(path.join(release, 'web', b)).size - statSync(path.join(release, 'web', a)).size,
    )[0];
    assert.ok(existsSync(path.join(release, 'web', `${script}.br`)), `${script} has precompressed copies`);
    for (const [enc, ext] of [
      ['br', 'br'],
      ['gzip', 'gz'],
    ]) {
      const r = await request(base, `/${script}`, { headers: { 'accept-encoding': enc } });
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-encoding'], enc, `${script} with accept-encoding ${enc}`);
      assert.equal(r.body.length, statSync(path.join(release, 'web', `${script}.${ext}`)).size);
    }
    assert.equal((await request(base, '/tmpl/api/docs/')).status, 404, 'API docs are not served in production');
    await stop(a, 'the SQLite instance');
    ok('web app and precompressed scripts (br, gzip) served; API docs absent; SIGTERM stops it');

    const m = run(release, ['migrate'], sqliteEnv);
    assert.equal((await m.exit).code, 0, `migrate failed:\n${m.out}`);
    assert.match(m.out, /database is up to date/);
    const off = run(release, [], prodEnv({ DATA_DIR: path.join(tmp, 'data-empty'), MIGRATE_ON_START: 'false' }));
    assert.notEqual((await off.exit).code, 0, 'MIGRATE_ON_START=false on an empty database must not start');
    assert.match(off.out, /migration\(s\) are pending.*run the migrate command once/);
    const noAdmin = run(release, ['migrate'], prodEnv({ DATA_DIR: path.join(tmp, 'data-noadmin'), ADMIN_PHONE: '' }));
    assert.equal((await noAdmin.exit).code, 1, 'an empty production database without ADMIN_PHONE must be refused');
    assert.match(noAdmin.out, /ADMIN_PHONE is required in production/);
    assert.ok(!/demo data seeded/.test(a.out + m.out), 'production seeded demo data without SEED_DEMO=always');
    const bad = run(release, ['serve-please'], sqliteEnv);
    assert.equal((await bad.exit).code, 2);
    assert.match(bad.out, /usage: node server\.mjs/);
    ok(
      'migrate runs once and exits; no demo data; MIGRATE_ON_START=false and a missing ADMIN_PHONE refuse an empty ' +
        'database; unknown command: usage',
    );

    // 4. PostgreSQL: two instances at once on a new database. Skipped without a PostgreSQL server, as the API tests
    // are (test/vitest.config.ts), unless CI=true.
    const pgProblem = await pgQuery(pgAdminUrl, 'select 1').then(
      () => undefined,
      (err) => err.message,
    );
    if (pgProblem) {
      if (process.env.CI === 'true') throw new Error(`PostgreSQL not reachable (${pgProblem}); CI=true requires it`);
      console.warn(`  --  PostgreSQL not reachable (${pgProblem}): the two-instance part is skipped`);
      return;
    }
    await pgQuery(pgAdminUrl, `CREATE DATABASE ${pgDb} TEMPLATE template0 ENCODING 'UTF8'`);
    pgCreated = true;
    const pgEnv = prodEnv({
      DATABASE_URL: pgUrl(pgDb),
      DATA_DIR: path.join(tmp, 'data-pg'),
      TRUST_PROXY: 'true',
    });
    const pair = [run(release, [], pgEnv), run(release, [], pgEnv)];
    const bases = await Promise.all(pair.map((p, i) => ready(p, `PostgreSQL instance ${i + 1}`, 120_000)));
    const applied = pair.filter((p) => p.lines.some((l) => l.msg === 'migrations applied'));
    const waited = pair.filter((p) => p.lines.some((l) => /waiting for it/.test(l.msg ?? '')));
    assert.equal(applied.length, 1, 'exactly one instance applies the migrations');
    assert.equal(waited.length, 1, 'the other waited for the lock');
    assert.ok(!pair.some((p) => /demo data seeded/.test(p.out)), 'production seeded demo data');
    const migrationFiles = readdirSync(path.join(release, 'server/src/db/migrations')).filter((f) => f.endsWith('.ts'));
    const [{ n }] = await pgQuery(pgUrl(pgDb), 'select count(*)::int as n from kysely_migration');
    assert.equal(n, migrationFiles.length);
    const [{ users, phones }] = await pgQuery(
      pgUrl(pgDb),
      'select count(*)::int as users, count(distinct phone)::int as phones from "user"',
    );
    assert.equal(users, phones, 'no account seeded twice');
    const [demo] = await pgQuery(
      pgUrl(pgDb),
      'select (select count(*) from merchant)::int as merchants, (select count(*) from service_order)::int as orders, ' +
        '(select count(*) from customer)::int as customers',
    );
    assert.deepEqual(demo, { merchants: 0, orders: 0, customers: 0 }, 'no demo rows in production');
    ok(`two instances ready together; ${n} migrations applied once, the other instance waited; no demo rows`);

    // Files read at run time, through the instances.
    const admin = '13912340000'; // ADMIN_PHONE: the admin the empty database got
    const from = { 'x-forwarded-for': '221.205.0.1' };
    const sent = await request(bases[1], '/tmpl/api/app/jiazheng/login/sms/sendCode', {
      method: 'POST',
      body: { phone: admin },
      headers: from,
    });
    assert.equal(sent.json?.code, 200, `sendCode: ${sent.body}`);
    const login = await request(bases[1], '/tmpl/api/app/jiazheng/login/sms/login', {
      method: 'POST',
      body: { phone: admin, code: sms.codes.get(admin) },
      headers: from,
    });
    assert.equal(login.json?.code, 200, `login: ${login.body}`);
    const auth = { authorization: `Bearer ${login.json.result.token}` };
    // Signed in on instance 2, read on instance 1: sessions live in the shared database.
    const mine = await request(bases[0], '/tmpl/api/merchant/account/mine', { headers: auth });
    assert.equal(mine.json?.code, 200, `account/mine on the other instance: ${mine.body}`);
    assert.match(mine.json.result.lastLoginPlace ?? '', /^山西省太原市/, 'ip2region from the release');
    await pgQuery(pgUrl(pgDb), `create table release_probe (id serial primary key, title varchar(50) not null)`);
    await pgQuery(pgUrl(pgDb), `comment on table release_probe is '发布探针'`);
    const G = '/tmpl/api/app/gen/table';
    const offered = await request(bases[1], `${G}/db/findAllByPage?pageNum=1&pageSize=100`, { headers: auth });
    assert.equal(offered.json?.code, 200, offered.body.toString());
    const names = offered.json.result.records.map((r) => r.tableName);
    assert.ok(names.includes('release_probe'), `release_probe offered: ${names}`);
    assert.ok(!names.includes('merchant') && !names.includes('order'), `product tables not offered: ${names}`);
    const imported = await request(bases[1], `${G}/importTable`, {
      method: 'POST',
      body: { tables: 'release_probe' },
      headers: auth,
    });
    assert.equal(imported.json?.code, 200, imported.body.toString());
    const id = imported.json.result.ids[0];
    const preview = await request(bases[0], `${G}/preview/${id}`, { headers: auth });
    assert.equal(preview.json?.code, 200, preview.body.toString());
    const files = Object.entries(preview.json.result);
    assert.ok(files.length >= 8 && files.every(([, text]) => text.length > 0), 'every template rendered');
    ok(
      `SMS sign-in, ip2region place, session on both instances, code generator list and preview (${files.length} files)`,
    );
    await Promise.all(pair.map((p, i) => stop(p, `PostgreSQL instance ${i + 1}`)));
  } finally {
    sms.close();
  }
}

try {
  await main();
  console.log(`release test: passed in ${secs()}`);
} catch (err) {
  console.error(`release test FAILED (${secs()}): ${err.stack ?? err}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
