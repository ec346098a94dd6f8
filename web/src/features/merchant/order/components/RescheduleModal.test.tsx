import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../../lib/format.ts';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** 改约 with real antd; the API client is replaced: it answers the order, the day's slots and the reschedule. */
const DAY = nextDay(shanghaiDay(Date.now()), 2);
const at = (hm: string) => new Date(wallMs(DAY, hm)).toISOString();
const ORDER = {
  id: 5,
  orderNo: 'NO-5',
  shopId: 1,
  shopName: '运城洁家家政（总店）',
  goodsId: 21,
  goodsName: '日常保洁',
  specId: 11,
  specName: '3小时',
  specMode: 'fixed',
  quantity: 1,
  unit: '次',
  quantityLabel: '× 1',
  area: null,
  durationMinutes: 180,
  payAmount: 15900,
  customerName: '王女士',
  customerPhone: '139****0001',
  appointmentAt: at('09:00'),
  status: 30,
  refundStatus: 0,
  employeeId: 3,
  employeeName: '张三',
  createdAt: '2026-11-22T06:00:00.000Z',
};
/** A start as pay/dingdan/rescheduleSlots answers it; `keeps`: the order's employee is free then (undefined: none). */
const slot = (time: string, capacity: number, keeps?: boolean, reason: string | null = null) => ({
  at: at(time),
  time,
  window: '08:00–20:00',
  capacity,
  available: reason === null && (capacity > 0 || keeps === true),
  reason,
  ...(keeps !== undefined && { keepsEmployee: keeps }),
});
const assignedDay = () => [
  slot('09:00', 2, true),
  slot('10:00', 3, true),
  slot('10:30', 0, false, '已约满'),
  // full for anyone else, but the order's own employee is free: it may move there
  slot('11:00', 0, true),
  slot('14:00', 1, false),
];
let slots = assignedDay();
let order: Record<string, unknown> = ORDER;

const gets: string[] = [];
const posts: { url: string; body: unknown }[] = [];
let answer: () => unknown = () => null;
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string, query?: Record<string, unknown>) => {
      gets.push(`${url}?${new URLSearchParams(query as Record<string, string>)}`);
      if (url.endsWith('/findById/5')) return order;
      if (url.endsWith('/pay/dingdan/rescheduleSlots'))
        return { date: query?.date, goodsId: 21, shopId: 1, minutes: 180, leadHours: 2, slots };
      throw new Error(`unexpected ${url}`);
    }),
    post: vi.fn(async (url: string, body: unknown) => {
      posts.push({ url, body });
      return answer();
    }),
  },
  download: vi.fn(),
}));
const { RescheduleModal } = await import('./RescheduleModal.tsx');

function wrap(children: ReactNode) {
  return renderWithProviders(children);
}

beforeEach(() => {
  gets.length = 0;
  posts.length = 0;
  slots = assignedDay();
  order = ORDER;
});

const ok = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定改约' });

describe('RescheduleModal', () => {
  it("lists the day's start times for the order, saying whether its employee stays", async () => {
    wrap(<RescheduleModal order={{ id: 5, orderNo: 'NO-5' }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('改约 · NO-5');
    const group = await within(dialog).findByRole('radiogroup', { name: '开始时间' });
    expect(within(dialog).getByTestId('reschedule-current')).toHaveTextContent(formatDateTime(at('09:00')));
    // the order itself is asked for: the server reads its goods, specification and job length
    expect(gets.find((g) => g.includes('/rescheduleSlots'))).toContain(`id=5&date=${DAY}`);
    expect(within(group).getByRole('radio', { name: '10:00 保留原人员' })).toBeEnabled();
    // no place for anyone else, but 张三 is free then: it can be chosen
    const kept = within(group).getByRole('radio', { name: '11:00 保留原人员' });
    expect(kept).toBeEnabled();
    fireEvent.mouseEnter(kept.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('张三 该时段有空，改约后不变');
    expect(within(group).getByRole('radio', { name: '14:00 需重新派单' })).toBeEnabled();
    // full: disabled, the reason in its name
    expect(within(group).getByRole('radio', { name: '10:30 已约满' })).toBeDisabled();
    // the order's own time cannot be chosen again
    expect(within(group).getByRole('radio', { name: '09:00 当前预约时间' })).toBeDisabled();
    expect(dialog).toHaveTextContent('服务人员 张三 在新时间有空则保留；否则订单退回「待接单」');
    expect(ok(dialog)).toBeDisabled();
  });

  it('an order waiting for an employee shows the places left; a full time is disabled with its reason', async () => {
    order = { ...ORDER, status: 20, employeeId: null, employeeName: null };
    slots = [slot('10:00', 3), slot('10:30', 0, undefined, '已约满'), slot('14:00', 1)];
    wrap(<RescheduleModal order={{ id: 5, orderNo: 'NO-5' }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const group = await within(dialog).findByRole('radiogroup', { name: '开始时间' });
    expect(within(group).getByRole('radio', { name: '10:00 剩 3 人' })).toBeEnabled();
    expect(within(group).getByTestId('slot-14:00')).toHaveTextContent('剩 1 人');
    const full = within(group).getByRole('radio', { name: '10:30 已约满' });
    expect(full).toBeDisabled();
    fireEvent.mouseEnter(full.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('已约满');
    expect(dialog).toHaveTextContent('订单尚未指派服务人员');
  });

  it('choosing a time and 确定改约 posts the order and the time, tells the message and closes', async () => {
    answer = () => ({
      id: 5,
      appointmentAt: at('14:00'),
      status: 30,
      employeeReleased: false,
      message: '已改约为 测试',
    });
    const onClose = vi.fn();
    wrap(<RescheduleModal order={{ id: 5, orderNo: 'NO-5' }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    const time = await within(dialog).findByRole('radio', { name: '14:00 需重新派单' });
    fireEvent.click(time);
    expect(time).toHaveAttribute('aria-checked', 'true');
    // the reason is required
    expect(ok(dialog)).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('改约原因'), { target: { value: '   ' } });
    expect(ok(dialog)).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('改约原因'), { target: { value: ' 客户临时出差 ' } });
    expect(ok(dialog)).toBeEnabled();
    fireEvent.click(ok(dialog));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toMatch(/\/pay\/dingdan\/reschedule$/);
    expect(posts[0].body).toEqual({ id: 5, appointmentAt: at('14:00'), reason: '客户临时出差' });
    expect(await screen.findByText('已改约为 测试')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a released employee is told as a warning', async () => {
    answer = () => ({
      id: 5,
      appointmentAt: at('14:00'),
      status: 20,
      employeeReleased: true,
      message: '已改约；原服务人员 张三 该时段不能服务，订单已退回待接单',
    });
    wrap(<RescheduleModal order={{ id: 5, orderNo: 'NO-5' }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: '14:00 需重新派单' }));
    fireEvent.change(within(dialog).getByLabelText('改约原因'), { target: { value: '客户要求' } });
    fireEvent.click(ok(dialog));
    const note = await screen.findByText('已改约；原服务人员 张三 该时段不能服务，订单已退回待接单');
    expect(note.closest('.ant-message-notice')?.querySelector('.ant-message-warning')).toBeTruthy();
  });

  it('a refusal (2004) stays in the dialog with its message; nothing closes', async () => {
    answer = () => {
      throw Object.assign(new Error('该时段已约满，请选择其他时间'), { code: 2004 });
    };
    const onClose = vi.fn();
    wrap(<RescheduleModal order={{ id: 5, orderNo: 'NO-5' }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: '10:00 保留原人员' }));
    fireEvent.change(within(dialog).getByLabelText('改约原因'), { target: { value: '客户要求' } });
    fireEvent.click(ok(dialog));
    expect(await within(dialog).findByTestId('reschedule-refusal')).toHaveTextContent('该时段已约满，请选择其他时间');
    expect(posts).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    // choosing again clears it
    fireEvent.click(within(dialog).getByRole('radio', { name: '14:00 需重新派单' }));
    expect(within(dialog).queryByTestId('reschedule-refusal')).toBeNull();
  });

  it('a day without start times says so', async () => {
    slots = [];
    wrap(<RescheduleModal order={{ id: 5, orderNo: 'NO-5' }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('当天没有可预约时间')).toBeInTheDocument();
    expect(ok(dialog)).toBeDisabled();
  });
});
