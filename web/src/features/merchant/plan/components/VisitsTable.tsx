import { ORDER_STATUS_NAME, type OrderStatus } from '@jz/contracts/constants/order';
import { VISIT_STATUS } from '@jz/contracts/constants/plan';
import type { PlanDetail, VisitRow } from '@jz/contracts/plan';
import { Button, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RowAction } from '../../../../components/RowAction.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { formatDate, formatDateTime } from '../../../../lib/format.ts';
import { isLiveVisit } from './plan-status.tsx';

const VISIT_COLOR: Record<VisitRow['status'], string> = {
  pending: 'processing',
  booked: 'success',
  exception: 'error',
  skipped: 'default',
  resolved: 'default',
  cancelled: 'default',
};

/** The visit's state: its order's once booked (待付款, 待服务…), else the visit's own. */
export function visitLabel(v: Pick<VisitRow, 'status' | 'orderStatus'>) {
  if (v.status === 'booked' && v.orderStatus !== null) return ORDER_STATUS_NAME[v.orderStatus as OrderStatus];
  return VISIT_STATUS[v.status];
}

/**
 * 周期服务详情's visits: the booked and failed ones in a table (重试 / 已处理 on an exception, 跳过 on a visit not served
 * yet) and the later days of the rule not booked yet (跳过 each). What is asked before each action is the caller's.
 */
export function VisitsTable({
  plan,
  onSkip,
  onRetry,
  onResolve,
}: {
  plan: PlanDetail;
  /** `live`: the day has an order, which 跳过 cancels. */
  onSkip: (date: string, live: boolean) => void;
  onRetry: (visitId: number) => void;
  onResolve: (visitId: number) => void;
}) {
  const columns: ColumnsType<VisitRow> = [
    { title: '日期', dataIndex: 'date', width: 110, render: (d: string) => formatDate(d) },
    { title: '时间', dataIndex: 'appointmentAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, v) => (
        <Space size={4}>
          <Tag color={VISIT_COLOR[v.status]}>{visitLabel(v)}</Tag>
          {v.offRule && (
            <Tooltip title="改时间后这张订单仍是原时间：可在订单中改约，或保留">
              <Tag color="warning">原时间</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '订单 / 原因',
      key: 'info',
      render: (_, v) =>
        v.status === 'exception' || v.status === 'resolved' ? (
          <span style={{ color: v.status === 'exception' ? '#cf1322' : undefined }}>
            {v.reason}
            {v.note ? `（处理：${v.note}）` : ''}
          </span>
        ) : (
          <span>
            {v.orderNo ?? '-'}
            {v.employeeName ? ` · ${v.employeeName}` : ''}
          </span>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 150,
      render: (_, v) => (
        <Auth perm="merchant:plan:edit">
          <Space size={4}>
            {v.status === 'exception' && (
              <>
                <RowAction onClick={() => onRetry(v.id)}>重试</RowAction>
                <RowAction onClick={() => onResolve(v.id)}>已处理</RowAction>
              </>
            )}
            {plan.status !== 'ended' && (v.status === 'exception' || isLiveVisit(v)) && (
              <RowAction onClick={() => onSkip(v.date, v.status === 'booked')}>跳过</RowAction>
            )}
          </Space>
        </Auth>
      ),
    },
  ];

  return (
    <>
      <h4>即将到来的服务</h4>
      <Table<VisitRow>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={plan.visits}
        locale={{ emptyText: plan.status === 'active' ? '暂无，点击「立即排期」下单' : '暂无' }}
      />
      {plan.upcoming.length > 0 && (
        <>
          <h4 style={{ marginTop: 16 }}>之后的服务日（尚未下单）</h4>
          <Space wrap>
            {plan.upcoming.map((u) => (
              <Tag key={u.date}>
                {formatDateTime(u.appointmentAt)}
                <Auth perm="merchant:plan:edit">
                  <Button size="small" type="link" onClick={() => onSkip(u.date, false)}>
                    跳过
                  </Button>
                </Auth>
              </Tag>
            ))}
          </Space>
        </>
      )}
    </>
  );
}
