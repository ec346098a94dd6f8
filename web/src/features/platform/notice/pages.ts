import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.notice',
    path: '/platform/notice',
    title: '通知公告',
    perm: 'platform:notice:list',
    component: lazyPage(() => import('./pages/NoticePage.tsx')),
  },
];
