import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.role',
    path: '/sys/role',
    title: '角色管理',
    perm: 'sys:role:list',
    component: lazyPage(() => import('./pages/RolePage.tsx')),
  },
];
