import { lazy } from 'react';
import type { PageDef } from '../../app/registry.ts';

export const pages: PageDef[] = [
  { key: 'home.index', path: '/index', title: '首页', component: lazy(() => import('./pages/IndexPage.tsx')) },
];
