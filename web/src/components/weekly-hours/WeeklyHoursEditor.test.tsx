import type { WeeklyHours } from '@jz/contracts/dispatch';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { WeeklyHoursEditor } from './WeeklyHoursEditor.tsx';
import { dayProblem, weekProblem } from './weekly-hours.ts';

const OFF: WeeklyHours = Array.from({ length: 7 }, () => []);
const SPLIT = [
  { from: '08:00', to: '12:00' },
  { from: '13:00', to: '18:00' },
];

/** The editor inside a form with the employee form's rule; `onFinish` sees what would be sent. */
function renderInForm(initial: WeeklyHours | null, onFinish = vi.fn(), shopHoursLabel?: string) {
  renderWithProviders(
    <Form initialValues={{ workHours: initial }} onFinish={onFinish} name="t">
      <Form.Item
        name="workHours"
        label="每周排班"
        rules={[
          {
            validator: async (_r, v) => {
              const p = weekProblem(v);
              if (p) throw new Error(p);
            },
          },
        ]}
      >
        <WeeklyHoursEditor shopHoursLabel={shopHoursLabel} />
      </Form.Item>
      <Button htmlType="submit">保存</Button>
    </Form>,
  );
  return onFinish;
}

/** The shown values of a weekday's selects: ['08:00', '12:00', '13:00', '18:00']. */
const shown = (day: string) =>
  within(screen.getByRole('group', { name: day }))
    .queryAllByTitle(/^\d\d:\d\d$/)
    .map((e) => e.getAttribute('title'));

describe('dayProblem / weekProblem', () => {
  it('names the day and what is wrong: end before start, out of order, overlapping', () => {
    expect(dayProblem(SPLIT)).toBeNull();
    expect(dayProblem([{ from: '12:00', to: '08:00' }])).toBe('第 1 个时段的结束时间须晚于开始时间');
    expect(dayProblem([SPLIT[1], SPLIT[0]])).toBe('第 2 个时段须排在第 1 个之后');
    expect(dayProblem([SPLIT[0], { from: '11:00', to: '14:00' }])).toBe('两个时段不能重叠');
    expect(weekProblem([[], [SPLIT[0], { from: '11:00', to: '14:00' }], [], [], [], [], []])).toBe(
      '周二：两个时段不能重叠',
    );
    expect(weekProblem(null)).toBeNull();
  });
});

describe('WeeklyHoursEditor (real antd)', () => {
  it('复制周一到整周 copies Monday’s two ranges to every day, and the form sends them', async () => {
    const week: WeeklyHours = [SPLIT, ...OFF.slice(1)];
    const onFinish = renderInForm(week);
    expect(shown('周一')).toEqual(['08:00', '12:00', '13:00', '18:00']);
    expect(shown('周三')).toEqual([]);
    expect(within(screen.getByRole('group', { name: '周三' })).getByRole('switch')).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: '复制周一到整周' }));
    for (const d of ['周二', '周三', '周日']) expect(shown(d)).toEqual(['08:00', '12:00', '13:00', '18:00']);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onFinish.mock.calls[0][0].workHours).toEqual(Array.from({ length: 7 }, () => SPLIT));
  });

  it('a day switched off is 休息; switched on gets a range; a second range can be added and removed', () => {
    renderInForm(OFF);
    const tue = () => within(screen.getByRole('group', { name: '周二' }));
    fireEvent.click(tue().getByRole('switch', { name: '周二上班' }));
    expect(shown('周二')).toEqual(['08:00', '18:00']);
    fireEvent.click(tue().getByRole('button', { name: '周二添加时段' }));
    expect(shown('周二')).toHaveLength(4);
    fireEvent.click(tue().getByRole('button', { name: '删除周二第2段' }));
    expect(shown('周二')).toEqual(['08:00', '18:00']);
    fireEvent.click(tue().getByRole('switch', { name: '周二上班' }));
    expect(shown('周二')).toEqual([]);
  });

  it('refuses to submit overlapping or reversed ranges, naming the day', async () => {
    const week: WeeklyHours = [[], [SPLIT[0], { from: '11:00', to: '14:00' }], ...OFF.slice(2)];
    const onFinish = renderInForm(week);
    // said under the day as it stands, and as the field's error on submit
    expect(within(screen.getByRole('group', { name: '周二' })).getByText('两个时段不能重叠')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('周二：两个时段不能重叠')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('offers the shop’s hours (null) beside custom ones; custom starts from Mon–Fri', async () => {
    const onFinish = renderInForm(null, vi.fn(), '08:00–20:00');
    expect(screen.getByRole('radio', { name: '按店铺营业时间（08:00–20:00）' })).toBeChecked();
    expect(screen.queryByRole('group', { name: '周一' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '自定义每周排班' }));
    expect(shown('周五')).toEqual(['08:00', '18:00']);
    expect(shown('周六')).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: /按店铺营业时间/ }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onFinish.mock.calls[0][0].workHours).toBeNull();
  });
});
