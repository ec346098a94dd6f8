import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CardFlowsPanel } from './CardFlowsPanel.tsx';

describe('CardFlowsPanel', () => {
  it('shows the 预收 flows in yuan: 期初, 收款, 用卡本金 (the bonus said apart), 确认收入, 退款, 期末', () => {
    renderWithProviders(
      <CardFlowsPanel
        flows={{
          startDate: '2026-11-01',
          endDate: '2026-11-29',
          sold: 3,
          received: 300_000,
          redeemed: 4,
          redeemedCash: 40_000,
          redeemedBonus: 5_000,
          recognised: 30_000,
          refunded: 10_000,
          deferredStart: 20_000,
          deferredEnd: 280_000,
        }}
      />,
    );
    const panel = screen.getByTestId('card-flows');
    expect(panel.textContent).toContain('期初预收余额¥200.00');
    expect(panel.textContent).toContain('售卡收款¥3,000.00售出 3 张');
    expect(panel.textContent).toContain('用卡支付（本金）¥400.004 单；赠送 ¥50.00 不计收入');
    expect(panel.textContent).toContain('确认收入¥300.00');
    expect(panel.textContent).toContain('退卡退款¥100.00');
    expect(panel.textContent).toContain('期末预收余额¥2,800.00');
    expect(panel.textContent).toContain('售卡收款是预收款（负债），不计入收入');
  });

  it('shows dashes before the figures arrive', () => {
    renderWithProviders(<CardFlowsPanel flows={undefined} />);
    expect(screen.getByTestId('card-flows').textContent).toContain('期末预收余额-');
  });
});
