import type { MenuSeed } from '../menu.ts';

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
    children: [
      { key: 'sys.config.edit', name: '保存配置', type: 'ANNIU', scope: 'platform', sort: 1, perms: 'sys:config:edit' },
    ],
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
      {
        key: 'sys.resource.add',
        name: '上传资源',
        type: 'ANNIU',
        scope: 'platform',
        sort: 1,
        perms: 'sys:resource:add',
      },
      {
        key: 'sys.resource.edit',
        name: '编辑资源',
        type: 'ANNIU',
        scope: 'platform',
        sort: 2,
        perms: 'sys:resource:edit',
      },
      {
        key: 'sys.resource.del',
        name: '删除资源',
        type: 'ANNIU',
        scope: 'platform',
        sort: 3,
        perms: 'sys:resource:del',
      },
    ],
  },
];
