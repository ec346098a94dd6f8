import { type MenuSeed, menuButton } from '../menu.ts';

const m = (key: string, name: string, sort: number, perms: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  key,
  name,
  type: 'ANNIU',
  scope: 'merchant',
  sort,
  perms,
  ...extra,
});

/**
 * 账号设置. 修改账号名 / 修改密码 / 修改手机号 are registry pages under 我的账号 (parentKey 'account.mine');
 * 新增账号 and 账号详情 hang under 子账号与权限. Self-service calls (my account, name, password, phone) are open to every
 * signed-in user, so a sub-account reaches them from the header even without this folder; the codes below guard the
 * team pages. Permission codes: merchant:account:* (my account, licences), merchant:subaccount:* (team),
 * sys:licence:* (platform audit).
 */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.account',
    name: '账号设置',
    type: 'CAIDAN',
    scope: 'merchant',
    sort: 900,
    icon: 'SafetyCertificateOutlined',
    children: [
      m('account.mine', '我的账号', 1, 'merchant:account:mine', {
        type: 'ZICAIDAN',
        icon: 'UserOutlined',
        routerUrl: '/wodezhanghao',
        component: 'account.mine',
      }),
      m('account.licence', '我的证照', 2, 'merchant:account:licence', {
        type: 'ZICAIDAN',
        icon: 'IdcardOutlined',
        routerUrl: '/wodezhengzhao',
        component: 'account.licence',
        children: [
          m('account.licence.add', '新增证照', 1, 'merchant:account:licenceAdd'),
          m('account.licence.edit', '编辑证照', 2, 'merchant:account:licenceEdit'),
          m('account.licence.del', '删除证照', 3, 'merchant:account:licenceDel'),
        ],
      }),
      m('account.sub', '子账号与权限', 3, 'merchant:subaccount:list', {
        type: 'ZICAIDAN',
        icon: 'TeamOutlined',
        routerUrl: '/zizhanghaoyuquanxian',
        component: 'account.sub',
        children: [
          m('account.sub.query', '账号详情', 1, 'merchant:subaccount:query'),
          m('account.sub.add', '新增账号', 2, 'merchant:subaccount:add'),
          m('account.sub.edit', '编辑账号', 3, 'merchant:subaccount:edit'),
          m('account.sub.status', '启用/停用账号', 4, 'merchant:subaccount:status'),
          m('account.sub.rePassword', '重置密码', 5, 'merchant:subaccount:rePassword'),
          m('account.sub.del', '删除账号', 6, 'merchant:subaccount:del'),
          m('account.sub.role', '角色管理', 7, 'merchant:subaccount:role'),
        ],
      }),
    ],
  },
  {
    key: 'platform.licenceAudit',
    parentKey: 'sys',
    name: '证照审核',
    type: 'ZICAIDAN',
    scope: 'platform',
    sort: 75,
    icon: 'AuditOutlined',
    routerUrl: '/sys/licence-audit',
    component: 'platform.licenceAudit',
    perms: 'sys:licence:list',
    children: [menuButton('platform.licenceAudit.audit', '审核证照', 1, 'sys:licence:audit')],
  },
];
