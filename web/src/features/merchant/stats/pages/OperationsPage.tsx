import type { RankItem } from '@jz/contracts/stats';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Space, Statistic, Table } from 'antd';
import { useState } from 'react';
import { CardFlowsPanel } from '../../../../components/card-flows/CardFlowsPanel.tsx';
import { ExportButton } from '../../../../components/ExportButton.tsx';
import { QueryError, tableStates } from '../../../../components/QueryState.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { exportOperations, getOperations, statsKeys } from '../api/stats.ts';
import { Chart } from '../components/Chart.tsx';
import { yuan } from '../components/money.ts';
import { lastDays, RangeBar, type RangeValue } from '../components/RangeBar.tsx';

const money = (fen: number | undefined) => (fen ?? 0) / 100;

/**
 * 运营数据 (/yunyingshuju): the current shop (or all shops) over a date range: orders paid, paid amount, average order
 * value, refunds, new vs returning customers, good-review rate; daily trend, goods ranking and category share. A
 * card-paid order counts at the card cash it used (not its list price); card sales are 预收, shown apart.
 */
export default function OperationsPage() {
  const [range, setRange] = useState<RangeValue>(lastDays(30));
  const q = useQuery({ queryKey: [...statsKeys.all, 'operations', range], queryFn: () => getOperations(range) });
  const d = q.data;

  const card = (
    title: string,
    value: number | string,
    opts: { precision?: number; prefix?: string; suffix?: string } = {},
  ) => (
    <Col xs={12} md={8} xl={4}>
      <Card className="jz-card" variant="borderless" size="small">
        <Statistic title={title} value={value} loading={q.isLoading} {...opts} />
      </Card>
    </Col>
  );
  const rankColumns = [
    { title: '#', key: 'i', width: 48, render: (_: unknown, __: RankItem, i: number) => i + 1 },
    { title: '商品', dataIndex: 'name' },
    { title: '订单数', dataIndex: 'orders', width: 90 },
    { title: '金额', dataIndex: 'amount', width: 120, render: yuan },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card" variant="borderless">
        <RangeBar
          value={range}
          defaultDays={30}
          onChange={setRange}
          extra={
            <Auth perm="merchant:stats:operationsExport">
              <ExportButton onExport={() => exportOperations(range)} />
            </Auth>
          }
        />
      </Card>
      {q.isError && !d ? (
        <Card className="jz-card" variant="borderless">
          <QueryError error={q.error} onRetry={q.refetch} />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {card('支付订单', d?.orders ?? 0)}
            {card('支付金额', money(d?.paidAmount), {
              precision: 2,
              prefix: '¥',
              suffix: d?.cardOrders ? `（含用卡 ${yuan(d.cardPaidAmount)}）` : undefined,
            })}
            {card('客单价', money(d?.avgOrderValue), { precision: 2, prefix: '¥' })}
            {card('退款', `${d?.refundCount ?? 0} 单 / ${yuan(d?.refundAmount ?? 0)}`)}
            {card('新 / 老顾客', `${d?.newCustomers ?? 0} / ${d?.returningCustomers ?? 0}`)}
            {card('好评率', d?.goodRate === null || d?.goodRate === undefined ? '-' : (d.goodRate * 100).toFixed(1), {
              suffix:
                d?.goodRate === null || d?.goodRate === undefined
                  ? undefined
                  : `%（${d.goodReviews}/${d.reviewCount}）`,
            })}
          </Row>
          <Card className="jz-card" variant="borderless" title="预收（卡项）">
            <CardFlowsPanel flows={d?.cards} loading={q.isLoading} />
          </Card>
          <Card className="jz-card" variant="borderless" title="每日趋势">
            {q.isLoading ? (
              <Skeleton active />
            ) : (
              <Chart
                empty={!d?.daily.length}
                option={{
                  tooltip: { trigger: 'axis' },
                  legend: { data: ['支付金额（元）', '支付订单'], top: 0 },
                  grid: { left: 60, right: 60, top: 40, bottom: 32 },
                  xAxis: { type: 'category', data: d?.daily.map((p) => p.date.slice(5)) ?? [] },
                  yAxis: [
                    { type: 'value', name: '元' },
                    { type: 'value', name: '单', minInterval: 1 },
                  ],
                  series: [
                    {
                      name: '支付金额（元）',
                      type: 'line',
                      smooth: true,
                      areaStyle: { opacity: 0.15 },
                      data: d?.daily.map((p) => p.paidAmount / 100) ?? [],
                    },
                    {
                      name: '支付订单',
                      type: 'bar',
                      yAxisIndex: 1,
                      barMaxWidth: 18,
                      data: d?.daily.map((p) => p.orders) ?? [],
                    },
                  ],
                }}
              />
            )}
          </Card>
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <Card className="jz-card" variant="borderless" title="商品排行（按支付金额）">
                <Table<RankItem>
                  rowKey={(r) => String(r.id)}
                  size="small"
                  {...tableStates(q, { empty: '所选时间段内暂无商品成交' })}
                  pagination={false}
                  dataSource={d?.goodsRanking ?? []}
                  columns={rankColumns}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card className="jz-card" variant="borderless" title="类目占比">
                {q.isLoading ? (
                  <Skeleton active />
                ) : !d?.categoryShare.length ? (
                  <Empty description="暂无数据" />
                ) : (
                  <Chart
                    option={{
                      tooltip: { trigger: 'item', formatter: '{b}<br/>¥{c}（{d}%）' },
                      legend: { bottom: 0 },
                      series: [
                        {
                          name: '类目',
                          type: 'pie',
                          radius: ['40%', '68%'],
                          data: d.categoryShare.map((c) => ({ name: c.name, value: c.amount / 100 })),
                        },
                      ],
                    }}
                  />
                )}
              </Card>
            </Col>
          </Row>
        </>
      )}
    </Space>
  );
}
