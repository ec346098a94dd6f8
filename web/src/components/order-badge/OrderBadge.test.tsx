import { orderApi } from '@jz/contracts/api/order';
import { shopApi } from '@jz/contracts/api/shop';
import { userApi } from '@jz/contracts/api/user';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { http } from '../../lib/api-client.ts';
import { initPcQuery, profileQuery } from '../../lib/queries.ts';
import { setPerms, setUserInfo } from '../../lib/storage.ts';
import { OrderAlerts } from '../order-alert/OrderAlerts.tsx';
import { FakeEventSource, fakeApi, ticketAnswer } from '../order-alert/stream-testing.ts';
import { OrderBadge } from './OrderBadge.tsx';

/**
 * A merchant without a shop asked for a stream ticket and the waiting count every few seconds, each answered
 * 409 请先创建店铺. The header's badge and the alerts now ask nothing until the merchant has a shop.
 */
const USER = {
  id: 51,
  nickName: '新商家',
  headUrl: null,
  loginName: 'new',
  phone: '13900000205',
  roleNameList: [],
  roleNames: '商家主账号',
  userType: 'merchant' as const,
  merchantId: 9,
  isOwner: true,
};
const NO_SHOP = { curDianpu: null, allDianpu: [], isAddFendian: true };
const ONE_SHOP = { curDianpu: { id: 3, name: '新店', parentId: null }, allDianpu: [], isAddFendian: false };

function renderHeader(init: object) {
  const qc = testQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  qc.setQueryData(profileQuery.queryKey, USER as never);
  qc.setQueryData(initPcQuery.queryKey, init as never);
  renderWithProviders(
    <>
      <OrderAlerts />
      <OrderBadge />
    </>,
    { route: '/index', queryClient: qc },
  );
  return qc;
}

const refusal = { code: 2004, message: '请先创建店铺' };
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.all = [];
  setUserInfo(USER);
  setPerms(['merchant:order:taking', 'merchant:order:list']);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  http.defaults.adapter = undefined;
});

describe('the header of a merchant without a shop', () => {
  it('shows no badge and asks neither a ticket nor the count, however long it stays open', async () => {
    api = fakeApi([
      [orderApi.streamTicket, refusal],
      [orderApi.waitingCount, refusal],
      [userApi.profile, { result: USER }],
      [shopApi.initPc, { result: NO_SHOP }],
    ]);
    http.defaults.adapter = api.adapter;
    renderHeader(NO_SHOP);
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(api.count(orderApi.streamTicket)).toBe(0);
    expect(api.count(orderApi.waitingCount)).toBe(0);
    expect(FakeEventSource.all).toHaveLength(0);
    expect(screen.queryByTestId('order-badge')).toBeNull();
  });

  it('once a shop is created: the badge, one ticket and the count', async () => {
    api = fakeApi([
      [orderApi.streamTicket, ticketAnswer],
      [orderApi.waitingCount, { result: { count: 0 } }],
      [userApi.profile, { result: USER }],
      [shopApi.initPc, { result: ONE_SHOP }],
    ]);
    http.defaults.adapter = api.adapter;
    const qc = renderHeader(NO_SHOP);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.count(orderApi.streamTicket)).toBe(0);
    // the shop form invalidates initPc; here the new answer is set directly
    act(() => qc.setQueryData(initPcQuery.queryKey, ONE_SHOP as never));
    await waitFor(() => expect(screen.getByTestId('order-badge')).toBeInTheDocument());
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    expect(api.count(orderApi.streamTicket)).toBe(1);
    await waitFor(() => expect(api.count(orderApi.waitingCount)).toBe(1));
  });

  it('a count refused 409 is not polled again', async () => {
    api = fakeApi([
      [orderApi.streamTicket, refusal],
      [orderApi.waitingCount, refusal],
      [userApi.profile, { result: USER }],
      [shopApi.initPc, { result: ONE_SHOP }],
    ]);
    http.defaults.adapter = api.adapter;
    renderHeader(ONE_SHOP);
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(api.count(orderApi.waitingCount)).toBe(1);
    expect(api.count(orderApi.streamTicket)).toBe(1);
  });
});
