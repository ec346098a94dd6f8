import { PAGE_SIZES } from '@jz/contracts/envelope';
import { PageLink } from '../../../../components/PageLink.tsx';
import type { EmployeeSortField, EmployeeStatsRow } from '@jz/contracts/stats';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Table, Typography } from 'antd';
// The search box alone: Input's index brings Password, TextArea and the rest (docs/performance-browser.md).
import Search from 'antd/es/input/Search';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { ExportButton } from '../../../../components/ExportButton.tsx';
import { QueryError, tableStates } from '../../../../components/QueryState.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { exportEmployeeStats, getEmployeeStats, statsKeys } from '../api/stats.ts';
import { Chart } from '../components/Chart.tsx';
import { yuan } from '../components/money.ts';
import { lastDays, RangeBar, type RangeValue } from '../components/RangeBar.tsx';

const TOP = 10;
const DEFAULT_DAYS = 30;

/**
 * 员工数据 (/gongsiyuangongshuju): per employee over a date range (Shanghai days): orders served (completed in the
 * range), revenue, average rating of the reviews posted in the range, cancellations; sorted on the server.
 */
export default function EmployeeStatsPage() {
  const [range, setRange] = useState<RangeValue>(lastDays(DEFAULT_DAYS));
  const [sort, setSort] = useState<{ sortField?: EmployeeSortField; sortOrder?: 'asc' | 'desc' }>({});
  const [name, setName] = useState('');
  const [pager, setPager] = useState({ current: 1, pageSize: 10 });
  const params = { ...range, ...sort };
  const q = useQuery({ queryKey: [...statsKeys.all, 'employee', params], queryFn: () => getEmployeeStats(params) });
  const all = q.data?.rows ?? [];
  // The merchant's employees are few (one row each): the name search filters the answer in the browser.
  const keyword = name.trim();
  const rows = keyword ? all.filter((r) => r.name.includes(keyword)) : all;
  const top = [...all]
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
      render: (v: string, r) => (
        <PageLink page="merchant.employee.detail" query={{ id: r.employeeId }}>
          {v}
        </PageLink>
      ),
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
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card" variant="borderless">
        <RangeBar
          value={range}
          defaultDays={DEFAULT_DAYS}
          onChange={(v) => {
            setRange(v);
            setPager((p) => ({ ...p, current: 1 }));
          }}
          search={
            <Search
              aria-label="员工姓名"
              placeholder="员工姓名"
              allowClear
              style={{ width: 180 }}
              onSearch={(v) => {
                setName(v);
                setPager((p) => ({ ...p, current: 1 }));
              }}
            />
          }
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
                legend: { data: ['服务收入（元）', '服务订单'], top: 0 },
                grid: { left: 90, right: 40, top: 36, bottom: 24 },
                xAxis: [
                  { type: 'value', name: '元' },
                  { type: 'value', name: '单', minInterval: 1 },
                ],
                yAxis: { type: 'category', data: top.map((r) => r.name) },
                series: [
                  {
                    name: '服务收入（元）',
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
              {...tableStates(q, { empty: keyword ? `没有姓名包含「${keyword}」的员工` : '所选时间段内暂无员工数据' })}
              dataSource={rows}
              columns={columns}
              pagination={{
                ...pager,
                pageSizeOptions: PAGE_SIZES.map(String),
                showSizeChanger: { 'aria-label': '每页条数' },
                showQuickJumper: true,
                showTotal: (n) => `共 ${n} 名员工`,
              }}
              onChange={(p, _f, sorter) => {
                setPager({ current: p.current ?? 1, pageSize: p.pageSize ?? 10 });
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
