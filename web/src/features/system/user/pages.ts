import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.user',
    path: '/sys/user',
    title: '用户管理',
    perm: 'sys:user:list',
    component: lazyPage(() => import('./pages/UserPage.tsx')),
  },
];
