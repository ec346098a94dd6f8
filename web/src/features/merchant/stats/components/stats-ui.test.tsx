import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders as wrap } from '../../../../../test/render.tsx';

const calls: { url: string; params: unknown }[] = [];
let revenue: number | null = 123450;
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string, params: unknown) => {
      calls.push({ url, params });
      if (url.endsWith('/tongji/jinri'))
        return { date: '2026-11-22', newOrders: 7, waiting: 2, toServe: 3, revenue, reviewsToAnswer: 4 };
      if (url.includes('/dict/')) return { dataList: [] };
      throw new Error(`unexpected ${url}`);
    }),
  },
  download: vi.fn(),
}));
const { TodayFigures } = await import('./TodayFigures.tsx');

// Today's figures show order data: only to holders of 订单管理.
beforeEach(() => {
  sessionStorage.setItem('perms', JSON.stringify(['merchant:order:list']));
  revenue = 123450;
});

describe('TodayFigures (landing page)', () => {
  it("shows today's five figures, 今日成交额 in yuan, with links to the order pages", async () => {
    wrap(<TodayFigures />);
    const card = await screen.findByTestId('today-figures');
    await vi.waitFor(() => expect(card.textContent).toContain('1,234.50'), { timeout: 5000 });
    for (const [title, value] of [
      ['今日支付订单', '7'],
      ['待接单', '2'],
      ['待服务', '3'],
      ['待回复评价', '4'],
    ]) {
      const stat = screen.getByText(title).closest('.ant-statistic') as HTMLElement;
      expect(stat.textContent).toContain(value);
    }
    expect(screen.getByText('待接单').closest('a')).toHaveAttribute('href', '/dingdanjiedan');
    expect(screen.getByText('今日成交额').closest('a')).toBeNull();
    expect(screen.queryByText('今日收入')).toBeNull();
  });

  it('今日成交额 says what it counts (the tooltip, also its accessible name)', async () => {
    wrap(<TodayFigures />);
    const tip = await screen.findByRole('img', { name: /^今日成交额：/ });
    expect(tip.getAttribute('aria-label')).toContain('支付的订单的实付金额合计');
    expect(tip.getAttribute('aria-label')).toContain('不含有退款');
    expect(tip.getAttribute('aria-label')).toContain('不是扣除佣金后的结算收入');
    fireEvent.mouseEnter(tip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('北京时间 0 点起');
  });

  it('without money from the server (revenue null) shows the four counts and no amount', async () => {
    revenue = null;
    wrap(<TodayFigures />);
    const card = await screen.findByTestId('today-figures');
    await vi.waitFor(() => expect(screen.getByTestId('today-paid').textContent).toContain('7'), { timeout: 5000 });
    expect(screen.queryByText('今日成交额')).toBeNull();
    expect(card.textContent).not.toContain('¥');
    expect(card.querySelectorAll('.ant-statistic')).toHaveLength(4);
  });
});

describe('without merchant:order:list', () => {
  it('TodayFigures renders nothing and calls nothing', async () => {
    sessionStorage.setItem('perms', JSON.stringify(['merchant:employee:query']));
    calls.length = 0;
    const { container } = wrap(<TodayFigures />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('today-figures')).toBeNull();
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });
});
