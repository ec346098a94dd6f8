import type { EmployeeOrderItem } from '@jz/contracts/stats';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Rate, Space, Table, Typography } from 'antd';
import { QueryError, tableStates } from '../../../../components/QueryState.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { employeeOrdersQuery } from '../api/employee.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { CardPaidCell } from '../../../../components/card-paid/CardPaidCell.tsx';
import { LongText } from '../../../../components/LongText.tsx';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';

const t = (iso: string | null) => formatDateTime(iso);

const columns = (timeTitle: string, time: (o: EmployeeOrderItem) => string | null) => [
  { title: '订单号', dataIndex: 'orderNo', width: 200 },
  { title: '商品', dataIndex: 'goodsName' },
  { title: '客户', dataIndex: 'customerName', width: 100 },
  { title: timeTitle, key: 'time', width: 150, render: (_: unknown, o: EmployeeOrderItem) => t(time(o)) },
  // a card-paid order shows the card money it used and the card, as the order list does (not its list price)
  { title: '实付', key: 'paid', width: 120, render: (_: unknown, o: EmployeeOrderItem) => <CardPaidCell order={o} /> },
  { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <DictTag type="order_status" value={v} /> },
];

/**
 * 员工详情: the employee's orders in hand (待服务/服务中), latest finished or cancelled orders, and reviews. Order data
 * (customers, amounts): shown only to holders of 订单管理 (merchant:order:list), as the server answers only them.
 */
export function EmployeeOrders({ employeeId }: { employeeId: number }) {
  const allowed = hasPerm('merchant:order:list');
  const q = useQuery({ ...employeeOrdersQuery(employeeId), enabled: employeeId > 0 && allowed });
  const d = q.data;
  if (!allowed) return null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card" variant="borderless" title="当前订单" size="small">
        <Table<EmployeeOrderItem>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d?.current ?? []}
          columns={columns('预约时间', (o) => o.appointmentAt)}
          {...tableStates(q, { empty: '暂无进行中的订单' })}
        />
      </Card>
      <Card className="jz-card" variant="borderless" title="最近订单" size="small">
        <Table<EmployeeOrderItem>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d?.recent ?? []}
          columns={columns('完成时间', (o) => o.completedAt)}
          {...tableStates(q, { empty: '暂无已完成的订单' })}
        />
      </Card>
      <Card
        className="jz-card"
        variant="borderless"
        size="small"
        title={
          <Space>
            评价
            {d?.avgRating !== null && d?.avgRating !== undefined && (
              <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                平均 {d.avgRating.toFixed(1)} 分 · 共 {d.reviewCount} 条
              </Typography.Text>
            )}
          </Space>
        }
      >
        {q.isError && !d ? (
          <QueryError error={q.error} onRetry={q.refetch} compact />
        ) : !q.isLoading && !d?.reviews.length ? (
          <Empty description="暂无评价" />
        ) : (
          <ItemList
            loading={q.isLoading}
            dataSource={d?.reviews ?? []}
            renderItem={(r) => (
              <ItemList.Item key={r.id}>
                <ItemList.Meta
                  title={
                    <Space>
                      <Rate disabled value={r.rating} style={{ fontSize: 13 }} />
                      <Typography.Text type="secondary">
                        {r.customerNickname} · {r.goodsName} · {t(r.createdAt)}
                      </Typography.Text>
                    </Space>
                  }
                  description={
                    <>
                      <LongText text={r.content} rows={2} />
                      {r.merchantReply && (
                        <Typography.Text type="secondary">商家回复：{r.merchantReply}</Typography.Text>
                      )}
                    </>
                  }
                />
              </ItemList.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}
