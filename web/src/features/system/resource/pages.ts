import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.resource',
    path: '/sys/resource',
    title: '资源管理',
    perm: 'sys:resource:list',
    component: lazyPage(() => import('./pages/ResourcePage.tsx')),
  },
];
