import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

const rows = Array.from({ length: 23 }, (_, i) => ({
  employeeId: i + 1,
  name: `员工${i + 1}`,
  shopId: 1,
  shopName: '总店',
  workState: 1,
  ordersServed: 23 - i,
  revenue: (23 - i) * 10000,
  avgRating: 4.5,
  reviewCount: 2,
  cancellations: 0,
}));
const calls: { url: string; params: unknown }[] = [];
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string, params: unknown) => {
      calls.push({ url, params });
      if (url.endsWith('/tongji/yuangong')) return { startDate: '2026-01-01', endDate: '2026-01-30', rows };
      if (url.endsWith('/page/initPc'))
        return { curDianpu: { id: 1, name: '总店' }, allDianpu: [], isAddFendian: false, shangjiaInfoFuwuCount: 0 };
      if (url.includes('/dict/')) return { dataList: [] };
      throw new Error(`unexpected ${url}`);
    }),
  },
  download: vi.fn(),
}));
// echarts does not draw in jsdom: the chart is not what this test is about.
vi.mock('../components/Chart.tsx', () => ({ Chart: () => <div data-testid="chart" /> }));
const { default: EmployeeStatsPage } = await import('./EmployeeStatsPage.tsx');

function wrap() {
  return renderWithProviders(<EmployeeStatsPage />);
}

const bodyRows = () => document.querySelectorAll('.ant-table-tbody tr.ant-table-row');

describe('员工数据 (EmployeeStatsPage)', () => {
  it('pages the rows 10 at a time with the 10/20/30/50 sizes, and searches by name', async () => {
    wrap();
    expect(await screen.findByText('共 23 名员工', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole('combobox', { name: '每页条数' })).toBeInTheDocument();
    // The last page holds the remaining 3.
    fireEvent.click(within(document.querySelector('.ant-pagination') as HTMLElement).getByTitle('3'));
    expect(bodyRows()).toHaveLength(3);

    const box = screen.getByRole('searchbox', { name: '员工姓名' });
    fireEvent.change(box, { target: { value: '员工2' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // 员工2 and 员工20..23, back on page 1.
    expect(await screen.findByText('共 5 名员工')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);

    fireEvent.change(box, { target: { value: '没有这个人' } });
    fireEvent.click(box.closest('.ant-input-search')?.querySelector('.ant-input-search-btn') as HTMLElement);
    await vi.waitFor(() =>
      expect(document.querySelector('.ant-table-tbody')?.textContent).toContain('没有姓名包含「没有这个人」的员工'),
    );
    // The search filters in the browser: one request for the range.
    expect(calls.filter((c) => c.url.endsWith('/tongji/yuangong'))).toHaveLength(1);
  });
});
