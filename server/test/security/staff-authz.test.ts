import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, loginAs, PHONES, type TestApp } from '../helpers/index.ts';
import { freeEmployee } from '../helpers/order-flow.ts';
import { shopIdOf, staffLogin } from '../staff-fixture.ts';
import { catalogueWithFields, type RouteInfo, routeKey, send } from './routes.ts';

/**
 * The staff role in the authorization matrix (docs/staff.md, docs/security.md), generated from app.routeCatalogue:
 *   - a `staff` route declares nothing else (no permission code, not public, not signedIn) and lives under /api/staff;
 *   - every staff route refuses, with 401 and no data, no token, the owner's console token and a sub-account's;
 *   - every console route that is not public refuses a staff token with 401: the console's session lookup does not
 *     know it, whatever the route's permission;
 *   - a staff token reaches every staff read.
 */
let t: TestApp;
let routes: RouteInfo[];
let staffToken: string;
let consoleTokens: string[];

const pathOf = (r: RouteInfo) => Object.fromEntries(r.pathParams.map((p) => [p, 1]));
/** Calls that end the caller's session: classified, called last or not at all. */
const NEVER_CALL = new Set(['POST /tmpl/api/sys/login/logout', 'POST /tmpl/api/staff/logout']);

beforeAll(async () => {
  const limit = process.env.RATE_LIMIT;
  process.env.RATE_LIMIT = 'off';
  try {
    t = await buildTestApp();
  } finally {
    if (limit === undefined) delete process.env.RATE_LIMIT;
    else process.env.RATE_LIMIT = limit;
  }
  routes = await catalogueWithFields(t.app);
  const e = await freeEmployee(t, await shopIdOf(t));
  staffToken = (await staffLogin(t, e.phone)).result.token;
  consoleTokens = [await loginAs(t.app, PHONES.ownerA), await loginAs(t.app, PHONES.subA)];
}, 120_000);
afterAll(() => t?.close());

describe('the staff role', () => {
  it('staff routes declare only `staff`, all under /api/staff', () => {
    const staff = routes.filter((r) => r.config.staff);
    expect(staff.length).toBeGreaterThanOrEqual(13);
    for (const r of staff) {
      expect(r.url, routeKey(r)).toMatch(/^\/tmpl\/api\/staff\//);
      expect([r.config.public, r.config.signedIn, r.config.perm], routeKey(r)).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
    // the staff page's public calls are its sign-in only
    const open = routes.filter((r) => r.url.startsWith('/tmpl/api/staff/') && !r.config.staff).map(routeKey);
    expect(open.sort()).toEqual(['POST /tmpl/api/staff/login/sms/login', 'POST /tmpl/api/staff/login/sms/sendCode']);
  });

  it('every staff route refuses no token and console tokens with 401, never data', async () => {
    const leaks: string[] = [];
    for (const r of routes.filter((x) => x.config.staff)) {
      for (const token of ['', ...consoleTokens]) {
        const res = await send(t.app, token, r, { path: pathOf(r), params: {} });
        if (res.code !== 401 || res.status !== 401 || res.result !== null)
          leaks.push(`${token ? 'console' : 'none'} -> ${routeKey(r)}: ${res.code}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('every console route that is not public refuses a staff token with 401', async () => {
    const leaks: string[] = [];
    let n = 0;
    for (const r of routes.filter((x) => !x.config.public && !x.config.staff && x.url.startsWith('/tmpl/api/'))) {
      if (NEVER_CALL.has(routeKey(r))) continue;
      const res = await send(t.app, staffToken, r, { path: pathOf(r), params: {} });
      n++;
      if (res.code !== 401 || res.status !== 401) leaks.push(`${routeKey(r)}: ${res.code} ${res.message}`);
    }
    expect(n).toBeGreaterThan(200);
    expect(leaks).toEqual([]);
  }, 120_000);

  it('the staff token reaches every staff read', async () => {
    const refused: string[] = [];
    for (const r of routes.filter((x) => x.config.staff && x.method === 'GET' && !x.pathParams.length)) {
      const res = await send(t.app, staffToken, r, {
        path: {},
        params: r.url.endsWith('/schedule') ? { from: '2026-12-01', to: '2026-12-07' } : {},
      });
      if (res.code !== 200) refused.push(`${routeKey(r)}: ${res.code} ${res.message}`);
    }
    expect(refused).toEqual([]);
    expect(await api(t.app, staffToken).get('staff/me')).toMatchObject({ code: 200 });
  });
});
