import type { RotaResult } from '@jz/contracts/dispatch';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { type CellTarget, ExceptionModal } from './ExceptionModal.tsx';
import { RotaGrid } from './RotaGrid.tsx';

const posts: { url: string; body: unknown }[] = [];
const dels: string[] = [];
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    post: vi.fn(async (url: string, body: unknown) => {
      posts.push({ url, body });
      return { id: 9, employeeId: 1, day: '2026-12-01', ranges: [], reason: null, updatedAt: '' };
    }),
    del: vi.fn(async (url: string) => {
      dels.push(url);
      return null;
    }),
    get: vi.fn(),
  },
}));

const MON_FRI = Array.from({ length: 7 }, (_, i) => (i < 5 ? [{ from: '08:00', to: '17:00' }] : []));
const days = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
const ROTA: RotaResult = {
  days,
  shopId: 1,
  businessHours: '08:00-20:00',
  employees: [
    {
      id: 1,
      name: '张阿姨',
      workState: 1,
      workHours: MON_FRI,
      days: days.map((day, i) => ({
        day,
        ranges: i === 1 ? [] : MON_FRI[i],
        exception:
          i === 1
            ? { id: 5, employeeId: 1, day, ranges: [], reason: '家中有事', updatedAt: '2026-11-29T00:00:00Z' }
            : null,
        leaves:
          i === 3
            ? [
                {
                  id: 7,
                  employeeId: 1,
                  from: '2026-12-03T00:00:00Z',
                  to: '2026-12-03T08:00:00Z',
                  reason: '看病',
                  createdAt: '',
                },
              ]
            : [],
      })),
    },
    {
      id: 2,
      name: '李阿姨',
      workState: 1,
      workHours: null,
      days: days.map((day) => ({ day, ranges: [{ from: '08:00', to: '20:00' }], exception: null, leaves: [] })),
    },
  ],
};

function Harness() {
  const [t, setT] = useState<CellTarget | null>(null);
  return (
    <>
      <RotaGrid data={ROTA} loading={false} onEdit={setT} />
      <ExceptionModal target={t} onClose={() => setT(null)} />
    </>
  );
}

beforeEach(() => {
  posts.length = 0;
  dels.length = 0;
});

describe('RotaGrid + ExceptionModal (real antd)', () => {
  it('shows each day’s hours, 休息, the date’s 调整 and 休假, the week’s days as columns', () => {
    renderWithProviders(<RotaGrid data={ROTA} loading={false} />);
    for (const h of ['周一 11/30', '周二 12/1', '周日 12/6'])
      expect(screen.getByRole('columnheader', { name: h })).toBeVisible();
    const zhang = screen.getByRole('row', { name: /张阿姨/ });
    const cells = within(zhang).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('08:00–17:00');
    expect(cells[2]).toHaveTextContent('休息');
    expect(cells[2]).toHaveTextContent('调整');
    expect(cells[4]).toHaveTextContent('休假');
    expect(cells[6]).toHaveTextContent('休息');
    expect(within(screen.getByRole('row', { name: /李阿姨/ })).getAllByRole('cell')[7]).toHaveTextContent(
      '08:00–20:00',
    );
    // read-only without the edit permission: no buttons
    expect(screen.queryByRole('button', { name: /张阿姨/ })).toBeNull();
  });

  it('a cell opens the date’s dialog: 休息 saves an empty day; 恢复为每周排班 deletes the exception', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '张阿姨 周五 12/4：08:00–17:00' }));
    const dialog = await screen.findByRole('dialog', { name: '调整排班：张阿姨 12月4日' });
    expect(within(dialog).getByText('每周排班当天：08:00–17:00')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: '休息' }));
    fireEvent.change(within(dialog).getByPlaceholderText(/如：加班/), { target: { value: '调休' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toMatch(/paidan\/shiftException\/save$/);
    expect(posts[0].body).toMatchObject({ employeeId: 1, day: '2026-12-04', ranges: [], reason: '调休' });

    fireEvent.click(screen.getByRole('button', { name: '张阿姨 周二 12/1：休息（调整）' }));
    const again = await screen.findByRole('dialog', { name: '调整排班：张阿姨 12月1日' });
    expect(within(again).getByRole('radio', { name: '休息' })).toBeChecked();
    fireEvent.click(within(again).getByRole('radio', { name: '恢复为每周排班' }));
    fireEvent.click(within(again).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(dels).toEqual([expect.stringMatching(/paidan\/shiftException\/del\/5$/)]));
  });

  it('custom ranges that overlap cannot be saved', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '李阿姨 周一 11/30：08:00–20:00' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /添加时段/ }));
    expect(within(dialog).getByText('两个时段不能重叠')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /保\s*存/ })).toBeDisabled();
  });
});
