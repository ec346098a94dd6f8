import type { StepUpInfo } from '@jz/contracts/finance';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

/**
 * 绑定银行卡: an empty submit shows one message per field and no uncaught error; required fields are marked;
 * the bank and branch are looked up. Real antd; the API client is replaced.
 */
const gets: { url: string; params: Record<string, unknown> | undefined }[] = [];
const posts: { url: string; body: unknown }[] = [];
const BRANCHES = [
  {
    code: '102181000010',
    bankName: '中国工商银行',
    branchName: '中国工商银行运城分行营业部',
    province: '山西省',
    city: '运城市',
  },
  {
    code: '105181000011',
    bankName: '中国建设银行',
    branchName: '中国建设银行运城分行',
    province: '山西省',
    city: '运城市',
  },
];
const INFO: StepUpInfo = {
  phone: '138****0001',
  isOwner: true,
  holdHours: 24,
  payees: [{ cardType: 1, holderName: '王洁' }],
};

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string, params?: Record<string, unknown>) => {
      gets.push({ url, params });
      if (url.endsWith('/findYanzheng')) return INFO;
      if (url.endsWith('/findYinhanghao')) {
        const records = BRANCHES.filter((b) => !params?.bankName || b.bankName === params.bankName);
        return { records, total: records.length };
      }
      if (url.includes('/dict/')) return { dataList: [] };
      throw new Error(`unexpected ${url}`);
    }),
    post: vi.fn(async (url: string, body: unknown) => {
      posts.push({ url, body });
      return null;
    }),
  },
  download: vi.fn(),
}));
const { BindCardModal } = await import('./CardDialogs.tsx');

function renderDialog() {
  return renderWithProviders(<BindCardModal open onClose={() => {}} />);
}

/** The form's messages on screen, per field label (a message antd animates out is not counted). */
function messages(dialog: HTMLElement) {
  const out: Record<string, string[]> = {};
  for (const item of dialog.querySelectorAll('.ant-form-item')) {
    const label = item.querySelector(':scope > .ant-row > .ant-form-item-label label')?.textContent ?? '';
    const errs = [...item.querySelectorAll('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)')].map(
      (e) => e.textContent ?? '',
    );
    if (label && errs.length) out[label] = errs;
  }
  return out;
}

const uncaught: unknown[] = [];
const onRejection = (reason: unknown) => uncaught.push(reason);
beforeEach(() => {
  gets.length = 0;
  posts.length = 0;
  uncaught.length = 0;
  sessionStorage.setItem('perms', JSON.stringify(['super']));
  process.on('unhandledRejection', onRejection);
});
afterEach(() => {
  process.off('unhandledRejection', onRejection);
});

describe('绑定银行卡 form', () => {
  it('an empty submit: one message per field, nothing sent, no uncaught error; required fields are marked', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('开户名')).toHaveValue('王洁'));
    fireEvent.change(within(dialog).getByLabelText('开户名'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /绑\s*定/ }));
    await waitFor(() => expect(Object.keys(messages(dialog))).toHaveLength(5));
    await new Promise((r) => setTimeout(r, 50));
    expect(messages(dialog)).toEqual({
      开户名: ['请输入开户名'],
      银行卡号: ['请输入银行卡号'],
      开户银行: ['请选择开户银行'],
      开户支行: ['请搜索并选择开户支行'],
      短信验证码: ['请输入短信验证码'],
    });
    expect(uncaught).toEqual([]);
    expect(posts).toEqual([]);
    // every field the server requires carries the mark; the optional mobile does not
    const marked = [...dialog.querySelectorAll('.ant-form-item-required')].map((l) => l.textContent);
    expect(marked).toEqual(['账户类型', '开户名', '银行卡号', '开户银行', '开户支行', '短信验证码']);
    expect(within(dialog).getByText('银行预留手机号')).not.toHaveClass('ant-form-item-required');
  });

  it('looks the branch up within the chosen bank; the branch brings its 联行号 and name', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('开户银行'));
    fireEvent.click(await screen.findByTitle('中国建设银行'));
    fireEvent.mouseDown(within(dialog).getByLabelText('开户支行'));
    await waitFor(() =>
      expect(gets.some((g) => g.url.endsWith('/findYinhanghao') && g.params?.bankName === '中国建设银行')).toBe(true),
    );
    expect(await screen.findByText('中国建设银行运城分行（105181000011）')).toBeInTheDocument();
    expect(screen.queryByText('中国工商银行运城分行营业部（102181000010）')).toBeNull();
    fireEvent.click(screen.getByText('中国建设银行运城分行（105181000011）'));
    expect(await within(dialog).findByTestId('branch-code')).toHaveTextContent('联行号 105181000011');
    // another bank clears the branch
    fireEvent.mouseDown(within(dialog).getByLabelText('开户银行'));
    fireEvent.click(await screen.findByTitle('中国工商银行'));
    await waitFor(() => expect(within(dialog).queryByTestId('branch-code')).toBeNull());
    expect(within(dialog).getByText('输入支行名称、城市或联行号搜索')).toBeInTheDocument();
  });
});
