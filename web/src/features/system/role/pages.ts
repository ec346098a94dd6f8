import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.role',
    path: '/sys/role',
    title: '角色管理',
    perm: 'sys:role:list',
    component: lazy(() => import('./pages/RolePage.tsx')),
  },
];
