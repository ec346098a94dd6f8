import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** 拒单 / 取消订单 with real antd; the API client is replaced and records what is sent. */
const posts: { url: string; body: unknown }[] = [];
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async () => ({ dataList: [] })),
    post: vi.fn(async (url: string, body: unknown) => {
      posts.push({ url, body });
      return null;
    }),
  },
  download: vi.fn(),
}));
const { CancelModal, cancelModeOf } = await import('./CancelModal.tsx');

function wrap(children: ReactNode) {
  return renderWithProviders(children);
}

/** Rejections nobody caught (an antd Modal's onOk promise included) during a test. */
const uncaught: unknown[] = [];
const onRejection = (reason: unknown) => uncaught.push(reason);
beforeEach(() => {
  posts.length = 0;
  uncaught.length = 0;
  process.on('unhandledRejection', onRejection);
});
afterEach(() => {
  process.off('unhandledRejection', onRejection);
});

/** The form's messages on screen (antd keeps a leaving one in the DOM while it animates out: not counted). */
const errors = (root: HTMLElement) =>
  [...root.querySelectorAll('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)')].map(
    (e) => e.textContent,
  );

const waiting = { id: 3, orderNo: 'NO-WAIT', payAmount: 600, status: 20 };
const taken = { id: 4, orderNo: 'NO-TAKEN', payAmount: 15900, status: 30 };

describe('CancelModal', () => {
  it('an empty submit shows the reason message exactly once and throws nothing uncaught', async () => {
    wrap(<CancelModal order={taken} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认取消并退款' }));
    await waitFor(() => expect(errors(dialog)).toEqual(['请填写取消原因']));
    // let a stray rejection reach the process before looking
    await new Promise((r) => setTimeout(r, 50));
    expect(errors(dialog)).toEqual(['请填写取消原因']);
    expect(uncaught).toEqual([]);
    expect(posts).toHaveLength(0);
    // spaces are no reason either; a one-letter reason gets the length message, alone
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '   ' } });
    await waitFor(() => expect(errors(dialog)).toEqual(['请填写取消原因']));
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '改' } });
    await waitFor(() => expect(errors(dialog)).toEqual(['取消原因至少 2 个字']));
  });

  it('a taken order is cancelled: 取消订单 title, refund warning, sends the reason', async () => {
    const onClose = vi.fn();
    wrap(<CancelModal order={taken} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('取消订单 · NO-TAKEN');
    expect(dialog).toHaveTextContent('取消后将原路退还客户实付金额 ¥159.00，此操作不可撤销。');
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '客户改期' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认取消并退款' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toMatch(/shangjiaCancel$/);
    expect(posts[0].body).toEqual({ id: 4, reason: '客户改期' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('an order waiting to be taken is refused: 拒单 title and words, never 取消订单', async () => {
    wrap(<CancelModal order={waiting} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('拒单 · NO-WAIT');
    expect(dialog).not.toHaveTextContent('取消订单');
    expect(dialog).toHaveTextContent('拒单后将原路退还客户实付金额 ¥6.00，此操作不可撤销。');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认拒单并退款' }));
    await waitFor(() => expect(errors(dialog)).toEqual(['请填写拒单原因']));
    fireEvent.change(within(dialog).getByLabelText('拒单原因'), { target: { value: '无' } });
    await waitFor(() => expect(errors(dialog)).toEqual(['拒单原因至少 2 个字']));
    await new Promise((r) => setTimeout(r, 50));
    expect(uncaught).toEqual([]);
    expect(posts).toHaveLength(0);
  });

  it('names the action by the order state; an explicit mode wins', async () => {
    expect(cancelModeOf(20)).toBe('reject');
    expect(cancelModeOf(30)).toBe('cancel');
    expect(cancelModeOf(undefined)).toBe('reject');
    wrap(<CancelModal order={waiting} mode="cancel" onClose={() => {}} />);
    expect(await screen.findByRole('dialog')).toHaveTextContent('取消订单 · NO-WAIT');
  });
});

describe('CancelModal for a card-paid order', () => {
  const card = {
    cardId: 5,
    cardNo: 'KA1',
    cardName: '日常保洁 10 次卡',
    visitNo: 2,
    totalVisits: 10,
    cash: 12000,
    bonus: 0,
    payMethod: 'offline' as const,
    restored: false,
  };
  it('says the visit or the value goes back to the card, not a refund of the list price', async () => {
    const view = wrap(<CancelModal order={{ ...taken, cardPayment: { ...card, kind: 'times' } }} onClose={() => {}} />);
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      '取消后将把本单使用的 1 次退回次卡「日常保洁 10 次卡」，不经支付渠道退款，此操作不可撤销。',
    );
    expect(dialog).not.toHaveTextContent('¥159.00');
    expect(within(dialog).getByRole('button', { name: '确认取消并退回卡内' })).toBeInTheDocument();
    view.unmount();
    wrap(
      <CancelModal
        order={{ ...waiting, cardPayment: { ...card, kind: 'value', cardName: '充值卡', cash: 500, bonus: 100 } }}
        onClose={() => {}}
      />,
    );
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('拒单后将把本单使用的 ¥6.00（本金 ¥5.00，赠送 ¥1.00）退回储值卡「充值卡」');
  });
});
