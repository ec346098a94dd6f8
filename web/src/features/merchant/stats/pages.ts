import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 数据中心 (docs/spec-notes.md#routes routes). */
export const pages: PageDef[] = [
  {
    key: 'merchant.stats.employee',
    path: '/gongsiyuangongshuju',
    title: '员工数据',
    perm: 'merchant:stats:employee',
    component: lazyPage(() => import('./pages/EmployeeStatsPage.tsx')),
  },
  {
    key: 'merchant.stats.operations',
    path: '/yunyingshuju',
    title: '运营数据',
    perm: 'merchant:stats:operations',
    component: lazyPage(() => import('./pages/OperationsPage.tsx')),
  },
];
