import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 快递下单 (docs/spec-notes.md#routes route /kuaidixiadan). */
export const pages: PageDef[] = [
  {
    key: 'merchant.courier',
    path: '/kuaidixiadan',
    title: '快递下单',
    perm: 'merchant:courier:list',
    component: lazyPage(() => import('./pages/CourierPage.tsx')),
  },
];
