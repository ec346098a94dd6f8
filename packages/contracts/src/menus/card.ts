import { crudButtons, type MenuSeed, menuButton } from '../menu.ts';

/**
 * 卡项管理 and 售卡记录 (prepaid cards; docs/ledger.md "预收: prepaid cards"). They stand in the 客户管理
 * folder, which menus/client.ts builds from its `folderPages` (these pages are added there), so this file's own
 * `menus` is empty.
 */
export const cardPages: MenuSeed[] = [
  {
    key: 'merchant.card.product',
    name: '卡项管理',
    type: 'ZICAIDAN',
    scope: 'merchant',
    sort: 3,
    icon: 'IdcardOutlined',
    routerUrl: '/kaxiangguanli',
    component: 'merchant.card.product',
    perms: 'merchant:card:list',
    children: crudButtons('merchant.card.product', 'merchant:card', '卡项', { scope: 'merchant' }),
  },
  {
    key: 'merchant.card.sale',
    name: '售卡记录',
    type: 'ZICAIDAN',
    scope: 'merchant',
    sort: 4,
    icon: 'WalletOutlined',
    routerUrl: '/shoukajilu',
    component: 'merchant.card.sale',
    perms: 'merchant:cardsale:list',
    children: [
      menuButton('merchant.card.sell', '售卡（线下收款）', 1, 'merchant:cardsale:sell', 'merchant'),
      menuButton('merchant.card.refund', '退卡', 2, 'merchant:cardsale:refund', 'merchant'),
      menuButton('merchant.card.export', '导出售卡记录', 3, 'merchant:cardsale:export', 'merchant'),
    ],
  },
];

export const menus: MenuSeed[] = [];
