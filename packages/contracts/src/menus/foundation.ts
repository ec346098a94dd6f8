import { crudButtons, type MenuSeed } from '../menu.ts';

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
        children: crudButtons('sys.dict', 'sys:dict', '字典'),
      },
    ],
  },
];
