import type { PlanDetail } from '@jz/contracts/plan';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** 改时间 / 规则 with real antd: the rule fields (shared with the 新增 form) validate before the question is asked. */
vi.mock('../../../../lib/api-client.ts', () => ({ api: { get: vi.fn(), post: vi.fn() } }));
const asked: string[] = [];
vi.mock('../../../../components/confirm.ts', () => ({
  useConfirm: () => ({
    confirmWarning: async (content: string) => {
      asked.push(content);
      return true;
    },
  }),
}));
const { ChangeRuleModal } = await import('./ChangeRuleModal.tsx');

const RULE = {
  fromDate: '2026-12-01',
  ruleKind: 'weekly' as const,
  weekdays: [2],
  everyWeeks: 1,
  monthDay: null,
  startTime: '09:00',
  text: '每周二 09:00',
};
const plan = { id: 5, rule: RULE, rules: [RULE] } as unknown as PlanDetail;

beforeEach(() => {
  asked.length = 0;
});

describe('ChangeRuleModal', () => {
  it('refuses a weekly rule without a day and a monthly one without a date; a complete rule is asked about, then sent', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<ChangeRuleModal open plan={plan} onClose={() => {}} onSubmit={onSubmit} />);
    const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));

    fireEvent.click(screen.getByLabelText('周二'));
    ok();
    expect(await screen.findByText('请选择每周的服务日')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('按月'));
    expect(await screen.findByText('没有该日的月份在当月最后一天服务')).toBeInTheDocument();
    ok();
    expect(await screen.findByText('请选择每月的服务日期')).toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(onSubmit).not.toHaveBeenCalled();

    // Back to 按周 the weekday fields come back with the plan's own day (周二); 周四 is added to it.
    fireEvent.click(screen.getByLabelText('按周'));
    fireEvent.click(await screen.findByLabelText('周四'));
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(asked[0]).toContain('改为「每周二、四 09:00」');
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({ id: 5, ruleKind: 'weekly', weekdays: [2, 4], everyWeeks: 1, startTime: '09:00' }),
    ]);
  });
});
