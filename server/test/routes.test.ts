import { SUPER_PERM } from '@jz/contracts/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMenuCatalogue } from '../src/lib/menu-catalogue.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';

type Route = TestApp['app']['routeCatalogue'][number];

const methodsOf = (r: Route) => (Array.isArray(r.method) ? r.method : [r.method]);
/** A concrete URL for a route pattern: every path parameter gets a harmless value. */
const concrete = (url: string) =>
  url.replace(/:ids\b/g, '1').replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x'));

describe('the route catalogue', () => {
  let t: TestApp;
  let routes: Route[];
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.ready();
    routes = t.app.routeCatalogue.filter((r) => r.url.startsWith('/tmpl/api'));
  });
  afterAll(() => t?.close());

  it('holds every API route of the app (foundation routes at least)', () => {
    const urls = new Set(routes.map((r) => r.url));
    for (const u of [
      '/tmpl/api/health',
      '/tmpl/api/app/jiazheng/login/sms/sendCode',
      '/tmpl/api/app/jiazheng/login/sms/login',
      '/tmpl/api/sys/login/logout',
      '/tmpl/api/sys/user/findProfile',
      '/tmpl/api/sys/menu/findUserMenuByTree',
      '/tmpl/api/sys/menu/findAllPerByUserId',
      '/tmpl/api/app/jiazheng/page/initPc',
      '/tmpl/api/app/jiazheng/shangjia/info/setCurDianpu',
      '/tmpl/api/app/dict/findAllByPage',
      '/tmpl/api/app/dict/data/delByIds/:ids',
    ])
      expect(urls, u).toContain(u);
    for (const r of routes)
      for (const m of methodsOf(r))
        expect(t.app.hasRoute({ method: m as 'GET', url: r.url }), `${m} ${r.url}`).toBe(true);
  });

  it('every route declares public, signedIn, perm or staff', () => {
    const undeclared = routes.filter(
      (r) => !r.config.public && !r.config.signedIn && !r.config.perm && !r.config.staff,
    );
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('every permission a route demands exists in the menu catalogue, so a role can be granted it', async () => {
    const grantable = new Set(
      (await loadMenuCatalogue()).flatMap((m) => (m.perms ?? '').split(',').map((p) => p.trim())).filter(Boolean),
    );
    const missing = routes.filter(
      (r) => r.config.perm && r.config.perm !== SUPER_PERM && !grantable.has(r.config.perm),
    );
    expect(missing.map((r) => `${r.method} ${r.url} -> ${r.config.perm}`)).toEqual([]);
  });

  it('the hook enforces what each route declares: anonymous callers get 401 except on public routes', async () => {
    const anon = api(t.app);
    for (const r of routes) {
      for (const m of methodsOf(r)) {
        if (m === 'HEAD' || m === 'OPTIONS') continue;
        const url = concrete(r.url);
        const res = m === 'GET' ? await anon.get(url) : m === 'DELETE' ? await anon.del(url) : await anon.post(url);
        if (r.config.public) expect(res.code, `${m} ${r.url}`).not.toBe(401);
        else expect([res.status, res.code, res.result], `${m} ${r.url}`).toEqual([401, 401, null]);
      }
    }
  });

  it('perm routes refuse a signed-in user without the permission with 301 / HTTP 403', async () => {
    const owner: Api = api(t.app, await loginAs(t.app, PHONES.ownerB));
    const ownerPerms: string[] = (await owner.get('sys/menu/findAllPerByUserId')).result;
    const guarded = routes.filter((r) => r.config.perm && !ownerPerms.includes(r.config.perm));
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      for (const m of methodsOf(r)) {
        if (m === 'HEAD' || m === 'OPTIONS') continue;
        const url = concrete(r.url);
        const res = m === 'GET' ? await owner.get(url) : m === 'DELETE' ? await owner.del(url) : await owner.post(url);
        expect([res.status, res.code], `${m} ${r.url}`).toEqual([403, 301]);
      }
    }
  });
});

describe('buildApp refuses an unguarded route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('a route under /tmpl/api with neither public, signedIn, perm nor staff fails registration', async () => {
    t.app.register(async (scope) => {
      scope.get('/tmpl/api/test/unguarded', async () => ({ code: 200, message: 'ok', result: 'leak' }));
    });
    await expect(t.app.ready()).rejects.toThrow(
      'route GET /tmpl/api/test/unguarded declares neither public, signedIn, perm nor staff',
    );
    expect(t.app.routeCatalogue.some((r) => r.url === '/tmpl/api/test/unguarded')).toBe(false);
  });

  it('while declared routes in a plugin register and join the catalogue', async () => {
    const other = await buildTestApp();
    try {
      other.app.register(async (scope) => {
        scope.get('/tmpl/api/test/guarded', { config: { perm: 'sys:dict:list' } }, async () => ({
          code: 200,
          message: 'ok',
          result: 1,
        }));
      });
      await other.app.ready();
      expect(other.app.routeCatalogue.find((r) => r.url === '/tmpl/api/test/guarded')?.config.perm).toBe(
        'sys:dict:list',
      );
      const res = await api(other.app).get('test/guarded');
      expect(res).toMatchObject({ status: 401, code: 401 });
    } finally {
      await other.close();
    }
  });
});
