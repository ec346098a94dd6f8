import { SoundOutlined } from '@ant-design/icons';
import type { OrderEvent, WaitingOrder } from '@jz/contracts/order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { orderStream, useOrderEvents, useOrderStream } from '../../../../components/order-badge/order-stream.ts';
import { QueryError } from '../../../../components/QueryState.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { notify } from '../../../../lib/notify.ts';
import { initPcQuery } from '../../../../lib/queries.ts';
import { getWaiting, orderKeys } from '../api/order.ts';
import { AssignModal } from '../components/AssignModal.tsx';
import { CancelModal } from '../components/CancelModal.tsx';
import type { OrderDialog } from '../components/OrderActions.tsx';
import { yuan } from '../components/money.ts';
import { formatShortDateTime } from '../../../../lib/format.ts';
import { LongText } from '../../../../components/LongText.tsx';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';

/**
 * 订单接单 (/dingdanjiedan): the live queue of paid orders waiting to be taken (status 20) in the current shop. New
 * orders arrive through the server-sent event stream without a reload, highlighted, with a beep when the shop's
 * 新订单提示音 is on. Taking an order = choosing an employee; a shop with 自动接单 assigns the least-busy free one itself.
 */
export default function OrderTakingPage() {
  const qc = useQueryClient();
  const { data: init } = useQuery(initPcQuery);
  const stream = useOrderStream(init?.curDianpu?.id);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<OrderDialog>(null);
  const q = useQuery({ queryKey: [...orderKeys.all, 'waiting', init?.curDianpu?.id], queryFn: getWaiting });

  useOrderEvents(
    useCallback(
      (e: OrderEvent | null) => {
        if (e?.kind === 'new') {
          setFresh((s) => new Set(s).add(e.orderId));
          notify.info(`新订单：${e.goodsName}，实付 ${yuan(e.amount)}`);
        }
        void qc.invalidateQueries({ queryKey: orderKeys.all });
      },
      [qc],
    ),
  );

  const list = q.data?.records ?? [];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card" variant="borderless">
        <Space size={24} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            待接单 <Badge count={q.data?.total ?? 0} showZero color="#fa8c16" data-testid="waiting-count" />
          </Typography.Title>
          <span data-testid="stream-state">
            {stream.connected ? (
              <Badge status="processing" text="实时接单已连接" />
            ) : (
              <Badge status="warning" text="正在连接实时推送…" />
            )}
          </span>
          <Space data-testid="sound-state" data-beeps={stream.beeps}>
            <SoundOutlined />
            {stream.sound ? <Tag color="green">新订单提示音：开</Tag> : <Tag>新订单提示音：关（店铺设置）</Tag>}
            {stream.beeps > 0 && <Typography.Text type="secondary">已提醒 {stream.beeps} 次</Typography.Text>}
            {stream.sound && (
              <Button size="small" onClick={() => orderStream.beep()}>
                试听
              </Button>
            )}
          </Space>
        </Space>
      </Card>
      {!stream.connected && stream.connects > 0 && (
        <Alert type="warning" showIcon title="实时连接已断开，正在自动重连；重连后会补齐断开期间的订单。" />
      )}
      <Card className="jz-card" variant="borderless">
        {q.isError && !q.data ? (
          <QueryError error={q.error} onRetry={q.refetch} />
        ) : list.length === 0 ? (
          <Empty description={q.isLoading ? '加载中…' : '暂无待接单的订单，新订单会实时出现在这里'} />
        ) : (
          <ItemList<WaitingOrder>
            dataSource={list}
            rowKey="id"
            renderItem={(o) => (
              <ItemList.Item
                data-testid={`waiting-${o.orderNo}`}
                style={fresh.has(o.id) ? { background: '#fff7e6', transition: 'background 1s' } : undefined}
                actions={[
                  <Auth key="take" perm="merchant:order:assign">
                    <Button type="primary" onClick={() => setDialog({ kind: 'assign', order: o })}>
                      接单派员
                    </Button>
                  </Auth>,
                  <Auth key="cancel" perm="merchant:order:cancel">
                    <Button danger onClick={() => setDialog({ kind: 'cancel', order: o })}>
                      拒单
                    </Button>
                  </Auth>,
                ]}
              >
                <ItemList.Meta
                  title={
                    <Space>
                      {fresh.has(o.id) && <Tag color="orange">新订单</Tag>}
                      <LongText strong text={o.goodsName} maxWidth={360} />
                      <Typography.Text>
                        × {o.quantity}
                        {o.unit}
                      </Typography.Text>
                      <Typography.Text type="danger">{yuan(o.payAmount)}</Typography.Text>
                    </Space>
                  }
                  description={
                    <Space orientation="vertical" size={0}>
                      <span>
                        订单号 {o.orderNo} · 付款于 {formatShortDateTime(o.paidAt, { seconds: true })}
                      </span>
                      <span>
                        预约 {formatShortDateTime(o.appointmentAt)} · {o.customerName} {o.customerPhone} · {o.address}
                      </span>
                      {o.remark && <LongText text={`备注：${o.remark}`} maxWidth={720} />}
                    </Space>
                  }
                />
              </ItemList.Item>
            )}
          />
        )}
      </Card>
      <AssignModal order={dialog?.kind === 'assign' ? dialog.order : null} onClose={() => setDialog(null)} />
      <CancelModal order={dialog?.kind === 'cancel' ? dialog.order : null} onClose={() => setDialog(null)} />
    </Space>
  );
}
