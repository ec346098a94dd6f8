import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.dict',
    path: '/sys/dict',
    title: '字典管理',
    perm: 'sys:dict:list',
    component: lazyPage(() => import('./pages/DictPage.tsx')),
  },
  {
    key: 'sys.dictData',
    path: '/sys/dict/data',
    title: '字典数据',
    perm: 'sys:dict:list',
    parentKey: 'sys.dict',
    component: lazyPage(() => import('./pages/DictDataPage.tsx')),
  },
];
