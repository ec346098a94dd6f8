import { type MenuSeed, menuButton } from '../menu.ts';

const page = (
  key: string,
  name: string,
  sort: number,
  icon: string,
  routerUrl: string,
  perms: string,
  buttons: MenuSeed[] = [],
): MenuSeed => ({
  key,
  name,
  type: 'ZICAIDAN',
  scope: 'merchant',
  sort,
  icon,
  routerUrl,
  component: key,
  perms,
  children: buttons.length ? buttons : undefined,
});
/** The merchant scope's buttons. */
const button = (key: string, name: string, sort: number, perms: string) =>
  menuButton(key, name, sort, perms, 'merchant');

/**
 * 财务中心: the merchant folder with its six pages, and 提现审核 in the platform toolkit.
 * Permission codes: merchant:finance:* and sys:withdraw:*. The folder was 财务管理 like its first page
 * (one name for two things).
 */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.finance',
    name: '财务中心',
    formerNames: ['财务管理'],
    type: 'CAIDAN',
    scope: 'merchant',
    sort: 60,
    icon: 'AccountBookOutlined',
    children: [
      page('merchant.finance.home', '财务管理', 1, 'WalletOutlined', '/caiwuguanli', 'merchant:finance:view'),
      page(
        'merchant.finance.overview',
        '资金总览',
        2,
        'LineChartOutlined',
        '/caiwuzijinzonglan',
        'merchant:finance:overview',
      ),
      page(
        'merchant.finance.ledger',
        '收支明细',
        3,
        'UnorderedListOutlined',
        '/shouzhimingxi',
        'merchant:finance:ledger',
        [button('merchant.finance.ledger.export', '导出明细', 1, 'merchant:finance:export')],
      ),
      page(
        'merchant.finance.withdraw',
        '提现',
        4,
        'TransactionOutlined',
        '/caiwutixian',
        'merchant:finance:withdrawList',
        [button('merchant.finance.withdraw.add', '申请提现', 1, 'merchant:finance:withdraw')],
      ),
      page('merchant.finance.frozen', '不可提现金额', 5, 'LockOutlined', '/buketixianjine', 'merchant:finance:frozen'),
      page('merchant.finance.binding', '绑定记录', 6, 'CreditCardOutlined', '/bangdingjilu', 'merchant:finance:card', [
        button('merchant.finance.binding.bind', '绑定银行卡', 1, 'merchant:finance:bind'),
        button('merchant.finance.binding.unbind', '解绑银行卡', 2, 'merchant:finance:unbind'),
      ]),
    ],
  },
  {
    key: 'platform.withdrawAudit',
    parentKey: 'sys',
    name: '提现审核',
    type: 'ZICAIDAN',
    scope: 'platform',
    sort: 70,
    icon: 'AuditOutlined',
    routerUrl: '/sys/withdraw-audit',
    component: 'platform.withdrawAudit',
    perms: 'sys:withdraw:list',
    children: [menuButton('platform.withdrawAudit.audit', '审核提现', 1, 'sys:withdraw:audit')],
  },
];
