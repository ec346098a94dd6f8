import type { MenuSeed } from '../menu.ts';

/** Issue 12: 代码生成 under the platform's 系统管理 folder. */
export const menus: MenuSeed[] = [
  {
    key: 'sys.gen',
    parentKey: 'sys',
    name: '代码生成',
    type: 'ZICAIDAN',
    scope: 'platform',
    sort: 90,
    icon: 'ToolOutlined',
    routerUrl: '/sys/gen',
    component: 'sys.gen',
    perms: 'sys:gen:list',
    children: [
      { key: 'sys.gen.import', name: '导入表', type: 'ANNIU', scope: 'platform', sort: 1, perms: 'sys:gen:import' },
      { key: 'sys.gen.edit', name: '编辑生成配置', type: 'ANNIU', scope: 'platform', sort: 2, perms: 'sys:gen:edit' },
      { key: 'sys.gen.preview', name: '预览代码', type: 'ANNIU', scope: 'platform', sort: 3, perms: 'sys:gen:preview' },
      { key: 'sys.gen.code', name: '生成代码', type: 'ANNIU', scope: 'platform', sort: 4, perms: 'sys:gen:code' },
      { key: 'sys.gen.del', name: '删除导入表', type: 'ANNIU', scope: 'platform', sort: 5, perms: 'sys:gen:del' },
    ],
  },
];
