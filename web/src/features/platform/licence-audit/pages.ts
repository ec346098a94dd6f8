import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 证照审核 in the platform toolkit. */
export const pages: PageDef[] = [
  {
    key: 'platform.licenceAudit',
    path: '/sys/licence-audit',
    title: '证照审核',
    perm: 'sys:licence:list',
    component: lazyPage(() => import('./pages/LicenceAuditPage.tsx')),
  },
];
