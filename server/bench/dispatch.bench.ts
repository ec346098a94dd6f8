/**
 * The issue-23 board benchmark: a shop with 50 employees and 500 assigned orders in one week (plus 100 leave periods
 * and 40 waiting orders), the week board (GET paidan/board?days=7) and the day board, on SQLite and — when reachable —
 * PostgreSQL. Target: ≤ 50 ms server time. Prints, per database, the median and p95 of 30 sequential calls after 5
 * warm-up calls (the verdict is on the median: on a shared machine the p95 is the neighbours' load), both for the query work alone (board() in dispatch/board.ts) and for the whole request through the
 * app (app.inject: auth, permission, validation, serialisation — no network).
 *
 *   npx tsx bench/dispatch.bench.ts          (from server/)
 *   BENCH_PG_URL   an admin PostgreSQL URL (default postgres://postgres@127.0.0.1:5432/postgres); a database is
 *                  created and dropped there. BENCH_PG=off skips PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID } from '@jz/contracts/auth';
import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DbHandle, observeQueries, openDb } from '../src/db/client.ts';
import { openSession } from '../src/modules/auth/session.service.ts';
import { board } from '../src/modules/merchant/dispatch/board.ts';
import { bootstrapDatabase } from '../src/startup/bootstrap.ts';

const TARGET_MS = 50;
const EMPLOYEES = 50;
const ORDERS = 500;
const quiet = { info: () => {}, warn: () => {}, error: () => {} } as never;

async function fill(h: DbHandle) {
  const db = h.db;
  const shop = await db
    .selectFrom('shop')
    .select(['id', 'merchantId'])
    .where('name', '=', '运城洁家家政（总店）')
    .executeTakeFirstOrThrow();
  const tpl = await db
    .selectFrom('employee')
    .selectAll()
    .where('shopId', '=', shop.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: _id, idCardHash: _h, ...emp } = tpl;
  const hours = JSON.stringify(Array.from({ length: 7 }, () => [{ from: '07:00', to: '21:00' }]));
  const ids: number[] = [];
  for (let i = 0; i < EMPLOYEES; i++)
    ids.push(
      (
        await db
          .insertInto('employee')
          .values({
            ...emp,
            name: `压测员工${i}`,
            phone: `1370000${String(i).padStart(4, '0')}`,
            idCardNo: `B${i}`,
            idCardHash: `bench-${i}`,
            workState: 1,
            workHours: hours,
            baseLat: 35.02 + i / 1000,
            baseLng: 111,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const order = await db
    .selectFrom('serviceOrder')
    .selectAll()
    .where('shopId', '=', shop.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: _oid, ...o } = order;
  const day0 = shanghaiDay(Date.now() + 3 * 86_400_000);
  const rows = [];
  for (let i = 0; i < ORDERS; i++) {
    const e = i % EMPLOYEES;
    const slot = Math.floor(i / EMPLOYEES); // 10 jobs per employee over 7 days
    const day = nextDay(day0, slot % 7);
    const at = wallMs(day, slot < 7 ? '08:00' : '14:00');
    rows.push({
      ...o,
      orderNo: `B${Date.now()}${i}`,
      verifyCode: `9${String(i).padStart(11, '0')}`,
      status: 30,
      employeeId: ids[e],
      appointmentAt: new Date(at).toISOString(),
      durationMinutes: 180,
    });
  }
  for (let i = 0; i < 40; i++)
    rows.push({
      ...o,
      orderNo: `W${Date.now()}${i}`,
      verifyCode: `8${String(i).padStart(11, '0')}`,
      status: 20,
      employeeId: null,
      appointmentAt: new Date(wallMs(nextDay(day0, i % 7), '10:00')).toISOString(),
      durationMinutes: 120,
    });
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('serviceOrder')
      .values(rows.slice(i, i + 100))
      .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('employeeLeave')
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        merchantId: shop.merchantId,
        employeeId: ids[i % EMPLOYEES],
        startsAt: new Date(wallMs(nextDay(day0, (i % 7) - 10), '00:00')).toISOString(),
        endsAt: new Date(wallMs(nextDay(day0, (i % 7) - 9), '00:00')).toISOString(),
        reason: '压测',
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
  return { shop, day0 };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)] };
};
async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return stats(xs);
}

async function run(kind: 'sqlite' | 'postgres', h: DbHandle, url: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'always',
    DATABASE_URL: url,
    RATE_LIMIT: 'off',
  });
  await bootstrapDatabase(h.db, config, quiet);
  const { shop, day0 } = await fill(h);
  const app = await buildApp(config, { db: h, logger: false });
  const owner = await h.db.selectFrom('user').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
  const token = await openSession(app, owner.id, '127.0.0.1', 'bench');
  const scope = { merchantId: shop.merchantId, shopId: shop.id, allowedShopIds: null };
  const week = await board(h.db, scope, { date: day0, days: 7 });
  const blocks = week.employees.reduce((a, e) => a + e.blocks.length, 0);
  const call = (days: number) => async () => {
    const r = await app.inject({
      method: 'GET',
      url: `/tmpl/api/app/jiazheng/paidan/board?date=${day0}&shopId=${shop.id}&days=${days}`,
      headers: { client: CLIENT_ID, authorization: `Bearer ${token}` },
    });
    if (r.statusCode !== 200 || JSON.parse(r.body).code !== 200) throw new Error(r.body.slice(0, 300));
  };
  const out = {
    'week, query work': await time(() => board(h.db, scope, { date: day0, days: 7 })),
    'week, whole request': await time(call(7)),
    'day, whole request': await time(call(1)),
  };
  if (process.env.BENCH_PROFILE) {
    // The statements of one week board, in the order they finish (ms).
    const each: number[] = [];
    observeQueries(h.db, (ms) => each.push(Math.round(ms * 10) / 10));
    const t0 = performance.now();
    await board(h.db, scope, { date: day0, days: 7 });
    console.log(`${kind} one board: ${(performance.now() - t0).toFixed(1)} ms; statements: ${each.join(', ')}`);
    observeQueries(h.db, undefined);
  }
  // The p95 of a shared machine is its neighbours' load; the median is the server's own time.
  const load = `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
  console.log(
    `\n${kind} (${load}): ${week.employees.length} employees, ${blocks} blocks in the week, ${week.unassigned.length} waiting`,
  );
  for (const [name, s] of Object.entries(out))
    console.log(
      `  ${name.padEnd(22)} median ${s.median.toFixed(1).padStart(6)} ms   p95 ${s.p95.toFixed(1).padStart(6)} ms   median ${s.median <= TARGET_MS ? 'OK' : 'OVER'} (target ≤ ${TARGET_MS} ms)`,
    );
  await app.close();
}

const dir = mkdtempSync(path.join(tmpdir(), 'jz-dispatch-bench-'));
try {
  const file = path.join(dir, 'bench.db');
  const h = openDb({ kind: 'sqlite', file });
  await run('sqlite', h, `sqlite:${file}`);
  await h.close().catch(() => {});
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (process.env.BENCH_PG !== 'off') {
  const admin = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `jz_dispatch_bench_${randomBytes(3).toString('hex')}`;
  const adminQuery = async (q: string) => {
    const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  try {
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  } catch (err) {
    console.log(`\npostgres: skipped (${(err as Error).message})`);
    process.exit(0);
  }
  try {
    const u = new URL(admin);
    u.pathname = `/${name}`;
    const h = openDb({ kind: 'postgres', url: u.toString() });
    await run('postgres', h, u.toString());
    await h.close().catch(() => {});
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
