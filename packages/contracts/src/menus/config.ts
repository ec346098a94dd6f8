import { type MenuSeed, menuButton } from '../menu.ts';

/** Toolkit pages of the widgets/uploads issue: 系统配置 (platform texts) and 资源管理 (the upload library). */
export const menus: MenuSeed[] = [
  {
    key: 'sys.config',
    parentKey: 'sys',
    name: '系统配置',
    type: 'ZICAIDAN',
    scope: 'platform',
    sort: 80,
    icon: 'ToolOutlined',
    routerUrl: '/sys/config',
    component: 'sys.config',
    perms: 'sys:config:list',
    children: [menuButton('sys.config.edit', '保存配置', 1, 'sys:config:edit')],
  },
  {
    key: 'sys.resource',
    parentKey: 'sys',
    name: '资源管理',
    type: 'ZICAIDAN',
    scope: 'platform',
    sort: 85,
    icon: 'PictureOutlined',
    routerUrl: '/sys/resource',
    component: 'sys.resource',
    perms: 'sys:resource:list',
    children: [
      menuButton('sys.resource.add', '上传资源', 1, 'sys:resource:add'),
      menuButton('sys.resource.edit', '编辑资源', 2, 'sys:resource:edit'),
      menuButton('sys.resource.del', '删除资源', 3, 'sys:resource:del'),
    ],
  },
];
