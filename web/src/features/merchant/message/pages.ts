import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'merchant.message.list',
    path: '/xiaoxiguanli',
    title: '消息管理',
    perm: 'merchant:message:list',
    component: lazyPage(() => import('./pages/MessagePage.tsx')),
  },
];
