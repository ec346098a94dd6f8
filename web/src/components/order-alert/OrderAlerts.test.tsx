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
import { AUTO_HIDE_MS } from './NewOrderStack.tsx';
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
    expect(body).toHaveTextContent('服务：日常保洁 · 3 小时 · 100㎡');
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
    expect(notice).toHaveTextContent('日常保洁 · 3 小时 · 100㎡');
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
    expect(document.title).toBe('【新订单】日常保洁');
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

describe('the new-order notice steps aside', () => {
  it('several orders collapse into one notice: "N 个新订单待接单", the newest first, 去接单 and 全部关闭', async () => {
    focused = false;
    const { es } = await connected('/shangpinguanli');
    act(() => es.emit('order', newOrderEvent(301, { goodsName: '日常保洁' }), '301'));
    act(() => es.emit('order', newOrderEvent(302, { goodsName: '深度保洁', spec: '61–90㎡ · 3 小时 · 85㎡' }), '302'));
    act(() => es.emit('order', newOrderEvent(303, { goodsName: '家电清洗', spec: null }), '303'));
    await waitFor(() => expect(notices()).toHaveLength(1));
    const notice = notices()[0];
    expect(notice).toHaveAttribute('data-count', '3');
    expect(notice).toHaveTextContent('3 个新订单待接单');
    const lines = within(notice)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^家电清洗 · 预约 11-28 \d\d:00$/),
      expect.stringMatching(/^深度保洁 · 61–90㎡ · 3 小时 · 85㎡ · 预约 11-28 \d\d:00$/),
      expect.stringMatching(/^日常保洁 · 3 小时 · 100㎡ · 预约 11-28 \d\d:00$/),
    ]);
    // a fourth: three named, the rest counted
    act(() => es.emit('order', newOrderEvent(304), '304'));
    await waitFor(() => expect(notice).toHaveTextContent('4 个新订单待接单'));
    expect(within(notice).getAllByRole('listitem')).toHaveLength(4);
    expect(notice).toHaveTextContent('另有 1 单');
    expect(document.title).toBe('【4 个新订单】日常保洁');

    // 全部关闭: gone, and seen (the title stops flashing); the next order is one again
    fireEvent.click(within(notice).getByRole('button', { name: '全部关闭' }));
    await waitFor(() => expect(notices()).toHaveLength(0));
    expect(document.title).toBe('家政商家后台');
    act(() => es.emit('order', newOrderEvent(305), '305'));
    const again = await screen.findByTestId('order-alert');
    expect(again).toHaveTextContent('新订单待接单');
    expect(again).toHaveAttribute('data-count', '1');
    expect(within(again).queryByRole('button', { name: '全部关闭' })).toBeNull();
    // 去接单 from the collapsed notice opens 订单接单 too
    act(() => es.emit('order', newOrderEvent(306), '306'));
    await waitFor(() => expect(again).toHaveAttribute('data-count', '2'));
    fireEvent.click(within(again).getByRole('button', { name: '去接单' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/dingdanjiedan');
    await waitFor(() => expect(notices()).toHaveLength(0));
  });

  it('an order taken meanwhile leaves the collapsed notice; the last one shows in full again', async () => {
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(311), '311'));
    act(() => es.emit('order', newOrderEvent(312, { goodsName: '深度保洁', spec: null }), '312'));
    await waitFor(() => expect(notices()[0]).toHaveAttribute('data-count', '2'));
    act(() => es.emit('order', newOrderEvent(313, { kind: 'accepted', orderId: 311, status: 30 }), '313'));
    await waitFor(() => expect(notices()[0]).toHaveAttribute('data-count', '1'));
    expect(screen.getByTestId('order-alert-body')).toHaveTextContent('服务：深度保洁实付');
  });

  it('hides by itself after 10 s; the title keeps flashing with the count; the next order counts alone', async () => {
    focused = false;
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(321), '321'));
    await screen.findByTestId('order-alert');
    await act(() => vi.advanceTimersByTimeAsync(AUTO_HIDE_MS - 500));
    expect(notices()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(notices()).toHaveLength(0);
    // still unseen: the title goes on flashing
    const titles = new Set<string>();
    for (let i = 0; i < 3; i++) {
      titles.add(document.title);
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(titles.has('【新订单】日常保洁')).toBe(true);
    act(() => es.emit('order', newOrderEvent(322, { goodsName: '深度保洁' }), '322'));
    const notice = await screen.findByTestId('order-alert');
    expect(notice).toHaveAttribute('data-count', '1');
    expect(notice).toHaveTextContent('深度保洁');
    const later = new Set<string>();
    for (let i = 0; i < 3; i++) {
      later.add(document.title);
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(later.has('【2 个新订单】深度保洁')).toBe(true);
  });

  it('a newer order starts the time again', async () => {
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(331), '331'));
    await act(() => vi.advanceTimersByTimeAsync(8000));
    act(() => es.emit('order', newOrderEvent(332), '332'));
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toHaveAttribute('data-count', '2');
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(notices()).toHaveLength(0);
  });

  it('stays while hovered or focused; the time starts again when the pointer or the focus leaves', async () => {
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(341), '341'));
    const notice = await screen.findByTestId('order-alert');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    fireEvent.mouseEnter(notice);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(notices()).toHaveLength(1);
    fireEvent.mouseLeave(notice);
    await act(() => vi.advanceTimersByTimeAsync(AUTO_HIDE_MS - 1000));
    expect(notices()).toHaveLength(1);
    // the keyboard: focus on 去接单 holds it as well
    act(() => within(notice).getByRole('button', { name: '去接单' }).focus());
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(notices()).toHaveLength(1);
    act(() => within(notice).getByRole('button', { name: '去接单' }).blur());
    await act(() => vi.advanceTimersByTimeAsync(AUTO_HIDE_MS + 100));
    expect(notices()).toHaveLength(0);
  });

  it('closed under the pointer (全部关闭), the next notice still hides by itself', async () => {
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(361), '361'));
    act(() => es.emit('order', newOrderEvent(362), '362'));
    const notice = await screen.findByTestId('order-alert');
    fireEvent.mouseEnter(notice);
    const closeAll = within(notice).getByRole('button', { name: '全部关闭' });
    act(() => closeAll.focus());
    fireEvent.click(closeAll);
    await waitFor(() => expect(notices()).toHaveLength(0));
    act(() => es.emit('order', newOrderEvent(363), '363'));
    await screen.findByTestId('order-alert');
    await act(() => vi.advanceTimersByTimeAsync(AUTO_HIDE_MS + 100));
    expect(notices()).toHaveLength(0);
  });

  it('sits in the dock at the bottom right with the 迟到提醒 above it, outside the page frame', async () => {
    const { es } = await connected();
    act(() => es.emit('order', newOrderEvent(351), '351'));
    act(() =>
      es.emit('order', newOrderEvent(352, { kind: 'late', orderId: 9, status: 30, employeeName: '李桂芳' }), '352'),
    );
    const dock = await screen.findByTestId('alert-dock');
    await waitFor(() => expect(within(dock).getByTestId('late-alert')).toBeInTheDocument());
    expect(dock.parentElement).toBe(document.body);
    expect(dock).toHaveClass('jz-alert-dock');
    expect([...dock.children].map((c) => c.getAttribute('data-testid'))).toEqual(['late-alert', 'order-alert']);
    // the 迟到提醒 asks for a decision: it does not time out
    await act(() => vi.advanceTimersByTimeAsync(AUTO_HIDE_MS + 1000));
    expect([...dock.children].map((c) => c.getAttribute('data-testid'))).toEqual(['late-alert']);
    fireEvent.click(within(dock).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(dock.children).toHaveLength(0));
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
    expect([...seen].sort()).toEqual(['【新订单】日常保洁', '家政商家后台'].sort());
    // the notice is still there 7 s after the order
    expect(notices()).toHaveLength(1);
    fireEvent.keyDown(window, { key: 'a' });
    expect(document.title).toBe('家政商家后台');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(document.title).toBe('家政商家后台');
    // and gone by itself 10 s after it
    await waitFor(() => expect(notices()).toHaveLength(0));
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
    expect(n.title).toBe('新订单：日常保洁 · 3 小时 · 100㎡');
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
    await waitFor(() => expect(notice).toHaveAttribute('data-count', '2'));
    expect(within(notice).queryByRole('button', { name: '开启浏览器通知' })).toBeNull();
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
    expect(body).toHaveTextContent('订单：NO31 · 日常保洁');
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
