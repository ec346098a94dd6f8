import type { MenuItem } from '@jz/contracts/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMenuCatalogue } from '../src/lib/menu-catalogue.ts';
import { loadPageKeys } from '../src/modules/system/menu/page-keys.ts';
import { api, buildTestApp, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';

const names = (list: MenuItem[]) => list.map((m) => m.name);
const walk = (list: MenuItem[]): MenuItem[] => list.flatMap((m) => [m, ...walk(m.children ?? [])]);
/** The pages of a tree, as `name routerUrl`, sorted. */
const pagesOf = (list: MenuItem[]) =>
  walk(list)
    .filter((m) => m.type === 'ZICAIDAN')
    .map((m) => `${m.name} ${m.routerUrl}`)
    .sort();
/** Every page the menu catalogue seeds for a scope (what a built-in role of that scope is granted). */
const cataloguePages = async (scope: 'platform' | 'merchant') =>
  (await loadMenuCatalogue())
    .filter((m) => m.scope === scope && m.type === 'ZICAIDAN')
    .map((m) => `${m.name} ${m.routerUrl}`)
    .sort();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const as = async (phone: string) => api(t.app, await loginAs(t.app, phone));

describe('the menu catalogue', () => {
  it('names, for every seeded page, a page key the server knows (the web registry test pins that list)', async () => {
    const keys = await loadPageKeys();
    const unknown = (await loadMenuCatalogue())
      .filter((m) => m.type === 'ZICAIDAN' && !keys.has(m.component ?? ''))
      .map((m) => `${m.key} -> ${m.component}`);
    expect(unknown).toEqual([]);
    expect(keys.has('sys.dictData')).toBe(false); // a sub-page (reached from 字典管理) is no menu's page
  });

  // Navigation (docs/navigation.md): a folder groups pages, so one with a single entry is a detour; a page has one place and one
  // name in the menus; a folder is not named like one of its pages (订单管理 › 订单管理 read as one thing twice).
  it('has no folder with fewer than two entries', async () => {
    const rows = await loadMenuCatalogue();
    const thin = rows
      .filter((m) => m.type === 'CAIDAN')
      .filter((f) => rows.filter((m) => m.parentKey === f.key && m.type !== 'ANNIU').length < 2)
      .map((f) => f.key);
    expect(thin).toEqual([]);
  });

  it('opens each page from one menu row only, and names no folder like one of its pages', async () => {
    const rows = await loadMenuCatalogue();
    const pages = rows.filter((m) => m.type === 'ZICAIDAN');
    // (Per scope: 首页 is both scopes' landing page.)
    const twice = pages.filter(
      (m, i) => pages.findIndex((p) => p.component === m.component && p.scope === m.scope) !== i,
    );
    expect(twice.map((m) => `${m.key} -> ${m.component}`)).toEqual([]);
    const clash = rows
      .filter((f) => f.type === 'CAIDAN')
      .flatMap((f) => pages.filter((p) => p.parentKey === f.key && p.name === f.name).map((p) => `${f.key}/${p.key}`));
    expect(clash).toEqual([]);
  });
});

describe('the platform admin', () => {
  it('sees 系统管理 > 字典管理 with its route and component, and no buttons in the sidebar', async () => {
    const r = await (await as(PHONES.admin)).get<MenuItem[]>('sys/menu/findUserMenuByTree');
    expect(r.code).toBe(200);
    expect(names(r.result)[0]).toBe('首页');
    expect(names(r.result)).toContain('系统管理');
    // The super admin sees every page of its scope.
    expect(pagesOf(r.result)).toEqual(await cataloguePages('platform'));
    const sys = r.result.find((m) => m.name === '系统管理')!;
    expect(sys).toMatchObject({ type: 'CAIDAN', scope: 'platform', status: 0 });
    const dict = sys.children!.find((m) => m.name === '字典管理');
    expect(dict).toMatchObject({
      type: 'ZICAIDAN',
      routerUrl: '/sys/dict',
      component: 'sys.dict',
      perms: 'sys:dict:list',
      parentId: sys.id,
    });
    const all = walk(r.result);
    expect(all.filter((m) => m.type === 'ANNIU')).toEqual([]);
    expectEvery(all, (m) => m.scope === 'platform');
  });

  it('holds super in findAllPerByUserId and is 超级管理员 in the profile', async () => {
    const admin = await as(PHONES.admin);
    const perms = await admin.get<string[]>('sys/menu/findAllPerByUserId');
    expect(perms.result).toContain('super');
    expect(perms.result).toEqual(
      expect.arrayContaining(['sys:dict:list', 'sys:dict:add', 'sys:dict:edit', 'sys:dict:del']),
    );
    const profile = await admin.get('sys/user/findProfile');
    expect(profile.result).toMatchObject({
      phone: PHONES.admin,
      userType: 'platform',
      merchantId: null,
      roleNames: '超级管理员',
    });
  });
});

describe('a merchant owner', () => {
  it('sees 首页 and the merchant pages only, and holds no platform permission', async () => {
    const owner = await as(PHONES.ownerA);
    const tree = await owner.get<MenuItem[]>('sys/menu/findUserMenuByTree');
    expect(tree.result[0]).toMatchObject({
      name: '首页',
      scope: 'merchant',
      routerUrl: '/index',
      component: 'home.index',
    });
    expect(names(tree.result)).not.toContain('系统管理');
    expectEvery(walk(tree.result), (m) => m.scope === 'merchant');
    // The owner role holds every merchant page (at the foundation that is 首页 alone).
    expect(pagesOf(tree.result)).toEqual(await cataloguePages('merchant'));
    const perms = await owner.get<string[]>('sys/menu/findAllPerByUserId');
    expect(perms.result).not.toContain('super');
    expect(perms.result.filter((p) => p.startsWith('sys:') || p.startsWith('platform:'))).toEqual([]);
    expect((await owner.get('sys/user/findProfile')).result).toMatchObject({
      userType: 'merchant',
      isOwner: true,
      roleNames: '商家主账号',
    });
  });

  it('cannot use a platform permission even if a role wrongly grants it', async () => {
    // A merchant role that somehow holds the dictionary menu: the platform-only prefix still refuses it.
    const dictMenu = await t.db
      .selectFrom('menu')
      .select('id')
      .where('perms', '=', 'sys:dict:list')
      .executeTakeFirstOrThrow();
    const ownerRole = await t.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'merchant_owner')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('roleMenu').values({ roleId: ownerRole.id, menuId: dictMenu.id }).execute();
    try {
      const owner = api(t.app, await loginAs(t.app, PHONES.ownerB));
      expect((await owner.get<string[]>('sys/menu/findAllPerByUserId')).result).toContain('sys:dict:list');
      expect(await owner.get('app/dict/findAllByPage')).toMatchObject({ status: 403, code: 301, result: null });
    } finally {
      await t.db.deleteFrom('roleMenu').where('roleId', '=', ownerRole.id).where('menuId', '=', dictMenu.id).execute();
    }
  });
});

describe('a sub-account', () => {
  it('signs in with its own role, sees its merchant’s menus and shop', async () => {
    const sub = await as(PHONES.subA);
    const profile = await sub.get('sys/user/findProfile');
    expect(profile.result).toMatchObject({
      phone: PHONES.subA,
      userType: 'merchant',
      isOwner: false,
      roleNames: '店铺运营',
    });
    const tree = await sub.get<MenuItem[]>('sys/menu/findUserMenuByTree');
    expect(names(tree.result)).toContain('首页');
    expectEvery(walk(tree.result), (m) => m.scope === 'merchant');
    const perms = await sub.get<string[]>('sys/menu/findAllPerByUserId');
    expect(perms.result).not.toContain('super');
    expect(perms.result.filter((p) => /^merchant:(finance|account|subaccount)/.test(p))).toEqual([]);
    const init = await sub.get('app/jiazheng/page/initPc');
    expect(init.result.curDianpu.name).toBe('运城洁家家政（总店）');
    expect(init.result.allDianpu).toHaveLength(2);
  });

  it('loses its menus at once when its role is disabled', async () => {
    const sub = await as(PHONES.subA);
    await t.db.updateTable('role').set({ status: 1 }).where('code', '=', 'shop_operator').execute();
    try {
      expect((await sub.get<MenuItem[]>('sys/menu/findUserMenuByTree')).result).toEqual([]);
      expect((await sub.get<string[]>('sys/menu/findAllPerByUserId')).result).toEqual([]);
    } finally {
      await t.db.updateTable('role').set({ status: 0 }).where('code', '=', 'shop_operator').execute();
    }
  });
});

describe('menu status', () => {
  it('a disabled menu row stops granting its permission', async () => {
    const admin = await as(PHONES.admin);
    // The super admin passes every check through `super`; the disabled button's code is no longer listed.
    await t.db.updateTable('menu').set({ status: 1 }).where('perms', '=', 'sys:dict:del').execute();
    try {
      const perms = (await admin.get<string[]>('sys/menu/findAllPerByUserId')).result;
      expect(perms).not.toContain('sys:dict:del');
      expect(perms).toContain('super');
    } finally {
      await t.db.updateTable('menu').set({ status: 0 }).where('perms', '=', 'sys:dict:del').execute();
    }
  });
});
