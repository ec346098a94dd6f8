import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/** 员工管理 (docs/spec-notes.md#routes routes). Detail and add/edit are reached from 公司员工, so they name it as their parent. */
export const pages: PageDef[] = [
  {
    key: 'merchant.employee.list',
    path: '/gongsiyuangong',
    title: '公司员工',
    perm: 'merchant:employee:list',
    component: lazyPage(() => import('./pages/EmployeeListPage.tsx')),
  },
  {
    key: 'merchant.employee.detail',
    path: '/gongsiyuangongxiangqing',
    title: '员工详情',
    perm: 'merchant:employee:query',
    parentKey: 'merchant.employee.list',
    component: lazyPage(() => import('./pages/EmployeeDetailPage.tsx')),
  },
  {
    key: 'merchant.employee.add',
    path: '/xinzengyuangong',
    title: '新增员工',
    editTitle: '编辑员工',
    // Add and edit share the page (?id= edits): the page itself checks add or edit.
    perm: 'merchant:employee:list',
    parentKey: 'merchant.employee.list',
    component: lazyPage(() => import('./pages/EmployeeFormPage.tsx')),
  },
];
