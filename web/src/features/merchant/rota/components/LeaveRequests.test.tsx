import { STAFF_LEAVE_STATUS, type StaffLeaveRequest } from '@jz/contracts/staff';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { LeaveRequests } from './LeaveRequests.tsx';

const row = (id: number, patch: Partial<StaffLeaveRequest> = {}): StaffLeaveRequest & { shopId: number } => ({
  id,
  employeeId: 3,
  employeeName: '张阿姨',
  shopId: 1,
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

const records = [
  row(1),
  row(2, {
    employeeName: '李阿姨',
    status: STAFF_LEAVE_STATUS.withdrawn,
    withdrawnAt: '2026-12-01T02:00:00.000Z',
    withdrawable: false,
  }),
];
vi.mock('../../../../lib/api-client.ts', () => ({
  api: { get: vi.fn(async () => ({ records, total: records.length })), post: vi.fn() },
}));

/** 请假审批 with real antd: a request the employee withdrew reads 已撤回 and offers no 批准 / 拒绝. */
describe('请假审批', () => {
  it('shows a withdrawn request as 已撤回, without the answer buttons a pending one has', async () => {
    renderWithProviders(<LeaveRequests shopId={1} />, { perms: ['merchant:dispatch:assign'] });
    const withdrawn = (await screen.findByText('李阿姨')).closest('tr') as HTMLElement;
    expect(within(withdrawn).getByText('已撤回')).toBeInTheDocument();
    expect(within(withdrawn).queryByRole('button')).toBeNull();
    const pending = screen.getByText('张阿姨').closest('tr') as HTMLElement;
    expect(within(pending).getByText('待审批')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: '批准' })).toBeInTheDocument();
  });

  it('opened at one request (a message link): lists every state and marks that row', async () => {
    renderWithProviders(<LeaveRequests shopId={1} focusId={2} />, { perms: ['merchant:dispatch:assign'] });
    const linked = (await screen.findByText('李阿姨')).closest('tr') as HTMLElement;
    expect(linked).toHaveClass('jz-row-focus');
    expect(screen.getByText('张阿姨').closest('tr')).not.toHaveClass('jz-row-focus');
    expect(screen.getByRole('radio', { name: '全部' })).toBeChecked();
  });
});
