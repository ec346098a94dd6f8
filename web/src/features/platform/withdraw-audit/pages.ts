import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 提现审核 in the platform toolkit. */
export const pages: PageDef[] = [
  {
    key: 'platform.withdrawAudit',
    path: '/sys/withdraw-audit',
    title: '提现审核',
    perm: 'sys:withdraw:list',
    component: lazyPage(() => import('./pages/WithdrawAuditPage.tsx')),
  },
];
