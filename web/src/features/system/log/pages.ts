import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.log',
    path: '/sys/log',
    title: '操作日志',
    perm: 'sys:log:list',
    component: lazy(() => import('./pages/LogPage.tsx')),
  },
];
