import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { PaidCell, paidText } from './card-payment.tsx';

/** The list's 实付金额 cell and the printed sheet's line for card-paid orders (real antd). */
const card = {
  cardId: 1,
  cardNo: 'KA1',
  kind: 'times' as const,
  cardName: '日常保洁 10 次卡',
  visitNo: 3,
  totalVisits: 10,
  cash: 12000,
  bonus: 0,
  payMethod: 'offline' as const,
  restored: false,
};

describe('card payment in the order list', () => {
  it('shows the card cash and which visit, not the list price; a paid-online order its amount', () => {
    const { unmount } = renderWithProviders(<PaidCell order={{ payAmount: 15900, cardPayment: card }} />);
    const cell = screen.getByTestId('paid-cell');
    expect(cell).toHaveTextContent('¥120.00次卡 3/10');
    expect(cell).not.toHaveTextContent('¥159.00');
    unmount();
    renderWithProviders(<PaidCell order={{ payAmount: 15900, cardPayment: { ...card, restored: true } }} />);
    expect(screen.getByTestId('paid-cell')).toHaveTextContent('次卡 3/10 · 已退回');
    renderWithProviders(<PaidCell order={{ payAmount: 15900, cardPayment: null }} />);
    expect(screen.getByText('¥159.00')).toBeInTheDocument();
  });

  it('the printed sheet names the card with the money', () => {
    expect(paidText({ payAmount: 15900, cardPayment: card })).toBe(
      '¥120.00（次卡：日常保洁 10 次卡（第 3 次 / 共 10 次））',
    );
    expect(
      paidText({
        payAmount: 15900,
        cardPayment: { ...card, kind: 'value', cardName: '充值卡', visitNo: null, totalVisits: null },
      }),
    ).toBe('¥120.00（储值卡：充值卡）');
    expect(paidText({ payAmount: 15900 })).toBe('¥159.00');
  });
});
