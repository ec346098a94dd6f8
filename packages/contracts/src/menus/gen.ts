import { type MenuSeed, menuButton } from '../menu.ts';

/** 代码生成 under the platform's 系统管理 folder. */
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
      menuButton('sys.gen.import', '导入表', 1, 'sys:gen:import'),
      menuButton('sys.gen.edit', '编辑生成配置', 2, 'sys:gen:edit'),
      menuButton('sys.gen.preview', '预览代码', 3, 'sys:gen:preview'),
      menuButton('sys.gen.code', '生成代码', 4, 'sys:gen:code'),
      menuButton('sys.gen.del', '删除导入表', 5, 'sys:gen:del'),
    ],
  },
];
