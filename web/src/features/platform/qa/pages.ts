import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.qa',
    path: '/platform/qa',
    title: '常见问题',
    perm: 'platform:qa:list',
    component: lazyPage(() => import('./pages/QaPage.tsx')),
  },
];
