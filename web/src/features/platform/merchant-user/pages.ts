import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.merchantUser',
    path: '/sys/merchant-user',
    title: '商家用户',
    perm: 'platform:merchantUser:list',
    component: lazy(() => import('./pages/MerchantUserPage.tsx')),
  },
];
