import { lazyPage } from '../../lib/lazy-page.ts';
import type { PageDef } from '../../lib/page-registry.ts';

export const pages: PageDef[] = [
  { key: 'home.index', path: '/index', title: '首页', component: lazyPage(() => import('./IndexPage.tsx')) },
];
