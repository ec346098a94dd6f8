import type { FrozenSettlement } from '@jz/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QueryError } from '../../../../components/QueryState.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { financeKeys, getFrozenPage, overviewQuery } from '../api/finance.ts';
import { RefLink } from '../components/LedgerColumns.tsx';
import { fmtTime, yuan } from '../components/money.ts';
import { businessNow, toBusiness } from '../../../../lib/zone.ts';

const columns: ColumnsType<FrozenSettlement> = [
  {
    title: '订单',
    dataIndex: 'orderNo',
    width: 260,
    render: (v: string) => <RefLink row={{ refType: 'settlement', refNo: v }} />,
  },
  { title: '订单金额', dataIndex: 'orderAmount', width: 120, align: 'right', render: (v: number) => yuan(v) },
  {
    title: '平台佣金',
    dataIndex: 'commission',
    width: 140,
    align: 'right',
    render: (v: number, r) => (
      <span>
        {yuan(v)} <Typography.Text type="secondary">({r.commissionRate}%)</Typography.Text>
      </span>
    ),
  },
  {
    title: '冻结金额',
    dataIndex: 'amount',
    width: 120,
    align: 'right',
    render: (v: number) => <Typography.Text strong>{yuan(v)}</Typography.Text>,
  },
  { title: '完成时间', dataIndex: 'completedAt', width: 150, render: (v: string) => fmtTime(v) },
  {
    title: '解冻时间',
    dataIndex: 'unfreezeAt',
    width: 220,
    render: (v: string) => {
      const days = Math.max(0, Math.ceil((toBusiness(v)?.diff(businessNow(), 'hour') ?? 0) / 24));
      return (
        <Space>
          {fmtTime(v)}
          <Tag color={days <= 1 ? 'green' : 'orange'}>{days <= 0 ? '即将解冻' : `${days} 天后`}</Tag>
        </Space>
      );
    },
  },
];

const ShopOnlyHint = () => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    仅可管理全部门店的账号可见
  </Typography.Text>
);

/** 不可提现金额 (/buketixianjine): the settlements still frozen, when each unfreezes, and their total. */
export default function FrozenPage() {
  const overview = useQuery(overviewQuery);
  const summary = useQuery({
    queryKey: [...financeKeys.frozen, 'summary'],
    queryFn: () => getFrozenPage({ pageNum: 1, pageSize: 1 }),
  });
  const failed = [summary, overview].find((q) => q.isError && !q.data);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card" variant="borderless">
        {failed ? (
          <QueryError error={failed.error} onRetry={failed.refetch} compact />
        ) : (
          <Row gutter={16}>
            <Col span={6}>
              <Statistic
                title="不可提现金额合计"
                value={yuan(summary.data?.totalAmount)}
                styles={{ content: { color: '#ad4e00' } }}
                loading={summary.isLoading}
              />
            </Col>
            <Col span={6}>
              <Statistic
                title="冻结中的结算"
                value={summary.data?.total ?? 0}
                suffix="笔"
                loading={summary.isLoading}
              />
            </Col>
            <Col span={6}>
              {overview.data?.scope === 'shops' ? (
                // 可提现 is the merchant account's, not a shop's: a shop-limited account does not get it.
                <Statistic title="可提现" value="—" suffix={<ShopOnlyHint />} />
              ) : (
                <Statistic
                  title="可提现"
                  value={yuan(overview.data?.withdrawable)}
                  styles={{ content: { color: '#237804' } }}
                  loading={overview.isLoading}
                />
              )}
            </Col>
            <Col span={6}>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                订单完成后结算金额冻结 T+{overview.data?.rules.settleDays ?? 7} 天，到期由系统自动解冻并转为可提现。
              </Typography.Paragraph>
            </Col>
          </Row>
        )}
      </Card>
      <DataTable
        queryKey={financeKeys.frozen}
        fetcher={getFrozenPage}
        columns={columns}
        search={[
          { name: 'orderNo', label: '订单号', width: 200 },
          { name: 'unfreezeAt', label: '解冻日期', type: 'dateRange' },
        ]}
        scrollX={1100}
      />
    </Space>
  );
}
