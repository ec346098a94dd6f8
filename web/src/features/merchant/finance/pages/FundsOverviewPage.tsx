import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Row, Segmented, Space, Statistic } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { QueryError } from '../../../../components/QueryState.tsx';
import { overviewQuery, trendQuery } from '../api/finance.ts';
import { BalanceCards } from '../components/BalanceCards.tsx';
import { yuan } from '../components/money.ts';
import { TrendChart } from '../components/TrendChart.tsx';
import { toApiDate } from '../../../../lib/format.ts';
import { pickerNow } from '../../../../lib/zone.ts';

type Granularity = 'day' | 'month';
const defaultRange = (g: Granularity): [Dayjs, Dayjs] =>
  g === 'day'
    ? [pickerNow().subtract(29, 'day'), pickerNow()]
    : [pickerNow().subtract(11, 'month').startOf('month'), pickerNow()];

/** 资金总览 (/caiwuzijinzonglan): the figures and the income/expense trend over a chosen range. */
export default function FundsOverviewPage() {
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(defaultRange('day'));
  const overview = useQuery(overviewQuery);
  const params = { granularity, startDate: toApiDate(range[0]), endDate: toApiDate(range[1]) };
  const trend = useQuery(trendQuery(params));
  const income = trend.data?.reduce((s, p) => s + p.income, 0) ?? 0;
  const expense = trend.data?.reduce((s, p) => s + p.expense, 0) ?? 0;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <BalanceCards
        data={overview.data}
        loading={overview.isLoading}
        error={overview.error}
        onRetry={overview.refetch}
      />
      <Card
        className="jz-card"
        variant="borderless"
        title={overview.data?.scope === 'shops' ? '收支趋势（仅所管门店的结算）' : '收支趋势'}
        extra={
          <Space>
            <Segmented<Granularity>
              value={granularity}
              options={[
                { label: '按日', value: 'day' },
                { label: '按月', value: 'month' },
              ]}
              onChange={(g) => {
                setGranularity(g);
                setRange(defaultRange(g));
              }}
            />
            <DatePicker.RangePicker
              picker={granularity === 'day' ? 'date' : 'month'}
              value={range}
              allowClear={false}
              disabledDate={(d) => d.isAfter(pickerNow(), 'day')}
              onChange={(v) => {
                if (v?.[0] && v[1]) setRange([v[0], granularity === 'month' ? v[1].endOf('month') : v[1]]);
              }}
            />
          </Space>
        }
      >
        <Row gutter={16} style={{ marginBottom: 8 }}>
          <Col span={8}>
            <Statistic title="期间收入" value={yuan(income)} styles={{ content: { color: '#237804' } }} />
          </Col>
          <Col span={8}>
            <Statistic title="期间支出" value={yuan(expense)} styles={{ content: { color: '#cf1322' } }} />
          </Col>
          <Col span={8}>
            <Statistic title="期间净额" value={yuan(income - expense)} />
          </Col>
        </Row>
        {trend.isError && !trend.data ? (
          <QueryError error={trend.error} onRetry={trend.refetch} compact />
        ) : (
          <TrendChart data={trend.data} loading={trend.isFetching} />
        )}
      </Card>
    </Space>
  );
}
