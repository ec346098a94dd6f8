import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.menu',
    path: '/sys/menu',
    title: '菜单管理',
    perm: 'sys:menu:list',
    component: lazy(() => import('./pages/MenuPage.tsx')),
  },
];
