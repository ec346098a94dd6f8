import type { OrderEvent } from '@jz/contracts/order';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { hasPerm } from '../../lib/access.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { pagePath } from '../../lib/page-registry.ts';
import { initPcQuery, profileQuery } from '../../lib/queries.ts';
import { orderStream, useOrderStream } from '../order-badge/order-stream.ts';
import { askBrowserPermission, browserPermission, mayOfferBrowserPermission, readAlertPrefs } from './alert-prefs.ts';
import { LATE_SETTLED, LateNotice } from './late-notice.tsx';
import { NewOrderStack, serviceOf } from './NewOrderStack.tsx';
import { TitleFlash } from './title-flash.ts';
import './order-alert.css';

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
 * New paid orders cannot be missed, on any console page, and their notice does not stay in the way (docs/order-alerts.md):
 * - one notice in the alert dock at the bottom right (NewOrderStack): one order with the service and its
 *   specification, the appointment time and the address, several collapsed to "N 个新订单待接单" with 全部关闭; 去接单 to
 *   订单接单 (only for users holding that page's permission); it hides by itself after a while unless hovered (the
 *   header's 待接单 badge and the flashing title keep the count); on 订单接单 itself, in front, the order arrives at
 *   the top of the list instead;
 * - the tab title flashes ("【新订单】…" and the page's title in turn) until the user is seen looking at the console
 *   (the tab in front and focused, and a move of the mouse, a key or a click; or the notice closed);
 * - a browser notification when the tab is in the background, if allowed (提醒设置; the browser's permission is asked
 *   only when the user clicks 开启浏览器通知, once);
 * - the two-tone beep is the order stream's (also switchable in 提醒设置).
 * A notice goes away by itself when the order is taken, cancelled or served meanwhile (by anyone).
 * The 迟到提醒 (an employee not clocked in 15 minutes after the start, event `late`) raises a notice in the same dock,
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

  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  where.current = pathname;

  const flash = useMemo(() => new TitleFlash(), []);
  const unseen = useRef<OrderEvent[]>([]);
  const shown = useRef(new Map<number, Notification>());
  /** The orders of the new-order notice, oldest first. */
  const [stack, setStack] = useState<OrderEvent[]>([]);
  /** 迟到提醒, one per order. */
  const [lates, setLates] = useState<OrderEvent[]>([]);
  // the browser's permission was asked: the notice no longer offers it
  const [, setAsked] = useState(0);

  const forget = useCallback(
    (orderIds: readonly number[]) => {
      unseen.current = unseen.current.filter((o) => !orderIds.includes(o.orderId));
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
    setStack([]);
    seen();
    navigate(pagePath('merchant.order.taking'));
  }, [navigate, seen]);

  const stackNow = useRef(stack);
  stackNow.current = stack;
  const closeAll = useCallback(() => {
    forget(stackNow.current.map((o) => o.orderId));
    setStack([]);
  }, [forget]);
  // the time ran out: the notice goes; the orders stay unseen (title, badge)
  const hide = useCallback(() => setStack([]), []);

  const browserNotice = useCallback(
    (e: OrderEvent) => {
      if (!readAlertPrefs().browser || browserPermission() !== 'granted') return;
      try {
        const n = new Notification(`新订单：${serviceOf(e)}`, {
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

  // 迟到提醒: a notice naming the employee; 查看订单 opens the order's drawer on 订单管理.
  const late = useCallback(
    (e: OrderEvent) => {
      setLates((l) => [...l.filter((x) => x.orderId !== e.orderId), e]);
      if (looking() || !readAlertPrefs().browser || browserPermission() !== 'granted') return;
      try {
        const n = new Notification(`迟到提醒：${e.employeeName ?? '服务人员'}`, {
          body: `订单 ${e.orderNo}（${e.goodsName}）开始后仍未到达打卡\n${e.address}`,
          tag: `jz-late-${e.orderId}`,
        });
        n.onclick = () => {
          window.focus();
          n.close();
          if (hasPerm(LIST)) {
            setLates((l) => l.filter((x) => x.orderId !== e.orderId));
            navigate(`${pagePath('merchant.order.list')}?id=${e.orderId}`);
          }
        };
      } catch {
        // a browser that only notifies through a service worker: the notice remains
      }
    },
    [navigate],
  );

  useEffect(() => {
    if (!enabled) return;
    return orderStream.onEvent((e) => {
      if (e.kind === 'late') late(e);
      else if (LATE_SETTLED.includes(e.kind)) setLates((l) => l.filter((x) => x.orderId !== e.orderId));
      if (e.kind === 'new') {
        if (unseen.current.some((o) => o.orderId === e.orderId)) return;
        unseen.current = [...unseen.current, e];
        flash.start(flashTitle(unseen.current));
        const visible = document.visibilityState === 'visible';
        if (!(visible && where.current === pagePath('merchant.order.taking')))
          setStack((s) => (s.some((o) => o.orderId === e.orderId) ? s : [...s, e]));
        if (!looking()) browserNotice(e);
      } else if (SETTLED.includes(e.kind)) {
        setStack((s) => s.filter((o) => o.orderId !== e.orderId));
        shown.current.get(e.orderId)?.close();
        forget([e.orderId]);
      }
    });
  }, [enabled, browserNotice, flash, forget, late]);

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
    setStack([]);
    setLates([]);
    flash.stop();
    unseen.current = [];
  }, [enabled, flash]);
  useEffect(
    () => () => {
      flash.stop();
      for (const n of shown.current.values()) n.close();
    },
    [flash],
  );

  const canList = hasPerm(LIST);
  // In the body, fixed to the viewport: outside the 1500 px frame that narrower windows scroll sideways.
  return createPortal(
    <div className="jz-alert-dock" data-testid="alert-dock">
      {lates.map((e) => {
        const close = () => setLates((l) => l.filter((x) => x.orderId !== e.orderId));
        return (
          <LateNotice
            key={e.orderId}
            event={e}
            onClose={close}
            onView={
              canList
                ? () => {
                    close();
                    navigate(`${pagePath('merchant.order.list')}?id=${e.orderId}`);
                  }
                : undefined
            }
          />
        );
      })}
      {/* mounted per showing: a notice closed under the pointer or the focus leaves no hover held for the next */}
      {stack.length > 0 && (
        <NewOrderStack
          orders={stack}
          canTake={hasPerm(TAKING)}
          offer={mayOfferBrowserPermission()}
          onOffer={async () => {
            await askBrowserPermission();
            setAsked((n) => n + 1);
          }}
          onTake={takeOrders}
          onCloseAll={closeAll}
          onHide={hide}
        />
      )}
    </div>,
    document.body,
  );
}
