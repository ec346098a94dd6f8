import { staffApi } from '@jz/contracts/api/staff';
import { STAFF_LEAVE_STATUS, type StaffLeaveRequest } from '@jz/contracts/staff';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../mobile-render.ts';
import { setStaffTransport } from '../api/client.ts';
import { StaffApp } from '../StaffApp.tsx';
import { fakeStaffApi } from '../testing.ts';

/** 我的申请 with real antd-mobile: each request's state in words, and 撤回 with its confirmation. */
const employee = {
  id: 3,
  name: '张阿姨',
  phoneMasked: '139****0001',
  merchantName: '示例家政',
  shopId: 1,
  shopName: '盐湖店',
  avatarUrl: null,
};

const request = (id: number, patch: Partial<StaffLeaveRequest> = {}): StaffLeaveRequest => ({
  id,
  employeeId: 3,
  employeeName: '张阿姨',
  from: '2026-12-03T00:00:00.000Z',
  to: '2026-12-03T10:00:00.000Z',
  reason: '家里有事',
  status: STAFF_LEAVE_STATUS.pending,
  reply: null,
  decidedAt: null,
  withdrawnAt: null,
  withdrawable: true,
  createdAt: '2026-12-01T00:00:00.000Z',
  ...patch,
});

function open() {
  localStorage.setItem('jz-staff-token', 'staff-token-1');
  localStorage.setItem('jz-staff-employee', JSON.stringify(employee));
  window.history.replaceState(null, '', '/staff/leave');
  return render(<StaffApp />);
}

/** The list item of a request, found by its state sentence. */
const itemOf = (text: string | RegExp) => screen.getByText(text).closest('.adm-list-item') as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T00:30:00Z')); // 08:30 in Shanghai
});
afterEach(() => {
  vi.useRealTimers();
  setStaffTransport(undefined);
});

describe('我的申请', () => {
  it('says in words where each request stands; 撤回 only where the server allows it', async () => {
    fakeStaffApi([
      [
        staffApi.schedule,
        {
          result: {
            days: [],
            requests: [
              request(1),
              request(2, {
                status: STAFF_LEAVE_STATUS.approved,
                decidedAt: '2026-12-01T00:10:00.000Z',
                reply: '好的',
              }),
              request(3, {
                status: STAFF_LEAVE_STATUS.refused,
                decidedAt: '2026-12-01T00:10:00.000Z',
                reply: '那天人手不够',
                withdrawable: false,
              }),
              request(4, {
                status: STAFF_LEAVE_STATUS.withdrawn,
                decidedAt: '2026-11-30T02:00:00.000Z',
                withdrawnAt: '2026-11-30T03:00:00.000Z',
                withdrawable: false,
              }),
              request(5, { status: STAFF_LEAVE_STATUS.approved, withdrawable: false }),
            ],
          },
        },
      ],
    ]);
    open();
    const pending = await screen.findByText('等待调度审批，审批前可以撤回');
    expect(within(itemOf(pending.textContent!)).getByRole('button', { name: '撤回申请' })).toBeInTheDocument();
    const approved = itemOf('12月1日 08:10 批准');
    expect(within(approved).getByText('已批准，休假已生效')).toBeInTheDocument();
    expect(within(approved).getByText('调度回复：好的')).toBeInTheDocument();
    expect(within(approved).getByRole('button', { name: '撤回休假' })).toBeInTheDocument();
    const refused = itemOf(/^未批准/);
    expect(within(refused).getByText('已拒绝')).toBeInTheDocument();
    expect(within(refused).queryByRole('button')).toBeNull();
    const withdrawn = itemOf('批准后已撤回，休假已取消');
    expect(within(withdrawn).getByText('11月30日 11:00 撤回')).toBeInTheDocument();
    expect(within(withdrawn).queryByRole('button')).toBeNull();
    // an approved leave that has begun: no 撤回 (the server says so)
    expect(screen.getAllByRole('button', { name: /^撤回/ })).toHaveLength(2);
  });

  it('撤回 asks first: 不撤回 sends nothing; 确认撤回 withdraws her request and shows it withdrawn', async () => {
    let withdrawn = false;
    const api = fakeStaffApi([
      [
        staffApi.schedule,
        () => ({
          result: {
            days: [],
            requests: [
              withdrawn
                ? request(9, {
                    status: STAFF_LEAVE_STATUS.withdrawn,
                    withdrawnAt: '2026-12-01T00:30:00.000Z',
                    withdrawable: false,
                  })
                : request(9),
            ],
          },
        }),
      ],
      [
        staffApi.withdrawLeave,
        () => {
          withdrawn = true;
          return { result: request(9, { status: STAFF_LEAVE_STATUS.withdrawn, withdrawable: false }) };
        },
      ],
    ]);
    open();
    // The confirmation dialog opens with an animation that keeps pointer-events off under jsdom.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: '撤回申请' }));
    expect(await screen.findByText('确定撤回这次请假吗？')).toBeInTheDocument();
    expect(screen.getByText('12月3日 08:00–18:00 的请假申请将撤回，调度不再审批。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '不撤回' }));
    await waitFor(() => expect(screen.queryByText('确定撤回这次请假吗？')).toBeNull());
    expect(api.of(staffApi.withdrawLeave)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '撤回申请' }));
    await user.click(await screen.findByRole('button', { name: '确认撤回' }));
    await waitFor(() => expect(api.of(staffApi.withdrawLeave)).toHaveLength(1));
    expect(api.of(staffApi.withdrawLeave)[0].url).toBe('/api/staff/leave/9/withdraw');
    expect(await screen.findByText('12月1日 08:30 撤回')).toBeInTheDocument();
    expect(within(itemOf('12月1日 08:30 撤回')).getAllByText('已撤回')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '撤回申请' })).toBeNull();
  });

  it('an approved leave: the confirmation says the leave is cancelled; a refusal is shown and the list read again', async () => {
    let reads = 0;
    const api = fakeStaffApi([
      [
        staffApi.schedule,
        () => {
          reads++;
          return {
            result: { days: [], requests: [request(7, { status: STAFF_LEAVE_STATUS.approved })] },
          };
        },
      ],
      [staffApi.withdrawLeave, { code: 2004, message: '休假已开始，不能撤回；如需提前结束请联系调度' }],
    ]);
    open();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: '撤回休假' }));
    expect(
      await screen.findByText('12月3日 08:00–18:00 的休假已批准，撤回后休假取消，这段时间可能会给您派单。'),
    ).toBeInTheDocument();
    // the dialog of the test before may still be closing: this one is the last
    await user.click(screen.getAllByRole('button', { name: '确认撤回' }).at(-1)!);
    await waitFor(() => expect(api.of(staffApi.withdrawLeave)).toHaveLength(1));
    expect(await screen.findByText('休假已开始，不能撤回；如需提前结束请联系调度')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
  });
});
