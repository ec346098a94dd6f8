import { type MenuSeed, menuButton } from '../menu.ts';

/**
 * 公司员工. 员工详情 (/gongsiyuangongxiangqing) and 新增员工 (/xinzengyuangong) are web registry pages under
 * 公司员工 (parentKey 'merchant.employee.list'); they are reached from the list, so only their buttons appear here.
 * A top-level page: the 员工管理 folder held only this page, so it was flattened (the seed deletes the empty
 * folder of an existing database and puts the page at the folder's place). 员工数据 is in 数据中心 (menus/stats.ts).
 */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.employee.list',
    name: '公司员工',
    type: 'ZICAIDAN',
    scope: 'merchant',
    sort: 40,
    icon: 'TeamOutlined',
    routerUrl: '/gongsiyuangong',
    component: 'merchant.employee.list',
    perms: 'merchant:employee:list',
    children: [
      menuButton('merchant.employee.query', '员工详情', 1, 'merchant:employee:query', 'merchant'),
      menuButton('merchant.employee.addBtn', '新增员工', 2, 'merchant:employee:add', 'merchant'),
      menuButton('merchant.employee.edit', '编辑员工', 3, 'merchant:employee:edit', 'merchant'),
      menuButton('merchant.employee.del', '删除员工', 4, 'merchant:employee:del', 'merchant'),
    ],
  },
];
