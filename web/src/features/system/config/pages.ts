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
  // 组件示例: the shared widgets in one place, for developers and the e2e suite (e2e/specs/widgets.spec.ts). A developer
  // page, not part of the product: no menu row and no link anywhere in the console; reached by its address only
  // (/#/sys/widgets), by users holding sys:config:list (docs/navigation.md).
  {
    key: 'sys.widgets',
    path: '/sys/widgets',
    title: '组件示例',
    perm: 'sys:config:list',
    parentKey: 'sys.config',
    component: lazyPage(() => import('./pages/WidgetsPage.tsx')),
  },
];
