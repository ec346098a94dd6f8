import {
  AuditOutlined,
  CreditCardOutlined,
  LineChartOutlined,
  LockOutlined,
  TransactionOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table } from 'antd';
import { useNavigate } from 'react-router';
import { tableStates } from '../../../../components/QueryState.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { type PageKey, pagePath } from '../../../../lib/page-registry.ts';
import { financeKeys, getLedgerPage, overviewQuery } from '../api/finance.ts';
import { BalanceCards } from '../components/BalanceCards.tsx';
import { ledgerColumns } from '../components/LedgerColumns.tsx';
import { yuan } from '../components/money.ts';

const ACTIONS = [
  {
    page: 'merchant.finance.withdraw',
    label: '申请提现',
    perm: 'merchant:finance:withdrawList',
    icon: <TransactionOutlined />,
    primary: true,
    accountOnly: true,
  },
  {
    page: 'merchant.finance.overview',
    label: '资金总览',
    perm: 'merchant:finance:overview',
    icon: <LineChartOutlined />,
  },
  {
    page: 'merchant.finance.ledger',
    label: '收支明细',
    perm: 'merchant:finance:ledger',
    icon: <UnorderedListOutlined />,
  },
  { page: 'merchant.finance.frozen', label: '不可提现金额', perm: 'merchant:finance:frozen', icon: <LockOutlined /> },
  {
    page: 'merchant.finance.binding',
    label: '绑定记录',
    perm: 'merchant:finance:card',
    icon: <CreditCardOutlined />,
    accountOnly: true,
  },
] satisfies { page: PageKey; [field: string]: unknown }[];

/** 财务管理 (/caiwuguanli): the balance cards, quick actions and the latest ledger entries. */
export default function FinanceHomePage() {
  const navigate = useNavigate();
  const overview = useQuery(overviewQuery);
  const canLedger = hasPerm('merchant:finance:ledger');
  const recent = useQuery({
    queryKey: [...financeKeys.ledger, { pageNum: 1, pageSize: 8 }],
    queryFn: () => getLedgerPage({ pageNum: 1, pageSize: 8 }),
    enabled: canLedger,
  });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <BalanceCards
        data={overview.data}
        loading={overview.isLoading}
        error={overview.error}
        onRetry={overview.refetch}
      />
      <Card className="jz-card" variant="borderless" title="快捷操作">
        <Space wrap>
          {ACTIONS.filter(
            // Withdrawals and cards are the merchant account's: the server refuses them to a shop-limited account.
            (a) => hasPerm(a.perm) && !(overview.data?.scope === 'shops' && 'accountOnly' in a),
          ).map((a) => (
            <Button
              key={a.page}
              type={a.primary ? 'primary' : 'default'}
              icon={a.icon}
              onClick={() => navigate(pagePath(a.page))}
            >
              {a.label}
            </Button>
          ))}
        </Space>
        {overview.data?.onboarding.withdrawHint && (
          <Alert
            style={{ marginTop: 12 }}
            type="warning"
            showIcon
            title={overview.data.onboarding.withdrawHint}
            action={
              hasPerm('merchant:finance:jinjian:query') && (
                <Button size="small" onClick={() => navigate(pagePath('merchant.jinjian'))}>
                  用户进件
                </Button>
              )
            }
          />
        )}
        {overview.data && (
          <div style={{ marginTop: 12, color: '#666' }}>
            <AuditOutlined /> 平台规则：佣金 {overview.data.rules.commissionRate}%，订单完成后 T+
            {overview.data.rules.settleDays} 天解冻，最低提现 {yuan(overview.data.rules.minWithdraw)}，手续费{' '}
            {yuan(overview.data.rules.withdrawFee)}/笔
          </div>
        )}
      </Card>
      {canLedger && (
        <Card
          className="jz-card"
          variant="borderless"
          title="最近收支"
          extra={
            <Button type="link" onClick={() => navigate(pagePath('merchant.finance.ledger'))}>
              查看全部
            </Button>
          }
        >
          <Table
            className="jz-table"
            rowKey="id"
            size="middle"
            columns={ledgerColumns(true, overview.data?.scope === 'shops')}
            dataSource={recent.data?.records ?? []}
            pagination={false}
            {...tableStates(recent, { empty: '暂无收支，订单完成结算后会出现在这里' })}
          />
        </Card>
      )}
    </Space>
  );
}
