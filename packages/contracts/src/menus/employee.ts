import type { MenuSeed } from '../menu.ts';

/**
 * 员工管理 (issue 5). 员工详情 (/gongsiyuangongxiangqing) and 新增员工 (/xinzengyuangong) are web registry pages under
 * 公司员工 (parentKey 'merchant.employee.list'); they are reached from the list, so only their buttons appear here.
 * 员工数据 / 运营数据 need orders and are not built yet: no menu for them.
 */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.employee',
    name: '员工管理',
    type: 'CAIDAN',
    scope: 'merchant',
    sort: 40,
    icon: 'TeamOutlined',
    children: [
      {
        key: 'merchant.employee.list',
        name: '公司员工',
        type: 'ZICAIDAN',
        scope: 'merchant',
        sort: 1,
        icon: 'UserOutlined',
        routerUrl: '/gongsiyuangong',
        component: 'merchant.employee.list',
        perms: 'merchant:employee:list',
        children: [
          {
            key: 'merchant.employee.query',
            name: '员工详情',
            type: 'ANNIU',
            scope: 'merchant',
            sort: 1,
            perms: 'merchant:employee:query',
          },
          {
            key: 'merchant.employee.addBtn',
            name: '新增员工',
            type: 'ANNIU',
            scope: 'merchant',
            sort: 2,
            perms: 'merchant:employee:add',
          },
          {
            key: 'merchant.employee.edit',
            name: '编辑员工',
            type: 'ANNIU',
            scope: 'merchant',
            sort: 3,
            perms: 'merchant:employee:edit',
          },
          {
            key: 'merchant.employee.del',
            name: '删除员工',
            type: 'ANNIU',
            scope: 'merchant',
            sort: 4,
            perms: 'merchant:employee:del',
          },
        ],
      },
    ],
  },
];
