import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 员工排班 (docs/dispatch.md §1): the week grid of the current shop's hours and its staff's leave requests. */
export const pages: PageDef[] = [
  {
    key: 'merchant.order.rota',
    path: '/yuangongpaiban',
    title: '员工排班',
    perm: 'merchant:dispatch:view',
    component: lazyPage(() => import('./pages/RotaPage.tsx')),
  },
];
