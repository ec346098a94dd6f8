import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** 周期服务 with real antd: the empty list's next step, and 编辑 from a row while the plan loads or fails. */
const RULE = {
  fromDate: '2026-12-01',
  ruleKind: 'weekly',
  weekdays: [2],
  everyWeeks: 1,
  monthDay: null,
  startTime: '09:00',
  text: '每周二 09:00',
};
const ROW = {
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
  visitCount: 4,
  employeeId: null,
  employeeName: null,
  payMode: 'visit',
  cardId: null,
  cardName: null,
  horizonDays: 14,
  status: 'active',
  bookedVisits: 0,
  exceptionCount: 0,
  nextVisitAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
};
const DETAIL = {
  ...ROW,
  quantity: 1,
  area: null,
  remark: null,
  endReason: null,
  rule: RULE,
  rules: [RULE],
  visits: [],
  upcoming: [],
};

let rows: unknown[];
let detailFails = 0;
let countFails = 0;
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      if (url.endsWith('/zhouqi/findAllByPage')) return { records: rows, total: rows.length };
      if (url.endsWith('/zhouqi/exceptionCount')) {
        if (countFails > 0) {
          countFails--;
          throw new Error('网络连接失败');
        }
        return { count: 2, plans: 1 };
      }
      if (url.includes('/zhouqi/findById/')) {
        if (detailFails > 0) {
          detailFails--;
          throw new Error('网络连接失败');
        }
        return DETAIL;
      }
      if (url.endsWith('findAllByList')) return [];
      return { records: [], total: 0, dataList: [] };
    }),
    post: vi.fn(async () => null),
  },
  download: vi.fn(),
}));
const { default: PlanPage } = await import('./PlanPage.tsx');

const PERMS = ['merchant:plan:list', 'merchant:plan:add', 'merchant:plan:edit'];
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  rows = [ROW];
  detailFails = 0;
  countFails = 0;
});

describe('周期服务 (PlanPage)', () => {
  it('an empty list offers 新增第一个周期服务, which opens the form', async () => {
    rows = [];
    renderWithProviders(<PlanPage />, { perms: PERMS });
    fireEvent.click(await screen.findByRole('button', { name: '新增第一个周期服务' }, { timeout: 5000 }));
    expect(await screen.findByRole('dialog', { name: '新增周期服务' })).toBeInTheDocument();
  });

  it('编辑 from a row whose plan fails to load says so with 重试; 重试 opens the form with the plan', async () => {
    detailFails = 1;
    renderWithProviders(<PlanPage />, { perms: PERMS });
    const row = (await screen.findByText('王女士', undefined, { timeout: 5000 })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const waiting = await screen.findByRole('dialog', { name: '编辑周期服务' });
    expect(await within(waiting).findByText('周期服务加载失败：网络连接失败')).toBeInTheDocument();
    fireEvent.click(within(waiting).getByRole('button', { name: /重\s*试/ }));
    const save = await screen.findByRole('button', { name: /保\s*存/ });
    const form = save.closest('[role="dialog"]') as HTMLElement;
    expect(form).toHaveAccessibleName('编辑周期服务');
    expect(await within(form).findByText(/规则：每周二 09:00/)).toBeInTheDocument();
  });

  it('a failed count of visits not booked says so with 重试 (not silence); 重试 shows the count', async () => {
    countFails = 1;
    renderWithProviders(<PlanPage />, { perms: PERMS });
    expect(
      await screen.findByText('未能排期的服务数加载失败，可能有服务等待处理', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText(/^2 次服务未能排期（1 个周期服务）/)).toBeInTheDocument();
    expect(screen.queryByText('未能排期的服务数加载失败，可能有服务等待处理')).toBeNull();
  });
});
