import { type MenuSeed, menuButton } from '../menu.ts';

/** The merchant scope's buttons. */
const btn = (key: string, name: string, sort: number, perms: string) => menuButton(key, name, sort, perms, 'merchant');

/** 数据中心: per-employee figures and operations figures of the current shop or all shops. */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.data',
    name: '数据中心',
    type: 'CAIDAN',
    scope: 'merchant',
    sort: 350,
    icon: 'BarChartOutlined',
    children: [
      {
        key: 'merchant.stats.employee',
        name: '员工数据',
        type: 'ZICAIDAN',
        scope: 'merchant',
        sort: 1,
        icon: 'TeamOutlined',
        routerUrl: '/gongsiyuangongshuju',
        component: 'merchant.stats.employee',
        perms: 'merchant:stats:employee',
        children: [btn('merchant.stats.employeeExport', '导出员工数据', 1, 'merchant:stats:employeeExport')],
      },
      {
        key: 'merchant.stats.operations',
        name: '运营数据',
        type: 'ZICAIDAN',
        scope: 'merchant',
        sort: 2,
        icon: 'DashboardOutlined',
        routerUrl: '/yunyingshuju',
        component: 'merchant.stats.operations',
        perms: 'merchant:stats:operations',
        children: [btn('merchant.stats.operationsExport', '导出运营数据', 1, 'merchant:stats:operationsExport')],
      },
    ],
  },
];
