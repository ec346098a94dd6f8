import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.gen',
    path: '/sys/gen',
    title: '代码生成',
    perm: 'sys:gen:list',
    component: lazy(() => import('./pages/GenPage.tsx')),
  },
];
