import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'merchant.goods.list',
    path: '/shangpinguanli',
    title: '商品管理',
    perm: 'merchant:goods:list',
    component: lazyPage(() => import('./pages/GoodsListPage.tsx')),
  },
  {
    key: 'merchant.goods.add',
    path: '/shangpinAdd',
    title: '新增商品',
    editTitle: '编辑商品',
    parentKey: 'merchant.goods.list',
    component: lazyPage(() => import('./pages/GoodsFormPage.tsx')),
  },
  {
    key: 'merchant.goods.detail',
    path: '/shangpinxiangqing',
    title: '商品详情',
    perm: 'merchant:goods:list',
    parentKey: 'merchant.goods.list',
    component: lazyPage(() => import('./pages/GoodsDetailPage.tsx')),
  },
];
