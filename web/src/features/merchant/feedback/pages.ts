import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'merchant.feedback',
    path: '/yijianfankui',
    title: '意见反馈',
    perm: 'merchant:feedback:list',
    component: lazyPage(() => import('./pages/MerchantFeedbackPage.tsx')),
  },
];
