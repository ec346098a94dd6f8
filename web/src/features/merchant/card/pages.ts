import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** Prepaid cards (docs/customers.md "Cards"): 卡项管理 and 售卡记录 under 客户管理. */
export const pages: PageDef[] = [
  {
    key: 'merchant.card.product',
    path: '/kaxiangguanli',
    title: '卡项管理',
    perm: 'merchant:card:list',
    component: lazyPage(() => import('./pages/CardProductPage.tsx')),
  },
  {
    key: 'merchant.card.sale',
    path: '/shoukajilu',
    title: '售卡记录',
    perm: 'merchant:cardsale:list',
    component: lazyPage(() => import('./pages/CardSalePage.tsx')),
  },
];
