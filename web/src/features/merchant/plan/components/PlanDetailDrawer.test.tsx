import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../../../lib/storage.ts';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** 周期服务详情 with real antd: what a plan of N visits says of its open exceptions. The API client is replaced. */
const RULE = {
  fromDate: '2026-12-01',
  ruleKind: 'weekly',
  weekdays: [2],
  everyWeeks: 1,
  monthDay: null,
  startTime: '09:00',
  text: '每周二 09:00',
};
const PLAN = {
  id: 5,
  shopId: 1,
  shopName: '运城洁家家政（总店）',
  clientId: 3,
  clientName: '王女士',
  clientAddressId: 4,
  address: '盐湖区河东****',
  goodsId: 2,
  goodsName: '日常保洁',
  specId: null,
  specName: null,
  ruleText: '每周二 09:00',
  startDate: '2026-12-01',
  endDate: null,
  visitCount: 1,
  employeeId: null,
  employeeName: null,
  payMode: 'card',
  cardId: 9,
  cardName: '日常保洁 1 次卡（KA1）',
  horizonDays: 14,
  status: 'active',
  bookedVisits: 0,
  exceptionCount: 1,
  nextVisitAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  quantity: 1,
  area: null,
  remark: null,
  endReason: null,
  rule: RULE,
  rules: [RULE],
  visits: [
    {
      id: 31,
      date: '2026-12-01',
      appointmentAt: '2026-12-01T01:00:00.000Z',
      status: 'exception',
      reason: '支付用的卡已过期',
      note: null,
      attempts: 1,
      orderId: null,
      orderNo: null,
      orderStatus: null,
      employeeName: null,
      offRule: false,
      updatedAt: '2026-11-30T02:00:00.000Z',
    },
  ],
  upcoming: [],
};
let plan: Record<string, unknown>;
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => (url.includes('/findById/') ? plan : { dataList: [] })),
    post: vi.fn(async () => null),
  },
  download: vi.fn(),
}));
// The questions asked before 跳过 / 已处理 (answered 取消): the words are what this test reads.
const asked: string[] = [];
/** What the question is answered: 取消 unless a test says 确定. */
let answer = false;
vi.mock('../../../../components/confirm.ts', () => ({
  useConfirm: () => {
    const ask = async (content: string) => {
      asked.push(content);
      return answer;
    };
    return { confirmStatus: ask, confirmWarning: ask };
  },
}));
const { PlanDetailDrawer } = await import('./PlanDetailDrawer.tsx');

beforeEach(() => {
  setPerms(['merchant:plan:list', 'merchant:plan:edit']);
  plan = { ...PLAN };
  asked.length = 0;
  answer = false;
});

describe('a plan of N visits with an open exception', () => {
  it('says the exception holds its visit, lists no further day, that 跳过 moves the visit on and 已处理 uses it', async () => {
    renderWithProviders(<PlanDetailDrawer id={5} onClose={() => {}} onEdit={() => {}} />);
    expect(
      await screen.findByText(
        '1 次服务未能排期，原因见下表；可重试、跳过或标记为已处理。未处理前计入服务次数，不会另排其他日期',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('之后的服务日（尚未下单）')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '已处理' }));
    fireEvent.click(screen.getByRole('button', { name: '跳过' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked).toEqual([
      '标记为已处理（例如已电话改约）？标记后这次服务计入服务次数，不再另排日期；如需顺延请选择跳过。',
      '确定跳过 2026-12-01 的服务吗？跳过后这一天不会再下单。这次服务将顺延到之后的服务日。',
    ]);
  });

  it('a plan with an end date says nothing of visits owed', async () => {
    plan = { ...PLAN, visitCount: null, endDate: '2027-01-31' };
    renderWithProviders(<PlanDetailDrawer id={5} onClose={() => {}} onEdit={() => {}} />);
    expect(await screen.findByText('1 次服务未能排期，原因见下表；可重试、跳过或标记为已处理')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '已处理' }));
    await waitFor(() => expect(asked).toEqual(['标记为已处理（例如已电话改约）？']));
  });
});

describe('booked visits', () => {
  it('offers 跳过 only on an order not served yet, and 结束 counts those orders', async () => {
    const booked = (id: number, date: string, orderStatus: number) => ({
      ...PLAN.visits[0],
      id,
      date,
      appointmentAt: `${date}T01:00:00.000Z`,
      status: 'booked',
      reason: null,
      orderId: id,
      orderNo: `DD${id}`,
      orderStatus,
    });
    plan = {
      ...PLAN,
      exceptionCount: 0,
      visits: [booked(41, '2026-12-01', 30), booked(42, '2026-12-08', 50)],
    };
    renderWithProviders(<PlanDetailDrawer id={5} onClose={() => {}} onEdit={() => {}} />);
    const served = (await screen.findByText('DD42')).closest('tr') as HTMLElement;
    const toServe = screen.getByText('DD41').closest('tr') as HTMLElement;
    expect(within(toServe).getByRole('button', { name: '跳过' })).toBeInTheDocument();
    expect(within(served).queryByRole('button', { name: '跳过' })).toBeNull();
    expect(screen.getByText('进行中')).toHaveClass('ant-tag-processing');

    fireEvent.click(screen.getByRole('button', { name: /结\s*束/ }));
    expect(await screen.findByText('结束后不再下新订单。已下单且未服务的订单：1 个。')).toBeInTheDocument();
  });

  it('立即排期 asked and answered 确定 books the plan, and the drawer loads the plan again by itself', async () => {
    const { api } = await import('../../../../lib/api-client.ts');
    const detailCalls = () =>
      vi.mocked(api.get).mock.calls.filter(([url]) => String(url).includes('/findById/')).length;
    vi.mocked(api.get).mockClear();
    answer = true;
    renderWithProviders(<PlanDetailDrawer id={5} onClose={() => {}} onEdit={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: '立即排期' }));
    await waitFor(() =>
      expect(vi.mocked(api.post).mock.calls.map(([url]) => url)).toContain('/api/app/jiazheng/shangjia/zhouqi/paiqi/5'),
    );
    expect(asked).toEqual(['按预约规则为未来 14 天排期？']);
    await waitFor(() => expect(detailCalls()).toBe(2));
  });
});
