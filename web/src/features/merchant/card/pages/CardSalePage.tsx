import type { CardRow } from '@jz/contracts/card';
import { CARD_STATUS, CARD_STATUS_NAME } from '@jz/contracts/constants/card';
import { Button, Card, Col, Row, Space, Statistic } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { QueryError } from '../../../../components/QueryState.tsx';
import { ExportButton } from '../../../../components/ExportButton.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { formatDate, formatDateTime, formatYuan } from '../../../../lib/format.ts';
import { cardKeys, exportCards, getCards, useCardMutations, useCardSummary } from '../api/card.ts';
import { CardKindTag } from '../../../../components/card-sale/CardKindTag.tsx';
import { CardStatusTag } from '../../../../components/card-sale/CardStatusTag.tsx';
import { LazySellCardModal } from '../../../../components/card-sale/LazySellCardModal.tsx';
import { CardDetailDrawer, RefundCardModal } from '../components/lazy-dialogs.ts';

/**
 * 预收 figures: what the cards brought in, what became revenue, what went back, and the liability left. Loading they
 * spin; a failed load says so with 重试 (not ¥0.00 figures).
 */
function SummaryCards() {
  const q = useCardSummary();
  const s = q.data;
  if (q.isError && !s)
    return (
      <Card size="small" style={{ marginBottom: 12 }}>
        <QueryError error={q.error} onRetry={q.refetch} title="预收数据加载失败" compact />
      </Card>
    );
  const item = (title: string, v: number | undefined, tip?: string) => (
    <Col xs={12} md={6}>
      <Card size="small">
        <Statistic title={title} value={formatYuan(v)} loading={q.isLoading} />
        {tip && <div style={{ color: '#999', fontSize: 12 }}>{tip}</div>}
      </Card>
    </Col>
  );
  return (
    <Row gutter={12} style={{ marginBottom: 12 }}>
      {item('预收余额', s?.deferred, '售卡收款中尚未确认为收入的部分')}
      {item('售卡收款', s?.received, `${s?.cards ?? 0} 张卡，有效 ${s?.activeCards ?? 0} 张`)}
      {item('已确认收入', s?.recognised, '已服务的核销、过期与退卡手续费')}
      {item('退卡退款', s?.refunded, `赠送余额 ${formatYuan(s?.bonusOutstanding ?? 0)}（不结算）`)}
    </Row>
  );
}

const balance = (r: CardRow) =>
  r.kind === 'times'
    ? `${r.remainingVisits} / ${r.totalVisits} 次`
    : `${formatYuan(r.cashBalance)}${r.bonusBalance ? ` + 赠 ${formatYuan(r.bonusBalance)}` : ''}`;

/** 售卡记录: sold cards with filters, the 预收 figures, a card's movements, 退卡 and 线下收款 sales. */
export default function CardSalePage() {
  const { sell, refund } = useCardMutations();
  const [detail, setDetail] = useState<number | null>(null);
  const [refunding, setRefunding] = useState<number | null>(null);
  const [selling, setSelling] = useState(false);
  const columns: ColumnsType<CardRow> = [
    { title: '卡号', dataIndex: 'cardNo', width: 190 },
    { title: '客户', dataIndex: 'clientName', width: 100 },
    {
      title: '卡项',
      key: 'name',
      width: 200,
      render: (_, r) => <CardKindTag kind={r.kind}>{r.name}</CardKindTag>,
    },
    { title: '剩余', key: 'balance', width: 150, render: (_, r) => balance(r) },
    { title: '实收（元）', dataIndex: 'pricePaid', width: 100, align: 'right', render: (v: number) => formatYuan(v) },
    {
      title: '预收余额（元）',
      dataIndex: 'cashBalance',
      width: 110,
      align: 'right',
      render: (v: number) => formatYuan(v),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: number) => <CardStatusTag status={s} />,
    },
    { title: '收款', key: 'pay', width: 150, render: (_, r) => `${r.payChannel} · ${r.soldByName}` },
    { title: '售卡时间', dataIndex: 'soldAt', width: 150, render: (v: string) => formatDateTime(v) },
    { title: '有效期至', dataIndex: 'expiresAt', width: 110, render: (v: string) => formatDate(v) },
    { title: '门店', dataIndex: 'shopName', width: 130 },
    {
      title: '操作',
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <RowAction onClick={() => setDetail(r.id)}>详情</RowAction>
          {r.status === CARD_STATUS.ACTIVE && (
            <Auth perm="merchant:cardsale:refund">
              <RowAction danger onClick={() => setRefunding(r.id)}>
                退卡
              </RowAction>
            </Auth>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <SummaryCards />
      <DataTable<CardRow>
        title="售卡记录"
        queryKey={cardKeys.sales}
        fetcher={getCards}
        columns={columns}
        search={[
          { name: 'clientName', label: '客户' },
          { name: 'cardNo', label: '卡号' },
          {
            name: 'kind',
            label: '类型',
            type: 'select',
            options: [
              { label: '次卡', value: 'times' },
              { label: '储值卡', value: 'value' },
            ],
          },
          {
            name: 'status',
            label: '状态',
            type: 'select',
            options: Object.entries(CARD_STATUS_NAME).map(([value, label]) => ({ value: Number(value), label })),
          },
          {
            name: 'payMethod',
            label: '收款',
            type: 'select',
            options: [
              { label: '在线支付', value: 'online' },
              { label: '线下收款', value: 'offline' },
            ],
          },
          { name: 'date', label: '售卡日期', type: 'dateRange' },
        ]}
        toolbar={({ filters }) => (
          <Space>
            <Auth perm="merchant:cardsale:sell">
              <Button type="primary" onClick={() => setSelling(true)}>
                售卡（线下收款）
              </Button>
            </Auth>
            <Auth perm="merchant:cardsale:export">
              <ExportButton onExport={() => exportCards(filters)} />
            </Auth>
          </Space>
        )}
      />
      <CardDetailDrawer id={detail} onClose={() => setDetail(null)} onRefund={(id) => setRefunding(id)} />
      <RefundCardModal id={refunding} onClose={() => setRefunding(null)} onRefund={(v) => refund.mutateAsync(v)} />
      <LazySellCardModal open={selling} onClose={() => setSelling(false)} onSell={(v) => sell.mutateAsync(v)} />
    </>
  );
}
