import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

// Every lookup answers an empty page: the test is about the form's own checks.
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => (url.endsWith('findAllByList') ? [] : { records: [], total: 0 })),
    post: vi.fn(),
  },
}));
const { PlanFormModal } = await import('./PlanFormModal.tsx');

describe('PlanFormModal', () => {
  it('validates before submitting: the empty form names every missing field and sends nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<PlanFormModal open onClose={() => {}} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    for (const text of [
      '请选择客户',
      '请选择服务地址',
      '请选择服务商品',
      '请选择每周的服务日',
      '请选择开始日期',
      '请填写服务次数',
    ])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the card when paying by card, and for a day of the month on a monthly rule', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<PlanFormModal open onClose={() => {}} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByLabelText('卡项支付'));
    fireEvent.click(screen.getByLabelText('按月'));
    await screen.findByText('支付用的卡');
    await screen.findByText('每月日期');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请选择支付用的卡')).toBeTruthy();
    expect(await screen.findByText('请选择每月的服务日期')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('请选择每周的服务日')).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
