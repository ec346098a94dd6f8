import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.fuwu',
    path: '/platform/fuwu',
    title: '服务类目',
    perm: 'platform:fuwu:list',
    component: lazy(() => import('./pages/FuwuPage.tsx')),
  },
];
