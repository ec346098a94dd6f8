import type { CardDetail, CardProductRow, CardSummary } from '@jz/contracts/card';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** 卡项管理 and 售卡记录 with real antd: the API client is the only stand-in. */
const product: CardProductRow = {
  id: 7,
  shopId: 1,
  shopName: '总店',
  kind: 'times',
  name: '日常保洁 10 次卡',
  goodsId: 3,
  goodsName: '日常保洁',
  specId: null,
  specName: null,
  visits: 10,
  price: 99_900,
  bonus: 0,
  validityDays: 365,
  refundFeeType: 'percent',
  refundFeeValue: 10,
  onSale: 1,
  description: null,
  soldCount: 2,
  createdAt: '2026-11-01T02:00:00.000Z',
};
const summary: CardSummary = {
  cards: 2,
  activeCards: 1,
  received: 199_800,
  recognised: 29_970,
  refunded: 0,
  redeemedUnserved: 9_990,
  deferred: 169_830,
  bonusOutstanding: 0,
  visitsOutstanding: 7,
};
const card: CardDetail = {
  id: 41,
  cardNo: 'KA202611290001',
  shopId: 1,
  shopName: '总店',
  productId: 7,
  clientId: 5,
  clientName: '王阿姨',
  kind: 'times',
  name: '日常保洁 10 次卡',
  goodsName: '日常保洁',
  specName: null,
  totalVisits: 10,
  remainingVisits: 7,
  pricePaid: 99_900,
  bonusTotal: 0,
  cashBalance: 69_930,
  bonusBalance: 0,
  status: 1,
  payMethod: 'offline',
  payChannel: '现金',
  soldByName: '店长',
  soldAt: '2026-11-20T02:00:00.000Z',
  expiresAt: '2027-11-20T02:00:00.000Z',
  closedAt: null,
  closeReason: null,
  refundAmount: null,
  refundFee: null,
  refundable: 62_937,
  refundFeeNow: 6_993,
  refundFeeType: 'percent',
  refundFeeValue: 10,
  remark: null,
  movements: [],
};

const posts: { url: string; body: unknown }[] = [];
/** Calls that fail once (a network error) before they answer, by the end of their URL. */
const failOnce = new Set<string>();
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      const failing = [...failOnce].find((end) => url.includes(end));
      if (failing) {
        failOnce.delete(failing);
        throw new Error('网络连接失败');
      }
      if (url.endsWith('/kaxiang/findAllByPage')) return { records: [product], total: 1 };
      if (url.endsWith('/goods/findAllByPage') || url.includes('/goods/'))
        return { records: [{ id: 3, name: '日常保洁' }], total: 1 };
      if (url.endsWith('/shouka/findHuizong')) return summary;
      if (url.endsWith('/shouka/findAllByPage')) return { records: [card], total: 1 };
      if (url.includes('/shouka/findById/')) return card;
      if (url.includes('/dict/')) return { dataList: [] };
      throw new Error(`unexpected ${url}`);
    }),
    post: vi.fn(async (url: string, body: unknown) => {
      posts.push({ url, body });
      if (url.endsWith('/kaxiang/add')) return { id: 8 };
      if (url.endsWith('/shouka/tuika')) return { refundAmount: 62_937, fee: 6_993 };
      return null;
    }),
    del: vi.fn(async () => ({ deleted: 1 })),
    put: vi.fn(async () => null),
  },
  download: vi.fn(),
}));
const { default: CardProductPage } = await import('./CardProductPage.tsx');
const { default: CardSalePage } = await import('./CardSalePage.tsx');

const PERMS = [
  'merchant:card:list',
  'merchant:card:add',
  'merchant:card:edit',
  'merchant:card:del',
  'merchant:cardsale:list',
  'merchant:cardsale:sell',
  'merchant:cardsale:refund',
  'merchant:cardsale:export',
];
const dialog = () => screen.findByRole('dialog');

beforeEach(() => {
  posts.length = 0;
  failOnce.clear();
});

describe('卡项管理 (CardProductPage)', () => {
  it('lists a product with its contents, price in yuan, validity and refund terms', async () => {
    renderWithProviders(<CardProductPage />, { perms: PERMS });
    expect(await screen.findByText('日常保洁 10 次卡', undefined, { timeout: 5000 })).toBeInTheDocument();
    const row = document.querySelector('.ant-table-tbody tr.ant-table-row') as HTMLElement;
    expect(within(row).getByText('次卡')).toHaveClass('ant-tag-blue');
    expect(row.textContent).toContain('10 次 · 日常保洁');
    expect(row.textContent).toContain('¥999.00');
    expect(row.textContent).toContain('购买后 365 天');
    expect(row.textContent).toContain('退未用部分，扣 10%');
  });

  it('新增卡项 refuses an empty form, then sends a 储值卡 in fen without goods or visits', async () => {
    renderWithProviders(<CardProductPage />, { perms: PERMS });
    await screen.findByText('日常保洁 10 次卡', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const modal = await dialog();
    expect(within(modal).getByText('新增卡项')).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(modal).findByText('请输入卡项名称')).toBeInTheDocument();
    expect(within(modal).getByText('次卡须选择服务商品')).toBeInTheDocument();
    expect(within(modal).getByText('请输入金额')).toBeInTheDocument();
    expect(posts).toEqual([]);

    // 储值卡: no goods, no visits; a bonus field instead.
    fireEvent.click(within(modal).getByLabelText('储值卡'));
    await vi.waitFor(() => expect(within(modal).queryByText('服务商品')).toBeNull());
    expect(within(modal).getByText('赠送金额')).toBeInTheDocument();
    fireEvent.change(within(modal).getByLabelText('卡项名称'), { target: { value: '充 1000 送 100' } });
    fireEvent.change(within(modal).getByLabelText('充值金额'), { target: { value: '1000' } });
    fireEvent.change(within(modal).getByLabelText('赠送金额'), { target: { value: '100' } });
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定|OK/ }));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toMatch(/\/kaxiang\/add$/);
    expect(posts[0].body).toMatchObject({
      kind: 'value',
      name: '充 1000 送 100',
      price: 100_000,
      bonus: 10_000,
      validityDays: 365,
      goodsId: undefined,
      visits: undefined,
    });
  });
});

describe('售卡记录 (CardSalePage)', () => {
  it('shows the 预收 figures and the card with its remaining visits and 预收余额', async () => {
    renderWithProviders(<CardSalePage />, { perms: PERMS });
    expect(await screen.findByText('王阿姨', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('¥1,698.30')).toBeInTheDocument(); // 预收余额
    expect(screen.getByText('¥1,998.00')).toBeInTheDocument(); // 售卡收款
    const row = document.querySelector('.ant-table-tbody tr.ant-table-row') as HTMLElement;
    expect(within(row).getByText('次卡')).toHaveClass('ant-tag-blue');
    expect(row.textContent).toContain('7 / 10 次');
    expect(within(row).getByText('有效')).toHaveClass('ant-tag-success');
    expect(row.textContent).toContain('¥699.30');
    expect(row.textContent).toContain('现金 · 店长');
  });

  it('退卡 says what goes back and what lapses, needs a reason, then sends the amount shown', async () => {
    renderWithProviders(<CardSalePage />, { perms: PERMS });
    await screen.findByText('王阿姨', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '退卡' }));
    const modal = await dialog();
    expect(await within(modal).findByText('退还客户 ¥629.37')).toBeInTheDocument();
    expect(modal.textContent).toContain('扣除手续费 ¥69.93');
    expect(modal.textContent).toContain('剩余 7 次作废');
    expect(modal.textContent).toContain('请线下退款给客户');
    const confirm = within(modal).getByRole('button', { name: '确认退卡' });
    fireEvent.click(confirm);
    expect(await within(modal).findByText('请填写退卡原因')).toBeInTheDocument();
    expect(posts).toEqual([]);
    fireEvent.change(within(modal).getByLabelText('退卡原因'), { target: { value: '客户搬离服务区域' } });
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      url: expect.stringMatching(/\/shouka\/tuika$/),
      body: { id: 41, reason: '客户搬离服务区域', expectedAmount: 62_937 },
    });
  });

  it('without the 退卡 permission there is no 退卡', async () => {
    renderWithProviders(<CardSalePage />, { perms: ['merchant:cardsale:list'] });
    await screen.findByText('王阿姨', undefined, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: '退卡' })).toBeNull();
    expect(screen.queryByRole('button', { name: /售卡（线下收款）/ })).toBeNull();
  });

  it('预收 figures that fail to load say so with 重试 instead of ¥0.00; 重试 shows them', async () => {
    failOnce.add('/shouka/findHuizong');
    renderWithProviders(<CardSalePage />, { perms: PERMS });
    expect(await screen.findByText('预收数据加载失败：网络连接失败', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('¥0.00')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('¥1,698.30')).toBeInTheDocument();
  });

  it('退卡 whose card fails to load offers 重试 and cannot be sent; 重试 shows the amount', async () => {
    renderWithProviders(<CardSalePage />, { perms: PERMS });
    await screen.findByText('王阿姨', undefined, { timeout: 5000 });
    failOnce.add('/shouka/findById/');
    fireEvent.click(screen.getByRole('button', { name: '退卡' }));
    const modal = await dialog();
    expect(await within(modal).findByText('卡详情加载失败：网络连接失败')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: '确认退卡' })).toBeDisabled();
    fireEvent.click(within(modal).getByRole('button', { name: /重\s*试/ }));
    expect(await within(modal).findByText('退还客户 ¥629.37')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: '确认退卡' })).toBeEnabled();
    expect(posts).toEqual([]);
  });
});
