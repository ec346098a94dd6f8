import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 周期服务 (docs/customers.md "周期服务") under 客户管理. */
export const pages: PageDef[] = [
  {
    key: 'merchant.plan.list',
    path: '/zhouqifuwu',
    title: '周期服务',
    perm: 'merchant:plan:list',
    component: lazyPage(() => import('./pages/PlanPage.tsx')),
  },
];
