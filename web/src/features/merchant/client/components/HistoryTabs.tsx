import type { ClientOrder, ClientReview } from '@jz/contracts/client';
import { ORDER_STATUS_NAME, type OrderStatus } from '@jz/contracts/constants/order';
import { useState } from 'react';
import { formatDateTime, formatYuan } from '../../../../lib/format.ts';
import { useClientOrders, useClientReviews } from '../api/client.ts';
import { ClientPagedTable } from './ClientPagedTable.tsx';

/** 客户详情's 订单记录: the client's orders, newest first. */
export function OrdersTab({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  return (
    <ClientPagedTable<ClientOrder>
      query={useClientOrders(id, page)}
      page={page}
      onPage={setPage}
      empty="暂无订单"
      columns={[
        { title: '订单号', dataIndex: 'orderNo' },
        { title: '服务', dataIndex: 'goodsName', render: (v, r) => (r.specName ? `${v} · ${r.specName}` : v) },
        { title: '店铺', dataIndex: 'shopName' },
        { title: '预约时间', dataIndex: 'appointmentAt', render: (v: string) => formatDateTime(v) },
        { title: '服务人员', dataIndex: 'employeeName', render: (v: string | null) => v ?? '-' },
        { title: '金额', dataIndex: 'payAmount', render: (v: number) => formatYuan(v) },
        { title: '状态', dataIndex: 'status', render: (v: number) => ORDER_STATUS_NAME[v as OrderStatus] ?? '-' },
      ]}
    />
  );
}

/** 客户详情's 评价: what the client said of its orders. */
export function ReviewsTab({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  return (
    <ClientPagedTable<ClientReview>
      query={useClientReviews(id, page)}
      page={page}
      onPage={setPage}
      empty="暂无评价"
      columns={[
        { title: '订单号', dataIndex: 'orderNo' },
        { title: '服务', dataIndex: 'goodsName' },
        { title: '评分', dataIndex: 'rating' },
        { title: '内容', dataIndex: 'content', render: (v: string | null) => v || '-' },
        { title: '时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
      ]}
    />
  );
}
