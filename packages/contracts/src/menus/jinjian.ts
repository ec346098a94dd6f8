import { type MenuSeed, menuButton } from '../menu.ts';

/**
 * 用户进件: onboarding with the payment provider. Its permissions live under merchant:finance:jinjian:* so
 * roles that leave out finance (the demo sub-account's) leave it out too. A top-level page: its 支付设置 folder
 * ('merchant.finance.pay') held only this page, so it was flattened (the seed deletes the empty folder of
 * an existing database and puts the page at the folder's place).
 */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.jinjian',
    name: '用户进件',
    type: 'ZICAIDAN',
    scope: 'merchant',
    sort: 700,
    icon: 'BankOutlined',
    routerUrl: '/yonghujinjian',
    component: 'merchant.jinjian',
    perms: 'merchant:finance:jinjian:query',
    children: [menuButton('merchant.jinjian.submit', '提交进件', 1, 'merchant:finance:jinjian:submit', 'merchant')],
  },
];
