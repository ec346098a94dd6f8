import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'merchant.agreement.sign',
    path: '/xiyixixie',
    title: '协议签署',
    perm: 'merchant:agreement:sign',
    component: lazyPage(() => import('./pages/SignPage.tsx')),
  },
  {
    key: 'merchant.agreement.mine',
    path: '/wodexieyi',
    title: '我的协议',
    perm: 'merchant:agreement:list',
    component: lazyPage(() => import('./pages/MyAgreementsPage.tsx')),
  },
  {
    key: 'merchant.agreement.detail',
    path: '/xieyixiangqing',
    title: '协议详情',
    perm: 'merchant:agreement:list',
    parentKey: 'merchant.agreement.mine',
    component: lazyPage(() => import('./pages/AgreementDetailPage.tsx')),
  },
];
