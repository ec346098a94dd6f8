import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.shopAudit',
    path: '/platform/shop-audit',
    title: '店铺审核',
    perm: 'platform:shop:audit',
    component: lazyPage(() => import('./pages/ShopAuditPage.tsx')),
  },
];
