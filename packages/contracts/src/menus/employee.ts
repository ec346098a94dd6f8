import { type MenuSeed, menuButton } from '../menu.ts';

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
          menuButton('merchant.employee.query', '员工详情', 1, 'merchant:employee:query', 'merchant'),
          menuButton('merchant.employee.addBtn', '新增员工', 2, 'merchant:employee:add', 'merchant'),
          menuButton('merchant.employee.edit', '编辑员工', 3, 'merchant:employee:edit', 'merchant'),
          menuButton('merchant.employee.del', '删除员工', 4, 'merchant:employee:del', 'merchant'),
        ],
      },
    ],
  },
];
