import type { Order, OrderPage } from '@jz/contracts/order';
import { ORDER_STATUS_NAME, ORDER_STATUSES } from '@jz/contracts/constants/order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { startTransition, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CopyText } from '../../../../components/CopyText.tsx';
import { ExportButton } from '../../../../components/ExportButton.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useOrderEvents } from '../../../../components/order-badge/order-stream.ts';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import { filterField } from '../../../../components/data-table/owner-filter-field.ts';
import { exportOrders, getOrderPage, orderKeys, useFilterOptions } from '../api/order.ts';
import { type OrderDialog, OrderActions } from '../components/OrderActions.tsx';
import { goodsLine, goodsParts } from '../components/goods-line.ts';
import { PaidCell } from '../components/card-payment.tsx';
import { formatDateTime, formatShortDateTime } from '../../../../lib/format.ts';
import { shopSearchField } from '../../../../components/data-table/shop-search-field.ts';

import { AssignModal, CancelModal, OrderDetailDrawer, RescheduleModal } from '../components/lazy-dialogs.ts';

/**
 * 订单管理 (/dingdanguanli): the orders of the current shop (or all shops), status tabs with counts, search (下单日期
 * and 预约日期 among them; the export takes the same filters), the detail drawer (also opened by ?id= from a message), actions by state and the export.
 */
export default function OrderListPage() {
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  const { data: init } = useQuery(initPcQuery);
  const filterOptions = useFilterOptions();
  const [status, setStatus] = useState<string>('all');
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [dialog, setDialog] = useState<OrderDialog>(null);
  const detailId = Number(params.get('id')) || null;
  const openDetail = (id: number | null) => setParams(id ? { id: String(id) } : {}, { replace: true });

  // A new or changed order anywhere in the shop refreshes the list and its counts.
  useOrderEvents(useCallback(() => void qc.invalidateQueries({ queryKey: orderKeys.all }), [qc]));

  // Identifying and state columns stay in view at 1600 px: 下单时间 sits under the order number, 店铺 with
  // the goods; the rest can be hidden through 列设置.
  const columns: ColumnsType<Order> = [
    {
      title: '订单号',
      key: 'orderNo',
      dataIndex: 'orderNo',
      width: 210,
      render: (no: string, r) => (
        <Space orientation="vertical" size={0}>
          <CopyText text={no} />
          <Typography.Text type="secondary" data-testid="order-created">
            下单 {formatDateTime(r.createdAt)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '商品',
      key: 'goods',
      dataIndex: 'goodsName',
      width: 240,
      render: (_: string, r) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: 224 }}>
          <div style={{ display: 'flex', gap: 4, maxWidth: 224 }} data-testid="order-goods">
            <Typography.Text ellipsis={{ tooltip: goodsLine(r) }} style={{ minWidth: 0 }}>
              {goodsParts(r).what}
            </Typography.Text>
            <Typography.Text style={{ flex: 'none' }}>{goodsParts(r).amount}</Typography.Text>
          </div>
          <Typography.Text type="secondary" ellipsis={{ tooltip: r.shopName }} data-testid="order-shop">
            {r.shopName}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '实付金额',
      key: 'payAmount',
      dataIndex: 'payAmount',
      width: 100,
      render: (_: number, r) => <PaidCell order={r} />,
    },
    {
      title: '客户',
      key: 'customer',
      dataIndex: 'customerName',
      width: 130,
      render: (n: string, r) => (
        <Space orientation="vertical" size={0}>
          <span>{n}</span>
          <Typography.Text type="secondary">{r.customerPhone}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '预约时间',
      key: 'appointmentAt',
      dataIndex: 'appointmentAt',
      width: 120,
      render: (v: string) => formatShortDateTime(v),
    },
    {
      title: '服务人员',
      key: 'employee',
      dataIndex: 'employeeName',
      width: 100,
      render: (v: string | null) => v ?? '-',
    },
    {
      title: '状态',
      key: 'status',
      dataIndex: 'status',
      width: 150,
      render: (s: number, r) => (
        <Space size={4}>
          <DictTag type="order_status" value={s} />
          {r.refundStatus > 0 && <DictTag type="order_refund_status" value={r.refundStatus} />}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      // one line: 详情 接单派员 改约 拒单 更多 (OrderActions moves 打印服务单 into 更多 when a row has more than three)
      width: 236,
      fixed: 'right',
      render: (_, r) => <OrderActions order={r} onDialog={setDialog} onDetail={() => openDetail(r.id)} inRow />,
    },
  ];

  const tabs = [
    { key: 'all', label: '全部', n: counts.all },
    ...ORDER_STATUSES.map((s) => ({ key: String(s), label: ORDER_STATUS_NAME[s], n: counts[s] })),
  ];

  return (
    <>
      <Tabs
        activeKey={status}
        onChange={(key) => startTransition(() => setStatus(key))} // the tab paints first, then the rows
        className="jz-card"
        style={{ background: 'var(--ant-color-bg-container, #fff)', padding: '0 16px', marginBottom: 0 }}
        items={tabs.map((t) => ({
          key: t.key,
          label: (
            <span data-testid={`order-tab-${t.key}`}>
              {t.label}{' '}
              <Badge
                count={t.n ?? 0}
                showZero
                overflowCount={999}
                color={t.key === '20' && t.n ? '#fa8c16' : '#bfbfbf'}
                size="small"
              />
            </span>
          ),
        }))}
      />
      <DataTable<Order>
        title="订单管理"
        queryKey={orderKeys.all}
        fetcher={getOrderPage}
        onData={(d) => setCounts((d as OrderPage).counts)}
        params={status === 'all' ? {} : { status }}
        columns={columns}
        columnSettings={{ id: 'merchant.order.list', locked: ['orderNo', 'status'] }}
        search={[
          { name: 'orderNo', label: '订单号' },
          { name: 'customerPhone', label: '客户手机' },
          { name: 'goodsName', label: '商品' },
          filterField(filterOptions, 'employees'),
          { name: 'created', label: '下单日期', type: 'dateRange' },
          {
            name: 'appointment',
            label: '预约日期',
            type: 'dateRange',
            params: ['appointmentStartDate', 'appointmentEndDate'],
          },
          shopSearchField(init),
        ]}
        toolbar={({ filters }) => (
          <Auth perm="merchant:order:export">
            <ExportButton onExport={() => exportOrders(filters)}>导出 Excel</ExportButton>
          </Auth>
        )}
      />
      <OrderDetailDrawer id={detailId} onClose={() => openDetail(null)} onDialog={setDialog} />
      <AssignModal order={dialog?.kind === 'assign' ? dialog.order : null} onClose={() => setDialog(null)} />
      <CancelModal order={dialog?.kind === 'cancel' ? dialog.order : null} onClose={() => setDialog(null)} />
      <RescheduleModal order={dialog?.kind === 'reschedule' ? dialog.order : null} onClose={() => setDialog(null)} />
    </>
  );
}
