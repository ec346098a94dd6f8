import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 用户进件 (docs/spec-notes.md#routes /yonghujinjian): onboarding with the payment provider. */
export const pages: PageDef[] = [
  {
    key: 'merchant.jinjian',
    path: '/yonghujinjian',
    title: '用户进件',
    perm: 'merchant:finance:jinjian:query',
    component: lazyPage(() => import('./pages/OnboardingPage.tsx')),
  },
];
