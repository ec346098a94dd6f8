import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.fuwu',
    path: '/platform/fuwu',
    title: '服务类目',
    perm: 'platform:fuwu:list',
    component: lazyPage(() => import('./pages/ServiceCategoryPage.tsx')),
  },
];
