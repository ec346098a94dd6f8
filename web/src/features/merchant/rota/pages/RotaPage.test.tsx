import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../../../test/render.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import RotaPage from './RotaPage.tsx';

vi.mock('../api/rota.ts', () => ({
  useRota: () => ({ data: undefined, isLoading: false, isFetching: false, isError: false }),
}));
vi.mock('../components/RotaGrid.tsx', () => ({ RotaGrid: () => <div>排班表</div> }));
vi.mock('../components/LeaveRequests.tsx', () => ({
  LeaveRequests: ({ focusId }: { focusId?: number }) => <div>请假列表{focusId ? ` 第 ${focusId} 条` : ''}</div>,
}));
vi.mock('../components/ExceptionModal.tsx', () => ({ ExceptionModal: () => null }));

function renderAt(route: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(initPcQuery.queryKey, { curDianpu: { id: 1, name: '总店' } } as never);
  return renderWithProviders(<RotaPage />, { route, queryClient, perms: ['merchant:dispatch:view'] });
}

/** 员工排班's tabs: `?tab=leave` (the message centre's link for a leave request) opens 请假审批. */
describe('员工排班 tabs', () => {
  it('opens 排班 by default', async () => {
    renderAt('/yuangongpaiban');
    expect(await screen.findByText('排班表')).toBeInTheDocument();
    expect(screen.queryByText('请假列表')).toBeNull();
  });

  it('opens 请假审批 with ?tab=leave, and 排班 again when chosen', async () => {
    renderAt('/yuangongpaiban?tab=leave');
    expect(await screen.findByText('请假列表')).toBeInTheDocument();
    expect(screen.queryByText('排班表')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: '排班' }));
    expect(await screen.findByText('排班表')).toBeInTheDocument();
  });

  it('passes a linked request (&id=) to 请假审批', async () => {
    renderAt('/yuangongpaiban?tab=leave&id=7');
    expect(await screen.findByText('请假列表 第 7 条')).toBeInTheDocument();
  });
});
