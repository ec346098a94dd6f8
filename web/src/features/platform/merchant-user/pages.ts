import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.merchantUser',
    path: '/sys/merchant-user',
    title: '商家用户',
    perm: 'platform:merchantUser:list',
    component: lazyPage(() => import('./pages/MerchantUserPage.tsx')),
  },
];
