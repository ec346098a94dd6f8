import { dispatchApi } from '@jz/contracts/api/dispatch';
import { type SuggestResult, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { http } from '../../lib/api-client.ts';
import { SuggestList } from './SuggestList.tsx';

/**
 * The shared suggestion list with real antd and the client's preferences (docs/dispatch.md §3.2): a preferred employee is tagged
 * 客户偏好 (the reason shown once, as the tag) and a blocked one is listed among the excluded with 客户不希望再派此员工.
 */
const DAY = shanghaiDay(Date.now() + 2 * 86_400_000);
const at = (hm: string) => new Date(wallMs(DAY, hm)).toISOString();
const base = { distanceKm: 1.2, distanceFrom: 'base' as const, dayJobs: 0, dayMinutes: 0, strands: [], strandCount: 0 };
const SUGGEST: SuggestResult = {
  orderId: 9,
  from: at('10:00'),
  to: at('12:00'),
  bufferTo: at('12:30'),
  suggestions: [
    {
      ...base,
      employeeId: 5,
      name: '李桂芳',
      score: 80,
      reasons: ['客户偏好', '本单 10:00–12:00 有空', '距常驻地 1.2 公里'],
      preferred: true,
    },
    { ...base, employeeId: 6, name: '王丽娟', score: 95, reasons: ['本单 10:00–12:00 有空'], preferred: false },
  ],
  excluded: [{ employeeId: 7, name: '张秀英', code: 'blocked', reason: '客户不希望再派此员工' }],
};

beforeEach(() => {
  http.defaults.adapter = async (config) => {
    const url = String(config.url ?? '');
    const data = url.startsWith(dispatchApi.suggest.path)
      ? { code: 200, message: 'ok', result: SUGGEST }
      : { code: 2002, message: url, result: null };
    return { data, status: data.code === 200 ? 200 : 409, statusText: '', headers: {}, config, request: {} };
  };
});
afterEach(() => {
  http.defaults.adapter = undefined;
  vi.restoreAllMocks();
});

describe('SuggestList and the client’s preferences', () => {
  it('tags the preferred employee 客户偏好 and lists the blocked one with why; picking passes the id', async () => {
    const onPick = vi.fn();
    renderWithProviders(<SuggestList orderId={9} busy={false} onPick={onPick} />);
    const ranked = await screen.findByRole('list', { name: '推荐员工' });
    const rows = within(ranked).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent?.slice(0, 3))).toEqual(['李桂芳', '王丽娟']);
    expect(within(rows[0]).getByTestId('preferred-tag')).toHaveTextContent('客户偏好');
    expect(rows[0]).toHaveTextContent('推荐');
    // The reason is the tag: the text line does not repeat it.
    expect(rows[0]).toHaveTextContent('本单 10:00–12:00 有空；距常驻地 1.2 公里');
    expect(rows[0].textContent?.match(/客户偏好/g)).toHaveLength(1);
    expect(within(rows[1]).queryByTestId('preferred-tag')).toBeNull();

    const out = screen.getByRole('list', { name: '不可指派的员工' });
    expect(out).toHaveTextContent('张秀英：客户不希望再派此员工');
    expect(within(out).getByTestId('excluded-7')).toHaveAttribute('data-code', 'blocked');
    expect(screen.queryByRole('button', { name: '指派给 张秀英' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '指派给 李桂芳' }));
    expect(onPick).toHaveBeenCalledWith(5);
  });
});
