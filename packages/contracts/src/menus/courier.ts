import { type MenuSeed, menuButton } from '../menu.ts';

/** The merchant scope's buttons. */
const btn = (key: string, name: string, sort: number, perms: string) => menuButton(key, name, sort, perms, 'merchant');

/** 快递下单: courier pick-ups of the shop, under the 订单中心 folder (menus/order.ts). */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.courier',
    parentKey: 'merchant.order',
    name: '快递下单',
    type: 'ZICAIDAN',
    scope: 'merchant',
    sort: 5,
    icon: 'CarOutlined',
    routerUrl: '/kuaidixiadan',
    component: 'merchant.courier',
    perms: 'merchant:courier:list',
    children: [
      btn('merchant.courier.query', '快递详情', 1, 'merchant:courier:query'),
      btn('merchant.courier.add', '快递下单', 2, 'merchant:courier:add'),
      btn('merchant.courier.cancel', '取消快递', 3, 'merchant:courier:cancel'),
    ],
  },
];
