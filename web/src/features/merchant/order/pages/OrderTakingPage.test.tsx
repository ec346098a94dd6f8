import { orderApi } from '@jz/contracts/api/order';
import { shopApi } from '@jz/contracts/api/shop';
import type { WaitingOrder } from '@jz/contracts/order';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeEventSource,
  fakeApi,
  newOrderEvent,
  ticketAnswer,
} from '../../../../components/order-alert/stream-testing.ts';
import { orderStream } from '../../../../components/order-badge/order-stream.ts';
import { http } from '../../../../lib/api-client.ts';
import { initPcQuery } from '../../../../lib/queries.ts';
import { setPerms } from '../../../../lib/storage.ts';
import OrderTakingPage, { HIGHLIGHT_MS, newestFirst } from './OrderTakingPage.tsx';
import { renderWithProviders, testQueryClient } from '../../../../../test/render.tsx';

/** 订单接单 with real antd: the newest order first; a new one arrives at the top, highlighted for a few seconds. */
const order = (id: number, paidAt: string): WaitingOrder => ({
  id,
  orderNo: `NO${id}`,
  shopId: 1,
  shopName: '总店',
  goodsName: `服务${id}`,
  specName: '3小时',
  quantity: 1,
  unit: '次',
  quantityLabel: '× 1',
  payAmount: 15900,
  customerName: '周女士',
  customerPhone: '137****9999',
  appointmentAt: '2026-11-28T06:00:00.000Z',
  status: 20,
  refundStatus: 0,
  employeeId: null,
  employeeName: null,
  createdAt: paidAt,
  address: '盐湖区测试大道 99 号',
  remark: null,
  paidAt,
});
const INIT = { curDianpu: { id: 1, name: '总店', parentId: null }, allDianpu: [], isAddFendian: false };

let waiting: WaitingOrder[];
let api: ReturnType<typeof fakeApi>;

function renderPage(init: object = INIT) {
  const qc = testQueryClient();
  qc.setQueryData(initPcQuery.queryKey, init as never);
  renderWithProviders(<OrderTakingPage />, { route: '/dingdanjiedan', queryClient: qc });
}

const rows = () => screen.getAllByTestId(/^waiting-NO/).map((r) => r.dataset.testid);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.all = [];
  setPerms(['merchant:order:taking', 'merchant:order:assign', 'merchant:order:cancel']);
  waiting = [order(1, '2026-11-26T01:00:00.000Z'), order(2, '2026-11-26T02:00:00.000Z')];
  api = fakeApi([
    [orderApi.streamTicket, ticketAnswer],
    [orderApi.waiting, () => ({ result: { records: waiting, total: waiting.length } })],
    [shopApi.initPc, { result: INIT }],
  ]);
  http.defaults.adapter = api.adapter;
  vi.spyOn(orderStream, 'beep').mockImplementation(() => {});
});
afterEach(() => {
  localStorage.removeItem('jz.order.taking.sort');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  http.defaults.adapter = undefined;
});

describe('订单接单', () => {
  it('lists the newest order first; a new one arrives at the top, highlighted, and the highlight fades', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toEqual(['waiting-NO2', 'waiting-NO1']));
    await waitFor(() => expect(FakeEventSource.last).toBeDefined());
    const es = FakeEventSource.last!;
    act(() => es.emit('hello', { lastEventId: 10, sound: true, waiting: 2 }));

    waiting = [...waiting, order(3, '2026-11-26T03:00:00.000Z')];
    act(() => es.emit('order', newOrderEvent(3, { goodsName: '服务3' }), '11'));
    await waitFor(() => expect(rows()).toEqual(['waiting-NO3', 'waiting-NO2', 'waiting-NO1']));
    const fresh = screen.getByTestId('waiting-NO3');
    expect(within(fresh).getByText('新订单')).toBeInTheDocument();
    expect(fresh).toHaveAttribute('data-fresh', 'true');
    expect(screen.getByTestId('waiting-NO2')).not.toHaveAttribute('data-fresh');

    await act(() => vi.advanceTimersByTimeAsync(HIGHLIGHT_MS + 100));
    expect(within(screen.getByTestId('waiting-NO3')).queryByText('新订单')).toBeNull();
    expect(screen.getByTestId('waiting-NO3')).not.toHaveAttribute('data-fresh');
    expect(rows()[0]).toBe('waiting-NO3');
  });

  it('a merchant without a shop is told to create one, and nothing is asked of the server', async () => {
    renderPage({ curDianpu: null, allDianpu: [], isAddFendian: true });
    expect(await screen.findByText(/还没有店铺/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '去创建店铺' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.count(orderApi.waiting)).toBe(0);
    expect(api.count(orderApi.streamTicket)).toBe(0);
  });

  it('按预约时间 puts the soonest appointment first, keeps 按付款时间, and remembers the choice', async () => {
    waiting = [
      { ...order(1, '2026-11-26T01:00:00.000Z'), appointmentAt: '2026-11-29T06:00:00.000Z' },
      { ...order(2, '2026-11-26T02:00:00.000Z'), appointmentAt: '2026-11-30T06:00:00.000Z' },
      { ...order(3, '2026-11-26T03:00:00.000Z'), appointmentAt: '2026-11-28T02:00:00.000Z' },
    ];
    renderPage();
    // by payment, the newest first (the default)
    await waitFor(() => expect(rows()).toEqual(['waiting-NO3', 'waiting-NO2', 'waiting-NO1']));
    fireEvent.click(within(screen.getByTestId('taking-sort')).getByText('按预约时间（最近的在前）'));
    await waitFor(() => expect(rows()).toEqual(['waiting-NO3', 'waiting-NO1', 'waiting-NO2']));
    expect(localStorage.getItem('jz.order.taking.sort')).toBe('appointment');
  });

  it('opens with the remembered order; 按付款时间 goes back', async () => {
    localStorage.setItem('jz.order.taking.sort', 'appointment');
    waiting = [
      { ...order(1, '2026-11-26T01:00:00.000Z'), appointmentAt: '2026-11-28T06:00:00.000Z' },
      { ...order(2, '2026-11-26T02:00:00.000Z'), appointmentAt: '2026-11-30T06:00:00.000Z' },
    ];
    renderPage();
    await waitFor(() => expect(rows()).toEqual(['waiting-NO1', 'waiting-NO2']));
    fireEvent.click(within(screen.getByTestId('taking-sort')).getByText('按付款时间（最新的在前）'));
    await waitFor(() => expect(rows()).toEqual(['waiting-NO2', 'waiting-NO1']));
    expect(localStorage.getItem('jz.order.taking.sort')).toBe('paid');
  });

  it('newestFirst: by paid time, then by id', () => {
    const a = order(1, '2026-11-26T01:00:00.000Z');
    const b = order(2, '2026-11-26T01:00:00.000Z');
    const c = { ...order(3, ''), paidAt: null };
    expect(newestFirst([c, a, b]).map((o) => o.id)).toEqual([2, 1, 3]);
  });
});
