import { BellFilled } from '@ant-design/icons';
import type { OrderEvent } from '@jz/contracts/order';
import { Button, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatDateTime, formatShortDateTime, formatYuan } from '../../lib/format.ts';
import { AlertCard } from './AlertCard.tsx';

/** A new-order notice leaves by itself after this long without a hover or focus (the badge and the title keep count). */
export const AUTO_HIDE_MS = 10_000;
/** Orders named one per line in the collapsed notice; the rest are counted. */
const LINES = 3;

/** '日常保洁 · 3 小时 · 100㎡': the goods and the specification the stream names (docs/order-alerts.md). */
export const serviceOf = (e: Pick<OrderEvent, 'goodsName' | 'spec'>) =>
  e.spec ? `${e.goodsName} · ${e.spec}` : e.goodsName;

/**
 * The one new-order notice (docs/order-alerts.md): one order in full (service, amount, appointment, address), several collapsed to
 * "N 个新订单待接单" with the newest few and 去接单 / 全部关闭. It hides by itself AUTO_HIDE_MS after the newest order
 * unless the pointer is over it or the focus inside it (then the time starts again when it leaves).
 */
export function NewOrderStack(props: {
  /** Oldest first, as they came. */
  orders: readonly OrderEvent[];
  canTake: boolean;
  /** 开启浏览器通知 is offered (the browser has not decided and it was never asked). */
  offer: boolean;
  onOffer: () => void;
  onTake: () => void;
  /** 全部关闭 or the close button: the user has seen them. */
  onCloseAll: () => void;
  /** The time ran out: the notice goes, the orders are still unseen. */
  onHide: () => void;
}) {
  const { orders, onHide } = props;
  const [held, setHeld] = useState({ hover: false, focus: false });
  const newest = orders.at(-1);
  const paused = held.hover || held.focus;
  useEffect(() => {
    if (!newest || paused) return;
    const timer = setTimeout(onHide, AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [newest, paused, onHide]);
  if (!newest) return null;

  const many = orders.length > 1;
  const recent = [...orders].reverse().slice(0, LINES);
  return (
    <AlertCard
      data-testid="order-alert"
      data-count={orders.length}
      // what holds it (e2e and support can see why it stays): 'hover', 'focus', both or none
      data-held={[held.hover && 'hover', held.focus && 'focus'].filter(Boolean).join(' ')}
      aria-live="assertive"
      icon={<BellFilled style={{ color: '#fa8c16' }} />}
      title={many ? `${orders.length} 个新订单待接单` : '新订单待接单'}
      onClose={props.onCloseAll}
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(ev) => {
        if (!ev.currentTarget.contains(ev.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
      }}
      actions={
        <>
          {props.offer && (
            <Button size="small" onClick={props.onOffer}>
              开启浏览器通知
            </Button>
          )}
          {many && (
            <Button size="small" onClick={props.onCloseAll}>
              全部关闭
            </Button>
          )}
          {props.canTake && (
            <Button type="primary" size="small" onClick={props.onTake}>
              去接单
            </Button>
          )}
        </>
      }
    >
      {many ? (
        <ul className="jz-alert-lines" data-testid="order-alert-body">
          {recent.map((e) => (
            <li key={e.orderId} title={`${serviceOf(e)} · 预约 ${formatDateTime(e.appointmentAt)} · ${e.address}`}>
              {serviceOf(e)} · 预约 {formatShortDateTime(e.appointmentAt)}
            </li>
          ))}
          {orders.length > LINES && (
            <li>
              <Typography.Text type="secondary">另有 {orders.length - LINES} 单</Typography.Text>
            </li>
          )}
        </ul>
      ) : (
        <div data-testid="order-alert-body">
          <div>
            服务：<Typography.Text strong>{serviceOf(newest)}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              实付 {formatYuan(newest.amount)}
            </Typography.Text>
          </div>
          <div>预约：{formatDateTime(newest.appointmentAt)}</div>
          <div>地址：{newest.address}</div>
        </div>
      )}
    </AlertCard>
  );
}
