import type { BankCard, FinanceOverview, StepUpInfo } from '@jz/contracts/finance';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

/**
 * Step-up for money in the console: the bind-card dialog and the withdrawal form ask for the owner's SMS code (real
 * antd forms; the API client is replaced). The code is asked for only once what it authorises is filled in right.
 */
const calls: { method: string; url: string; body: unknown }[] = [];
const BRANCH = {
  code: '102181000010',
  bankName: '中国工商银行',
  branchName: '中国工商银行运城分行营业部',
  province: '山西省',
  city: '运城市',
};
let info: StepUpInfo;
let cards: BankCard[];
const overview: FinanceOverview = {
  scope: 'merchant',
  balance: 206045,
  frozen: 102505,
  withdrawable: 103540,
  pendingWithdraw: 0,
  totalIncome: 286045,
  totalWithdrawn: 0,
  rules: { commissionRate: 5, settleDays: 7, minWithdraw: 1000, withdrawFee: 0 },
  onboarding: { status: 20, withdrawHint: null },
};

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      calls.push({ method: 'GET', url, body: undefined });
      if (url.endsWith('/findYanzheng')) return info;
      if (url.endsWith('/findZonglan')) return overview;
      if (url.endsWith('/bangka/findAllByList')) return cards;
      if (url.includes('/dict/')) return { dataList: [] };
      if (url.endsWith('/findYinhanghao')) return { records: [BRANCH], total: 1 };
      throw new Error(`unexpected ${url}`);
    }),
    post: vi.fn(async (url: string, body: unknown) => {
      calls.push({ method: 'POST', url, body });
      if (url.endsWith('/sendCode')) return { phone: '138****0001' };
      if (url.endsWith('/bangka/add')) return { id: 99 };
      return null;
    }),
  },
  http: {
    post: vi.fn(async (url: string, body: unknown) => {
      calls.push({ method: 'POST', url, body });
      return { data: { result: { id: 7 } } };
    }),
  },
  download: vi.fn(),
}));
const { BindCardModal, CardHold } = await import('./CardDialogs.tsx');
const { WithdrawForm } = await import('./WithdrawForm.tsx');

const card = (over: Partial<BankCard> = {}): BankCard => ({
  id: 11,
  bankName: '中国工商银行',
  branchName: '中国工商银行运城分行营业部',
  branchCode: '102181000010',
  cardNoMasked: '6222 **** **** 4888',
  holderName: '运城洁家家政服务有限公司',
  cardType: 2,
  mobile: null,
  source: 'jinjian',
  status: 1,
  boundAt: '2026-01-01T00:00:00.000Z',
  unboundAt: null,
  confirmed: true,
  holdUntil: null,
  ...over,
});

function wrap(children: ReactNode) {
  return renderWithProviders(children);
}

/** antd keeps the loading icon's node after a send in jsdom (no transition end): match the label, not the whole name. */
const GET_CODE = /获取验证码$/;
const posts = (suffix: string) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(suffix));
const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  calls.length = 0;
  sessionStorage.setItem('perms', JSON.stringify(['super']));
  info = {
    phone: '138****0001',
    isOwner: false,
    holdHours: 24,
    payees: [
      { cardType: 2, holderName: '运城洁家家政服务有限公司' },
      { cardType: 1, holderName: '王洁' },
    ],
  };
  cards = [card()];
});

describe('绑定银行卡 with the owner’s code', () => {
  it('says where the code goes and which names a card may carry; a company starts on 对公 with its name', async () => {
    wrap(<BindCardModal open onClose={() => {}} />);
    await waitFor(() =>
      expect(screen.getByTestId('step-up-hint')).toHaveTextContent(
        '验证码将发送至商户主账号手机 138****0001，仅对本张银行卡有效',
      ),
    );
    expect(
      screen.getByText('开户名须与进件主体一致：对公账户「运城洁家家政服务有限公司」 或 对私银行卡「王洁」'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/子账号绑定的银行卡需商户主账号在「绑定记录」确认，或绑定 24 小时后才能提现/),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('开户名')).toHaveValue('运城洁家家政服务有限公司'));
    expect(screen.getByRole('radio', { name: '对公（企业）' })).toBeChecked();
    // switching to 对私 brings the legal representative's name
    fireEvent.click(screen.getByRole('radio', { name: '对私（个人）' }));
    await waitFor(() => expect(screen.getByLabelText('开户名')).toHaveValue('王洁'));
  });

  it('asks for the code only for a card filled in right, counts down, then binds with the code', async () => {
    {
      const onClose = vi.fn();
      wrap(<BindCardModal open onClose={onClose} />);
      await waitFor(() => expect(screen.getByLabelText('开户名')).toHaveValue('运城洁家家政服务有限公司'));
      fireEvent.click(screen.getByRole('button', { name: GET_CODE }));
      expect(await screen.findByText('请输入银行卡号')).toBeInTheDocument();
      expect(posts('/sendCode')).toHaveLength(0);

      typeInto('银行卡号', '6222 0213 0500 1234 999');
      // the branch is looked up, not typed: choosing it brings its bank and 联行号
      fireEvent.mouseDown(screen.getByLabelText('开户支行'));
      fireEvent.click(await screen.findByText('中国工商银行运城分行营业部（102181000010）'));
      expect(await screen.findByTestId('branch-code')).toHaveTextContent('联行号 102181000010');
      fireEvent.click(await screen.findByRole('button', { name: GET_CODE }));
      await waitFor(() => expect(posts('/bangka/sendCode')).toHaveLength(1));
      expect(posts('/bangka/sendCode')[0].body).toMatchObject({
        cardType: 2,
        holderName: '运城洁家家政服务有限公司',
        cardNo: '6222 0213 0500 1234 999',
        bankName: '中国工商银行',
        branchName: '中国工商银行运城分行营业部',
        branchCode: '102181000010',
      });
      expect(await screen.findByRole('button', { name: /60 秒后重发/ })).toBeDisabled();
      expect(screen.getByLabelText('短信验证码')).toHaveFocus();
      expect(await screen.findByRole('button', { name: /59 秒后重发/ })).toBeDisabled();

      // 绑定 without a code, then with a malformed one: refused in the form, nothing sent
      fireEvent.click(screen.getByRole('button', { name: /绑\s*定/ }));
      expect(await screen.findByText('请输入短信验证码')).toBeInTheDocument();
      typeInto('短信验证码', '12');
      expect(await screen.findByText('验证码为 6 位数字')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: /绑\s*定/ }));
      await new Promise((r) => setTimeout(r, 200));
      expect(posts('/bangka/add')).toHaveLength(0);

      typeInto('短信验证码', '246810');
      fireEvent.click(screen.getByRole('button', { name: /绑\s*定/ }));
      await waitFor(() => expect(posts('/bangka/add')).toHaveLength(1));
      expect(posts('/bangka/add')[0].body).toMatchObject({ smsCode: '246810', cardType: 2 });
      await waitFor(() => expect(onClose).toHaveBeenCalled());
    }
  }, 60_000);

  it('without an approved onboarding: says why, points to 用户进件, binds nothing', async () => {
    info = { ...info, payees: null };
    wrap(<BindCardModal open onClose={() => {}} />);
    expect(await screen.findByText('尚未完成用户进件，暂不能绑定银行卡')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '用户进件' })).toHaveAttribute('href', '/yonghujinjian');
    expect(screen.getByRole('button', { name: /绑\s*定/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: GET_CODE })).toBeDisabled();
  });

  it('a held card says until when and why', () => {
    render(<CardHold card={{ holdUntil: '2026-03-02T02:30:00.000Z' }} />);
    expect(screen.getByTestId('card-hold')).toHaveTextContent(
      /^子账号新绑定，待商户主账号确认：2026-03-0[12] \d{2}:30 前不能提现$/,
    );
    const { container } = render(<CardHold card={{ holdUntil: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('申请提现 with the owner’s code', () => {
  it('asks for the code only for a valid amount and card, submits it with the withdrawal', async () => {
    wrap(<WithdrawForm />);
    await waitFor(() =>
      expect(screen.getByTestId('step-up-hint')).toHaveTextContent(
        '验证码将发送至商户主账号手机 138****0001，仅对本次提现金额和银行卡有效',
      ),
    );
    await waitFor(() => expect(screen.getByRole('combobox')).toBeInTheDocument());
    // no amount yet: the code is not asked for
    fireEvent.click(screen.getByRole('button', { name: GET_CODE }));
    expect(await screen.findByText('请输入提现金额')).toBeInTheDocument();
    expect(posts('/sendCode')).toHaveLength(0);

    const amount = screen.getByPlaceholderText('请输入提现金额（元）');
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.blur(amount);
    fireEvent.click(await screen.findByRole('button', { name: GET_CODE }));
    await waitFor(() => expect(posts('/tixian/sendCode')).toHaveLength(1));
    expect(posts('/tixian/sendCode')[0].body).toEqual({ amount: 10000, bankCardId: 11 });

    // 申请提现 without the code: refused in the form
    fireEvent.click(screen.getByRole('button', { name: /申请提现/ }));
    expect(await screen.findByText('请输入短信验证码')).toBeInTheDocument();
    typeInto('短信验证码', '135790');
    fireEvent.click(screen.getByRole('button', { name: /申请提现/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('提现 ¥100.00 到 中国工商银行 6222 **** **** 4888');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posts('/tixian/add')).toHaveLength(1));
    expect(posts('/tixian/add')[0].body).toEqual({ amount: 10000, bankCardId: 11, smsCode: '135790' });
    // the next withdrawal starts over: empty code, 获取验证码 available again
    await waitFor(() => expect(screen.getByLabelText('短信验证码')).toHaveValue(''));
    expect(screen.getByRole('button', { name: GET_CODE })).toBeEnabled();
  }, 60_000);

  it('another amount after the code was typed clears it: a code is for one amount', async () => {
    wrap(<WithdrawForm />);
    const amount = await screen.findByPlaceholderText('请输入提现金额（元）');
    fireEvent.change(amount, { target: { value: '100' } });
    typeInto('短信验证码', '135790');
    fireEvent.change(amount, { target: { value: '200' } });
    await waitFor(() => expect(screen.getByLabelText('短信验证码')).toHaveValue(''));
  });

  it('a card in its 24-hour hold: the form says why and does not submit', async () => {
    cards = [card({ id: 12, confirmed: false, holdUntil: '2026-03-02T02:30:00.000Z', source: 'manual' })];
    wrap(<WithdrawForm />);
    const hold = await screen.findByTestId('withdraw-hold');
    expect(hold).toHaveTextContent('新绑定的银行卡暂不能提现');
    expect(hold).toHaveTextContent(
      /该银行卡由子账号新绑定，2026-03-0[12] \d{2}:30 前不能提现；商户主账号在「绑定记录」确认该卡后可立即提现。/,
    );
    expect(screen.getByRole('button', { name: /申请提现/ })).toBeDisabled();
  });
});
