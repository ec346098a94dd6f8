import type { MenuItem } from '@jz/contracts/menu';
import type { MenuRow } from '@jz/contracts/menu-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  api,
  buildTestApp,
  expectEvery,
  loginAs,
  PHONES,
  sessionFor,
  type TestApp,
} from './helpers/index.ts';

const M = 'sys/menu';
let t: TestApp;
let admin: Api;
const walk = <T extends { children?: T[] }>(list: T[]): T[] => list.flatMap((m) => [m, ...walk(m.children ?? [])]);
const menuId = async (seedKey: string) =>
  (await t.db.selectFrom('menu').select('id').where('seedKey', '=', seedKey).executeTakeFirstOrThrow()).id;
const row = (id: number) => t.db.selectFrom('menu').selectAll().where('id', '=', id).executeTakeFirst();

beforeAll(async () => {
  t = await buildTestApp();
  admin = api(t.app, await loginAs(t.app, PHONES.admin));
});
afterAll(() => t?.close());

describe('菜单管理', () => {
  it('answers the whole tree of both scopes with buttons and built-in flags', async () => {
    const tree = await admin.get<MenuRow[]>(`${M}/findAllByTree`);
    expect(tree.code).toBe(200);
    const all = walk(tree.result);
    expect(new Set(all.map((m) => m.scope))).toEqual(new Set(['platform', 'merchant']));
    const sys = tree.result.find((m) => m.name === '系统管理')!;
    expect(sys.children!.map((m) => m.name)).toEqual(
      expect.arrayContaining(['用户管理', '角色管理', '菜单管理', '操作日志', '商家用户', '字典管理']),
    );
    expect(all.find((m) => m.perms === 'sys:user:add')).toMatchObject({ type: 'ANNIU', builtIn: true });
    expectEvery(
      walk((await admin.get<MenuRow[]>(`${M}/findAllByTree`, { scope: 'merchant' })).result),
      (m) => m.scope === 'merchant',
    );
    const byName = await admin.get<MenuRow[]>(`${M}/findAllByTree`, { name: '轮播' });
    expect(byName.result.map((m) => m.name)).toEqual(['轮播图']);
  });

  it('adds a folder, a page with routerParam and a button; the change shows in the sidebar on the next load', async () => {
    const folder = await admin.post<{ id: number }>(`${M}/add`, {
      name: '数据看板',
      type: 'CAIDAN',
      scope: 'platform',
      icon: 'DashboardOutlined',
      sort: 5,
    });
    expect(folder.code).toBe(200);
    const page = await admin.post<{ id: number }>(`${M}/add`, {
      parentId: folder.result.id,
      name: '字典快捷',
      type: 'ZICAIDAN',
      scope: 'platform',
      routerUrl: '/board/dict',
      routerParam: '{"tab":"1"}',
      component: 'sys.dict',
      perms: 'platform:board:list',
      icon: 'BookOutlined',
    });
    expect(page.code).toBe(200);
    const btn = await admin.post<{ id: number }>(`${M}/add`, {
      parentId: page.result.id,
      name: '导出',
      type: 'ANNIU',
      scope: 'platform',
      perms: 'platform:board:export',
    });
    expect(btn.code).toBe(200);
    const sidebar = (await admin.get<MenuItem[]>('sys/menu/findUserMenuByTree')).result;
    const board = sidebar.find((m) => m.name === '数据看板')!;
    expect(board.children).toEqual([
      expect.objectContaining({
        name: '字典快捷',
        routerUrl: '/board/dict',
        routerParam: '{"tab":"1"}',
        component: 'sys.dict',
      }),
    ]);
    // Edit: rename and disable; the sidebar shows it disabled.
    expect((await admin.post(`${M}/edit`, { id: page.result.id, name: '字典入口', status: 1 })).code).toBe(200);
    const again = (await admin.get<MenuItem[]>('sys/menu/findUserMenuByTree')).result.find(
      (m) => m.name === '数据看板',
    )!;
    expect(again.children![0]).toMatchObject({ name: '字典入口', status: 1 });
    expect(await row(page.result.id)).toMatchObject({ routerParam: '{"tab":"1"}', perms: 'platform:board:list' });
  });

  it('validates types, parents, scope, routerParam JSON and permission prefixes', async () => {
    const sysId = await menuId('sys');
    const userPage = await menuId('sys.user');
    const merchantFeedback = await menuId('merchant.feedback');
    const cases: [Record<string, string | number>, string][] = [
      [
        {
          name: 'x',
          type: 'ZICAIDAN',
          scope: 'platform',
          routerUrl: '/x1',
          component: 'sys.dict',
          routerParam: '{bad',
        },
        '路由参数须为 JSON 对象，如 {"tab":"1"}',
      ],
      [
        {
          name: 'x',
          type: 'ZICAIDAN',
          scope: 'platform',
          routerUrl: '/x1',
          component: 'sys.dict',
          routerParam: '[1,2]',
        },
        '路由参数须为 JSON 对象，如 {"tab":"1"}',
      ],
      [{ name: 'x', type: 'ZICAIDAN', scope: 'platform', component: 'sys.dict' }, '请输入路由地址'],
      [{ name: 'x', type: 'ZICAIDAN', scope: 'platform', routerUrl: '/x1' }, '请选择页面组件'],
      [{ name: 'x', type: 'ANNIU', scope: 'platform', perms: 'sys:x:y' }, '按钮必须放在某个菜单（页面）下'],
      [
        { name: 'x', type: 'ANNIU', scope: 'platform', parentId: sysId, perms: 'sys:x:y' },
        '按钮必须放在某个菜单（页面）下',
      ],
      [{ name: 'x', type: 'ANNIU', scope: 'platform', parentId: userPage }, '请输入按钮的权限标识'],
      [
        { name: 'x', type: 'ANNIU', scope: 'platform', parentId: userPage, perms: 'merchant:goods:add' },
        '平台菜单的权限标识须以 sys: 或 platform: 开头',
      ],
      [
        { name: 'x', type: 'ANNIU', scope: 'merchant', parentId: merchantFeedback, perms: 'sys:user:add' },
        '商家菜单的权限标识须以 merchant: 开头',
      ],
      [
        { name: 'x', type: 'ANNIU', scope: 'merchant', parentId: userPage, perms: 'merchant:x:y' },
        '菜单范围须与上级菜单一致',
      ],
      [
        { name: 'x', type: 'ZICAIDAN', scope: 'platform', routerUrl: '/sys/user', component: 'sys.user' },
        '路由地址 /sys/user 已被菜单「用户管理」使用',
      ],
      [
        { name: 'x', type: 'ZICAIDAN', scope: 'platform', routerUrl: 'no-slash', component: 'sys.user' },
        '路由地址以 / 开头，只含字母、数字、_ - /',
      ],
      [{ type: 'CAIDAN', scope: 'platform' }, '请输入菜单名称'],
      [{ name: 'x', type: 'OTHER', scope: 'platform' }, '请选择菜单类型'],
    ];
    const before = (await t.db.selectFrom('menu').select('id').execute()).length;
    for (const [body, message] of cases) {
      const r = await admin.post(`${M}/add`, body);
      expect([2001, 2004], JSON.stringify(body)).toContain(r.code);
      expect(r.message, JSON.stringify(body)).toContain(message);
    }
    expect((await t.db.selectFrom('menu').select('id').execute()).length).toBe(before);
  });

  it('refuses a page whose component is not a page of the web route registry (2001, nothing written)', async () => {
    const page = { name: 'x', type: 'ZICAIDAN', scope: 'platform', routerUrl: '/x-unknown' };
    const count = async () => (await t.db.selectFrom('menu').select('id').execute()).length;
    const before = await count();
    for (const component of ['sys.nothing', 'sys.dictData', 'gen.notGenerated'])
      expect(await admin.post(`${M}/add`, { ...page, component }), component).toMatchObject({
        code: 2001,
        message: `页面组件「${component}」不存在，请从页面注册表中选择`,
      });
    expect(await count()).toBe(before);

    // Folders and buttons have no component (what is sent is dropped), so no check.
    const folder = await admin.post<{ id: number }>(`${M}/add`, {
      name: '组件校验',
      type: 'CAIDAN',
      scope: 'platform',
      component: 'sys.nothing',
    });
    expect(folder.code).toBe(200);
    const ok = await admin.post<{ id: number }>(`${M}/add`, {
      ...page,
      parentId: folder.result.id,
      component: 'sys.log',
    });
    expect(ok.code).toBe(200);
    expect(await row(ok.result.id)).toMatchObject({ component: 'sys.log' });
    const btn = await admin.post(`${M}/add`, {
      parentId: ok.result.id,
      name: 'b',
      type: 'ANNIU',
      scope: 'platform',
      perms: 'platform:x:b',
      component: 'sys.nothing',
    });
    expect(btn.code).toBe(200);

    // Edit: choosing an unknown page is refused and the row keeps its page; a known one is saved.
    expect(await admin.post(`${M}/edit`, { id: ok.result.id, component: 'sys.nothing' })).toMatchObject({
      code: 2001,
      message: '页面组件「sys.nothing」不存在，请从页面注册表中选择',
    });
    expect(await row(ok.result.id)).toMatchObject({ component: 'sys.log' });
    expect((await admin.post(`${M}/edit`, { id: ok.result.id, component: 'platform.qa' })).code).toBe(200);
    expect(await row(ok.result.id)).toMatchObject({ component: 'platform.qa' });

    // A row whose page was removed from the web app since (written here by hand) can still be renamed or disabled;
    // choosing a page for it is checked.
    await t.db.updateTable('menu').set({ component: 'sys.removed' }).where('id', '=', ok.result.id).execute();
    expect((await admin.post(`${M}/edit`, { id: ok.result.id, name: '已下线', status: 1 })).code).toBe(200);
    expect(await row(ok.result.id)).toMatchObject({ name: '已下线', status: 1, component: 'sys.removed' });
    expect((await admin.post(`${M}/edit`, { id: ok.result.id, component: 'sys.removed2' })).code).toBe(2001);
  });

  it('keeps built-in structure, refuses cycles, deletes leaves before parents', async () => {
    const userPage = await menuId('sys.user');
    expect(await admin.post(`${M}/edit`, { id: userPage, routerUrl: '/hack' })).toMatchObject({
      code: 2004,
      message: '内置菜单只能修改名称、图标、排序和状态',
    });
    expect(
      (await admin.post(`${M}/edit`, { id: userPage, name: '平台用户', icon: 'TeamOutlined', sort: 11 })).code,
    ).toBe(200);
    expect(await row(userPage)).toMatchObject({
      name: '平台用户',
      icon: 'TeamOutlined',
      sort: 11,
      routerUrl: '/sys/user',
    });
    expect(await admin.del(`${M}/delByIds/${userPage}`)).toMatchObject({
      code: 2004,
      message: '内置菜单「平台用户」不能删除，可改为停用',
    });

    const tree = (await admin.get<MenuRow[]>(`${M}/findAllByTree`)).result;
    const board = tree.find((m) => m.name === '数据看板')!;
    const page = board.children![0];
    const btn = page.children![0];
    const sub = await admin.post<{ id: number }>(`${M}/add`, {
      parentId: board.id,
      name: '子目录',
      type: 'CAIDAN',
      scope: 'platform',
    });
    expect(await admin.post(`${M}/edit`, { id: board.id, parentId: sub.result.id })).toMatchObject({
      code: 2001,
      message: '上级菜单不能是自身或其下级',
    });
    expect(await admin.post(`${M}/edit`, { id: page.id, type: 'CAIDAN' })).toMatchObject({
      code: 2004,
      message: '存在下级菜单，不能修改类型',
    });
    expect(await admin.post(`${M}/edit`, { id: page.id, routerParam: 'nope' })).toMatchObject({ code: 2001 });
    expect(await admin.del(`${M}/delByIds/${board.id}`)).toMatchObject({ code: 2004 });
    // A role holding the button loses it with the menu.
    const role = await admin.post<{ id: number }>('sys/role/add', {
      name: '看板',
      code: 'board',
      menuIds: `${board.id},${page.id},${btn.id}`,
    });
    expect((await admin.del(`${M}/delByIds/${board.id},${page.id},${btn.id},${sub.result.id}`)).code).toBe(200);
    expect(await row(board.id)).toBeUndefined();
    expect(await t.db.selectFrom('roleMenu').select('menuId').where('roleId', '=', role.result.id).execute()).toEqual(
      [],
    );
    expect(await admin.del(`${M}/delByIds/999999`)).toMatchObject({ code: 2002 });
  });

  it('merchant users get 301 on every menu admin call; their own sidebar still loads', async () => {
    const m = api(t.app, await sessionFor(t.app, PHONES.ownerA));
    expect(await m.get(`${M}/findAllByTree`)).toMatchObject({ code: 301 });
    expect(await m.get(`${M}/findSelectByTree`)).toMatchObject({ code: 301 });
    expect(await m.post(`${M}/add`, { name: 'x', type: 'CAIDAN', scope: 'merchant' })).toMatchObject({ code: 301 });
    expect(await m.post(`${M}/edit`, { id: await menuId('merchant.feedback'), perms: 'sys:user:list' })).toMatchObject({
      code: 301,
    });
    expect((await m.get<MenuItem[]>('sys/menu/findUserMenuByTree')).code).toBe(200);
    expect(await row(await menuId('merchant.feedback'))).toMatchObject({ perms: 'merchant:feedback:list' });
  });
});
