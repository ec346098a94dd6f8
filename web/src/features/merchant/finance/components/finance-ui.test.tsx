import { FINANCE_RULES_DEFAULTS } from '@jz/contracts/finance';
import { splitWithdrawal } from '@jz/contracts/withdraw-fee';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BalanceCards } from './BalanceCards.tsx';
import { toFen, yuan } from './money.ts';

describe('money helpers', () => {
  it('formats fen as yuan with grouping and sign', () => {
    expect(yuan(103540)).toBe('¥1,035.40');
    expect(yuan(-5000)).toBe('-¥50.00');
    expect(yuan(5000, true)).toBe('+¥50.00');
    expect(yuan(0)).toBe('¥0.00');
    expect(yuan(undefined)).toBe('¥0.00');
  });
  it('turns typed yuan into whole fen without float noise', () => {
    expect(toFen(0.1 + 0.2)).toBe(30);
    expect(toFen(1035.4)).toBe(103540);
    expect(toFen(19.99)).toBe(1999);
  });
  it('previews fee and arrival: the fee never exceeds the amount', () => {
    expect(splitWithdrawal(10000, FINANCE_RULES_DEFAULTS)).toEqual({ amount: 10000, fee: 0, actualAmount: 10000 });
    expect(splitWithdrawal(10000, { withdrawFee: 200 })).toEqual({ amount: 10000, fee: 200, actualAmount: 9800 });
    expect(splitWithdrawal(100, { withdrawFee: 200 })).toEqual({ amount: 100, fee: 100, actualAmount: 0 });
  });
});

describe('BalanceCards', () => {
  it('shows the six figures in yuan', () => {
    render(
      <BalanceCards
        data={{
          scope: 'merchant',
          balance: 206045,
          frozen: 102505,
          withdrawable: 103540,
          pendingWithdraw: 30000,
          totalIncome: 286045,
          totalWithdrawn: 50000,
          rules: FINANCE_RULES_DEFAULTS,
          onboarding: { status: 20, withdrawHint: null },
        }}
      />,
    );
    for (const [title, value] of [
      ['余额', '¥2,060.45'],
      ['冻结', '¥1,025.05'],
      ['可提现', '¥1,035.40'],
      ['累计收入', '¥2,860.45'],
      ['累计提现', '¥500.00'],
      ['提现中', '¥300.00'],
    ]) {
      const card = screen.getByText(title).closest('.ant-statistic') as HTMLElement;
      expect(card.textContent).toContain(value);
    }
  });
  it("a shop-limited account: its shops' figures only, named so, with the note; no account figure", () => {
    render(
      <BalanceCards
        data={{
          scope: 'shops',
          balance: null,
          frozen: 102505,
          withdrawable: null,
          pendingWithdraw: null,
          totalIncome: 286045,
          totalWithdrawn: null,
          rules: FINANCE_RULES_DEFAULTS,
          onboarding: { status: 20, withdrawHint: null },
        }}
      />,
    );
    expect(screen.getByText('仅显示所管门店的收支')).toBeTruthy();
    expect(screen.getByText('冻结（所管门店）').closest('.ant-statistic')?.textContent).toContain('¥1,025.05');
    expect(screen.getByText('累计收入（所管门店）').closest('.ant-statistic')?.textContent).toContain('¥2,860.45');
    for (const absent of ['余额', '可提现', '累计提现', '提现中']) expect(screen.queryByText(absent)).toBeNull();
    expect(screen.queryByText(/余额（/)).toBeNull();
  });
  it('shows placeholders while loading', () => {
    const { container } = render(<BalanceCards loading />);
    expect(container.querySelectorAll('.ant-skeleton')).toHaveLength(6);
  });
});
