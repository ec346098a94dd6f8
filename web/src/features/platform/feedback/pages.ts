import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.feedback',
    path: '/platform/feedback',
    title: '意见反馈',
    perm: 'platform:feedback:list',
    component: lazy(() => import('./pages/FeedbackPage.tsx')),
  },
];
