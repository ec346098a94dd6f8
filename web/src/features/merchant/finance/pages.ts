import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 财务管理: docs/spec-notes.md#routes routes /caiwuguanli, /caiwuzijinzonglan, /shouzhimingxi, /caiwutixian, /buketixianjine, /bangdingjilu. */
export const pages: PageDef[] = [
  {
    key: 'merchant.finance.home',
    path: '/caiwuguanli',
    title: '财务管理',
    perm: 'merchant:finance:view',
    component: lazyPage(() => import('./pages/FinanceHomePage.tsx')),
  },
  {
    key: 'merchant.finance.overview',
    path: '/caiwuzijinzonglan',
    title: '资金总览',
    perm: 'merchant:finance:overview',
    component: lazyPage(() => import('./pages/FundsOverviewPage.tsx')),
  },
  {
    key: 'merchant.finance.ledger',
    path: '/shouzhimingxi',
    title: '收支明细',
    perm: 'merchant:finance:ledger',
    component: lazyPage(() => import('./pages/LedgerPage.tsx')),
  },
  {
    key: 'merchant.finance.withdraw',
    path: '/caiwutixian',
    title: '提现',
    perm: 'merchant:finance:withdrawList',
    component: lazyPage(() => import('./pages/WithdrawPage.tsx')),
  },
  {
    key: 'merchant.finance.frozen',
    path: '/buketixianjine',
    title: '不可提现金额',
    perm: 'merchant:finance:frozen',
    component: lazyPage(() => import('./pages/FrozenPage.tsx')),
  },
  {
    key: 'merchant.finance.binding',
    path: '/bangdingjilu',
    title: '绑定记录',
    perm: 'merchant:finance:card',
    component: lazyPage(() => import('./pages/BindingPage.tsx')),
  },
];
