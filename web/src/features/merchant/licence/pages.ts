import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

/** 我的证照 (issue 10). */
export const pages: PageDef[] = [
  {
    key: 'account.licence',
    path: '/wodezhengzhao',
    title: '我的证照',
    perm: 'merchant:account:licence',
    component: lazy(() => import('./pages/LicencePage.tsx')),
  },
];
