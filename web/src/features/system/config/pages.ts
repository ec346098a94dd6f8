import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.config',
    path: '/sys/config',
    title: '系统配置',
    perm: 'sys:config:list',
    component: lazyPage(() => import('./pages/ConfigPage.tsx')),
  },
  // The shared widgets in one place, for developers and the e2e suite; reached from 系统配置 (no menu entry).
  {
    key: 'sys.widgets',
    path: '/sys/widgets',
    title: '组件示例',
    perm: 'sys:config:list',
    parentKey: 'sys.config',
    component: lazyPage(() => import('./pages/WidgetsPage.tsx')),
  },
];
