import { dispatchApi } from '@jz/contracts/api/dispatch';
import { orderApi } from '@jz/contracts/api/order';
import { type SuggestResult, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { http } from '../../../../lib/api-client.ts';
import { AssignModal } from './AssignModal.tsx';

/**
 * 接单派员 with real antd: the board's ranked suggestion list (reasons, then the excluded with why), and a choice
 * that strands another paid order asks first. The transport is replaced and records what is sent.
 */
const DAY = shanghaiDay(Date.now() + 2 * 86_400_000);
const at = (hm: string) => new Date(wallMs(DAY, hm)).toISOString();
const SUGGEST: SuggestResult = {
  orderId: 7,
  from: at('10:00'),
  to: at('12:00'),
  bufferTo: at('12:30'),
  suggestions: [
    {
      employeeId: 2,
      name: '李桂芳',
      score: 92,
      distanceKm: 0.8,
      distanceFrom: 'base',
      dayJobs: 0,
      dayMinutes: 0,
      reasons: ['本单 10:00–12:00 有空', '距常驻地 0.8 公里'],
      strands: [],
      strandCount: 0,
    },
    {
      employeeId: 1,
      name: '张秀英',
      score: 95,
      distanceKm: 0.3,
      distanceFrom: 'base',
      dayJobs: 0,
      dayMinutes: 0,
      reasons: ['本单 10:00–12:00 有空', '派给此人会使同时段 1 单待派订单无人可派'],
      strands: [{ orderId: 8, orderNo: 'NO-KAIHUANG', goodsName: '开荒保洁', from: at('10:00'), to: at('13:00') }],
      strandCount: 1,
    },
  ],
  excluded: [
    { employeeId: 3, name: '赵春梅', code: 'leave', reason: '11月30日 00:00–12月7日 00:00 休假' },
    { employeeId: 4, name: '王建国', code: 'conflict', reason: '10:00–12:00 已有订单 NO-1（日常保洁）' },
  ],
};

const sent: { url: string; body: unknown }[] = [];
/** The request body as an object: JSON text, or a form (numbers read back as numbers). */
function bodyOf(raw: unknown): unknown {
  if (raw == null) return null;
  if (typeof raw === 'string' && raw.startsWith('{')) return JSON.parse(raw);
  const form = raw instanceof URLSearchParams || raw instanceof FormData ? raw : new URLSearchParams(String(raw));
  return Object.fromEntries(
    [...form.entries()].map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]),
  );
}
let suggestAnswer: { code: number; message: string; result: unknown } = { code: 200, message: 'ok', result: SUGGEST };
beforeEach(() => {
  sent.length = 0;
  suggestAnswer = { code: 200, message: 'ok', result: SUGGEST };
  http.defaults.adapter = async (config) => {
    const url = String(config.url ?? '');
    sent.push({ url, body: bodyOf(config.data) });
    const data = url.startsWith(dispatchApi.suggest.path)
      ? suggestAnswer
      : url.startsWith(orderApi.assign.path)
        ? { code: 200, message: '指派成功', result: { id: 7 } }
        : { code: 2002, message: url, result: null };
    return { data, status: data.code === 200 ? 200 : 409, statusText: '', headers: {}, config, request: {} };
  };
});
afterEach(() => {
  http.defaults.adapter = undefined;
  vi.restoreAllMocks();
});

const assigned = () => sent.filter((s) => s.url.startsWith(orderApi.assign.path)).map((s) => s.body);
const ORDER = { id: 7, orderNo: 'NO-7', status: 20 };
/** The confirmation dialogs (the test renderer gives every dialog the same label id, so they are found by title). */
const asks = () => {
  const found = screen.getAllByRole('dialog').filter((d) => d.textContent?.startsWith('警告提示'));
  if (!found.length) throw new Error('no 警告提示 dialog');
  return found;
};

describe('AssignModal (接单派员)', () => {
  it('lists the ranked suggestions with reasons, then the excluded with why; a safe pick assigns at once', async () => {
    const onClose = vi.fn();
    renderWithProviders(<AssignModal order={ORDER} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: /接单并指派员工 · NO-7/ });
    const ranked = await within(dialog).findByRole('list', { name: '推荐员工' });
    const rows = within(ranked).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent?.slice(0, 3))).toEqual(['李桂芳', '张秀英']);
    expect(rows[0]).toHaveTextContent('推荐');
    expect(rows[0]).toHaveTextContent('本单 10:00–12:00 有空；距常驻地 0.8 公里');
    expect(within(rows[1]).getByTestId('strand-tag')).toHaveTextContent('会使 1 单无人可派');
    const out = within(dialog).getByRole('list', { name: '不可指派的员工' });
    expect(out).toHaveTextContent('赵春梅：11月30日 00:00–12月7日 00:00 休假');
    expect(out).toHaveTextContent('王建国：10:00–12:00 已有订单 NO-1（日常保洁）');
    // no stale stored state tags: the list says what the schedule says
    expect(dialog).not.toHaveTextContent('服务中');

    await userEvent.click(within(dialog).getByRole('button', { name: '指派给 李桂芳' }));
    await waitFor(() => expect(assigned()).toEqual([{ id: 7, yuangongId: 2 }]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a pick that strands another order asks first: 取消 assigns nothing, 确定 assigns', async () => {
    renderWithProviders(<AssignModal order={ORDER} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: /接单并指派员工/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: '指派给 张秀英' }));
    const ask = await waitFor(() => asks()[0]);
    expect(ask).toHaveTextContent(
      `选择张秀英后，订单 NO-KAIHUANG（${DAY.slice(5)} 10:00 开荒保洁）将没有可指派的员工。仍要指派吗？`,
    );
    await userEvent.click(within(ask).getByRole('button', { name: /取\s*消/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(assigned()).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '指派给 张秀英' }));
    await waitFor(async () => {
      await userEvent.click(within(asks().at(-1)!).getByRole('button', { name: /确\s*定/ }));
      expect(assigned()).toEqual([{ id: 7, yuangongId: 1 }]);
    });
  });

  it('a re-assignment says 改派; nobody assignable says why; a failed load offers 重试', async () => {
    suggestAnswer = {
      code: 200,
      message: 'ok',
      result: { ...SUGGEST, suggestions: [] },
    };
    const { unmount } = renderWithProviders(<AssignModal order={{ ...ORDER, status: 30 }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: /改派员工 · NO-7/ });
    expect(await within(dialog).findByText(/没有可指派的员工/)).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: '不可指派的员工' })).toHaveTextContent('赵春梅');
    unmount();

    suggestAnswer = { code: 2002, message: '订单不存在', result: null };
    renderWithProviders(<AssignModal order={ORDER} onClose={() => {}} />);
    const again = await screen.findByRole('dialog', { name: /接单并指派员工/ });
    expect(await within(again).findByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
    expect(assigned()).toEqual([]);
  });
});
