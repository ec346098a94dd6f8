import { SoundOutlined } from '@ant-design/icons';
import type { OrderEvent, WaitingOrder } from '@jz/contracts/order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Empty, Segmented, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { orderStream, useOrderEvents, useOrderStream } from '../../../../components/order-badge/order-stream.ts';
import { QueryError } from '../../../../components/QueryState.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { notify } from '../../../../lib/notify.ts';
import { initPcQuery } from '../../../../lib/queries.ts';
import { getWaiting, orderKeys } from '../api/order.ts';
import { AssignModal } from '../components/AssignModal.tsx';
import type { OrderDialog } from '../components/OrderActions.tsx';
import { CancelDialog, RescheduleModal } from '../components/lazy-dialogs.ts';
import { goodsLine } from '../components/goods-line.ts';
import { yuan } from '../components/money.ts';
import { formatShortDateTime } from '../../../../lib/format.ts';
import { LongText } from '../../../../components/LongText.tsx';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';
import { pagePath } from '../../../../lib/page-registry.ts';
import {
  loadTakingSort,
  saveTakingSort,
  sortWaiting,
  TAKING_SORTS,
  type TakingSort,
} from '../components/taking-sort.ts';

/** How long a newly arrived order stays highlighted. */
export const HIGHLIGHT_MS = 8000;

export { newestFirst } from '../components/taking-sort.ts';

/**
 * 订单接单 (/dingdanjiedan): the live queue of paid orders waiting to be taken (status 20) in the current shop, the
 * newest first, or the soonest appointment first (the choice is remembered in the browser: taking-sort.ts). New orders arrive through the server-sent event stream without a reload, at the top and highlighted
 * for a few seconds, with a beep when the shop's 新订单提示音 (and the user's 提醒设置) is on. Taking an order = choosing
 * an employee; a shop with 自动接单 assigns the least-busy free one itself. A merchant without a shop is told to create
 * one (nothing is asked of the server).
 */
export default function OrderTakingPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { data: init } = useQuery(initPcQuery);
  const shopId = init?.curDianpu?.id;
  const stream = useOrderStream(shopId, !!shopId);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const [dialog, setDialog] = useState<OrderDialog>(null);
  const [sort, setSort] = useState<TakingSort>(loadTakingSort);
  const chooseSort = (v: TakingSort) => {
    setSort(v);
    saveTakingSort(v);
  };
  const q = useQuery({ queryKey: [...orderKeys.all, 'waiting', shopId], queryFn: getWaiting, enabled: !!shopId });

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
    };
  }, []);

  useOrderEvents(
    useCallback(
      (e: OrderEvent | null) => {
        if (e?.kind === 'new') {
          setFresh((s) => new Set(s).add(e.orderId));
          const t = setTimeout(() => {
            timers.current.delete(t);
            setFresh((s) => {
              const next = new Set(s);
              next.delete(e.orderId);
              return next;
            });
          }, HIGHLIGHT_MS);
          timers.current.add(t);
          notify.info(`新订单：${e.goodsName}，实付 ${yuan(e.amount)}`);
        }
        void qc.invalidateQueries({ queryKey: orderKeys.all });
      },
      [qc],
    ),
  );

  const list = useMemo(() => sortWaiting(q.data?.records ?? [], sort), [q.data, sort]);
  if (init && !shopId)
    return (
      <Card className="jz-card" variant="borderless">
        <Empty description="还没有店铺：创建店铺并通过审核后，顾客付款的订单会实时出现在这里。">
          <Button type="primary" onClick={() => navigate(pagePath('merchant.shop.info'))}>
            去创建店铺
          </Button>
        </Empty>
      </Card>
    );
  // Below 1500 px both cards are as wide as the window shows (styles.css .jz-fit-window): a row's 接单派员 / 改约 /
  // 拒单 sit at its right edge on screen, without scrolling the 1500 px frame sideways.
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card jz-fit-window" variant="borderless">
        <Space size={24} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            待接单 <Badge count={q.data?.total ?? 0} showZero color="#fa8c16" data-testid="waiting-count" />
          </Typography.Title>
          <Segmented<TakingSort>
            size="small"
            value={sort}
            onChange={chooseSort}
            options={TAKING_SORTS}
            data-testid="taking-sort"
          />
          <Typography.Text type="secondary">新到的订单高亮显示</Typography.Text>
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
      <Card className="jz-card jz-fit-window" variant="borderless">
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
                data-fresh={fresh.has(o.id) || undefined}
                style={{ background: fresh.has(o.id) ? '#fff7e6' : undefined, transition: 'background 1s' }}
                actions={[
                  <Auth key="take" perm="merchant:order:assign">
                    <Button type="primary" onClick={() => setDialog({ kind: 'assign', order: o })}>
                      接单派员
                    </Button>
                  </Auth>,
                  <Auth key="reschedule" perm="merchant:order:assign">
                    <Button onClick={() => setDialog({ kind: 'reschedule', order: o })}>改约</Button>
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
                      <LongText strong text={goodsLine(o)} maxWidth={360} />
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
      <CancelDialog order={dialog?.kind === 'cancel' ? dialog.order : null} onClose={() => setDialog(null)} />
      <RescheduleModal order={dialog?.kind === 'reschedule' ? dialog.order : null} onClose={() => setDialog(null)} />
    </Space>
  );
}
