import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

export const pages: PageDef[] = [
  {
    key: 'merchant.feedback',
    path: '/yijianfankui',
    title: '意见反馈',
    perm: 'merchant:feedback:list',
    component: lazy(() => import('./pages/MerchantFeedbackPage.tsx')),
  },
];
