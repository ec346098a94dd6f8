import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'merchant.review.list',
    path: '/dingdanpingjiaguanli',
    title: '订单评价管理',
    perm: 'merchant:review:list',
    component: lazyPage(() => import('./pages/ReviewPage.tsx')),
  },
];
