import type { EmployeeSortField, EmployeeStatsRow } from '@jz/contracts/stats';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Table, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { Link } from 'react-router';
import { ExportButton } from '../../../../components/ExportButton.tsx';
import { QueryError, tableStates } from '../../../../components/QueryState.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { exportEmployeeStats, getEmployeeStats, statsKeys } from '../api/stats.ts';
import { Chart } from '../components/Chart.tsx';
import { yuan } from '../components/money.ts';
import { lastDays, RangeBar, type RangeValue } from '../components/RangeBar.tsx';

const TOP = 10;

/**
 * 员工数据 (/gongsiyuangongshuju): per employee over a date range (Shanghai days): orders served (completed in the
 * range), revenue, average rating of the reviews posted in the range, cancellations; sorted on the server.
 */
export default function EmployeeStatsPage() {
  const [range, setRange] = useState<RangeValue>(lastDays(30));
  const [sort, setSort] = useState<{ sortField?: EmployeeSortField; sortOrder?: 'asc' | 'desc' }>({});
  const params = { ...range, ...sort };
  const q = useQuery({ queryKey: [...statsKeys.all, 'employee', params], queryFn: () => getEmployeeStats(params) });
  const rows = q.data?.rows ?? [];
  const top = [...rows]
    .filter((r) => r.revenue > 0 || r.ordersServed > 0)
    .sort((a, b) => b.revenue - a.revenue || b.ordersServed - a.ordersServed)
    .slice(0, TOP)
    .reverse();

  const sortable = (key: EmployeeSortField) => ({
    key,
    sorter: true,
    sortOrder: sort.sortField === key ? (sort.sortOrder === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  const columns: ColumnsType<EmployeeStatsRow> = [
    {
      title: '员工',
      dataIndex: 'name',
      render: (v: string, r) => <Link to={`/gongsiyuangongxiangqing?id=${r.employeeId}`}>{v}</Link>,
    },
    { title: '店铺', dataIndex: 'shopName' },
    {
      title: '工作状态',
      dataIndex: 'workState',
      width: 100,
      render: (v: number) => <DictTag type="employee_work_state" value={v} />,
    },
    { title: '服务订单', dataIndex: 'ordersServed', width: 110, ...sortable('ordersServed') },
    { title: '服务收入', dataIndex: 'revenue', width: 130, render: yuan, ...sortable('revenue') },
    {
      title: '平均评分',
      dataIndex: 'avgRating',
      width: 110,
      render: (v: number | null) => (v === null ? '-' : v.toFixed(2)),
      ...sortable('avgRating'),
    },
    { title: '评价数', dataIndex: 'reviewCount', width: 100, ...sortable('reviewCount') },
    { title: '取消订单', dataIndex: 'cancellations', width: 110, ...sortable('cancellations') },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card" variant="borderless">
        <RangeBar
          value={range}
          onChange={setRange}
          extra={
            <Auth perm="merchant:stats:employeeExport">
              <ExportButton onExport={() => exportEmployeeStats(params)} />
            </Auth>
          }
        />
      </Card>
      {q.isError && !q.data ? (
        <Card className="jz-card" variant="borderless">
          <QueryError error={q.error} onRetry={q.refetch} />
        </Card>
      ) : (
        <>
          <Card className="jz-card" variant="borderless" title={`服务收入 Top ${TOP}`}>
            <Chart
              empty={!q.isLoading && top.length === 0}
              height={Math.max(220, top.length * 36 + 60)}
              option={{
                tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
                legend: { data: ['服务收入(元)', '服务订单'], top: 0 },
                grid: { left: 90, right: 40, top: 36, bottom: 24 },
                xAxis: [
                  { type: 'value', name: '元' },
                  { type: 'value', name: '单', minInterval: 1 },
                ],
                yAxis: { type: 'category', data: top.map((r) => r.name) },
                series: [
                  {
                    name: '服务收入(元)',
                    type: 'bar',
                    data: top.map((r) => r.revenue / 100),
                    itemStyle: { color: '#1677ff' },
                    label: { show: true, position: 'right' },
                  },
                  {
                    name: '服务订单',
                    type: 'bar',
                    xAxisIndex: 1,
                    data: top.map((r) => r.ordersServed),
                    itemStyle: { color: '#52c41a' },
                  },
                ],
              }}
            />
          </Card>
          <Card
            className="jz-card"
            variant="borderless"
            title={
              <Space>
                员工数据
                <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                  {q.data ? `${q.data.startDate} 至 ${q.data.endDate}` : ''}
                </Typography.Text>
              </Space>
            }
          >
            <Table<EmployeeStatsRow>
              rowKey="employeeId"
              size="middle"
              {...tableStates(q, { empty: '所选时间段内暂无员工数据' })}
              dataSource={rows}
              columns={columns}
              pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 名员工`, hideOnSinglePage: true }}
              onChange={(_p, _f, sorter) => {
                const s = sorter as SorterResult<EmployeeStatsRow>;
                setSort(
                  s.order
                    ? { sortField: s.columnKey as EmployeeSortField, sortOrder: s.order === 'ascend' ? 'asc' : 'desc' }
                    : {},
                );
              }}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
