/**
 * Repeated elements in array fields: every catalogue route with a body, sent as JSON with each array field (and every
 * array inside it) holding its elements twice, as the caller its guard expects. A repeated id names the same object:
 * the answer may be 200 or a refusal, never a 500 (a unique index hit twice, a row counted twice). fast-check, one
 * property per route (seed DUP_SEED + route index), values from the route's JSON schema (hostile.ts validArb) with the
 * ids kept small so most name real seed rows.
 *
 * Then the finding it started from, by hand: repeated menuIds in a merchant role (and in a platform role, a user's
 * roleIds) are stored once.
 */
import { CLIENT_ID } from '@jz/contracts/auth';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, PHONES, sessionFor, type TestApp } from '../helpers/index.ts';
import { validArb } from './hostile.ts';
import { catalogueWithFields, type Ids, loadIds, type RouteInfo, routeKey } from './routes.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.DUP_SEED ?? 20261123);

type Schema = Record<string, any>;
const isArray = (s: Schema): boolean =>
  s.type === 'array' || (s.anyOf ?? s.oneOf ?? []).some((x: Schema) => x.type === 'array');
/** A field that is an array, or a preprocessed id list (its JSON schema says nothing; its name says ids). */
const arrayField = (name: string, s: Schema) => isArray(s) || (/[a-z]Ids$|^ids$/.test(name) && !s.type);

/** A valid value, objects included (validArb leaves those to hostile strings); ids small (seed rows). */
function valueArb(s: Schema, name = ''): fc.Arbitrary<unknown> {
  const alts: Schema[] | undefined = s.anyOf ?? s.oneOf;
  if (alts?.length) {
    const arr = alts.find((x) => x.type === 'array');
    return arr ? valueArb(arr, name) : fc.oneof(...alts.map((x) => valueArb(x, name)));
  }
  if (s.type === 'object' && s.properties) {
    const props = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, valueArb(v as Schema, k)]));
    return fc.record(props, { requiredKeys: s.required ?? [] });
  }
  if (s.type === 'array') {
    const minLength = Math.max(1, s.minItems ?? 0);
    return fc.array(valueArb(s.items ?? {}, name), {
      minLength,
      maxLength: Math.max(minLength, Math.min(s.maxItems ?? 3, 3)),
    });
  }
  if (!s.type && /[a-z]Ids$|^ids$/.test(name))
    return fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 3 });
  if (s.type === 'integer' && /(^id|Ids?)$/.test(name))
    return fc.integer({ min: Math.max(1, s.minimum ?? 1), max: Math.min(40, s.maximum ?? 40) });
  return validArb(s);
}

/** Every array inside a value, at any depth, with each element twice (a,b -> a,b,a,b). */
function doubled(v: unknown): unknown {
  if (Array.isArray(v)) {
    const inner = v.map(doubled);
    return [...inner, ...inner];
  }
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, doubled(x)]));
  return v;
}

/**
 * Scalar fields a random value rarely gets right (a password's lookahead pattern, an id of the caller's own): fixed,
 * so the duplicated arrays of these routes reach the handler and its writes.
 */
const base = (ids: Ids): Record<string, Record<string, unknown>> => ({
  'POST /tmpl/api/merchant/subaccount/add': { password: 'Abcdef123456', roleId: ids.roleA, shopIds: [ids.shopA] },
  'POST /tmpl/api/merchant/subaccount/edit': { id: ids.subA, roleId: ids.roleA, shopIds: [ids.shopA, ids.branchA] },
  'POST /tmpl/api/sys/user/add': { password: 'Abcdef123456' },
  'POST /tmpl/api/app/jiazheng/yuangong/add': { gender: 1, shopId: ids.shopA },
  'POST /tmpl/api/app/jiazheng/yuangong/edit': { id: ids.employeeA, gender: 1 },
});

let t: TestApp;
let ids: Ids;
let routes: RouteInfo[];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  routes = (await catalogueWithFields(t.app)).filter(
    (r) => (r.method === 'POST' || r.method === 'PUT') && r.body.some((f) => arrayField(f, r.fieldSchemas[f] ?? {})),
  );
  for (const k of ['admin', 'ownerA'] as const) tokens[k] = await sessionFor(t.app, PHONES[k]);
  ids = await loadIds(t.db);
});
afterAll(() => t?.close());

describe('array fields with repeated elements', () => {
  it('no route answers 500 to duplicated array elements', { timeout: 600_000 }, async () => {
    expect(routes.length, 'routes with an array in their body').toBeGreaterThanOrEqual(10);
    const problems: string[] = [];
    const answered = new Map<string, number>();
    const reached: string[] = [];
    for (const [n, r] of routes.entries()) {
      const who = /^(sys|platform):/.test(r.config.perm ?? '') ? 'admin' : r.config.public ? null : 'ownerA';
      const body = fc.record(
        Object.fromEntries(r.body.map((f) => [f, valueArb(r.fieldSchemas[f] ?? {}, f)])),
      ) as fc.Arbitrary<Record<string, unknown>>;
      const fixed = base(ids)[routeKey(r)] ?? {};
      const property = fc.asyncProperty(body, async (generated) => {
        const values = { ...generated, ...fixed };
        const headers: Record<string, string> = { client: CLIENT_ID, 'content-type': 'application/json' };
        if (who) headers.authorization = `Bearer ${tokens[who]}`;
        const res = await t.app.inject({
          method: r.method,
          url: r.url.replace(/:(\w+)/g, '1'),
          headers,
          payload: JSON.stringify(doubled(values)),
          remoteAddress: `10.9.${n % 250}.${1 + Math.floor(Math.random() * 250)}`,
        });
        const env = res.headers['content-type']?.toString().includes('json') ? JSON.parse(res.body) : { code: 200 };
        // The fuzzer may sign itself out or disable its own user: a fresh session, and on.
        if (env.code === 401 && who) tokens[who] = await sessionFor(t.app, PHONES[who]);
        answered.set(`${env.code}`, (answered.get(`${env.code}`) ?? 0) + 1);
        if (env.code === 200) reached.push(routeKey(r));
        if (env.code === 500 || res.statusCode >= 500) throw new Error(`${env.code}/${res.statusCode} ${env.message}`);
      });
      const d = await fc.check(property, { numRuns: RUNS, seed: SEED + n, interruptAfterTimeLimit: 60_000 });
      if (d.failed)
        problems.push(
          `${routeKey(r)}: ${d.errorInstance instanceof Error ? d.errorInstance.message : d.errorInstance} <- ` +
            `${JSON.stringify(doubled(d.counterexample?.[0])).slice(0, 300)} (seed ${d.seed})`,
        );
    }
    console.info(
      `duplicates fuzz: ${routes.length} routes x ${RUNS}, answers ${JSON.stringify(Object.fromEntries(answered))}, ` +
        `${problems.length} problems; answered 200: ${[...new Set(reached)].join(', ')}`,
    );
    expect(problems).toEqual([]);
  });
});

describe('repeated ids are stored once', () => {
  it('a merchant role with repeated menuIds is created with each menu once', async () => {
    const owner = api(t.app, await sessionFor(t.app, PHONES.ownerA));
    const d = t.db as any;
    const menus = (
      await d
        .selectFrom('menu')
        .select('id')
        .where('scope', '=', 'merchant')
        .where('perms', 'like', 'merchant:order:%')
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((m: { id: number }) => m.id);
    expect(menus).toHaveLength(2);
    for (const [how, menuIds] of [
      ['json', [menus[0], menus[0], menus[1], menus[1]]],
      ['form', `${menus[0]},${menus[1]},${menus[0]}`],
    ] as const) {
      const name = `重复权限${how}`;
      const res =
        how === 'json'
          ? await owner.postJson('merchant/subaccount/role/add', { name, menuIds })
          : await owner.post('merchant/subaccount/role/add', { name, menuIds: String(menuIds) });
      expect(res.code, `${how}: ${res.message}`).toBe(200);
      const role = await d.selectFrom('role').select('id').where('name', '=', name).executeTakeFirstOrThrow();
      const granted = await d.selectFrom('roleMenu').select('menuId').where('roleId', '=', role.id).execute();
      expect(granted.map((g: { menuId: number }) => g.menuId).sort()).toEqual([...menus].sort());
    }
  });
});
