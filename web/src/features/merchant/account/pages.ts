import { lazyPage } from '../../../lib/lazy-page.ts';
import type { PageDef } from '../../../lib/page-registry.ts';

/**
 * 账号设置. 我的账号 and its three change pages carry no perm: every signed-in user reaches its own
 * account from the header (the server's self-service calls are signedIn). The team pages need merchant:subaccount:*.
 */
export const pages: PageDef[] = [
  {
    key: 'account.mine',
    path: '/wodezhanghao',
    title: '我的账号',
    component: lazyPage(() => import('./pages/MyAccountPage.tsx')),
  },
  {
    key: 'account.loginName',
    path: '/xiugaizhanghaoming',
    title: '修改账号名',
    parentKey: 'account.mine',
    component: lazyPage(() => import('./pages/LoginNamePage.tsx')),
  },
  {
    key: 'account.password',
    path: '/xiugaimima',
    title: '修改密码',
    parentKey: 'account.mine',
    component: lazyPage(() => import('./pages/PasswordPage.tsx')),
  },
  {
    key: 'account.phone',
    path: '/xiugaishoujihao',
    title: '修改手机号',
    parentKey: 'account.mine',
    component: lazyPage(() => import('./pages/PhonePage.tsx')),
  },
  {
    // 提醒设置: how this browser alerts of a new order; reached from the header's user menu.
    key: 'account.alerts',
    path: '/tixingshezhi',
    title: '提醒设置',
    parentKey: 'account.mine',
    component: lazyPage(() => import('./pages/AlertSettingsPage.tsx')),
  },
  {
    key: 'account.sub',
    path: '/zizhanghaoyuquanxian',
    title: '子账号与权限',
    perm: 'merchant:subaccount:list',
    component: lazyPage(() => import('./pages/SubAccountPage.tsx')),
  },
  {
    key: 'account.subForm',
    path: '/xinzengzhanghao',
    title: '新增账号',
    // Add and edit share the page (?id= edits): the page itself checks add or edit.
    perm: 'merchant:subaccount:list',
    parentKey: 'account.sub',
    component: lazyPage(() => import('./pages/SubAccountFormPage.tsx')),
  },
  {
    key: 'account.subDetail',
    path: '/zhanghaoxiangqing',
    title: '账号详情',
    perm: 'merchant:subaccount:query',
    parentKey: 'account.sub',
    component: lazyPage(() => import('./pages/SubAccountDetailPage.tsx')),
  },
];
