import type { OrderEvent } from '@jz/contracts/order';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Image, Rate, Result, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useCallback } from 'react';
import { useOrderEvents } from '../../../../components/order-badge/order-stream.ts';
import { QueryError, isNotFound } from '../../../../components/QueryState.tsx';
import { CopyText } from '../../../../components/CopyText.tsx';
import { PageLink } from '../../../../components/PageLink.tsx';
import { PolygonMap } from '../../../../components/map/PolygonMap.tsx';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { DictTag } from '../../../../lib/dict.tsx';
import { getOrder, orderKeys } from '../api/order.ts';
import { type OrderDialog, OrderActions } from './OrderActions.tsx';
import { goodsLine, minutesLabel } from './goods-line.ts';
import { OrderMessages } from './OrderMessages.tsx';
import { StaffSteps } from './StaffSteps.tsx';
import { yuan } from './money.ts';
import { PaidAmount, PaidBy } from './card-payment.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { timelineLine } from './timeline.ts';

const t = (iso: string | null | undefined) => formatDateTime(iso);

/** Events that change what the drawer shows: the employee's steps, the 迟到提醒, 验券 and completion. */
const LIVE: OrderEvent['kind'][] = ['departed', 'arrived', 'late', 'verified', 'completed'];

/** A small square around a point: the location marker on the read-only map. */
const around = (lat: number, lng: number, d = 0.0004) => [
  { lat: lat + d, lng },
  { lat, lng: lng + d },
  { lat: lat - d, lng },
  { lat, lng: lng - d },
];

/**
 * 订单详情: goods snapshot, customer, address on the map, amounts, employee, settlement, review, the timeline and the
 * messages sent to the customer and staff.
 */
export function OrderDetailDrawer(props: {
  id: number | null;
  onClose: () => void;
  onDialog: (d: OrderDialog) => void;
}) {
  const q = useQuery({
    queryKey: orderKeys.detail(props.id),
    queryFn: () => getOrder(props.id!),
    enabled: !!props.id,
  });
  const o = q.data;
  const { refetch } = q;
  // Live: a step taken on the staff page shows here without reopening (after a reconnect anything may have changed).
  useOrderEvents(
    useCallback(
      (e: OrderEvent | null) => {
        if (props.id && (e === null || (e.orderId === props.id && LIVE.includes(e.kind)))) void refetch();
      },
      [props.id, refetch],
    ),
  );
  return (
    <Drawer
      title={o ? `订单详情 · ${o.orderNo}` : '订单详情'}
      size={760}
      open={!!props.id}
      onClose={props.onClose}
      extra={o && <OrderActions order={o} onDialog={props.onDialog} />}
    >
      {q.isLoading ? (
        <Spin />
      ) : q.isError && !isNotFound(q.error) && !o ? (
        <QueryError error={q.error} onRetry={q.refetch} compact />
      ) : q.isError || !o ? (
        <Result status="warning" title="订单不存在或无权查看" />
      ) : (
        <Space orientation="vertical" size={20} style={{ width: '100%' }}>
          <Descriptions title="订单信息" bordered size="small" column={2}>
            <Descriptions.Item label="订单号">
              <CopyText text={o.orderNo} />
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <Space>
                <DictTag type="order_status" value={o.status} />
                {o.refundStatus > 0 && <DictTag type="order_refund_status" value={o.refundStatus} />}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="店铺">{o.shopName}</Descriptions.Item>
            <Descriptions.Item label="下单时间">{t(o.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="商品" span={2}>
              <Space>
                {o.goodsCover && (
                  <Image src={fileUrl(o.goodsCover)} width={48} height={48} style={{ objectFit: 'cover' }} />
                )}
                <span data-testid="order-goods-line">{goodsLine(o)}</span>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="规格">{o.specName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="数量">{o.quantityLabel}</Descriptions.Item>
            <Descriptions.Item label="单价">
              {yuan(o.unitPrice ?? o.goodsPrice)}
              {o.specMode === 'per_unit' || !o.specMode ? `/${o.unit}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="服务时长">{minutesLabel(o.durationMinutes)}</Descriptions.Item>
            {o.area !== null && (
              <Descriptions.Item label="服务面积" span={2}>
                {o.area} 平方米
              </Descriptions.Item>
            )}
            <Descriptions.Item label="订单金额">{yuan(o.amount)}</Descriptions.Item>
            <Descriptions.Item label="实付金额">
              <PaidAmount order={o} />
            </Descriptions.Item>
            {o.cardPayment && (
              <Descriptions.Item label="支付方式" span={2}>
                <PaidBy order={o} />
              </Descriptions.Item>
            )}
            <Descriptions.Item label="支付单号" span={2}>
              {o.payNo ? <CopyText text={o.payNo} /> : '-'}
            </Descriptions.Item>
            {o.cancelReason && (
              <Descriptions.Item label="取消原因" span={2}>
                {o.cancelReason}
              </Descriptions.Item>
            )}
          </Descriptions>

          <Descriptions title="客户与服务" bordered size="small" column={2}>
            <Descriptions.Item label="联系人">
              <Space size={8}>
                {o.customerName}
                {o.clientId != null && (
                  <PageLink page="merchant.client.detail" query={{ id: o.clientId }} fallback={null}>
                    查看客户档案
                  </PageLink>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="联系电话">
              <CopyText text={o.customerPhoneFull} />
            </Descriptions.Item>
            <Descriptions.Item label="预约时间">{t(o.appointmentAt)}</Descriptions.Item>
            <Descriptions.Item label="服务人员">
              {o.employeeName ? `${o.employeeName}（${o.employeePhone ?? ''}）` : '未指派'}
            </Descriptions.Item>
            <Descriptions.Item label="服务地址" span={2}>
              {o.address}
            </Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {o.remark || '-'}
            </Descriptions.Item>
          </Descriptions>
          {o.lat !== null && o.lng !== null && (
            <div data-testid="order-map">
              <PolygonMap
                value={around(o.lat, o.lng)}
                center={{ lat: o.lat, lng: o.lng }}
                zoom={16}
                height={220}
                disabled
              />
            </div>
          )}

          {o.settlement && (
            <Descriptions title="结算" bordered size="small" column={2}>
              <Descriptions.Item label="结算金额">{yuan(o.settlement.amount)}</Descriptions.Item>
              <Descriptions.Item label="平台佣金">{yuan(o.settlement.commission)}</Descriptions.Item>
              {o.settlement.offlineCard ? (
                // Nothing was frozen: the merchant took the card's money when it sold the card (docs/ledger.md).
                <>
                  <Descriptions.Item label="状态">
                    <Tag data-testid="settlement-offline-card">线下卡项，无需结算</Tag>
                  </Descriptions.Item>
                  <Descriptions.Item label="说明">卡款已在售卡时线下收取，本次服务不经平台结算</Descriptions.Item>
                </>
              ) : (
                <>
                  <Descriptions.Item label="状态">
                    <DictTag type="finance_settlement_status" value={o.settlement.status} />
                  </Descriptions.Item>
                  <Descriptions.Item label="解冻时间">{t(o.settlement.unfreezeAt)}</Descriptions.Item>
                </>
              )}
            </Descriptions>
          )}

          {o.review && (
            <Descriptions title="评价" bordered size="small" column={1}>
              <Descriptions.Item label="评分">
                <Rate disabled value={o.review.rating} />
              </Descriptions.Item>
              <Descriptions.Item label="内容">{o.review.content}</Descriptions.Item>
              <Descriptions.Item label="商家回复">{o.review.merchantReply ?? <Tag>未回复</Tag>}</Descriptions.Item>
            </Descriptions>
          )}

          {o.staffSteps && <StaffSteps steps={o.staffSteps} />}

          <div>
            <Typography.Title level={5}>订单进度</Typography.Title>
            {o.timeline.length ? (
              <Timeline
                items={o.timeline.map((x) => {
                  const line = timelineLine(x, o.customerName);
                  return {
                    key: x.id,
                    color: x.toStatus === 70 ? 'red' : x.toStatus >= 50 ? 'green' : 'blue',
                    content: (
                      <Space orientation="vertical" size={0}>
                        <Space>
                          <Typography.Text strong>{line.action}</Typography.Text>
                          <DictTag type="order_status" value={x.toStatus} />
                        </Space>
                        <Typography.Text type="secondary">
                          {t(x.createdAt)} · {line.who}
                        </Typography.Text>
                        {x.remark && <Typography.Text>{x.remark}</Typography.Text>}
                      </Space>
                    ),
                  };
                })}
              />
            ) : (
              <Empty />
            )}
          </div>
          <OrderMessages orderId={o.id} />
        </Space>
      )}
    </Drawer>
  );
}
