import { lazyPage } from '../../lib/lazy-page.ts';
import type { PageDef } from '../../app/registry.ts';

export const pages: PageDef[] = [
  { key: 'home.index', path: '/index', title: '首页', component: lazyPage(() => import('./pages/IndexPage.tsx')) },
];
