/**
 * Fuzzing every route of the catalogue with fast-check (test/security/hostile.ts): each field gets a value derived from
 * its JSON schema (valid, so the call reaches the handler), an edge just outside it, or a hostile value (SQL, path
 * traversal, markup, control characters, emoji, numbers out of range, JSON fragments, huge strings and, as JSON
 * bodies, wrong types). Each route is one fast-check property run FUZZ_RUNS times (8 in CI; `npm run fuzz` runs more)
 * as the caller its guard expects (admin for platform routes, owner A for merchant/signed-in routes, anonymous for
 * public ones) and, one call in five, anonymously. A failing call is shrunk to a minimal counterexample.
 *
 * Always: a JSON envelope {code, message, result}, never code 500 / HTTP 5xx, never a stack trace or SQL error text.
 * A refused call (any code but 200) writes nothing: the row counts of the key tables are unchanged.
 * FUZZ_SEED fixes the sequence (route n uses seed FUZZ_SEED + n) so a finding can be replayed.
 */
import { CLIENT_ID } from '@jz/contracts/auth';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOf } from '../helpers/api.ts';
import { buildTestApp, PHONES, sessionFor, type TestApp } from '../helpers/index.ts';
import fc from 'fast-check';
import { asFormValue, fieldArb, hostileString, validArb } from './hostile.ts';
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
    const problems: string[] = [];
    let calls = 0;
    let refused = 0;
    let shrinks = 0;

    /** One call; answers what is wrong with it, or undefined. */
    async function callOnce(route: RouteInfo, who: 'admin' | 'ownerA' | null, q: Request): Promise<string | undefined> {
      const anonymous = who === null || q.anonymous;
      let url = route.url;
      route.pathParams.forEach((p, i) => {
        url = url.replace(`:${p}`, pathSegment(q.path[i]));
      });
      const values: Record<string, unknown> = { ...q.values };
      if (q.extra) values[`x${q.extra[0]}`] = q.extra[1]; // unknown field
      const hasBody = route.method === 'POST' || route.method === 'PUT';
      const form = formOf(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, asFormValue(v)]))).toString();
      const headers: Record<string, string> = { client: CLIENT_ID };
      if (!anonymous && who) headers.authorization = `Bearer ${tokens[who]}`;
      if (hasBody) headers['content-type'] = q.asJson ? 'application/json' : 'application/x-www-form-urlencoded';
      const before = await counts();
      let res: Awaited<ReturnType<typeof t.app.inject>>;
      try {
        res = await t.app.inject({
          method: route.method,
          url: hasBody || !form ? url : `${url}?${form}`,
          headers,
          payload: hasBody ? (q.asJson ? JSON.stringify(values) : form) : undefined,
          // One address per call: the global per-IP rate limit (600/min) must not answer for the routes.
          remoteAddress: q.ip,
        });
      } catch (err) {
        return `inject threw ${(err as Error).message}`;
      }
      calls++;
      const ctype = String(res.headers['content-type'] ?? '');
      if (!ctype.includes('application/json'))
        // A file answer (CSV/XLSX export) is only acceptable on success.
        return res.statusCode !== 200 ? `non-JSON HTTP ${res.statusCode}` : undefined;
      let body: { code?: unknown; message?: unknown; result?: unknown };
      try {
        body = JSON.parse(res.body);
      } catch {
        return 'unparsable JSON';
      }
      // The fuzzer may sign itself out, disable or delete its own user: open a fresh session and go on.
      if (body.code === 401 && !anonymous && who) tokens[who] = await sessionFor(t.app, PHONES[who]);
      if (typeof body.code !== 'number' || typeof body.message !== 'string' || !('result' in body))
        return `not an envelope: ${res.body.slice(0, 120)}`;
      if (res.statusCode === 429 && !/sendCode|login|sms|phone/.test(route.url)) return 'rate limited';
      if (body.code === 500 || res.statusCode >= 500) return `${body.code}/${res.statusCode} ${body.message}`;
      if (LEAK.test(res.body) && body.code !== 200) return `leaks internals: ${res.body.slice(0, 200)}`;
      if (body.code !== 200) {
        refused++;
        const after = await counts();
        const moved = Object.keys(after).filter((k) => after[k] !== before[k] && k !== 'session');
        if (moved.length) return `refused (${body.code}) but wrote ${moved.join(', ')}`;
      }
      return undefined;
    }

    for (const [n, route] of routes.entries()) {
      const who = /^(sys|platform):/.test(route.config.perm ?? '') ? 'admin' : route.config.public ? null : 'ownerA';
      const property = fc.asyncProperty(requestArb(route), async (q) => {
        const problem = await callOnce(route, who, q);
        if (problem) throw new Error(problem);
      });
      const d = await fc.check(property, { numRuns: RUNS, seed: SEED + n, interruptAfterTimeLimit: 120_000 });
      shrinks += d.numShrinks;
      if (d.failed)
        problems.push(
          `${route.method} ${route.url}: ${d.errorInstance instanceof Error ? d.errorInstance.message : d.errorInstance} ` +
            `<- ${fc.stringify(d.counterexample).slice(0, 300)} (seed ${d.seed}, path ${d.counterexamplePath})`,
        );
    }
    console.info(
      `fuzz: ${routes.length} routes x ${RUNS} = ${calls} calls (fast-check, seed ${SEED}), ${refused} refused, ` +
        `${shrinks} shrink steps, ${problems.length} problems`,
    );
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(routes.length * RUNS * 0.95);
  });
});

interface Request {
  anonymous: boolean;
  path: string[];
  asJson: boolean;
  values: Record<string, unknown>;
  extra: [number, string] | null;
  ip: string;
}

/** The calls of one route: schema-derived fields (each present 4 times in 5), path parameters, caller and address. */
function requestArb(route: RouteInfo): fc.Arbitrary<Request> {
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  const fields = [...route.query, ...route.body];
  const octet = fc.integer({ min: 0, max: 255 });
  // One call in three is wholly valid (every field from its schema), so handlers and their writes are reached too.
  return fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 2 })).chain(([asJson0, mode]) => {
    const asJson = hasBody && asJson0;
    const valid = mode === 0;
    const arbs = fields.map((f) => {
      const schema = route.fieldSchemas[f] ?? {};
      return [f, valid ? validArb(schema) : fieldArb(schema, asJson)] as const;
    });
    const pathArb = valid
      ? fc.integer({ min: 1, max: 30 }).map(String)
      : fc.oneof(
          { arbitrary: fc.integer({ min: 1, max: 30 }).map(String), weight: 3 },
          { arbitrary: hostileString, weight: 7 },
        );
    return fc.record({
      anonymous: valid ? fc.constant(false) : fc.integer({ min: 0, max: 4 }).map((x) => x === 0),
      path: fc.tuple(...route.pathParams.map(() => pathArb)),
      asJson: fc.constant(asJson),
      values: fc.record(Object.fromEntries(arbs), valid ? {} : { requiredKeys: [] }) as fc.Arbitrary<
        Record<string, unknown>
      >,
      extra: valid
        ? fc.constant(null)
        : fc.option(fc.tuple(fc.integer({ min: 0, max: 99 }), hostileString), { nil: null, freq: 4 }),
      ip: fc.tuple(octet, octet, fc.integer({ min: 1, max: 254 })).map(([a, b, c]) => `10.${a}.${b}.${c}`),
    });
  });
}
