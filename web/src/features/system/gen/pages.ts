import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.gen',
    path: '/sys/gen',
    title: '代码生成',
    perm: 'sys:gen:list',
    component: lazyPage(() => import('./pages/GenPage.tsx')),
  },
];
