import { BellFilled } from '@ant-design/icons';
import type { OrderEvent } from '@jz/contracts/order';
import { useQuery } from '@tanstack/react-query';
import { Button, notification, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hasPerm } from '../../lib/access.tsx';
import { formatDateTime, formatYuan } from '../../lib/format.ts';
import { pagePath } from '../../lib/page-registry.ts';
import { initPcQuery, profileQuery } from '../../lib/queries.ts';
import { orderStream, useOrderStream } from '../order-badge/order-stream.ts';
import { askBrowserPermission, browserPermission, mayOfferBrowserPermission, readAlertPrefs } from './alert-prefs.ts';
import { LATE_SETTLED, lateKey, lateNoticeArgs } from './late-notice.tsx';
import { TitleFlash } from './title-flash.ts';

const TAKING = 'merchant:order:taking';
const LIST = 'merchant:order:list';

/** Events that end an order's wait: its notice (and browser notification) goes away. */
const SETTLED: OrderEvent['kind'][] = ['accepted', 'cancelled', 'verified', 'completed'];

/** The tab title while orders are unseen: "【新订单】日常保洁" or "【3 个新订单】日常保洁" (the newest). */
export function flashTitle(orders: readonly Pick<OrderEvent, 'goodsName'>[]) {
  const newest = orders.at(-1)?.goodsName ?? '';
  return orders.length > 1 ? `【${orders.length} 个新订单】${newest}` : `【新订单】${newest}`;
}

/** The looking user: the tab is in front and the window has the focus. */
const looking = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * New paid orders cannot be missed, on any console page:
 * - a notice (top right, stays until closed) with the service, the appointment time and the address, and 去接单 to
 *   订单接单 (only for users holding that page's permission); on 订单接单 itself the order arrives at the top of the
 *   list instead;
 * - the tab title flashes ("【新订单】…" and the page's title in turn) until the user is seen looking at the console
 *   (the tab in front and focused, and a move of the mouse, a key or a click; or the notice closed);
 * - a browser notification when the tab is in the background, if allowed (提醒设置; the browser's permission is asked
 *   only when the user clicks 开启浏览器通知, once);
 * - the two-tone beep is the order stream's (also switchable in 提醒设置).
 * A notice goes away by itself when the order is taken, cancelled or served meanwhile (by anyone).
 * The 迟到提醒 (an employee not clocked in 15 minutes after the start, event `late`) raises the same kind of notice,
 * naming her, with 查看订单 for users of 订单管理; it goes when she clocks in or the order moves on (late-notice.tsx).
 *
 * Mounted once by the console frame; it keeps the shared order stream open for users who may see orders (订单接单 or
 * 订单管理) of a merchant with a shop.
 */
export function OrderAlerts() {
  const { data: user } = useQuery(profileQuery);
  const { data: init } = useQuery(initPcQuery);
  const shopId = init?.curDianpu?.id;
  const enabled = user?.userType === 'merchant' && !!shopId && (hasPerm(TAKING) || hasPerm(LIST));
  useOrderStream(shopId, enabled);

  // below the 56 px header, so the badge, the bell and the user menu stay reachable
  const [api, holder] = notification.useNotification({ top: 68, maxCount: 5, stack: { threshold: 3 } });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  where.current = pathname;

  const flash = useMemo(() => new TitleFlash(), []);
  const unseen = useRef<OrderEvent[]>([]);
  const shown = useRef(new Map<number, Notification>());

  const forget = useCallback(
    (orderId: number) => {
      unseen.current = unseen.current.filter((o) => o.orderId !== orderId);
      if (unseen.current.length) flash.start(flashTitle(unseen.current));
      else flash.stop();
    },
    [flash],
  );

  const seen = useCallback(() => {
    unseen.current = [];
    flash.stop();
  }, [flash]);

  const takeOrders = useCallback(() => {
    seen();
    navigate(pagePath('merchant.order.taking'));
  }, [navigate, seen]);

  const open = useCallback(
    (e: OrderEvent) => {
      const key = `order-${e.orderId}`;
      const canTake = hasPerm(TAKING);
      const offer = mayOfferBrowserPermission();
      api.open({
        key,
        icon: <BellFilled style={{ color: '#fa8c16' }} />,
        title: '新订单待接单',
        description: (
          <div data-testid="order-alert-body">
            <div>
              服务：<Typography.Text strong>{e.goodsName}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                实付 {formatYuan(e.amount)}
              </Typography.Text>
            </div>
            <div>预约：{formatDateTime(e.appointmentAt)}</div>
            <div>地址：{e.address}</div>
          </div>
        ),
        actions:
          canTake || offer ? (
            <Space>
              {offer && (
                <Button
                  size="small"
                  onClick={async () => {
                    await askBrowserPermission();
                    open(e); // the same notice, without the offer
                  }}
                >
                  开启浏览器通知
                </Button>
              )}
              {canTake && (
                <Button
                  type="primary"
                  size="small"
                  onClick={() => {
                    api.destroy(key);
                    takeOrders();
                  }}
                >
                  去接单
                </Button>
              )}
            </Space>
          ) : undefined,
        duration: false,
        role: 'alert',
        props: { 'data-testid': 'order-alert' },
        onClose: () => forget(e.orderId),
      });
    },
    [api, forget, takeOrders],
  );

  const browserNotice = useCallback(
    (e: OrderEvent) => {
      if (!readAlertPrefs().browser || browserPermission() !== 'granted') return;
      try {
        const n = new Notification(`新订单：${e.goodsName}`, {
          body: `预约 ${formatDateTime(e.appointmentAt)}\n${e.address}`,
          tag: `jz-order-${e.orderId}`,
        });
        n.onclick = () => {
          window.focus();
          n.close();
          if (hasPerm(TAKING)) takeOrders();
          else seen();
        };
        n.onclose = () => shown.current.delete(e.orderId);
        shown.current.set(e.orderId, n);
      } catch {
        // a browser that only notifies through a service worker: the tab title and the notice remain
      }
    },
    [seen, takeOrders],
  );

  // 迟到提醒: the same kind of notice, naming the employee; 查看订单 opens the order's drawer on 订单管理.
  const late = useCallback(
    (e: OrderEvent) => {
      const key = lateKey(e.orderId);
      const view = hasPerm(LIST)
        ? () => {
            api.destroy(key);
            navigate(`${pagePath('merchant.order.list')}?id=${e.orderId}`);
          }
        : undefined;
      api.open(lateNoticeArgs(e, view));
      if (looking() || !readAlertPrefs().browser || browserPermission() !== 'granted') return;
      try {
        const n = new Notification(`迟到提醒：${e.employeeName ?? '服务人员'}`, {
          body: `订单 ${e.orderNo}（${e.goodsName}）开始后仍未到达打卡\n${e.address}`,
          tag: `jz-late-${e.orderId}`,
        });
        n.onclick = () => {
          window.focus();
          n.close();
          view?.();
        };
      } catch {
        // a browser that only notifies through a service worker: the notice remains
      }
    },
    [api, navigate],
  );

  useEffect(() => {
    if (!enabled) return;
    return orderStream.onEvent((e) => {
      if (e.kind === 'late') late(e);
      else if (LATE_SETTLED.includes(e.kind)) api.destroy(lateKey(e.orderId));
      if (e.kind === 'new') {
        if (unseen.current.some((o) => o.orderId === e.orderId)) return;
        unseen.current = [...unseen.current, e];
        flash.start(flashTitle(unseen.current));
        const visible = document.visibilityState === 'visible';
        if (!(visible && where.current === pagePath('merchant.order.taking'))) open(e);
        if (!looking()) browserNotice(e);
      } else if (SETTLED.includes(e.kind)) {
        api.destroy(`order-${e.orderId}`);
        shown.current.get(e.orderId)?.close();
        forget(e.orderId);
      }
    });
  }, [enabled, api, open, browserNotice, flash, forget, late]);

  // Seen: the user acts in the console while it is in front (a mouse move, a key, a click, a wheel) or comes back to it.
  useEffect(() => {
    const onActivity = () => {
      if (flash.flashing && looking()) seen();
    };
    const events = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart', 'focus'] as const;
    for (const ev of events) window.addEventListener(ev, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onActivity);
    return () => {
      for (const ev of events) window.removeEventListener(ev, onActivity);
      document.removeEventListener('visibilitychange', onActivity);
    };
  }, [flash, seen]);

  // Signed out or no longer allowed: nothing stays behind.
  useEffect(() => {
    if (enabled) return;
    api.destroy();
    flash.stop();
    unseen.current = [];
  }, [enabled, api, flash]);
  useEffect(
    () => () => {
      flash.stop();
      for (const n of shown.current.values()) n.close();
    },
    [flash],
  );

  return holder;
}
