import type { Page } from '@jz/contracts/envelope';
import type { MenuItem } from '@jz/contracts/menu';
import type { MenuOption } from '@jz/contracts/menu-admin';
import type { SysRole } from '@jz/contracts/role';
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

const R = 'sys/role';
let t: TestApp;
let admin: Api;

const walk = <T extends { children?: T[] }>(list: T[]): T[] => list.flatMap((m) => [m, ...walk(m.children ?? [])]);
const menuId = async (seedKey: string) =>
  (await t.db.selectFrom('menu').select('id').where('seedKey', '=', seedKey).executeTakeFirstOrThrow()).id;
const roleRow = (code: string) =>
  t.db.selectFrom('role').selectAll().where('code', '=', code).where('merchantId', 'is', null).executeTakeFirst();
const findRole = async (code: string) =>
  (await admin.get<Page<SysRole>>(`${R}/findAllByPage`, { pageSize: 100 })).result.records.find((r) => r.code === code);

beforeAll(async () => {
  t = await buildTestApp();
  admin = api(t.app, await loginAs(t.app, PHONES.admin));
});
afterAll(() => t?.close());

describe('角色管理', () => {
  it('lists the built-in roles with their user counts and menus', async () => {
    const page = await admin.get<Page<SysRole>>(`${R}/findAllByPage`, { pageSize: 100 });
    expect(page.code).toBe(200);
    const sup = page.result.records.find((r) => r.code === 'super')!;
    expect(sup).toMatchObject({ name: '超级管理员', scope: 'platform', builtIn: 1, status: 0, userCount: 1 });
    expect(sup.menuIds.length).toBeGreaterThan(10);
    const owner = page.result.records.find((r) => r.code === 'merchant_owner')!;
    expect(owner).toMatchObject({ scope: 'merchant', builtIn: 1 });
    expect(owner.userCount).toBeGreaterThanOrEqual(2);
    // Merchants' own roles (the demo sub-account role) are not the platform's to manage.
    expect(page.result.records.some((r) => r.code === 'shop_operator')).toBe(false);
    expectEvery(
      (await admin.get<Page<SysRole>>(`${R}/findAllByPage`, { scope: 'merchant' })).result.records,
      (r) => r.scope === 'merchant',
    );
  });

  it('the select tree holds menus and buttons of one scope', async () => {
    const tree = await admin.get<MenuOption[]>('sys/menu/findSelectByTree', { scope: 'platform' });
    const all = walk(tree.result);
    expectEvery(all, (m) => m.scope === 'platform');
    expect(all.find((m) => m.perms === 'sys:user:add')).toMatchObject({ type: 'ANNIU' });
    const noButtons = walk(
      (await admin.get<MenuOption[]>('sys/menu/findSelectByTree', { scope: 'merchant', withButtons: 'false' })).result,
    );
    expectEvery(noButtons, (m) => m.scope === 'merchant' && m.type !== 'ANNIU');
  });

  it('creates a role with checked + half-checked menus; its user signs in to exactly those menus and buttons', async () => {
    const sys = await menuId('sys');
    const userPage = await menuId('sys.user');
    const userAdd = await menuId('sys.user.add');
    const content = await menuId('platform.content');
    const notice = await menuId('platform.notice');
    const noticeAdd = await menuId('platform.notice.add');
    // Checked: the user page's 新增 button and the whole notice page; half-checked: their parents.
    const added = await admin.post<{ id: number }>(`${R}/add`, {
      name: '客服专员',
      code: 'cs_agent',
      scope: 'platform',
      menuIds: [userAdd, notice, noticeAdd, sys, userPage, content].join(','),
      remark: '客服',
    });
    expect(added.code).toBe(200);
    expect(await findRole('cs_agent')).toMatchObject({
      name: '客服专员',
      userCount: 0,
      builtIn: 0,
      menuIds: expect.arrayContaining([sys, userPage, userAdd, content, notice, noticeAdd]),
    });

    const u = await admin.post<{ id: number }>('sys/user/add', {
      loginName: 'kefu01',
      nickName: '客服小王',
      phone: '13922220001',
      roleIds: String(added.result.id),
    });
    expect(u.code).toBe(200);
    const kefu = api(t.app, await sessionFor(t.app, '13922220001'));
    const tree = (await kefu.get<MenuItem[]>('sys/menu/findUserMenuByTree')).result;
    const pages = walk(tree)
      .filter((m) => m.type === 'ZICAIDAN')
      .map((m) => m.name);
    expect(pages.sort()).toEqual(['用户管理', '通知公告'].sort());
    expect(
      walk(tree)
        .filter((m) => m.type === 'CAIDAN')
        .map((m) => m.name)
        .sort(),
    ).toEqual(['内容运营', '系统管理'].sort());
    const perms = (await kefu.get<string[]>('sys/menu/findAllPerByUserId')).result;
    expect(perms.sort()).toEqual(
      ['platform:notice:add', 'platform:notice:list', 'sys:user:add', 'sys:user:list'].sort(),
    );
    // The server holds the same line.
    expect((await kefu.get('sys/user/findAllByPage')).code).toBe(200);
    expect((await kefu.get('app/tongzhi/findAllByPage')).code).toBe(200);
    expect(await kefu.post('sys/user/edit', { id: u.result.id, nickName: 'x' })).toMatchObject({ code: 301 });
    expect(await kefu.get('sys/role/findAllByPage')).toMatchObject({ code: 301 });
    expect(await kefu.get('app/qa/findAllByPage')).toMatchObject({ code: 301 });

    // Taking a button away takes effect on the next call.
    await admin.post(`${R}/edit`, {
      id: added.result.id,
      menuIds: [sys, userPage, content, notice, noticeAdd].join(','),
    });
    expect((await kefu.get<string[]>('sys/menu/findAllPerByUserId')).result).not.toContain('sys:user:add');
    // Disabling the role takes everything away.
    await admin.post(`${R}/edit`, { id: added.result.id, status: 1 });
    expect((await kefu.get<MenuItem[]>('sys/menu/findUserMenuByTree')).result).toEqual([]);
    expect(await kefu.get('sys/user/findAllByPage')).toMatchObject({ code: 301 });
    await admin.post(`${R}/edit`, { id: added.result.id, status: 0 });
  });

  it('a merchant role can never hold a platform menu, nor a platform role a merchant menu', async () => {
    const platformMenu = await menuId('sys.user');
    const merchantMenu = await menuId('merchant.feedback');
    expect(
      await admin.post(`${R}/add`, {
        name: '商家模板',
        code: 'm_tpl',
        scope: 'merchant',
        menuIds: `${merchantMenu},${platformMenu}`,
      }),
    ).toMatchObject({
      status: 400,
      code: 2001,
      message: '商家角色只能分配商家菜单',
    });
    expect(await roleRow('m_tpl')).toBeUndefined();
    const ok = await admin.post<{ id: number }>(`${R}/add`, {
      name: '商家模板',
      code: 'm_tpl',
      scope: 'merchant',
      menuIds: `${merchantMenu}`,
    });
    expect(ok.code).toBe(200);
    expect(
      await admin.post(`${R}/edit`, { id: ok.result.id, menuIds: `${merchantMenu},${platformMenu}` }),
    ).toMatchObject({ code: 2001, message: '商家角色只能分配商家菜单' });
    expect((await findRole('m_tpl'))!.menuIds).toEqual([merchantMenu]);
    expect(
      await admin.post(`${R}/add`, { name: '平台', code: 'p_bad', scope: 'platform', menuIds: `${merchantMenu}` }),
    ).toMatchObject({ code: 2001, message: '平台角色只能分配平台菜单' });
    expect(await admin.post(`${R}/add`, { name: '平台', code: 'p_bad', menuIds: '999999' })).toMatchObject({
      code: 2001,
      message: '所选菜单不存在',
    });
    // A merchant-scope role cannot be given to a platform user either.
    expect(
      await admin.post('sys/user/add', {
        loginName: 'mixer',
        nickName: 'x',
        phone: '13922220009',
        roleIds: String(ok.result.id),
      }),
    ).toMatchObject({ code: 2001 });
  });

  it('refuses duplicates, bad codes, and changes to built-in roles', async () => {
    expect(await admin.post(`${R}/add`, { name: '重复', code: 'cs_agent' })).toMatchObject({
      code: 2004,
      message: '角色编码「cs_agent」已存在',
    });
    expect(await admin.post(`${R}/add`, { name: '坏', code: 'Bad Code' })).toMatchObject({ code: 2001 });
    expect((await admin.post(`${R}/add`, { code: 'no_name' })).code).toBe(2001);
    const sup = (await roleRow('super'))!;
    expect(await admin.post(`${R}/edit`, { id: sup.id, status: 1 })).toMatchObject({
      code: 2004,
      message: '内置角色的编码、权限和状态不能修改',
    });
    expect(await admin.post(`${R}/edit`, { id: sup.id, menuIds: '' })).toMatchObject({ code: 2004 });
    expect((await admin.post(`${R}/edit`, { id: sup.id, remark: '全部权限' })).code).toBe(200);
    expect((await roleRow('super'))!).toMatchObject({ status: 0, remark: '全部权限' });
    expect(await admin.post(`${R}/edit`, { id: 999999, name: 'x' })).toMatchObject({ code: 2002 });
    const merchantOwnRole = await t.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'shop_operator')
      .executeTakeFirstOrThrow();
    expect(await admin.post(`${R}/edit`, { id: merchantOwnRole.id, name: 'x' })).toMatchObject({ code: 2002 });
  });

  it('a role in use cannot be deleted and says how many users hold it; built-in roles never', async () => {
    const cs = (await findRole('cs_agent'))!;
    expect(await admin.del(`${R}/delByIds/${cs.id}`)).toMatchObject({
      status: 409,
      code: 2004,
      message: '角色「客服专员」已分配给 1 个用户，请先取消分配再删除',
    });
    const sup = (await roleRow('super'))!;
    expect(await admin.del(`${R}/delByIds/${sup.id}`)).toMatchObject({
      code: 2004,
      message: '内置角色「超级管理员」不能删除',
    });
    const tpl = (await findRole('m_tpl'))!;
    expect(await admin.del(`${R}/delByIds/${tpl.id},999999`)).toMatchObject({ code: 2002 });
    expect((await admin.del(`${R}/delByIds/${tpl.id}`)).code).toBe(200);
    expect(await roleRow('m_tpl')).toBeUndefined();
    expect(await t.db.selectFrom('roleMenu').select('menuId').where('roleId', '=', tpl.id).execute()).toEqual([]);
    // After its user is deleted, the role can go.
    const kefu = await t.db
      .selectFrom('user')
      .select('id')
      .where('phone', '=', '13922220001')
      .executeTakeFirstOrThrow();
    expect((await admin.del(`sys/user/delByIds/${kefu.id}`)).code).toBe(200);
    expect((await admin.del(`${R}/delByIds/${cs.id}`)).code).toBe(200);
  });

  it('merchant users get 301 on every role call', async () => {
    const cs = await admin.post<{ id: number }>(`${R}/add`, { name: '临时', code: 'tmp_role' });
    for (const phone of [PHONES.ownerA, PHONES.subA]) {
      const m = api(t.app, await sessionFor(t.app, phone));
      expect(await m.get(`${R}/findAllByPage`)).toMatchObject({ code: 301 });
      expect(await m.post(`${R}/edit`, { id: cs.result.id, name: 'hacked' })).toMatchObject({ code: 301 });
      expect(await m.del(`${R}/delByIds/${cs.result.id}`)).toMatchObject({ code: 301 });
    }
    expect((await roleRow('tmp_role'))!.name).toBe('临时');
  });
});
