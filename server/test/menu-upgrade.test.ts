import type { MenuItem } from '@jz/contracts/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenus } from '../src/modules/system/menu/menu.seed.ts';
import { api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';

/**
 * The navigation rework (docs/navigation.md) changed the menu catalogue: three folders that held one page each (员工管理, 商品管理, 支付设置) were
 * flattened, and three folders named like their first page (订单管理, 财务管理, 店铺管理) were renamed. The seed
 * runs on every start with a new catalogue; this proves it brings a database seeded with the old menus to the new
 * ones without touching what an admin chose.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const row = (seedKey: string) =>
  t.db
    .selectFrom('menu')
    .select(['id', 'parentId', 'name', 'sort', 'icon', 'status'])
    .where('seedKey', '=', seedKey)
    .executeTakeFirst();
const idOf = async (seedKey: string) => (await row(seedKey))!.id;
const now = new Date().toISOString();
const ownerRole = () =>
  t.db.selectFrom('role').select('id').where('code', '=', 'merchant_owner').executeTakeFirstOrThrow();

async function oldFolder(seedKey: string, name: string, sort: number, icon: string) {
  const f = await t.db
    .insertInto('menu')
    .values({ seedKey, name, type: 'CAIDAN', scope: 'merchant', sort, icon, status: 0, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The built-in owner role was granted every merchant menu, folders included.
  await t.db
    .insertInto('roleMenu')
    .values({ roleId: (await ownerRole()).id, menuId: f.id })
    .execute();
  return f.id;
}

/** Puts the database back where the catalogue before the navigation rework left it. */
async function seedOldMenus() {
  const moves: [string, string, string, number, string, string][] = [
    // folder key, folder name, page key, folder sort, folder icon, the page's old icon
    ['merchant.employee', '员工管理', 'merchant.employee.list', 40, 'TeamOutlined', 'UserOutlined'],
    ['merchant.goods', '商品管理', 'merchant.goods.list', 20, 'ShoppingOutlined', 'UnorderedListOutlined'],
    ['merchant.finance.pay', '支付设置', 'merchant.jinjian', 700, 'BankOutlined', 'IdcardOutlined'],
  ];
  for (const [folderKey, name, pageKey, sort, icon, pageIcon] of moves) {
    const folder = await oldFolder(folderKey, name, sort, icon);
    await t.db
      .updateTable('menu')
      .set({ parentId: folder, sort: 1, icon: pageIcon })
      .where('seedKey', '=', pageKey)
      .execute();
  }
  await t.db.updateTable('menu').set({ name: '订单管理' }).where('seedKey', '=', 'merchant.order').execute();
  await t.db.updateTable('menu').set({ name: '财务管理' }).where('seedKey', '=', 'merchant.finance').execute();
  // An admin renamed this folder in 菜单管理: the admin's name stays.
  await t.db.updateTable('menu').set({ name: '我的门店' }).where('seedKey', '=', 'merchant.shop').execute();
}

describe('a database seeded with the menus before the navigation rework, on the next start', () => {
  let adminPage: number;
  beforeAll(async () => {
    await seedOldMenus();
    // An admin hung a page of its own under the old 支付设置 folder: that folder must stay (with the admin's page).
    adminPage = (
      await t.db
        .insertInto('menu')
        .values({
          parentId: await idOf('merchant.finance.pay'),
          name: '支付说明',
          type: 'ZICAIDAN',
          scope: 'merchant',
          routerUrl: '/yonghujinjian',
          component: 'merchant.jinjian',
          perms: 'merchant:finance:jinjian:query',
          sort: 2,
          status: 0,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await seedMenus(t.db);
  });

  it('moves each flattened page to its folder’s place (sort and icon of the new catalogue) and deletes the folder', async () => {
    expect(await row('merchant.employee.list')).toMatchObject({
      parentId: null,
      name: '公司员工',
      sort: 40,
      icon: 'TeamOutlined',
    });
    expect(await row('merchant.goods.list')).toMatchObject({
      parentId: null,
      name: '商品管理',
      sort: 20,
      icon: 'ShoppingOutlined',
    });
    expect(await row('merchant.employee')).toBeUndefined();
    expect(await row('merchant.goods')).toBeUndefined();
    // The pages' buttons stay under their pages.
    expect((await row('merchant.employee.addBtn'))?.parentId).toBe(await idOf('merchant.employee.list'));
  });

  it('deletes the folders’ role grants with them and keeps the pages’ grants', async () => {
    const role = await ownerRole();
    const menuIds = new Set(
      (await t.db.selectFrom('roleMenu').select('menuId').where('roleId', '=', role.id).execute()).map((r) => r.menuId),
    );
    const dangling = await t.db
      .selectFrom('roleMenu')
      .leftJoin('menu', 'menu.id', 'roleMenu.menuId')
      .select('roleMenu.menuId')
      .where('menu.id', 'is', null)
      .execute();
    expect(dangling).toEqual([]);
    expect(menuIds.has(await idOf('merchant.employee.list'))).toBe(true);
    expect(menuIds.has(await idOf('merchant.goods.list'))).toBe(true);
    const owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
    const perms = (await owner.get<string[]>('sys/menu/findAllPerByUserId')).result;
    expect(perms).toEqual(expect.arrayContaining(['merchant:employee:list', 'merchant:goods:add']));
  });

  it('keeps a retired folder that still holds an admin’s page; the seeded page leaves it', async () => {
    const folder = await row('merchant.finance.pay');
    expect(folder).toMatchObject({ name: '支付设置' });
    expect((await row('merchant.jinjian'))?.parentId).toBeNull();
    const mine = await t.db.selectFrom('menu').select('parentId').where('id', '=', adminPage).executeTakeFirst();
    expect(mine?.parentId).toBe(folder!.id);
  });

  it('renames the folders still named as seeded and leaves an admin’s name alone', async () => {
    expect((await row('merchant.order'))?.name).toBe('订单中心');
    expect((await row('merchant.finance'))?.name).toBe('财务中心');
    expect((await row('merchant.shop'))?.name).toBe('我的门店');
  });

  it('the owner’s sidebar is the new one: 商品管理 and 公司员工 top-level, in catalogue order', async () => {
    const owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
    const tree = (await owner.get<MenuItem[]>('sys/menu/findUserMenuByTree')).result;
    const top = tree.map((m) => `${m.type === 'CAIDAN' ? '▸' : ''}${m.name}`);
    // 客户管理 (a folder: 客户列表, 周期服务, 卡项管理, 售卡记录) stands between 订单中心 and 公司员工 in the catalogue.
    expect(top.slice(0, 6)).toEqual(['首页', '▸我的门店', '商品管理', '▸订单中心', '▸客户管理', '公司员工']);
    expect(top).toContain('用户进件');
    expect(top).not.toContain('▸员工管理');
    expect(top).not.toContain('▸商品管理');
  });

  it('a later start changes nothing an admin set since (the move happens once)', async () => {
    await t.db
      .updateTable('menu')
      .set({ sort: 5, icon: 'UserOutlined' })
      .where('seedKey', '=', 'merchant.employee.list')
      .execute();
    await seedMenus(t.db);
    expect(await row('merchant.employee.list')).toMatchObject({ parentId: null, sort: 5, icon: 'UserOutlined' });
    expect(await row('merchant.finance.pay')).toBeDefined();
  });

  it('deletes the retired folder once the admin’s page is gone', async () => {
    await t.db.deleteFrom('menu').where('id', '=', adminPage).execute();
    await seedMenus(t.db);
    expect(await row('merchant.finance.pay')).toBeUndefined();
  });
});
