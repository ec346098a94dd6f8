import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.shopAudit',
    path: '/platform/shop-audit',
    title: '店铺审核',
    perm: 'platform:shop:audit',
    component: lazy(() => import('./pages/ShopAuditPage.tsx')),
  },
];
