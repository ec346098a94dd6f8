import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 客户管理 (docs/customers.md): 客户列表 and 客户详情 (reached from the list, the order drawer). */
export const pages: PageDef[] = [
  {
    key: 'merchant.client.list',
    path: '/kehuliebiao',
    title: '客户列表',
    perm: 'merchant:client:list',
    component: lazyPage(() => import('./pages/ClientListPage.tsx')),
  },
  {
    key: 'merchant.client.detail',
    path: '/kehuxiangqing',
    title: '客户详情',
    perm: 'merchant:client:query',
    parentKey: 'merchant.client.list',
    component: lazyPage(() => import('./pages/ClientDetailPage.tsx')),
  },
];
