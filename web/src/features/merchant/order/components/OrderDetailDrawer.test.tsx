import type { OrderEvent } from '@jz/contracts/order';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_EVENT } from '../../../../components/order-badge/order-stream.ts';
import { newOrderEvent } from '../../../../components/order-alert/stream-testing.ts';
import { setPerms } from '../../../../lib/storage.ts';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** The order drawer's timeline (real antd; the API client is replaced). */
const step = (id: number, action: string, operatorType: string, operatorName: string, toStatus: number) => ({
  id,
  fromStatus: null,
  toStatus,
  action,
  operatorType,
  operatorName,
  remark: null,
  createdAt: `2026-11-24T0${id}:00:00.000Z`,
});
const DETAIL = {
  id: 7,
  orderNo: 'NO-7',
  shopId: 1,
  shopName: '运城洁家家政（总店）',
  goodsName: '日常保洁',
  specName: '3小时',
  quantity: 1,
  unit: '次',
  quantityLabel: '× 1',
  payAmount: 15900,
  customerName: '王女士',
  customerPhone: '139****0001',
  appointmentAt: '2026-11-24T06:00:00.000Z',
  status: 60,
  refundStatus: 0,
  employeeId: 3,
  employeeName: '李桂芳',
  createdAt: '2026-11-22T06:00:00.000Z',
  specId: 11,
  specMode: 'fixed',
  unitPrice: 15900,
  area: null,
  durationMinutes: 180,
  goodsCover: null,
  goodsPrice: 15900,
  amount: 15900,
  address: '盐湖区河东东街 1 号',
  remark: null,
  cancelReason: null,
  customerPhoneFull: '13900000001',
  lat: null,
  lng: null,
  payNo: null,
  employeePhone: null,
  // as the server writes them: the customer's steps by the account's nickname, 用户…
  timeline: [
    step(1, '用户下单', 'customer', '王女士', 10),
    step(2, '用户支付', 'customer', '王家', 20),
    step(3, '接单并指派员工', 'merchant', '王洁', 30),
    step(4, '退款成功', 'system', '支付沙箱', 70),
    step(5, '用户评价', 'customer', '王家', 60),
  ],
  settlement: null,
  review: null,
};

/** Order 8: taken by 李桂芳 on the staff page (times in UTC; the drawer shows them in Shanghai, UTC+8). */
const STEPS = {
  employeeId: 3,
  step: 'done',
  departedAt: '2026-11-24T00:40:00.000Z',
  arrivedAt: '2026-11-24T01:05:00.000Z',
  arrivalDistanceM: 1280,
  arrivalFlag: 'far',
  startedAt: '2026-11-24T01:10:00.000Z',
  finishedAt: '2026-11-24T04:02:00.000Z',
  photos: ['/tmpl/files/job/a1.jpg?exp=1&sig=x', '/tmpl/files/job/a2.jpg?exp=1&sig=y'],
  finishNote: '厨房油烟机已清洗',
  lateAt: '2026-11-24T01:00:00.000Z',
};
let detail8: Record<string, unknown>;
const get = vi.fn(async (url: string) => {
  if (url.endsWith('/findById/7')) return DETAIL;
  if (url.endsWith('/findById/8')) return detail8;
  if (url.endsWith('/dingdan/messages')) return [];
  if (url.includes('/dict/')) return { dataList: [] };
  throw new Error(`unexpected ${url}`);
});

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: (url: string) => get(url),
    post: vi.fn(async () => null),
  },
  download: vi.fn(),
}));
const { OrderDetailDrawer } = await import('./OrderDetailDrawer.tsx');

beforeEach(() => {
  setPerms(['merchant:order:query']);
  detail8 = { ...DETAIL, id: 8, orderNo: 'NO-8', status: 30, timeline: [], staffSteps: null };
});
const pushEvent = (e: OrderEvent) => act(() => void window.dispatchEvent(new CustomEvent(ORDER_EVENT, { detail: e })));
const findById8 = () => get.mock.calls.filter(([u]) => u.endsWith('/findById/8')).length;

describe('order timeline', () => {
  it('calls the customer one name: 客户, by the order’s contact name', async () => {
    renderWithProviders(<OrderDetailDrawer id={7} onClose={() => {}} onDialog={() => {}} />);
    const timeline = (await screen.findByText('客户下单')).closest('.ant-timeline') as HTMLElement;
    const text = timeline.textContent ?? '';
    for (const action of ['客户下单', '客户支付', '客户评价', '接单并指派员工', '退款成功'])
      expect(within(timeline).getByText(action)).toBeInTheDocument();
    expect(within(timeline).getAllByText(/客户：王女士$/)).toHaveLength(3);
    expect(text).toContain('商家：王洁');
    expect(text).toContain('系统：支付沙箱');
    expect(text).not.toContain('用户');
    expect(text).not.toContain('王家');
  });
});

describe('员工进度 in the drawer', () => {
  it('shows each step in Shanghai time, the clock-in distance and its flag, the photos and her note', async () => {
    detail8 = { ...detail8, status: 50, staffSteps: STEPS };
    renderWithProviders(<OrderDetailDrawer id={8} onClose={() => {}} onDialog={() => {}} />);
    const box = await screen.findByTestId('order-staff-steps');
    expect(within(box).getByText('已完成')).toBeInTheDocument();
    const row = (label: string) => within(box).getByText(label).closest('tr') as HTMLElement;
    expect(row('出发')).toHaveTextContent('2026-11-24 08:40');
    expect(row('到达打卡')).toHaveTextContent('2026-11-24 09:05距地址 1280 米距离过远');
    expect(within(row('到达打卡')).getByText('距离过远')).toHaveClass('ant-tag-error');
    expect(row('开始服务')).toHaveTextContent('2026-11-24 09:10');
    expect(row('完成')).toHaveTextContent('2026-11-24 12:02');
    expect(row('迟到提醒')).toHaveTextContent('2026-11-24 09:00 提醒：开始 15 分钟后仍未到达打卡');
    expect(row('员工备注')).toHaveTextContent('厨房油烟机已清洗');
    const photos = within(box).getAllByRole('img', { name: /^服务照片/ });
    expect(photos.map((p) => p.getAttribute('src'))).toEqual(STEPS.photos);
    // a click previews the signed image in place
    fireEvent.click(photos[1]);
    await waitFor(() =>
      expect(document.querySelector('.ant-image-preview img')).toHaveAttribute('src', STEPS.photos[1]),
    );
  });

  it('a clock-in without a location says 未获取位置; an order without steps shows none', async () => {
    detail8 = {
      ...detail8,
      staffSteps: {
        ...STEPS,
        step: 'arrived',
        arrivalFlag: 'no_location',
        arrivalDistanceM: null,
        startedAt: null,
        finishedAt: null,
        photos: [],
        finishNote: null,
        lateAt: null,
      },
    };
    const { unmount } = renderWithProviders(<OrderDetailDrawer id={8} onClose={() => {}} onDialog={() => {}} />);
    const box = await screen.findByTestId('order-staff-steps');
    expect(within(box).getByText('未获取位置')).toHaveClass('ant-tag-warning');
    expect(box).not.toHaveTextContent('距地址');
    expect(box).not.toHaveTextContent('迟到');
    expect(within(box).queryByRole('img', { name: /^服务照片/ })).toBeNull();
    unmount();
    renderWithProviders(<OrderDetailDrawer id={7} onClose={() => {}} onDialog={() => {}} />);
    await screen.findByText('客户下单');
    expect(screen.queryByTestId('order-staff-steps')).toBeNull();
  });

  it('refreshes live when the stream reports her step on this order, not on another order or kind', async () => {
    detail8 = {
      ...detail8,
      staffSteps: {
        ...STEPS,
        step: 'assigned',
        departedAt: null,
        arrivedAt: null,
        arrivalFlag: null,
        arrivalDistanceM: null,
        startedAt: null,
        finishedAt: null,
        photos: [],
        finishNote: null,
        lateAt: null,
      },
    };
    renderWithProviders(<OrderDetailDrawer id={8} onClose={() => {}} onDialog={() => {}} />);
    const box = await screen.findByTestId('order-staff-steps');
    expect(within(box).getByText('待出发')).toBeInTheDocument();
    const calls = findById8();
    // another order's step, and a kind that changes nothing here: no refetch
    pushEvent(newOrderEvent(20, { kind: 'departed', orderId: 9 }));
    pushEvent(newOrderEvent(21, { kind: 'new', orderId: 8 }));
    detail8 = {
      ...detail8,
      staffSteps: { ...(detail8.staffSteps as object), step: 'departed', departedAt: STEPS.departedAt },
    };
    pushEvent(newOrderEvent(22, { kind: 'departed', orderId: 8 }));
    expect(await within(box).findByText('已出发')).toBeInTheDocument();
    expect(findById8()).toBe(calls + 1);
    for (const [i, kind] of (['arrived', 'late', 'verified', 'completed'] as const).entries()) {
      pushEvent(newOrderEvent(23 + i, { kind, orderId: 8 }));
      await waitFor(() => expect(findById8()).toBe(calls + 2 + i));
    }
  });
});

describe('the order’s 客户档案', () => {
  it('links to the record the order is linked to, for those who may open 客户详情; none before payment', async () => {
    setPerms(['merchant:order:query', 'merchant:client:query']);
    detail8 = { ...detail8, clientId: 9 };
    const view = renderWithProviders(<OrderDetailDrawer id={8} onClose={() => {}} onDialog={() => {}} />);
    expect(await screen.findByRole('link', { name: '查看客户档案' })).toHaveAttribute('href', '/kehuxiangqing?id=9');
    view.unmount();

    setPerms(['merchant:order:query']);
    const other = renderWithProviders(<OrderDetailDrawer id={8} onClose={() => {}} onDialog={() => {}} />);
    await screen.findAllByText('NO-8', { exact: false });
    expect(screen.queryByText('查看客户档案')).toBeNull();
    other.unmount();

    setPerms(['merchant:order:query', 'merchant:client:query']);
    detail8 = { ...detail8, clientId: null };
    renderWithProviders(<OrderDetailDrawer id={8} onClose={() => {}} onDialog={() => {}} />);
    await screen.findAllByText('NO-8', { exact: false });
    expect(screen.queryByText('查看客户档案')).toBeNull();
  });
});

describe('an order paid with a card', () => {
  const TIMES = {
    cardId: 5,
    cardNo: 'KA2026112400000A1B2C',
    kind: 'times',
    cardName: '日常保洁 10 次卡',
    visitNo: 2,
    totalVisits: 10,
    cash: 12000,
    bonus: 0,
    payMethod: 'offline',
    restored: false,
  };
  /** The value cell beside a bordered Descriptions label. */
  const item = (label: string) =>
    screen
      .getAllByText(label)
      .map((e) => e.closest('.ant-descriptions-item-label'))
      .find(Boolean)?.nextElementSibling as HTMLElement;

  it('says how it was paid and shows the card money, not the list price; an offline card settles nothing', async () => {
    detail8 = {
      ...detail8,
      status: 50,
      payAmount: 15900,
      payNo: 'CARD-KA2026112400000A1B2C-31',
      cardPayment: TIMES,
      settlement: {
        id: 4,
        amount: 0,
        commission: 0,
        status: 1,
        unfreezeAt: '2026-12-01T02:00:00.000Z',
        offlineCard: true,
      },
    };
    renderWithProviders(<OrderDetailDrawer id={8} onClose={() => {}} onDialog={() => {}} />);
    await screen.findAllByText('NO-8', { exact: false });
    expect(item('实付金额')).toHaveTextContent('¥120.00（卡内本金，按次分摊）');
    expect(item('实付金额')).not.toHaveTextContent('¥159.00');
    expect(item('支付方式')).toHaveTextContent('次卡：日常保洁 10 次卡（第 2 次 / 共 10 次）线下售卡');
    // the settlement: ¥0.00, named for what it is, never 已解冻 with an unfreeze time
    const settled = screen.getByText('结算金额').closest('.ant-descriptions') as HTMLElement;
    expect(within(settled).getByTestId('settlement-offline-card')).toHaveTextContent('线下卡项，无需结算');
    expect(item('结算金额')).toHaveTextContent('¥0.00');
    expect(settled).not.toHaveTextContent('解冻时间');
    expect(settled).toHaveTextContent('卡款已在售卡时线下收取');
  });

  it('a 储值卡: its cash part as paid and the bonus apart; a cancelled order says the value went back', async () => {
    detail8 = {
      ...detail8,
      status: 70,
      payAmount: 15900,
      cardPayment: {
        ...TIMES,
        kind: 'value',
        cardName: '充 1000 送 100',
        visitNo: null,
        totalVisits: null,
        cash: 15000,
        bonus: 900,
        payMethod: 'online',
        restored: true,
      },
      settlement: null,
    };
    renderWithProviders(<OrderDetailDrawer id={8} onClose={() => {}} onDialog={() => {}} />);
    await screen.findAllByText('NO-8', { exact: false });
    expect(item('实付金额')).toHaveTextContent('¥150.00（卡内本金）＋赠送 ¥9.00（不计收入）');
    expect(item('支付方式')).toHaveTextContent('储值卡：充 1000 送 100已退回卡内');
    expect(item('支付方式')).not.toHaveTextContent('线下售卡');
  });

  it('an order paid online shows its amount and no 支付方式 row', async () => {
    renderWithProviders(<OrderDetailDrawer id={7} onClose={() => {}} onDialog={() => {}} />);
    await screen.findByText('客户下单');
    expect(item('实付金额')).toHaveTextContent('¥159.00');
    expect(screen.queryByText('支付方式')).toBeNull();
  });
});
