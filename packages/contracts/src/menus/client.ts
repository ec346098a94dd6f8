import { crudButtons, type MenuSeed, menuButton } from '../menu.ts';
import { cardPages } from './card.ts';
import { planPages } from './plan.ts';

/**
 * 客户管理 (docs/customers.md). 客户详情 (/kehuxiangqing) is a registry page under 客户列表, reached from the
 * list. The folder `merchant.client` 客户管理 holds its pages (客户列表, 周期服务, 卡项管理, 售卡记录): add
 * their page rows to `folderPages` below. A folder with a single entry is not shown as one (docs/navigation.md), so
 * while 客户列表 is alone it stands at the top level at the folder's place; with a second page the folder appears and
 * the seed moves 客户列表 under it.
 */
const clientList: MenuSeed = {
  key: 'merchant.client.list',
  name: '客户列表',
  type: 'ZICAIDAN',
  scope: 'merchant',
  sort: 35,
  icon: 'UserOutlined',
  routerUrl: '/kehuliebiao',
  component: 'merchant.client.list',
  perms: 'merchant:client:list',
  children: [
    menuButton('merchant.client.query', '客户详情', 1, 'merchant:client:query', 'merchant'),
    ...crudButtons('merchant.client.list', 'merchant:client', '客户', { scope: 'merchant', from: 2 }),
    menuButton('merchant.client.note', '添加客户备注', 5, 'merchant:client:note', 'merchant'),
    menuButton('merchant.client.full', '查看客户完整信息', 6, 'merchant:client:full', 'merchant'),
    menuButton('merchant.client.export', '导出客户', 7, 'merchant:client:export', 'merchant'),
  ],
};

const folderPages: MenuSeed[] = [clientList, ...planPages, ...cardPages];

export const menus: MenuSeed[] =
  folderPages.length >= 2
    ? [
        {
          key: 'merchant.client',
          name: '客户管理',
          type: 'CAIDAN',
          scope: 'merchant',
          sort: 35,
          icon: 'UserOutlined',
          children: folderPages.map((p, i) => ({ ...p, sort: i + 1 })),
        },
      ]
    : folderPages;
