import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.feedback',
    path: '/platform/feedback',
    title: '意见反馈',
    perm: 'platform:feedback:list',
    component: lazyPage(() => import('./pages/FeedbackPage.tsx')),
  },
];
