import type { MenuSeed } from '../menu.ts';

/**
 * Menus owned by the foundation: the landing page for both scopes, and the 系统管理 folder ('sys') that the toolkit
 * modules hang their pages under via parentKey: 'sys'.
 */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.index',
    name: '首页',
    type: 'ZICAIDAN',
    scope: 'merchant',
    sort: 0,
    icon: 'HomeOutlined',
    routerUrl: '/index',
    component: 'home.index',
  },
  {
    key: 'platform.index',
    name: '首页',
    type: 'ZICAIDAN',
    scope: 'platform',
    sort: 0,
    icon: 'HomeOutlined',
    routerUrl: '/index',
    component: 'home.index',
  },
  {
    key: 'sys',
    name: '系统管理',
    type: 'CAIDAN',
    scope: 'platform',
    sort: 900,
    icon: 'SettingOutlined',
    children: [
      {
        key: 'sys.dict',
        name: '字典管理',
        type: 'ZICAIDAN',
        scope: 'platform',
        sort: 50,
        icon: 'BookOutlined',
        routerUrl: '/sys/dict',
        component: 'sys.dict',
        perms: 'sys:dict:list',
        children: [
          { key: 'sys.dict.add', name: '新增字典', type: 'ANNIU', scope: 'platform', sort: 1, perms: 'sys:dict:add' },
          { key: 'sys.dict.edit', name: '编辑字典', type: 'ANNIU', scope: 'platform', sort: 2, perms: 'sys:dict:edit' },
          { key: 'sys.dict.del', name: '删除字典', type: 'ANNIU', scope: 'platform', sort: 3, perms: 'sys:dict:del' },
        ],
      },
    ],
  },
];
