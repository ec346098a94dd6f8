import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LedgerAmount, ledgerColumns } from './LedgerColumns.tsx';

describe('ledger columns', () => {
  it('a 划转 (结算解冻) shows its amount without a sign, named, never as +income', () => {
    const { container } = render(<LedgerAmount row={{ direction: 3, amount: 37905 }} />);
    expect(container.textContent).toBe('¥379.05冻结转可提现');
    expect(container.querySelector('.ant-typography-success')).toBeNull();
  });
  it('income is +, in green; expense is -, in red', () => {
    const income = render(<LedgerAmount row={{ direction: 1, amount: 37905 }} />).container;
    expect(income.textContent).toBe('+¥379.05');
    expect(income.querySelector('.ant-typography-success')).not.toBeNull();
    const expense = render(<LedgerAmount row={{ direction: 2, amount: 10000 }} />).container;
    expect(expense.textContent).toBe('-¥100.00');
    expect(expense.querySelector('.ant-typography-danger')).not.toBeNull();
  });
  it('shows the account after each row whole: 余额, 冻结 and 可提现 (compact: 余额 only)', () => {
    const keys = (compact: boolean) =>
      ledgerColumns(compact).map((c) => ('dataIndex' in c ? String(c.dataIndex) : String(c.key)));
    expect(keys(false)).toEqual([
      'createdAt',
      'direction',
      'kind',
      'amount',
      'balanceAfter',
      'frozenAfter',
      'withdrawableAfter',
      'ref',
      'remark',
    ]);
    expect(keys(true)).toEqual(['createdAt', 'direction', 'kind', 'amount', 'balanceAfter', 'ref']);
  });
});
