import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

const calls: { url: string; params: unknown }[] = [];
/** 最近订单 of the answer: empty unless a test fills it. */
let recent: unknown[] = [];
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string, params: unknown) => {
      calls.push({ url, params });
      if (url.endsWith('/tongji/yuangong/dingdan'))
        return {
          current: [
            {
              id: 1,
              orderNo: 'NO-CURRENT',
              goodsName: '日常保洁 3 小时',
              customerName: '王女士',
              appointmentAt: '2026-11-24T06:33:00.000Z',
              status: 30,
              payAmount: 15900,
              cardPayment: null,
              createdAt: '2026-11-22T06:33:00.000Z',
              completedAt: null,
            },
          ],
          recent,
          reviews: [
            {
              id: 9,
              orderNo: 'NO-DONE',
              goodsName: '深度保洁',
              customerNickname: '李家',
              rating: 5,
              content: '阿姨很细心',
              merchantReply: '感谢认可',
              createdAt: '2026-11-10T06:33:00.000Z',
            },
          ],
          reviewCount: 1,
          avgRating: 5,
        };
      if (url.includes('/dict/')) return { dataList: [] };
      throw new Error(`unexpected ${url}`);
    }),
  },
  download: vi.fn(),
}));
const { EmployeeOrders } = await import('./EmployeeOrders.tsx');

// The orders show customers and amounts: only to holders of 订单管理.
beforeEach(() => sessionStorage.setItem('perms', JSON.stringify(['merchant:order:list'])));

function wrap(node: ReactNode) {
  return renderWithProviders(node);
}

describe('without merchant:order:list', () => {
  it('EmployeeOrders renders nothing and calls nothing', async () => {
    sessionStorage.setItem('perms', JSON.stringify(['merchant:employee:query']));
    calls.length = 0;
    const { container } = wrap(<EmployeeOrders employeeId={12} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });
});

describe('EmployeeOrders (员工详情)', () => {
  it("lists the employee's orders in hand, an empty recent list and the reviews with the average", async () => {
    wrap(<EmployeeOrders employeeId={12} />);
    expect(await screen.findByText('NO-CURRENT', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('¥159.00')).toBeInTheDocument();
    expect(screen.getByText('暂无已完成的订单')).toBeInTheDocument();
    expect(screen.getByText('阿姨很细心')).toBeInTheDocument();
    expect(screen.getByText(/平均 5\.0 分 · 共 1 条/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/tongji/yuangong/dingdan'))?.params).toEqual({ employeeId: 12 });
  });
});

describe('EmployeeOrders: a card-paid order', () => {
  it('shows the card money it used and the card under 实付, not the list price', async () => {
    recent = [
      {
        id: 2,
        orderNo: 'NO-CARD',
        goodsName: '日常保洁 3 小时',
        customerName: '赵先生',
        appointmentAt: '2026-11-20T02:00:00.000Z',
        status: 50,
        payAmount: 15900,
        cardPayment: {
          cardId: 7,
          cardNo: 'KA7',
          kind: 'times',
          cardName: '日常保洁 10 次卡',
          visitNo: 3,
          totalVisits: 10,
          cash: 12000,
          bonus: 0,
          payMethod: 'offline',
          restored: false,
        },
        createdAt: '2026-11-18T02:00:00.000Z',
        completedAt: '2026-11-20T05:00:00.000Z',
      },
    ];
    try {
      wrap(<EmployeeOrders employeeId={13} />);
      const row = (await screen.findByText('NO-CARD', undefined, { timeout: 5000 })).closest('tr') as HTMLElement;
      const cell = within(row).getByTestId('paid-cell');
      expect(cell).toHaveTextContent('¥120.00');
      expect(cell).toHaveTextContent('次卡 3/10');
      expect(row).not.toHaveTextContent('¥159.00');
      // an order paid online still shows what was paid
      const current = screen.getByText('NO-CURRENT').closest('tr') as HTMLElement;
      expect(current).toHaveTextContent('¥159.00');
      expect(within(current).queryByTestId('paid-cell')).toBeNull();
    } finally {
      recent = [];
    }
  });
});
