import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

/** 快递下单 (issue 6; spec §2 route /kuaidixiadan). */
export const pages: PageDef[] = [
  {
    key: 'merchant.courier',
    path: '/kuaidixiadan',
    title: '快递下单',
    perm: 'merchant:courier:list',
    component: lazy(() => import('./pages/CourierPage.tsx')),
  },
];
