/**
 * The authorization matrix inside a merchant (docs/security.md), generated from app.routeCatalogue: every merchant
 * route (every route that is neither public nor guarded by a platform code) against a set of roles of merchant A:
 *
 *   - each merchant permission alone (one role and one all-shops sub-account per code of the menu catalogue): every
 *     route of another permission answers 301 (writes included: the hook refuses before the body is read), every GET
 *     and export of its own permission answers (anything but 301/401);
 *   - a manager holding every merchant code but limited to A's main shop: no answer carries a row of the branch (any
 *     `shopId`/`dianpuId`, or a shop object, of the branch), by-id calls with every branch object's id included; and no
 *     answer depends on the branch's rows at all: the branch's rows are moved to another merchant and every answer
 *     must come out the same (this catches totals and counts, not only rows);
 *   - the owner: every GET answers.
 *
 * The staff role (an employee signed in on the staff page, docs/staff.md): every merchant route refuses her token with
 * 401, and every staff route refuses every role's console token with 401 (server/test/security/staff-authz.test.ts
 * adds the public and platform routes).
 *
 * A route declared `signedIn` must be listed in SIGNED_IN with the reason it carries no business data (the caller's
 * own records, shared reference data), or the test fails: a new route that forgets its permission is caught here, and
 * one that forgets its shop filter by the limited manager's checks.
 */
import { ORDER_STATUS } from '@jz/contracts/order';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Params } from '../helpers/api.ts';
import { api, buildTestApp, expectEvery, loginAs, PHONES, type TestApp } from '../helpers/index.ts';
import { freeEmployee } from '../helpers/order-flow.ts';
import { merchantPermCodes, roleWith, subWith } from './authority.ts';
import {
  catalogueWithFields,
  type Ids,
  ID_FIELD,
  loadIds,
  type RouteInfo,
  routeKey,
  send,
  snapshotOf,
} from './routes.ts';

/**
 * Sign-in-only routes a merchant user reaches, each with why it returns no business data of the merchant. `anyOf`:
 * the handler itself demands one of these codes (checked below like a declared permission).
 */
const SIGNED_IN: Record<string, { why: string; anyOf?: string[] }> = {
  'GET /tmpl/api/sys/menu/findUserMenuByTree': { why: "the caller's own menus" },
  'GET /tmpl/api/sys/menu/findAllPerByUserId': { why: "the caller's own codes" },
  'GET /tmpl/api/sys/user/findProfile': { why: "the caller's own profile" },
  'POST /tmpl/api/sys/user/edit/profile': { why: "the caller's own nickname" },
  'POST /tmpl/api/sys/user/avatar': { why: "the caller's own avatar" },
  'POST /tmpl/api/sys/user/edit/password/sendCode': { why: "a code to the caller's own phone" },
  'POST /tmpl/api/sys/user/edit/password': { why: "the caller's own password" },
  'POST /tmpl/api/sys/login/logout': { why: "the caller's own session" },
  'GET /tmpl/api/merchant/account/mine': { why: "the caller's own account (我的账号)" },
  'POST /tmpl/api/merchant/account/edit/loginName': { why: "the caller's own login name" },
  'POST /tmpl/api/merchant/account/phone/sendOld': { why: "the caller's own phone change" },
  'POST /tmpl/api/merchant/account/phone/verifyOld': { why: "the caller's own phone change" },
  'POST /tmpl/api/merchant/account/phone/sendNew': { why: "the caller's own phone change" },
  'POST /tmpl/api/merchant/account/phone/edit': { why: "the caller's own phone change" },
  'GET /tmpl/api/app/jiazheng/xiaoxi/findWeiduCount': {
    why: "counts of the caller's own messages (delivered by subject permission and shop)",
  },
  'GET /tmpl/api/app/jiazheng/page/initPc': { why: 'the shops the caller may work in (its limit applies)' },
  'POST /tmpl/api/app/jiazheng/shangjia/info/setCurDianpu': { why: "switches among the caller's own shops" },
  'GET /tmpl/api/app/jiazheng/shangjia/info/search/findAllByPage': {
    why: "the merchant's shops, limited to the caller's",
    anyOf: ['merchant:shop:list', 'merchant:shop:branch'],
  },
  'GET /tmpl/api/app/jiazheng/shangjia/fuwu/findSelect': { why: 'service categories of the current shop (catalogue)' },
  'GET /tmpl/api/app/jiazheng/xieyi/findDaiqianList': { why: 'platform agreements still to be signed' },
  'GET /tmpl/api/app/huishou/area/findShengShiQu': { why: 'region tree (reference data)' },
  'GET /tmpl/api/app/huishou/area/centres/:code': { why: "cities' and districts' centres (reference data)" },
  'GET /tmpl/api/app/jiazheng/huifu/bank/findYinhanghao': { why: 'bank branch directory (reference data)' },
  'GET /tmpl/api/app/jiazheng/huifu/bank/findByYinhanghao': { why: 'bank branch directory (reference data)' },
  'GET /tmpl/api/app/dict/findByType/:type': { why: 'dictionaries' },
  'GET /tmpl/api/app/dict/data/findAllByList': { why: 'dictionaries' },
  'GET /tmpl/api/app/dict/data/findByType/:type': { why: 'dictionaries' },
  'GET /tmpl/api/app/config/findByType/:type': { why: 'platform texts and rules' },
  'GET /tmpl/api/app/jiazheng/caiwu/bangka/findAllByList': {
    why: "the merchant's bound cards (masked) for 提现 and 绑定记录: the handler demands either page's code",
    anyOf: ['merchant:finance:card', 'merchant:finance:withdrawList'],
  },
  'GET /tmpl/api/app/lunbotu/live/findAllByList': { why: 'platform banners' },
  'GET /tmpl/api/app/tongzhi/published/findAllByPage': { why: 'platform notices' },
  'GET /tmpl/api/app/tongzhi/published/findById/:id': { why: 'platform notices' },
  'GET /tmpl/api/app/qa/published/findAllByList': { why: 'platform Q&A' },
  'POST /tmpl/api/com/file/up': { why: 'uploads a file of the caller (no business data read)' },
  'POST /tmpl/api/com/file/upWidthWangEdit': { why: 'uploads a file of the caller (no business data read)' },
};

/**
 * Routes known to read rows of shops outside the caller's limit, in modules outside this change: the limited manager's
 * checks expect exactly these to fail, so the list shrinks as they are fixed (and a new one fails the run).
 */
const KNOWN_SHOP_GAPS: string[] = [];

/**
 * Rows that one shop owns but others may see by rule; the move below takes only those the branch alone sees. A client
 * record (docs/customers.md "Shop-limited sub-accounts") is seen by the shop it was made at and by every shop it has an
 * order at: one made at the branch with an order at the main shop is the main shop's record too. Its answers to the
 * main shop carry neither the branch (no making shop) nor the branch's orders (figures over the caller's shops).
 */
const SHARED_BY_RULE: Record<string, (mainShop: number) => ReturnType<typeof sql>> = {
  client: (mainShop) =>
    sql`and not exists (select 1 from service_order o where o.client_id = client.id and o.shop_id = ${mainShop})`,
};

/** Orders a client record counts (paid, not cancelled). */
const PAID_LIVE = [
  ORDER_STATUS.WAITING,
  ORDER_STATUS.TO_SERVE,
  ORDER_STATUS.SERVING,
  ORDER_STATUS.DONE,
  ORDER_STATUS.REVIEWED,
];

/** Calls that act on the caller's session or send SMS: classified, never called here. */
const NEVER_CALL = new Set(['POST /tmpl/api/sys/login/logout']);

const isMerchantSide = (r: RouteInfo) =>
  !r.config.public && !r.config.staff && !/^(sys|platform):/.test(r.config.perm ?? '');
const alsoPerms = (r: RouteInfo) => (r.config as { alsoPerms?: string[] }).alsoPerms ?? [];
/** The codes that open a route: its perm and alsoPerms, or a listed handler check; null = any signed-in user. */
const codesOf = (r: RouteInfo): string[] | null =>
  r.config.perm ? [r.config.perm, ...alsoPerms(r)] : (SIGNED_IN[routeKey(r)]?.anyOf ?? null);
/** Reads worth calling as a holder: GETs and exports (they read; as CSV the answer is plain text). */
const isRead = (r: RouteInfo) => r.method === 'GET' || (r.method === 'POST' && r.url.endsWith('/export'));

const pathOf = (r: RouteInfo, id: string | number = 1) =>
  Object.fromEntries(r.pathParams.map((p) => [p, /ids?$/i.test(p) ? String(id) : p === 'type' ? 'order_status' : id]));

let t: TestApp;
let ids: Ids;
let routes: RouteInfo[];
let staffRoutes: RouteInfo[];
let owner: string;
let manager: { id: number; token: string };
/** Every merchant permission code -> the token of a sub-account whose role holds only that code. */
const single = new Map<string, string>();

beforeAll(async () => {
  // Thousands of calls from one address: the global per-address limit (read from the environment at build) is off for
  // this app only; a 429 below would fail the run rather than pass it vacuously.
  const limit = process.env.RATE_LIMIT;
  process.env.RATE_LIMIT = 'off';
  try {
    // No background job: the late check and the notices write rows while the test compares snapshots.
    t = await buildTestApp({ jobs: false });
  } finally {
    if (limit === undefined) delete process.env.RATE_LIMIT;
    else process.env.RATE_LIMIT = limit;
  }
  ids = await loadIds(t.db);
  const all = await catalogueWithFields(t.app);
  routes = all.filter(isMerchantSide);
  staffRoutes = all.filter((r) => r.config.staff);
  owner = await loginAs(t.app, PHONES.ownerA);
  const ownerApi = api(t.app, owner);
  const codes = await merchantPermCodes(t.db);
  let n = 0;
  for (const code of codes) {
    const role = await roleWith(t, ownerApi, `仅${code.replace(/^merchant:/, '')}`, (p) => p === code);
    const phone = `1390001${String(n++).padStart(4, '0')}`;
    const sub = await subWith(t, ownerApi, phone, role, 'all');
    single.set(code, sub.token);
  }
  const everything = await roleWith(t, ownerApi, '全部权限', () => true);
  const m = await subWith(t, ownerApi, '13900019999', everything, [ids.shopA]);
  manager = { id: m.id, token: m.token };
}, 180_000);
afterAll(() => t?.close());

/** One call as `token`; CSV for exports so the answer is comparable text. */
async function call(token: string, r: RouteInfo, path = pathOf(r), params: Params = {}) {
  const res = await send(t.app, token, r, {
    path,
    params: r.url.endsWith('/export') ? { format: 'csv', ...params } : params,
  });
  if (res.status === 429) throw new Error(`rate-limited at ${routeKey(r)}: the matrix would prove nothing`);
  return res;
}

describe('the route table', () => {
  it('every merchant route declares a permission, or is a listed sign-in-only route without business data', () => {
    const signedIn = routes.filter((r) => !r.config.perm).map(routeKey);
    const unlisted = signedIn.filter((k) => !(k in SIGNED_IN));
    expect(unlisted, 'sign-in-only routes: declare the permission of the data they return').toEqual([]);
    const stale = Object.keys(SIGNED_IN).filter((k) => !signedIn.includes(k));
    expect(stale, 'listed as sign-in-only but no longer (remove the entry)').toEqual([]);
    const perm = routes.filter((r) => r.config.perm);
    expectEvery(perm, (r) => r.config.perm?.startsWith('merchant:'));
    expect(perm.length).toBeGreaterThanOrEqual(90);
    console.info(
      `authz matrix: ${routes.length} merchant routes (${perm.length} with a permission, ${signedIn.length} sign-in-only), ${single.size} single-permission roles`,
    );
  });
});

describe('each merchant permission alone', () => {
  it('every route of another permission is refused (301); its own reads answer; nothing is written', async () => {
    const before = JSON.stringify(await snapshotOf(t.db, ids.A));
    const leaks: string[] = [];
    const refusedOwn: string[] = [];
    let calls = 0;
    const started = Date.now();
    for (const [code, token] of single) {
      for (const r of routes) {
        const open = codesOf(r);
        if (!open || NEVER_CALL.has(routeKey(r))) continue;
        const holds = open.includes(code);
        if (holds && !isRead(r)) continue; // its own writes are the modules' tests' business
        const res = await call(token, r);
        calls++;
        if (!holds && res.code !== 301) leaks.push(`${code} -> ${routeKey(r)}: ${res.code} ${res.message}`);
        if (holds && (res.code === 301 || res.code === 401))
          refusedOwn.push(`${code} -> ${routeKey(r)}: ${res.code} ${res.message}`);
      }
    }
    console.info(`authz matrix: ${calls} calls by single-permission roles in ${Date.now() - started} ms`);
    expect(leaks, 'answered without the permission').toEqual([]);
    expect(
      refusedOwn,
      'refused although the role holds the permission (the refusals above would mean nothing)',
    ).toEqual([]);
    expect(JSON.stringify(await snapshotOf(t.db, ids.A))).toBe(before);
  }, 240_000);
});

describe('the staff role', () => {
  it('a staff token is refused (401) by every merchant route; every role’s console token by every staff route', async () => {
    const e = await freeEmployee(t, ids.shopA);
    const sent = await api(t.app).post('staff/login/sms/sendCode', { phone: e.phone });
    expect(sent.code).toBe(200);
    const login = await api(t.app).post('staff/login/sms/login', { phone: e.phone, code: t.sms.lastCodeFor(e.phone) });
    const staffToken: string = login.result.token;
    const leaks: string[] = [];
    for (const r of routes) {
      if (NEVER_CALL.has(routeKey(r))) continue;
      const res = await call(staffToken, r);
      if (res.code !== 401 || res.status !== 401) leaks.push(`staff -> ${routeKey(r)}: ${res.code}`);
    }
    expect(staffRoutes.length).toBeGreaterThanOrEqual(13);
    for (const [code, token] of [['owner', owner] as const, ...single]) {
      for (const r of staffRoutes) {
        if (routeKey(r) === 'POST /tmpl/api/staff/logout') continue;
        const res = await call(token, r);
        if (res.code !== 401 || res.result !== null) leaks.push(`${code} -> ${routeKey(r)}: ${res.code}`);
      }
    }
    expect(leaks, 'answered across the console/staff line').toEqual([]);
  }, 120_000);
});

describe('the owner', () => {
  it('every read answers', async () => {
    const refused: string[] = [];
    for (const r of routes.filter(isRead)) {
      const res = await call(owner, r);
      if (res.code === 301 || res.code === 401) refused.push(`${routeKey(r)}: ${res.code} ${res.message}`);
    }
    expect(refused).toEqual([]);
  });
});

/** Every shop id an answer carries: `shopId`/`dianpuId` fields, and the ids of shop objects (initPc, shop lists). */
function shopIdsIn(value: unknown, out = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const v of value) shopIdsIn(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of ['shopId', 'dianpuId']) if (typeof o[k] === 'number') out.add(o[k] as number);
    if ('parentId' in o && ('yingyeState' in o || 'auditStatus' in o) && typeof o.id === 'number') out.add(o.id);
    for (const v of Object.values(o)) shopIdsIn(v, out);
  }
  return out;
}

/** Tables holding rows of one shop of one merchant (merchant_id and shop_id), read from the database itself. */
async function perShopTables(): Promise<string[]> {
  const rows =
    t.dbKind === 'postgres'
      ? (
          await sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns
            where table_schema = current_schema()`.execute(t.db)
        ).rows
      : (
          await sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m
            join pragma_table_info(m.name) p where m.type = 'table'`.execute(t.db)
        ).rows;
  const cols = new Map<string, Set<string>>();
  for (const r of rows) cols.set(r.t, (cols.get(r.t) ?? new Set()).add(r.c));
  // Access grants and stream tickets are not business rows; the order counters follow service_order by trigger.
  const skip = new Set(['user_shop', 'order_stream_ticket', 'order_status_count', 'order_day_count']);
  return [...cols]
    .filter(([name, c]) => c.has('merchant_id') && c.has('shop_id') && !skip.has(name))
    .map(([name]) => name)
    .sort((a, b) => (a === 'service_order' ? -1 : b === 'service_order' ? 1 : a.localeCompare(b)));
}

describe('a manager holding every code, limited to the main shop', () => {
  it("no answer carries a row of the branch, by-id calls with the branch's objects included", async () => {
    const wrong: string[] = [];
    const reads = routes.filter((r) => isRead(r) && !NEVER_CALL.has(routeKey(r)));
    // The ids of every branch row of every per-shop table, and the branch itself.
    const branchIds = new Set<number>([ids.branchA]);
    for (const table of await perShopTables()) {
      const rows = await sql<{ id: number }>`select id from ${sql.table(table)} where shop_id = ${ids.branchA}`
        .execute(t.db)
        .catch(() => ({ rows: [] as { id: number }[] }));
      for (const r of rows.rows) branchIds.add(r.id);
    }
    expect(branchIds.size).toBeGreaterThan(10);
    let calls = 0;
    const check = (r: RouteInfo, res: { code: number; result: unknown }, how: string) => {
      calls++;
      if (res.code !== 200) return;
      const foreign = [...shopIdsIn(res.result)].filter((s) => s !== ids.shopA);
      if (foreign.length) wrong.push(`${routeKey(r)} ${how}: rows of shop ${foreign.join(',')}`);
    };
    for (const r of reads) {
      check(r, await call(manager.token, r), 'plain');
      const idField = [...r.query, ...r.body].filter((f) => ID_FIELD.test(f) && !/^(shopIds?|dianpuId)$/.test(f));
      const idPath = r.pathParams.some((p) => ID_FIELD.test(p));
      if (!idPath && !idField.length) continue;
      for (const id of branchIds) {
        if (idPath) check(r, await call(manager.token, r, pathOf(r, id)), `path ${id}`);
        for (const f of idField) check(r, await call(manager.token, r, pathOf(r), { [f]: id }), `${f}=${id}`);
      }
    }
    // The rule of SHARED_BY_RULE, seen: a record made at the branch with an order at the main shop answers the main
    // shop's manager without its making shop, its figures over the main shop's orders alone.
    const shared = await sql<{ id: number }>`select c.id from client c where c.merchant_id = ${ids.A}
      and c.shop_id = ${ids.branchA} and c.deleted_at is null and exists (select 1 from service_order o
      where o.client_id = c.id and o.shop_id = ${ids.shopA}) order by c.id limit 1`.execute(t.db);
    expect(shared.rows, 'the demo has a client of both shops').toHaveLength(1);
    const kehu = routes.find((r) => r.url.endsWith('/kehu/findById/:id')) as RouteInfo;
    const seen = await call(manager.token, kehu, pathOf(kehu, shared.rows[0].id));
    const mainOrders = await sql<{
      n: number;
    }>`select count(*) as n from service_order where client_id = ${shared.rows[0].id}
      and shop_id = ${ids.shopA} and status in (${sql.join(PAID_LIVE)})`.execute(t.db);
    expect(seen.result).toMatchObject({ shopId: null, shopName: null, orderCount: Number(mainOrders.rows[0].n) });
    console.info(`authz matrix: ${calls} reads by the limited manager, ${branchIds.size} branch ids tried`);
    const failing = [...new Set(wrong.map((w) => w.split(' ').slice(0, 2).join(' ')))].sort();
    if (wrong.length) console.info(`authz matrix, rows of another shop:\n  ${wrong.join('\n  ')}`);
    expect(failing, 'routes answering rows of a shop outside the limit').toEqual([...KNOWN_SHOP_GAPS].sort());
  }, 240_000);

  it("no answer depends on the branch's rows: moved to another merchant, every answer stays the same", async () => {
    const reads = routes.filter((r) => isRead(r) && !NEVER_CALL.has(routeKey(r)));
    const answers = async () => {
      const out = new Map<string, string>();
      for (const r of reads) {
        const res = await call(manager.token, r);
        out.set(routeKey(r), `${res.code} ${res.code === -1 ? res.raw : JSON.stringify(res.result)}`);
      }
      return out;
    };
    const dakuan = routes.find((r) => r.url.endsWith('/findDakuanHuizong')) as RouteInfo;
    const ownerBefore = await call(owner, dakuan);
    const before = await answers();
    const again = await answers();
    const unstable = [...before].filter(([k, v]) => again.get(k) !== v).map(([k]) => k);
    expect(unstable, 'answers that change between two identical calls (make them comparable)').toEqual([]);

    const now = new Date().toISOString();
    const elsewhere = (
      await t.db
        .insertInto('merchant')
        .values({ name: '矩阵测试隔离商户', status: 0, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const moved: string[] = [];
    for (const table of await perShopTables()) {
      const r = await sql`update ${sql.table(table)} set merchant_id = ${elsewhere}
        where merchant_id = ${ids.A} and shop_id = ${ids.branchA} ${SHARED_BY_RULE[table]?.(ids.shopA) ?? sql``}`.execute(
        t.db,
      );
      if (Number(r.numAffectedRows ?? 0) > 0) moved.push(`${table} ${r.numAffectedRows}`);
    }
    // The ledger has no shop column and is append-only: an entry belongs to the shop of its settlement and withdrawals
    // to no shop (docs/ledger.md). So money moves now: a branch settlement's 退款冲正 and a withdrawal are appended,
    // and the account moves with them; a shop-limited caller's answers must not see either.
    const branchSettlement = await sql<{ id: number; ref: string }>`select id, order_no as ref from finance_settlement
      where shop_id = ${ids.branchA} order by id limit 1`.execute(t.db);
    const s = branchSettlement.rows[0];
    expect(s, 'the branch has a settlement').toBeDefined();
    const at = new Date(Date.now() - 60_000).toISOString();
    await sql`insert into finance_ledger (merchant_id, direction, kind, amount, balance_change, frozen_change,
        balance_after, frozen_after, ref_type, ref_id, ref_no, remark, created_at)
      values (${ids.A}, 2, 'refund', 1234, -1234, 0, 0, 0, 'settlement', ${s.id}, ${s.ref}, '矩阵测试', ${at}),
             (${ids.A}, 2, 'withdraw', 500, -500, 0, 0, 0, 'withdrawal', 2147483000, 'TX-MATRIX', '矩阵测试', ${at})`.execute(
      t.db,
    );
    await sql`update finance_account set balance = balance - 1734
      where merchant_id = ${ids.A}`.execute(t.db);
    moved.push('finance_ledger +2 (a branch settlement 退款冲正, a withdrawal), finance_account');
    expect(moved.length, 'the branch had rows to move').toBeGreaterThanOrEqual(5);
    console.info(`authz matrix: moved the branch's rows away: ${moved.join(', ')}`);
    const after = await answers();
    const changed = [...before].filter(([k, v]) => after.get(k) !== v).map(([k]) => k);
    expect(changed.sort(), "answers that read the branch's rows").toEqual([...KNOWN_SHOP_GAPS].sort());
    // Control: the move removes something the owner (every shop) did see.
    expect((await call(owner, dakuan)).result).not.toEqual(ownerBefore.result);
  }, 240_000);
});
