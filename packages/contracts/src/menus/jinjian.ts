import { type MenuSeed, menuButton } from '../menu.ts';

/**
 * 用户进件 (issue 9): onboarding with the payment provider. Its permissions live under merchant:finance:jinjian:* so
 * roles that leave out finance (the demo sub-account's) leave it out too; the folder key starts with
 * merchant.finance for the same reason (no empty folder for such roles).
 */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.finance.pay',
    name: '支付设置',
    type: 'CAIDAN',
    scope: 'merchant',
    sort: 700,
    icon: 'BankOutlined',
    children: [
      {
        key: 'merchant.jinjian',
        name: '用户进件',
        type: 'ZICAIDAN',
        scope: 'merchant',
        sort: 1,
        icon: 'IdcardOutlined',
        routerUrl: '/yonghujinjian',
        component: 'merchant.jinjian',
        perms: 'merchant:finance:jinjian:query',
        children: [menuButton('merchant.jinjian.submit', '提交进件', 1, 'merchant:finance:jinjian:submit', 'merchant')],
      },
    ],
  },
];
