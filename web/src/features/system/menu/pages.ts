import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.menu',
    path: '/sys/menu',
    title: '菜单管理',
    perm: 'sys:menu:list',
    component: lazyPage(() => import('./pages/MenuPage.tsx')),
  },
];
