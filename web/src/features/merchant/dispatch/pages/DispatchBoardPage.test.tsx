import { dispatchApi } from '@jz/contracts/api/dispatch';
import { orderApi } from '@jz/contracts/api/order';
import { planApi } from '@jz/contracts/api/plan';
import { shopApi } from '@jz/contracts/api/shop';
import { type BoardResult, type SuggestResult, nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  FakeEventSource,
  fakeApi,
  newOrderEvent,
  ticketAnswer,
} from '../../../../components/order-alert/stream-testing.ts';
import { http } from '../../../../lib/api-client.ts';
import { initPcQuery } from '../../../../lib/queries.ts';
import { setPerms } from '../../../../lib/storage.ts';
import DispatchBoardPage from './DispatchBoardPage.tsx';
import { renderWithProviders, testQueryClient } from '../../../../../test/render.tsx';

/** 派单看板 with real antd: blocks on their employee's row, the 待派单 list, suggestions and a refusal in place. */
const TODAY = shanghaiDay(Date.now());
const at = (hm: string, day = TODAY) => new Date(wallMs(day, hm)).toISOString();
const INIT = { curDianpu: { id: 1, name: '总店', parentId: null }, allDianpu: [], isAddFendian: false };

const block = (id: number, status: number, from: string, to: string) => ({
  orderId: id,
  orderNo: `NO${id}`,
  status,
  goodsName: '日常保洁',
  specName: '3小时' as string | null,
  unit: '次',
  quantityLabel: '× 1',
  from: at(from),
  to: at(to),
  bufferTo: new Date(Date.parse(at(to)) + 30 * 60_000).toISOString(),
  minutes: 180,
  durationKnown: true,
  address: '盐湖区测试大道 99 号',
  customerName: `顾客${id}`,
  lat: null,
  lng: null,
});
const employee = (id: number, name: string, blocks: ReturnType<typeof block>[]) => ({
  id,
  name,
  phone: '13900000000',
  shopId: 1,
  workState: 1,
  skills: [],
  fuwuIds: [],
  hours: [{ day: TODAY, ranges: [{ from: at('08:00'), to: at('20:00') }] }],
  leaves: [],
  blocks,
});

let board: BoardResult;
let assignAnswer: Answer;
let planExceptions = { count: 0, plans: 0 };
let api: ReturnType<typeof fakeApi>;
const SUGGEST: SuggestResult = {
  orderId: 9,
  from: at('14:00'),
  to: at('16:00'),
  bufferTo: at('16:30'),
  suggestions: [
    {
      employeeId: 2,
      name: '李四',
      score: 88,
      distanceKm: 1.2,
      distanceFrom: 'base',
      dayJobs: 0,
      dayMinutes: 0,
      reasons: ['当天空闲', '距住处 1.2 公里'],
      strands: [],
      strandCount: 0,
    },
    {
      employeeId: 3,
      name: '王五',
      score: 90,
      distanceKm: 0.5,
      distanceFrom: 'base',
      dayJobs: 0,
      dayMinutes: 0,
      reasons: ['当天空闲', '派给此人会使同时段 1 单待派订单无人可派'],
      strands: [{ orderId: 11, orderNo: 'NO11', goodsName: '开荒保洁', from: at('14:30'), to: at('17:30') }],
      strandCount: 1,
    },
  ],
  excluded: [{ employeeId: 1, name: '张三', code: 'conflict', reason: '与订单 NO1 时间冲突' }],
};

function renderPage() {
  const qc = testQueryClient();
  qc.setQueryData(initPcQuery.queryKey, INIT as never);
  renderWithProviders(<DispatchBoardPage />, { route: '/paidankanban', queryClient: qc });
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.all = [];
  setPerms(['merchant:dispatch:view', 'merchant:dispatch:assign']);
  board = {
    days: [TODAY],
    shopId: 1,
    travelBufferMinutes: 30,
    employees: [
      employee(1, '张三', [block(1, 30, '09:00', '12:00'), block(2, 40, '13:00', '15:00')]),
      employee(2, '李四', [
        block(3, 50, '08:00', '10:00'),
        // a per-㎡ job of a migrated one-specification item: its size, not '1平方米'
        {
          ...block(4, 30, '13:00', '18:00'),
          goodsName: '新房开荒保洁',
          specName: '1平方米',
          unit: '平方米',
          quantityLabel: '85 平方米',
        },
      ]),
    ],
    unassigned: [{ ...block(9, 20, '14:00', '16:00'), shopId: 1, goodsId: 5 }],
    waitingElsewhere: { before: 0, lastBefore: null, after: 0, firstAfter: null },
  };
  assignAnswer = { result: 9 };
  planExceptions = { count: 0, plans: 0 };
  api = fakeApi([
    [orderApi.streamTicket, ticketAnswer],
    [shopApi.initPc, { result: INIT }],
    [dispatchApi.board, () => ({ result: board })],
    [dispatchApi.suggest, { result: SUGGEST }],
    [dispatchApi.assign, () => assignAnswer],
    [planApi.exceptionCount, () => ({ result: planExceptions })],
  ]);
  http.defaults.adapter = api.adapter;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  http.defaults.adapter = undefined;
});

describe('派单看板', () => {
  it('puts each order on its employee row, positioned by time, coloured by status', async () => {
    renderPage();
    const row1 = await screen.findByTestId('row-1');
    expect(within(row1).getByText('张三')).toBeInTheDocument();
    expect(within(row1).getByTestId('block-NO1')).toHaveTextContent('09:00–12:00日常保洁 · 3小时顾客1');
    expect(within(row1).getByTestId('block-NO2')).toHaveAttribute('data-status', '40');
    expect(within(row1).queryByTestId('block-NO3')).toBeNull();
    expect(within(screen.getByTestId('row-2')).getByTestId('block-NO3')).toBeInTheDocument();
    expect(within(screen.getByTestId('row-2')).getByTestId('block-NO4')).toHaveTextContent(
      '13:00–18:00新房开荒保洁 · 85 平方米顾客4',
    );
    // 07:00–21:00 axis: 09:00 is 2 of 14 hours in, a 3-hour job 3 of 14 wide
    const style = within(row1).getByTestId('block-NO1').style;
    expect(Number.parseFloat(style.left)).toBeCloseTo((2 / 14) * 100, 3);
    expect(Number.parseFloat(style.width)).toBeCloseTo((3 / 14) * 100, 3);
  });

  it('lists the paid, unassigned orders; 派单 shows the ranked and the excluded employees', async () => {
    renderPage();
    const card = await screen.findByTestId('unassigned-NO9');
    expect(card).toHaveTextContent('14:00–16:00');
    expect(card).toHaveTextContent('顾客9');
    await userEvent.click(within(card).getByRole('button', { name: /派\s*单/ }));
    const list = await within(card).findByTestId('suggest-9');
    expect(within(list).getByTestId('suggestion-2')).toHaveTextContent('当天空闲；距住处 1.2 公里');
    expect(within(list).getByTestId('excluded-1')).toHaveTextContent('张三：与订单 NO1 时间冲突');
  });

  it('shows a refusal (2004) on the order card, and refreshes the board after a success', async () => {
    renderPage();
    const card = await screen.findByTestId('unassigned-NO9');
    await userEvent.click(within(card).getByRole('button', { name: /派\s*单/ }));
    assignAnswer = { code: 2004, message: '李四 今天 14:00–16:00 已有订单，时间冲突' };
    await userEvent.click(await within(card).findByRole('button', { name: '指派给 李四' }));
    const alert = await within(card).findByTestId('refusal');
    expect(alert).toHaveTextContent('派单未成功');
    expect(alert).toHaveTextContent('李四 今天 14:00–16:00 已有订单，时间冲突');

    const boardsBefore = api.count(dispatchApi.board);
    assignAnswer = { result: 9 };
    board = {
      ...board,
      employees: [board.employees[0], { ...board.employees[1], blocks: [block(9, 30, '14:00', '16:00')] }],
      unassigned: [],
    };
    await userEvent.click(within(card).getByRole('button', { name: '指派给 李四' }));
    await waitFor(() => expect(api.count(dispatchApi.board)).toBeGreaterThan(boardsBefore));
    expect(await within(screen.getByTestId('row-2')).findByTestId('block-NO9')).toBeInTheDocument();
    expect(screen.getByText(/没有待派单的订单/)).toBeInTheDocument();
    expect(screen.queryByTestId('refusal')).toBeNull();
  });

  it('a card dragged onto an employee row assigns it; a refusal shows on the card', async () => {
    renderPage();
    const card = await screen.findByTestId('unassigned-NO9');
    const store = new Map<string, string>();
    const dataTransfer = {
      get types() {
        return [...store.keys()];
      },
      setData: (k: string, v: string) => store.set(k, v),
      getData: (k: string) => store.get(k) ?? '',
      effectAllowed: '',
      dropEffect: '',
    };
    assignAnswer = { code: 2004, message: '张三 的服务类目不含「日常保洁」，不能指派' };
    fireEvent.dragStart(card, { dataTransfer });
    const target = within(screen.getByTestId('row-1')).getByTestId('block-NO1');
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(await within(card).findByTestId('refusal')).toHaveTextContent('张三 的服务类目不含「日常保洁」，不能指派');
    expect(api.count(dispatchApi.assign)).toBe(1);
  });

  it('a card dropped on an employee whose choice strands another order asks first; 取消 assigns nothing', async () => {
    board = {
      ...board,
      employees: [...board.employees, employee(3, '王五', [])],
    };
    renderPage();
    const card = await screen.findByTestId('unassigned-NO9');
    const store = new Map<string, string>();
    const dataTransfer = {
      get types() {
        return [...store.keys()];
      },
      setData: (k: string, v: string) => store.set(k, v),
      getData: (k: string) => store.get(k) ?? '',
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(card, { dataTransfer });
    const row = screen.getByTestId('row-3');
    fireEvent.dragOver(row, { dataTransfer });
    fireEvent.drop(row, { dataTransfer });
    const ask = await screen.findByRole('dialog', { name: '警告提示' });
    expect(ask).toHaveTextContent(/选择王五后，订单 NO11（\d\d-\d\d 14:30 开荒保洁）将没有可指派的员工/);
    await userEvent.click(within(ask).getByRole('button', { name: /取\s*消/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.count(dispatchApi.assign)).toBe(0);

    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.drop(row, { dataTransfer });
    // the first dialog may still be fading out: the newest is the last
    await waitFor(() => expect(screen.getAllByRole('dialog', { name: '警告提示' }).length).toBeGreaterThan(0));
    await waitFor(async () => {
      const asks = screen.getAllByRole('dialog', { name: '警告提示' });
      await userEvent.click(within(asks.at(-1)!).getByRole('button', { name: /确\s*定/ }));
      expect(api.count(dispatchApi.assign)).toBe(1);
    });
  });

  it('an empty day says how many orders wait on later days and goes to the first of them', async () => {
    const later = nextDay(TODAY, 3);
    board = {
      ...board,
      unassigned: [],
      waitingElsewhere: { before: 0, lastBefore: null, after: 12, firstAfter: later },
    };
    renderPage();
    const panel = await screen.findByTestId('waiting-elsewhere');
    expect(panel).toHaveTextContent(`今天没有待派单。之后 12 单待派（最早 ${later.slice(5)}）`);
    expect(screen.queryByText(/已付款的订单都已派出/)).toBeNull();
    const before = api.count(dispatchApi.board);
    await userEvent.click(within(panel).getByRole('button', { name: `去 ${later.slice(5)}` }));
    await waitFor(() => expect(api.count(dispatchApi.board)).toBeGreaterThan(before));
    expect(screen.getByLabelText('日期')).toHaveValue(later);
  });

  it('an order event on the live stream refreshes the board', async () => {
    renderPage();
    await screen.findByTestId('row-1');
    await waitFor(() => expect(FakeEventSource.last).toBeDefined());
    const es = FakeEventSource.last!;
    act(() => es.emit('hello', { lastEventId: 10, sound: false, waiting: 1 }));
    expect(await screen.findByText('实时更新')).toBeInTheDocument();
    const before = api.count(dispatchApi.board);
    board = {
      ...board,
      unassigned: [...board.unassigned, { ...block(10, 20, '17:00', '18:00'), shopId: 1, goodsId: 5 }],
    };
    act(() => es.emit('order', newOrderEvent(10), '11'));
    // the hello's refetch just went: this one waits for the end of the throttle's second
    expect(await screen.findByTestId('unassigned-NO10', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(api.count(dispatchApi.board)).toBeGreaterThan(before);
  });

  it('blocks show the employee’s step, and a mark for a far clock-in or a late employee', async () => {
    const [zhang, li] = board.employees;
    board = {
      ...board,
      employees: [
        {
          ...zhang,
          blocks: [
            { ...zhang.blocks[0], step: 'arrived', arrivalFlag: 'far', arrivalDistanceM: 1280, late: false },
            { ...zhang.blocks[1], step: 'serving', arrivalFlag: 'near', arrivalDistanceM: 40, late: false },
          ],
        },
        {
          ...li,
          blocks: [
            { ...li.blocks[0], step: 'done', arrivalFlag: 'no_location', arrivalDistanceM: null, late: false },
            { ...li.blocks[1], step: 'assigned', arrivalFlag: null, arrivalDistanceM: null, late: true },
          ],
        },
      ],
    };
    renderPage();
    const row1 = await screen.findByTestId('row-1');
    const far = within(row1).getByTestId('block-NO1');
    expect(far).toHaveAttribute('data-step', 'arrived');
    expect(within(far).getByText('已到达')).toHaveClass('jz-dispatch-step');
    expect(within(far).getByTestId('step-warning')).toHaveAttribute('title', '打卡距离过远（1280 米）');
    expect(far).toHaveAccessibleName(/已到达 · 打卡距离过远（1280 米）$/);
    const near = within(row1).getByTestId('block-NO2');
    expect(within(near).getByText('服务中')).toBeInTheDocument();
    expect(within(near).queryByTestId('step-warning')).toBeNull();
    const row2 = screen.getByTestId('row-2');
    const done = within(row2).getByTestId('block-NO3');
    expect(within(done).getByText('已完成')).toBeInTheDocument();
    expect(within(done).getByTestId('step-warning')).toHaveAttribute('title', '到达打卡未获取位置');
    // not departed yet: no step tag, but late
    const late = within(row2).getByTestId('block-NO4');
    expect(late.querySelector('.jz-dispatch-step')).toBeNull();
    expect(within(late).getByTestId('step-warning')).toHaveAttribute('title', '迟到：开始 15 分钟后仍未到达打卡');

    // the week view's chips carry the same marks
    await userEvent.click(screen.getByText('周'));
    const chip = await screen.findByTestId('chip-NO1');
    expect(within(chip).getByText('已到达')).toBeInTheDocument();
    expect(within(chip).getByTestId('step-warning')).toHaveAttribute('title', '打卡距离过远（1280 米）');
  });

  it('a burst of staff steps on the stream refetches the board at most once a second, ending on the last step', async () => {
    renderPage();
    await screen.findByTestId('row-1');
    await waitFor(() => expect(FakeEventSource.last).toBeDefined());
    const es = FakeEventSource.last!;
    act(() => es.emit('hello', { lastEventId: 10, sound: false, waiting: 1 }));
    await screen.findByText('实时更新');
    await waitFor(() => expect(api.count(dispatchApi.board)).toBeGreaterThanOrEqual(2));
    const before = api.count(dispatchApi.board);
    const [zhang] = board.employees;
    const steps = ['departed', 'arrived', 'late', 'departed', 'arrived'] as const;
    for (const [i, kind] of steps.entries()) {
      board = {
        ...board,
        employees: [
          { ...zhang, blocks: [{ ...zhang.blocks[0], step: i < 3 ? 'departed' : 'arrived' }, zhang.blocks[1]] },
          board.employees[1],
        ],
      };
      act(() => es.emit('order', newOrderEvent(11 + i, { kind, orderId: 1, orderNo: 'NO1', status: 30 }), `${11 + i}`));
    }
    const block1 = within(screen.getByTestId('row-1')).getByTestId('block-NO1');
    await waitFor(() => expect(block1).toHaveAttribute('data-step', 'arrived'), { timeout: 3000 });
    expect(api.count(dispatchApi.board) - before).toBeLessThanOrEqual(2);
  });

  it('without the 派单 permission there is no assign button and nothing is draggable', async () => {
    setPerms(['merchant:dispatch:view']);
    renderPage();
    const card = await screen.findByTestId('unassigned-NO9');
    expect(within(card).queryByRole('button', { name: /派\s*单/ })).toBeNull();
    expect(card).not.toHaveAttribute('draggable');
    expect(within(card).getByRole('button', { name: /详\s*情/ })).toBeInTheDocument();
  });

  it('week view: seven columns, each day its own jobs', async () => {
    board = { ...board, days: Array.from({ length: 7 }, (_, i) => nextDay(TODAY, i)) };
    renderPage();
    await screen.findByTestId('day-board');
    await userEvent.click(screen.getByText('周'));
    const week = await screen.findByTestId('week-board');
    expect(within(week).getByTestId(`cell-1-${TODAY}`)).toHaveTextContent('09:00 日常保洁 · 3小时顾客1');
    expect(within(week).getByTestId(`cell-1-${nextDay(TODAY)}`)).not.toHaveTextContent('顾客1');
    expect(screen.getByRole('button', { name: /前一周/ })).toBeInTheDocument();
  });

  it('an empty shop: no employees, no orders — says so in Chinese', async () => {
    board = { ...board, employees: [], unassigned: [] };
    renderPage();
    expect(await screen.findByText(/本店还没有在职员工/)).toBeInTheDocument();
    expect(screen.getByText(/没有待派单的订单/)).toBeInTheDocument();
  });

  it('周期服务 visits that could not be booked: a banner with the count and 去周期服务 (with that page’s permission)', async () => {
    planExceptions = { count: 3, plans: 2 };
    setPerms(['merchant:dispatch:view', 'merchant:plan:list']);
    const qc = testQueryClient();
    qc.setQueryData(initPcQuery.queryKey, INIT as never);
    renderWithProviders(
      <Routes>
        <Route path="/paidankanban" element={<DispatchBoardPage />} />
        <Route path="/zhouqifuwu" element={<p>周期服务页</p>} />
      </Routes>,
      { route: '/paidankanban', queryClient: qc },
    );
    const banner = await screen.findByTestId('plan-exceptions');
    expect(banner).toHaveTextContent('周期服务有 3 次服务未能排期（2 个周期服务），需要处理');
    await userEvent.click(within(banner).getByRole('button', { name: '去周期服务' }));
    expect(await screen.findByText('周期服务页')).toBeInTheDocument();
  });

  it('the banner without 周期服务’s permission has no link', async () => {
    planExceptions = { count: 1, plans: 1 };
    setPerms(['merchant:dispatch:view']);
    renderPage();
    const banner = await screen.findByTestId('plan-exceptions');
    expect(banner).toHaveTextContent('周期服务有 1 次服务未能排期（1 个周期服务）');
    expect(within(banner).queryByRole('button')).toBeNull();
  });

  it('no banner when no 周期服务 visit waits', async () => {
    renderPage();
    await screen.findByTestId('row-1');
    await waitFor(() => expect(api.count(planApi.exceptionCount)).toBe(1));
    expect(screen.queryByTestId('plan-exceptions')).toBeNull();
  });
});
