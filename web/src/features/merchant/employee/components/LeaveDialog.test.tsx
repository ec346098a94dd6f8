import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { LeaveDialog } from './LeaveDialog.tsx';

const gets: { url: string; params: unknown }[] = [];
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string, params: unknown) => {
      gets.push({ url, params });
      return {
        orders: [
          {
            orderId: 41,
            orderNo: 'JZ2026120200041',
            status: 30,
            goodsName: '日常保洁',
            from: '2026-12-02T02:00:00.000Z',
            to: '2026-12-02T05:00:00.000Z',
            time: '12月2日 10:00–13:00',
            customerName: '王女士',
          },
        ],
        leaves: [],
      };
    }),
    post: vi.fn(),
  },
}));

/** Types a value into one of the range picker's inputs and confirms it, as a keyboard user does. */
function type(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('LeaveDialog (real antd)', () => {
  it('lists the assigned orders inside the period, each with a link to reassign it, and keeps 保存 disabled', async () => {
    renderWithProviders(<LeaveDialog employee={{ id: 7, name: '张阿姨' }} open onClose={() => undefined} />, {
      perms: ['merchant:order:list'],
    });
    const dialog = await screen.findByRole('dialog', { name: '请假/休假：张阿姨' });
    type(within(dialog).getByPlaceholderText('开始时间'), '2026-12-02 08:00');
    type(within(dialog).getByPlaceholderText('结束时间'), '2026-12-02 18:00');
    await waitFor(() => expect(gets.some((g) => g.url.endsWith('/paidan/leave/check'))).toBe(true));
    expect(gets.at(-1)?.params).toMatchObject({ employeeId: 7 });
    expect(await within(dialog).findByText(/这段时间还有 1 个已指派的订单/)).toBeInTheDocument();
    expect(within(dialog).getByText(/12月2日 10:00–13:00 · 日常保洁 · 王女士/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '打开订单改派' })).toHaveAttribute(
      'href',
      expect.stringMatching(/dingdanguanli\?id=41$/),
    );
    expect(within(dialog).getByRole('button', { name: /保\s*存/ })).toBeDisabled();
  });
});
