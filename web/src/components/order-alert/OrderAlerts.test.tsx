import { orderApi } from '@jz/contracts/api/order';
import { shopApi } from '@jz/contracts/api/shop';
import { userApi } from '@jz/contracts/api/user';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { http } from '../../lib/api-client.ts';
import { initPcQuery, profileQuery } from '../../lib/queries.ts';
import { setPerms, setUserInfo } from '../../lib/storage.ts';
import { orderStream } from '../order-badge/order-stream.ts';
import { readAlertPrefs, setAlertPrefs } from './alert-prefs.ts';
import { flashTitle, OrderAlerts } from './OrderAlerts.tsx';
import { FakeEventSource, fakeApi, newOrderEvent, ticketAnswer } from './stream-testing.ts';

/**
 * The new-order alerts with real antd: the notice's content and 去接单 (only with 订单接单's permission), the flashing
 * tab title until the user is seen, the browser notification when the tab is hidden (and its permission asked once,
 * from a click), and notices that go away when the order is taken.
 */
const USER = {
  id: 41,
  nickName: '王洁',
  headUrl: null,
  loginName: 'wangjie',
  phone: '13800000001',
  roleNameList: [],
  roleNames: '',
  userType: 'merchant' as const,
  merchantId: 1,
  isOwner: true,
};
const INIT = { curDianpu: { id: 1, name: '总店', parentId: null }, allDianpu: [], isAddFendian: false };

let visibility: DocumentVisibilityState = 'visible';
let focused = true;

/** A stand-in for the browser's Notification API. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  });
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

function Where() {
  const at = useLocation();
  return <div data-testid="where">{`${at.pathname}${at.search}`}</div>;
}

function renderAlerts(path = '/index') {
  const queryClient = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData(profileQuery.queryKey, USER as never);
  queryClient.setQueryData(initPcQuery.queryKey, INIT as never);
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <OrderAlerts />
            <Where />
          </>
        }
      />
    </Routes>,
    // no motion: a closed notice leaves at once (jsdom runs no CSS transitions)
    { route: path, queryClient, theme: { token: { motion: false } } },
  );
}

/** Renders, waits for the stream and says hello; answers the stream. */
async function connected(path?: string) {
  const view = renderAlerts(path);
  await waitFor(() => expect(FakeEventSource.last).toBeDefined());
  const es = FakeEventSource.last!;
  act(() => es.emit('hello', { lastEventId: 100, sound: true, waiting: 0 }));
  return { view, es };
}

const notices = () => screen.queryAllByTestId('order-alert');

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('Notification', FakeNotification);
  FakeEventSource.all = [];
  FakeNotification.permission = 'default';
  FakeNotification.requestPermission.mockClear();
  FakeNotification.shown = [];
  visibility = 'visible';
  focused = true;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  document.title = '家政商家后台';
  setUserInfo(USER);
  setPerms(['merchant:order:taking', 'merchant:order:list']);
  api = fakeApi([
    [orderApi.streamTicket, ticketAnswer],
    [userApi.profile, { result: USER }],
    [shopApi.initPc, { result: INIT }],
  ]);
  http.defaults.adapter = api.adapter;
  vi.spyOn(orderStream, 'beep').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  http.defaults.adapter = undefined;
});

describe('a new paid order on any page', () => {
  it('raises a notice with the service, the appointment time and the address, and 去接单 opens 订单接单', async () => {
    const { es } = await connected('/shangpinguanli');
    act(() => es.emit('order', newOrderEvent(101), '101'));
    const notice = await screen.findByTestId('order-alert');
    expect(notice).toHaveTextContent('新订单待接单');
    const body = within(notice).getByTestId('order-alert-body');
    expect(body).toHaveTextContent('服务：日常保洁 3 小时');
    expect(body).toHaveTextContent('实付 ¥159.00');
    // 06:00 UTC is 14:00 in Shanghai (the test runs in the console's time zone)
    expect(body).toHaveTextContent(/预约：2026-11-28 \d\d:00/);
    expect(body).toHaveTextContent('地址：盐湖区测试大道 99 号 1-1-101');
    expect(screen.getByTestId('where')).toHaveTextContent('/shangpinguanli');
    fireEvent.click(within(notice).getByRole('button', { name: '去接单' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/dingdanjiedan');
    await waitFor(() => expect(notices()).toHaveLength(0));
    expect(document.title).toBe('家政商家后台');
  });

  it('without 订单接单’s permission (订单管理 only) the notice shows no 去接单', async () => {
    setPerms(['merchant:order:list']);
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(102), '102'));
    const notice = await screen.findByTestId('order-alert');
    expect(notice).toHaveTextContent('日常保洁 3 小时');
    expect(within(notice).queryByRole('button', { name: '去接单' })).toBeNull();
  });

  it('a user who may see no orders opens no stream and gets no notice', async () => {
    setPerms(['merchant:goods:list']);
    renderAlerts();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(FakeEventSource.all).toHaveLength(0);
    expect(api.count(orderApi.streamTicket)).toBe(0);
  });

  it('goes away by itself when the order is taken meanwhile (by anyone), and the title stops flashing', async () => {
    focused = false;
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(103), '103'));
    await screen.findByTestId('order-alert');
    expect(document.title).toBe('【新订单】日常保洁 3 小时');
    act(() => es.emit('order', newOrderEvent(104, { kind: 'accepted', orderId: 103, status: 30 }), '104'));
    await waitFor(() => expect(notices()).toHaveLength(0));
    expect(document.title).toBe('家政商家后台');
  });

  it('on 订单接单 itself, while in front, the order arrives in the list instead of a notice', async () => {
    const { es } = await connected('/dingdanjiedan');
    act(() => es.emit('order', newOrderEvent(105), '105'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(notices()).toHaveLength(0);
    // the same page in a hidden tab: the next order on the same stream does raise a notice
    visibility = 'hidden';
    act(() => es.emit('order', newOrderEvent(106, { goodsName: '深度保洁' }), '106'));
    const notice = await screen.findByTestId('order-alert');
    expect(notice).toHaveTextContent('深度保洁');
    expect(notices()).toHaveLength(1);
  });
});

describe('the tab title', () => {
  it('flashes while the order is unseen and stops when the user is back and acts in the console', async () => {
    focused = false;
    visibility = 'hidden';
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(106, { goodsName: '深度保洁' }), '106'));
    const titles = new Set<string>();
    for (let i = 0; i < 6; i++) {
      titles.add(document.title);
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect([...titles].sort()).toEqual(['【新订单】深度保洁', '家政商家后台'].sort());

    // a second order: the count joins the title
    act(() => es.emit('order', newOrderEvent(107, { goodsName: '家电清洗' }), '107'));
    expect(document.title).toBe('【2 个新订单】家电清洗');

    // a mouse move while the tab is still hidden does not count as seen
    fireEvent.pointerMove(window);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(titles.size).toBe(2);
    const stillFlashing = new Set<string>();
    for (let i = 0; i < 3; i++) {
      stillFlashing.add(document.title);
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(stillFlashing.has('【2 个新订单】家电清洗')).toBe(true);

    // back in front and focused: seen
    visibility = 'visible';
    focused = true;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(document.title).toBe('家政商家后台');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(document.title).toBe('家政商家后台');
  });

  it('visible but not looked at (the user is away): flashes until a key, a click or a mouse move', async () => {
    const { es } = await connected();
    focused = false; // another window is in front
    act(() => es.emit('order', newOrderEvent(108), '108'));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    focused = true;
    // in front again but no input yet: still flashing (both titles come by)
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      seen.add(document.title);
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect([...seen].sort()).toEqual(['【新订单】日常保洁 3 小时', '家政商家后台'].sort());
    fireEvent.keyDown(window, { key: 'a' });
    expect(document.title).toBe('家政商家后台');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(document.title).toBe('家政商家后台');
    // the notice itself stays until it is closed or acted on
    expect(notices()).toHaveLength(1);
  });

  it('names one order or counts several', () => {
    expect(flashTitle([{ goodsName: 'A' }])).toBe('【新订单】A');
    expect(flashTitle([{ goodsName: 'A' }, { goodsName: 'B' }, { goodsName: 'C' }])).toBe('【3 个新订单】C');
  });
});

describe('browser notifications', () => {
  it('when the tab is hidden and the browser allows it: one per order; clicking it opens 订单接单', async () => {
    FakeNotification.permission = 'granted';
    const { es } = await connected('/index');
    visibility = 'hidden';
    focused = false;
    act(() => es.emit('order', newOrderEvent(109), '109'));
    expect(FakeNotification.shown).toHaveLength(1);
    const n = FakeNotification.shown[0];
    expect(n.title).toBe('新订单：日常保洁 3 小时');
    expect(n.options.body).toMatch(/^预约 2026-11-28 \d\d:00\n盐湖区测试大道 99 号 1-1-101$/);
    act(() => n.onclick?.());
    expect(n.closed).toBe(true);
    expect(screen.getByTestId('where')).toHaveTextContent('/dingdanjiedan');
  });

  it('none while the user looks at the console, none when switched off in 提醒设置, none without permission', async () => {
    FakeNotification.permission = 'granted';
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(110), '110'));
    expect(FakeNotification.shown).toHaveLength(0);
    visibility = 'hidden';
    focused = false;
    act(() => setAlertPrefs({ browser: false }));
    act(() => es.emit('order', newOrderEvent(111), '111'));
    expect(FakeNotification.shown).toHaveLength(0);
    act(() => setAlertPrefs({ browser: true }));
    FakeNotification.permission = 'denied';
    act(() => es.emit('order', newOrderEvent(112), '112'));
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('the permission is never asked on load; the notice offers it, and a click asks once', async () => {
    const { es } = await connected();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    act(() => es.emit('order', newOrderEvent(113), '113'));
    const notice = await screen.findByTestId('order-alert');
    fireEvent.click(within(notice).getByRole('button', { name: '开启浏览器通知' }));
    await waitFor(() => expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(within(notice).queryByRole('button', { name: '开启浏览器通知' })).toBeNull());
    expect(readAlertPrefs().asked).toBe(true);
    // dismissed without a decision: still never offered again
    FakeNotification.permission = 'default';
    act(() => es.emit('order', newOrderEvent(114), '114'));
    await waitFor(() => expect(notices()).toHaveLength(2));
    for (const n of notices()) expect(within(n).queryByRole('button', { name: '开启浏览器通知' })).toBeNull();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });
});

describe('the sound', () => {
  it('beeps for a new order, unless switched off in 提醒设置 (or by the shop)', async () => {
    const beep = vi.mocked(orderStream.beep);
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(115), '115'));
    expect(beep).toHaveBeenCalledTimes(1);
    act(() => setAlertPrefs({ sound: false }));
    act(() => es.emit('order', newOrderEvent(116), '116'));
    expect(beep).toHaveBeenCalledTimes(1);
    act(() => setAlertPrefs({ sound: true }));
    act(() => es.emit('order', newOrderEvent(117, { sound: false }), '117'));
    expect(beep).toHaveBeenCalledTimes(1);
  });
});

describe('迟到提醒', () => {
  const late = (id: number, orderId: number, patch = {}) =>
    newOrderEvent(id, { kind: 'late', orderId, orderNo: `NO${orderId}`, status: 30, employeeName: '李桂芳', ...patch });
  const lateNotices = () => screen.queryAllByTestId('late-alert');

  it('raises a notice with the order, the employee and 查看订单, which opens the order on 订单管理', async () => {
    const { es } = await connected('/shangpinguanli');
    act(() => es.emit('order', late(201, 31), '201'));
    const notice = await screen.findByTestId('late-alert');
    expect(notice).toHaveTextContent('迟到提醒');
    const body = within(notice).getByTestId('late-alert-body');
    expect(body).toHaveTextContent('李桂芳 在服务开始 15 分钟后仍未到达打卡');
    expect(body).toHaveTextContent('订单：NO31 · 日常保洁 3 小时');
    expect(body).toHaveTextContent(/预约：2026-11-28 \d\d:00/);
    expect(body).toHaveTextContent('地址：盐湖区测试大道 99 号 1-1-101');
    // not a new order: no 去接单, no new-order notice, no beep
    expect(notices()).toHaveLength(0);
    expect(within(notice).queryByRole('button', { name: '去接单' })).toBeNull();
    expect(orderStream.beep).not.toHaveBeenCalled();
    fireEvent.click(within(notice).getByRole('button', { name: '查看订单' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/dingdanguanli?id=31');
    await waitFor(() => expect(lateNotices()).toHaveLength(0));
  });

  it('one notice per order; it goes when she clocks in; 订单接单 alone gets it without 查看订单', async () => {
    setPerms(['merchant:order:taking']);
    const { es } = await connected();
    act(() => es.emit('order', late(202, 32), '202'));
    act(() => es.emit('order', late(203, 32), '203'));
    act(() => es.emit('order', late(204, 33, { employeeName: null }), '204'));
    await waitFor(() => expect(lateNotices()).toHaveLength(2));
    expect(lateNotices()[1]).toHaveTextContent('服务人员 在服务开始 15 分钟后仍未到达打卡');
    expect(screen.queryByRole('button', { name: '查看订单' })).toBeNull();
    act(() => es.emit('order', newOrderEvent(205, { kind: 'arrived', orderId: 32, status: 30 }), '205'));
    await waitFor(() => expect(lateNotices()).toHaveLength(1));
    expect(lateNotices()[0]).toHaveTextContent('NO33');
  });

  it('a hidden tab gets a browser notification for it too', async () => {
    FakeNotification.permission = 'granted';
    visibility = 'hidden';
    focused = false;
    const { es } = await connected();
    act(() => es.emit('order', late(206, 34), '206'));
    await screen.findByTestId('late-alert');
    expect(FakeNotification.shown.map((n) => n.title)).toEqual(['迟到提醒：李桂芳']);
    expect(FakeNotification.shown[0].options.body).toContain('NO34');
  });
});
