import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'merchant.shop.list',
    path: '/dianpuguanli',
    title: '店铺管理',
    perm: 'merchant:shop:list',
    component: lazyPage(() => import('./pages/ShopListPage.tsx')),
  },
  {
    key: 'merchant.shop.info',
    path: '/dianpuxinxi',
    title: '店铺信息',
    perm: 'merchant:shop:info',
    component: lazyPage(() => import('./pages/ShopInfoPage.tsx')),
  },
  {
    key: 'merchant.shop.branches',
    path: '/fendianguanli',
    title: '分店管理',
    perm: 'merchant:shop:branch',
    component: lazyPage(() => import('./pages/BranchPage.tsx')),
  },
];
