import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 我的证照. */
export const pages: PageDef[] = [
  {
    key: 'account.licence',
    path: '/wodezhengzhao',
    title: '我的证照',
    perm: 'merchant:account:licence',
    component: lazyPage(() => import('./pages/LicencePage.tsx')),
  },
];
