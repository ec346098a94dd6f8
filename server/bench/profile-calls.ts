/**
 * Where the time of one hot call goes (docs/performance.md), in process, without the network or a load generator: the whole
 * request through app.inject, then each step alone — session + user, permissions, tenant (current shop), and the
 * repository call — as the median of N runs after a warm-up. Run on a database filled by bench:data:
 *
 *   DATA_DIR=/tmp/jz-bench npx tsx bench/profile-calls.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/jz_perf npx tsx bench/profile-calls.ts
 */
import { CLIENT_ID } from '@jz/contracts/auth';
import { buildApp, openConfiguredDb } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { observeQueries } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { newToken, sha256 } from '../src/lib/crypto.ts';
import { currentShopId, type Tenant } from '../src/lib/tenant.ts';
import * as goods from '../src/modules/merchant/goods/goods.repo.ts';
import * as orders from '../src/modules/merchant/order/order.repo.ts';
import * as dict from '../src/modules/system/dict/dict.repo.ts';
import { loadPerms, resolveToken } from '../src/plugins/auth.ts';

const N = Number(process.env.PROFILE_RUNS ?? 60);
// app.ts reads the switch from the environment itself.
process.env.RATE_LIMIT = 'off';
// Answers written by the compiled serializer only, as in production (the check writes each answer twice).
process.env.ANSWER_CHECK ??= 'off';
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT: 'off' });
const handle = openConfiguredDb(config);
await migrateToLatest(handle.db);
// No background jobs: their work would count in the CPU per call.
const app = await buildApp(config, { db: handle, logger: false, jobs: false });
await app.ready();
const db = handle.db;

// The time of the statements the calls send (SQLite: run in this process; PostgreSQL: the round trip, but the observer
// does not see the prepared statements sent by pool.query, so it reads ~0 there). Replaces the app's query metrics
// observer for the whole run (before and after alike).
let sqlMs = 0;
observeQueries(db, (ms) => {
  sqlMs += ms;
});

/**
 * Wall time (median, p90), this process's CPU per call (user + system over the N calls, GC threads included: the
 * PostgreSQL server's own CPU is not in it, SQLite runs in this process so it is) and the statements' time per call.
 * The warm-up (a tenth of the runs) lets the JIT and the heap settle after start-up.
 */
async function median(fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.max(5, N / 10); i++) await fn();
  const t: number[] = [];
  sqlMs = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await fn();
    t.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  t.sort((a, b) => a - b);
  const cpuMs = (cpu.user + cpu.system) / 1000 / N;
  const wall = `${t[Math.floor(N / 2)].toFixed(2)} ms (p90 ${t[Math.floor(N * 0.9)].toFixed(2)})`;
  return `${wall}, cpu ${cpuMs.toFixed(3)} ms, sql ${(sqlMs / N).toFixed(3)} ms`;
}

const user = await db
  .selectFrom('user')
  .select(['id', 'merchantId', 'currentShopId'])
  .where('loginName', '=', 'bench_m0001')
  .executeTakeFirstOrThrow();
const token = newToken();
await db
  .insertInto('session')
  .values({
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    ip: '127.0.0.1',
    userAgent: 'profile',
    createdAt: new Date().toISOString(),
  } as never)
  .execute();
const headers = { client: CLIENT_ID, authorization: `Bearer ${token}` };
const authUser = (await resolveToken(app, token))!;
const shopId = await currentShopId(db, user.merchantId!, user.currentShopId);
const tenant: Tenant = { user: authUser, merchantId: user.merchantId!, shopId, allowedShopIds: null };
const inject = (url: string) => async () => {
  const r = await app.inject({ method: 'GET', url, headers });
  if (r.statusCode !== 200 || !r.body.includes('"code":200')) throw new Error(`${url}: ${r.body.slice(0, 200)}`);
};
const O = '/tmpl/api/app/jiazheng/pay/dingdan/findAllByPage';
const G = '/tmpl/api/app/jiazheng/shangjia/shangpin/shangjia/findAllByPage?pageNum=1&pageSize=10';
const rows: [string, string][] = [];
// PROFILE_ONLY=<part of a name>[,<part>…]: just those (e.g. under node --cpu-prof, to see where one call spends its time).
const only = process.env.PROFILE_ONLY?.split(',');
const add = async (name: string, fn: () => Promise<unknown>) => {
  if (!only || only.some((o) => name.includes(o))) rows.push([name, await median(fn)]);
};

await add('health (framework only)', async () => app.inject({ method: 'GET', url: '/tmpl/api/health' }));
await add('request: dictionary', inject('/tmpl/api/app/dict/findByType/order_status'));
await add('request: goods list', inject(G));
await add('request: orders page 1', inject(`${O}?pageNum=1&pageSize=10&shopId=all`));
await add(
  'request: orders status+date',
  inject(`${O}?pageNum=1&pageSize=10&shopId=all&status=50&startDate=2026-03-01&endDate=2026-08-31`),
);
await add('request: orders last page', inject(`${O}?pageNum=10000&pageSize=10&shopId=all`));
await add('request: orders middle page', inject(`${O}?pageNum=5000&pageSize=10&shopId=all`));
await add('step: resolveToken (session + user + perms)', () => resolveToken(app, token));
await add('step: loadPerms', () => loadPerms(app, user.id));
await add('step: currentShopId (tenant)', () => currentShopId(db, user.merchantId!, user.currentShopId));
await add('step: dataOfType', () => dict.dataOfType(db, 'order_status'));
await add('step: pageGoods', () => goods.pageGoods(db, goods.shopScope(tenant), { pageNum: 1, pageSize: 10 }));
await add('step: pageOrders page 1', () => orders.pageOrders(db, tenant, { pageNum: 1, pageSize: 10, shopId: 'all' }));
await add('step: pageOrders status+date', () =>
  orders.pageOrders(db, tenant, {
    pageNum: 1,
    pageSize: 10,
    shopId: 'all',
    status: 50,
    startDate: '2026-03-01',
    endDate: '2026-08-31',
  } as never),
);
await add('step: pageOrders last page', () =>
  orders.pageOrders(db, tenant, { pageNum: 10000, pageSize: 10, shopId: 'all' }),
);
await add('step: pageOrders middle page', () =>
  orders.pageOrders(db, tenant, { pageNum: 5000, pageSize: 10, shopId: 'all' }),
);
await add('step: pageOrders text filter (counts the orders)', () =>
  orders.pageOrders(db, tenant, { pageNum: 1, pageSize: 10, shopId: 'all', goodsName: '保洁' } as never),
);
console.log(`profile (${config.dbKind}, median of ${N}):`);
console.table(Object.fromEntries(rows));
await app.close();
