import type { CardMovementRow } from '@jz/contracts/card';
import { CARD_MOVEMENT_KINDS, CARD_STATUS } from '@jz/contracts/constants/card';
import { Button, Descriptions, Drawer, Table } from 'antd';
import { CardStatusTag } from '../../../../components/card-sale/CardStatusTag.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { formatDateTime, formatYuan } from '../../../../lib/format.ts';
import { useCardDetail } from '../api/card.ts';

const signed = (n: number, unit: '次' | '元') =>
  n === 0 ? '-' : `${n > 0 ? '+' : ''}${unit === '元' ? formatYuan(n) : n}${unit === '次' ? ' 次' : ''}`;

/** A sold card: its terms, balances and every movement (append-only), with 退卡 for an active card. */
export function CardDetailDrawer(props: { id: number | null; onClose: () => void; onRefund: (id: number) => void }) {
  const q = useCardDetail(props.id);
  return (
    <Drawer title="卡详情" size={820} open={props.id !== null} onClose={props.onClose} destroyOnHidden>
      <QueryState query={q}>
        {(c) => (
          <>
            <Descriptions
              size="small"
              column={2}
              bordered
              extra={
                c.status === CARD_STATUS.ACTIVE && (
                  <Auth perm="merchant:cardsale:refund">
                    <Button danger onClick={() => props.onRefund(c.id)}>
                      退卡
                    </Button>
                  </Auth>
                )
              }
            >
              <Descriptions.Item label="卡号">{c.cardNo}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <CardStatusTag status={c.status} />
              </Descriptions.Item>
              <Descriptions.Item label="客户">{c.clientName}</Descriptions.Item>
              <Descriptions.Item label="卡项">{c.name}</Descriptions.Item>
              {c.kind === 'times' ? (
                <Descriptions.Item label="剩余次数">
                  {c.remainingVisits} / {c.totalVisits} 次（{c.goodsName}
                  {c.specName ? ` · ${c.specName}` : ''}）
                </Descriptions.Item>
              ) : (
                <Descriptions.Item label="余额">
                  本金 {formatYuan(c.cashBalance)} + 赠送 {formatYuan(c.bonusBalance)}
                </Descriptions.Item>
              )}
              <Descriptions.Item label="预收余额">{formatYuan(c.cashBalance)}</Descriptions.Item>
              <Descriptions.Item label="实收">{formatYuan(c.pricePaid)}</Descriptions.Item>
              <Descriptions.Item label="收款">
                {c.payChannel} · {c.soldByName}
              </Descriptions.Item>
              <Descriptions.Item label="售卡时间">{formatDateTime(c.soldAt)}</Descriptions.Item>
              <Descriptions.Item label="有效期至">{formatDateTime(c.expiresAt)}</Descriptions.Item>
              {c.closedAt && (
                <Descriptions.Item label="关闭" span={2}>
                  {formatDateTime(c.closedAt)} · {c.closeReason}
                  {c.refundAmount !== null &&
                    `（退还 ${formatYuan(c.refundAmount)}，手续费 ${formatYuan(c.refundFee ?? 0)}）`}
                </Descriptions.Item>
              )}
            </Descriptions>
            <Table<CardMovementRow>
              style={{ marginTop: 16 }}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={c.movements}
              columns={[
                { title: '时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
                {
                  title: '类型',
                  dataIndex: 'kind',
                  width: 70,
                  render: (k: CardMovementRow['kind']) => CARD_MOVEMENT_KINDS[k],
                },
                ...(c.kind === 'times'
                  ? [{ title: '次数', dataIndex: 'visitsDelta', width: 70, render: (v: number) => signed(v, '次') }]
                  : []),
                { title: '本金（元）', dataIndex: 'cashDelta', width: 90, render: (v: number) => signed(v, '元') },
                ...(c.kind === 'value'
                  ? [
                      {
                        title: '赠送（元）',
                        dataIndex: 'bonusDelta',
                        width: 90,
                        render: (v: number) => signed(v, '元'),
                      },
                    ]
                  : []),
                { title: '订单', dataIndex: 'orderNo', width: 170, render: (v: string | null) => v ?? '-' },
                { title: '说明', dataIndex: 'remark' },
                { title: '操作人', dataIndex: 'authorName', width: 90 },
              ]}
            />
          </>
        )}
      </QueryState>
    </Drawer>
  );
}
