import { lazy } from 'react';
import type { PageDef } from '../../../app/registry.ts';

export const pages: PageDef[] = [
  {
    key: 'sys.dict',
    path: '/sys/dict',
    title: '字典管理',
    perm: 'sys:dict:list',
    component: lazy(() => import('./pages/DictPage.tsx')),
  },
  {
    key: 'sys.dictData',
    path: '/sys/dict/data',
    title: '字典数据',
    perm: 'sys:dict:list',
    parentKey: 'sys.dict',
    component: lazy(() => import('./pages/DictDataPage.tsx')),
  },
];
