import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

const calls = vi.hoisted(() => ({ get: [] as [string, unknown][], post: [] as [string, unknown][] }));
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: async (url: string, params: unknown) => {
      calls.get.push([url, params]);
      if (url.endsWith('/findYinhanghao'))
        return {
          records: [
            {
              code: '102181000175',
              bankName: '中国工商银行',
              branchName: '中国工商银行股份有限公司运城盐湖区河东东街支行',
              province: '山西省',
              city: '运城市',
            },
          ],
          total: 1,
        };
      return null;
    },
    post: async (url: string, body: unknown) => {
      calls.post.push([url, body]);
      return { id: 1, applyNo: 'JJ1', status: 10 };
    },
  },
  http: { post: vi.fn() },
  ApiError: class extends Error {},
}));

const { IndividualForm } = await import('./IndividualForm.tsx');

function renderForm(onDone = () => {}) {
  return renderWithProviders(<IndividualForm onDone={onDone} />);
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('个人进件 step form', () => {
  it('checks the ID checksum, the phone and the validity before leaving the identity step', async () => {
    renderForm();
    type('姓名', '李四');
    type('身份证号', '140802199001011231');
    type('手机号', '1391234');
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await waitFor(
      () =>
        expect(errors()).toEqual(
          expect.arrayContaining([
            '身份证号校验不通过，请核对',
            '手机号须为正确的 11 位手机号',
            '身份证有效期开始日期未填写',
            '请上传身份证人像面照片',
          ]),
        ),
      { timeout: 15_000 },
    );
    // still on the first step
    expect(screen.getByLabelText('姓名')).toBeVisible();
  }, 60_000);

  it('keeps the draft in local storage and restores it after a remount (a reload)', async () => {
    const first = renderForm();
    type('姓名', '李四');
    type('身份证号', '140802199001011234');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('jz.jinjian.draft.geren') ?? '{}').values?.name).toBe('李四'),
    );
    first.unmount();
    renderForm();
    expect(screen.getByLabelText('姓名')).toHaveValue('李四');
    expect(screen.getByLabelText('身份证号')).toHaveValue('140802199001011234');
  });

  it('fills the card holder with the name until it is edited', async () => {
    renderForm();
    type('姓名', '王五');
    await waitFor(() => expect(screen.getByLabelText('持卡人姓名')).toHaveValue('王五'));
  });
});
