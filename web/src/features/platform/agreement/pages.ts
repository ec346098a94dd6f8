import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'platform.agreement',
    path: '/sys/agreement',
    title: '协议管理',
    perm: 'platform:agreement:list',
    component: lazyPage(() => import('./pages/AgreementAdminPage.tsx')),
  },
  {
    key: 'platform.message.broadcast',
    path: '/sys/message-broadcast',
    title: '消息推送',
    perm: 'platform:message:list',
    component: lazyPage(() => import('./pages/BroadcastPage.tsx')),
  },
];
