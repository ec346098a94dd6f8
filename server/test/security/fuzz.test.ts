/**
 * Fuzzing every route of the catalogue with hostile values from a seeded generator (test/security/hostile.ts):
 * SQL fragments, path traversal, markup, control characters, emoji, numbers out of range, JSON fragments, huge strings
 * and, as JSON bodies, wrong types. Each route is called FUZZ_RUNS times (8 in CI; `npm run fuzz` runs more) as the
 * caller its guard expects (admin for platform routes, owner A for merchant/signed-in routes, anonymous for public ones)
 * and, one call in five, anonymously.
 *
 * Always: a JSON envelope {code, message, result}, never code 500 / HTTP 5xx, never a stack trace or SQL error text.
 * A refused call (any code but 200) writes nothing: the row counts of the key tables are unchanged.
 * FUZZ_SEED fixes the sequence (printed on failure) so a finding can be replayed.
 */
import { CLIENT_ID } from '@jz/contracts/auth';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOf } from '../helpers/api.ts';
import { buildTestApp, PHONES, sessionFor, type TestApp } from '../helpers/index.ts';
import { hostileJson, hostileString, prng } from './hostile.ts';
import { catalogueWithFields, type RouteInfo } from './routes.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const KEY_TABLES = [
  'user',
  'session',
  'role',
  'menu',
  'shop',
  'goods',
  'employee',
  'service_order',
  'review',
  'bank_card',
  'finance_account',
  'finance_withdrawal',
  'finance_ledger',
  'licence',
  'courier_order',
  'message',
  'dict_data',
  'notice',
  'agreement',
  'agreement_signature',
  'feedback',
  'config',
];
/** Routes not worth fuzzing by request/answer: a server-sent event stream that stays open. */
const SKIP = /\/pay\/dingdan\/stream$/;
const LEAK =
  /\bat .+:\d+:\d+|node_modules|SQLITE_|syntax error|violates|relation ".*"|\.ts:\d+|TypeError|ReferenceError/;

/** Percent-encoded; a lone surrogate becomes invalid UTF-8 on purpose (%ED%A0%80). */
const pathSegment = (v: string) => {
  try {
    return encodeURIComponent(v).slice(0, 2000);
  } catch {
    return '%ED%A0%80';
  }
};

let t: TestApp;
let routes: RouteInfo[];
const tokens: Record<string, string> = {};

/** Row counts of the key tables in one round trip (one statement of scalar subqueries). */
async function counts() {
  const cols = sql.join(KEY_TABLES.map((tb) => sql`(select count(*) from ${sql.table(tb)}) as ${sql.ref(tb)}`));
  const row = (await sql<Record<string, number>>`select ${cols}`.execute(t.db)).rows[0];
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

beforeAll(async () => {
  t = await buildTestApp();
  // The probe must see writes: one per key table, all numbers.
  expect(Object.keys(await counts())).toHaveLength(KEY_TABLES.length);
  routes = (await catalogueWithFields(t.app)).filter((r) => !SKIP.test(r.url));
  for (const k of ['admin', 'ownerA'] as const) tokens[k] = await sessionFor(t.app, PHONES[k]);
});
afterAll(() => t?.close());

describe(`fuzz: ${RUNS} hostile calls per route (seed ${SEED})`, () => {
  it('every answer is an envelope without 500 or stack trace; refused calls write nothing', {
    timeout: 600_000,
  }, async () => {
    const r = prng(SEED);
    const problems: string[] = [];
    let calls = 0;
    let refused = 0;
    for (const route of routes) {
      const who = /^(sys|platform):/.test(route.config.perm ?? '') ? 'admin' : route.config.public ? null : 'ownerA';
      for (let i = 0; i < RUNS; i++) {
        const anonymous = who === null || r.chance(0.2);
        let url = route.url;
        for (const p of route.pathParams)
          url = url.replace(`:${p}`, pathSegment(r.chance(0.3) ? String(r.int(1, 30)) : hostileString(r)));
        const fields = [...route.query, ...route.body];
        const asJson = route.method !== 'GET' && route.method !== 'DELETE' && r.chance(0.4);
        const values: Record<string, unknown> = {};
        for (const f of fields) if (r.chance(0.8)) values[f] = asJson ? hostileJson(r) : hostileString(r);
        if (r.chance(0.2)) values[`x${r.int(0, 99)}`] = hostileString(r); // unknown field
        const hasBody = route.method === 'POST' || route.method === 'PUT';
        const form = formOf(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]))).toString();
        const headers: Record<string, string> = { client: CLIENT_ID };
        if (!anonymous && who) headers.authorization = `Bearer ${tokens[who]}`;
        if (hasBody) headers['content-type'] = asJson ? 'application/json' : 'application/x-www-form-urlencoded';
        const before = await counts();
        let res: Awaited<ReturnType<typeof t.app.inject>>;
        try {
          res = await t.app.inject({
            method: route.method,
            url: hasBody || !form ? url : `${url}?${form}`,
            headers,
            payload: hasBody ? (asJson ? JSON.stringify(values) : form) : undefined,
            // One address per call: the global per-IP rate limit (600/min) must not answer for the routes.
            remoteAddress: `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
          });
        } catch (err) {
          problems.push(`${route.method} ${route.url}: inject threw ${(err as Error).message}`);
          continue;
        }
        calls++;
        const tag = `${route.method} ${url.slice(0, 120)} ${JSON.stringify(values).slice(0, 200)}`;
        const ctype = String(res.headers['content-type'] ?? '');
        if (!ctype.includes('application/json')) {
          // A file answer (CSV/XLSX export) is only acceptable on success.
          if (res.statusCode !== 200) problems.push(`${tag} -> non-JSON HTTP ${res.statusCode}`);
          continue;
        }
        let body: { code?: unknown; message?: unknown; result?: unknown };
        try {
          body = JSON.parse(res.body);
        } catch {
          problems.push(`${tag} -> unparsable JSON`);
          continue;
        }
        if (typeof body.code !== 'number' || typeof body.message !== 'string' || !('result' in body))
          problems.push(`${tag} -> not an envelope: ${res.body.slice(0, 120)}`);
        if (res.statusCode === 429 && !/sendCode|login|sms|phone/.test(route.url))
          problems.push(`${tag} -> rate limited`);
        if (body.code === 500 || res.statusCode >= 500)
          problems.push(`${tag} -> ${body.code}/${res.statusCode} ${body.message}`);
        if (LEAK.test(res.body) && body.code !== 200)
          problems.push(`${tag} -> leaks internals: ${res.body.slice(0, 200)}`);
        if (body.code !== 200) {
          refused++;
          const after = await counts();
          const moved = Object.keys(after).filter((k) => after[k] !== before[k] && k !== 'session');
          if (moved.length) problems.push(`${tag} -> refused (${body.code}) but wrote ${moved.join(', ')}`);
        }
        // The fuzzer may sign itself out, disable or delete its own user: open a fresh session and go on.
        if (body.code === 401 && !anonymous && who) tokens[who] = await sessionFor(t.app, PHONES[who]);
      }
    }
    console.info(
      `fuzz: ${routes.length} routes x ${RUNS} = ${calls} calls, ${refused} refused, ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(routes.length * RUNS * 0.95);
  });
});
