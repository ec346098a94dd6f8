import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.banner',
    path: '/platform/banner',
    title: '轮播图',
    perm: 'platform:banner:list',
    component: lazyPage(() => import('./pages/BannerPage.tsx')),
  },
];
