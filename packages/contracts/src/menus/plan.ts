import { type MenuSeed, menuButton } from '../menu.ts';

/**
 * 周期服务 (recurring service; docs/customers.md "周期服务"). It stands in the 客户管理 folder, which
 * menus/client.ts builds from its `folderPages` (this page is added there), so this file's own `menus` is empty.
 */
export const planPages: MenuSeed[] = [
  {
    key: 'merchant.plan.list',
    name: '周期服务',
    type: 'ZICAIDAN',
    scope: 'merchant',
    sort: 2,
    icon: 'SyncOutlined',
    routerUrl: '/zhouqifuwu',
    component: 'merchant.plan.list',
    perms: 'merchant:plan:list',
    children: [
      menuButton('merchant.plan.add', '新增周期服务', 1, 'merchant:plan:add', 'merchant'),
      menuButton('merchant.plan.edit', '编辑/排期/暂停/跳过/改时间/结束', 2, 'merchant:plan:edit', 'merchant'),
    ],
  },
];

export const menus: MenuSeed[] = [];
