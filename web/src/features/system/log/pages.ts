import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.log',
    path: '/sys/log',
    title: '操作日志',
    perm: 'sys:log:list',
    component: lazyPage(() => import('./pages/LogPage.tsx')),
  },
];
