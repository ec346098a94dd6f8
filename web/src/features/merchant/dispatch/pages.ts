import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 派单看板 (docs/dispatch.md): under 订单中心 in the menu, its own feature folder here. */
export const pages: PageDef[] = [
  {
    key: 'merchant.order.dispatch',
    path: '/paidankanban',
    title: '派单看板',
    perm: 'merchant:dispatch:view',
    component: lazyPage(() => import('./pages/DispatchBoardPage.tsx')),
  },
];
