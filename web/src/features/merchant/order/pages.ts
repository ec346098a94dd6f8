import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 订单管理 (docs/spec-notes.md#routes routes). */
export const pages: PageDef[] = [
  {
    key: 'merchant.order.list',
    path: '/dingdanguanli',
    title: '订单管理',
    perm: 'merchant:order:list',
    component: lazyPage(() => import('./pages/OrderListPage.tsx')),
  },
  {
    key: 'merchant.order.taking',
    path: '/dingdanjiedan',
    title: '订单接单',
    perm: 'merchant:order:taking',
    component: lazyPage(() => import('./pages/OrderTakingPage.tsx')),
  },
  {
    key: 'merchant.order.verify',
    path: '/yanquanguanli',
    title: '验券管理',
    perm: 'merchant:order:verify',
    component: lazyPage(() => import('./pages/VerifyPage.tsx')),
  },
];
