import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../../../lib/storage.ts';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** 验券 with real antd: the success card leads on (确认完成, 查看订单). The API client is replaced. */
const posts: { url: string; body: unknown }[] = [];
const ORDER = {
  id: 7,
  orderNo: 'NO-VERIFIED',
  shopId: 1,
  shopName: '运城洁家家政（总店）',
  goodsName: '日常保洁',
  specName: '3小时',
  quantity: 1,
  unit: '次',
  quantityLabel: '× 1',
  payAmount: 15900,
  customerName: '王女士',
  customerPhone: '139****0001',
  appointmentAt: '2026-11-24T06:00:00.000Z',
  status: 40,
  refundStatus: 0,
  employeeId: 3,
  employeeName: '李桂芳',
  createdAt: '2026-11-22T06:00:00.000Z',
  address: '盐湖区河东东街 1 号',
};
const DETAIL = {
  ...ORDER,
  specId: 11,
  specMode: 'fixed',
  unitPrice: 15900,
  area: null,
  durationMinutes: 180,
  goodsCover: null,
  goodsPrice: 15900,
  amount: 15900,
  remark: null,
  cancelReason: null,
  customerPhoneFull: '13900000001',
  lat: null,
  lng: null,
  payNo: 'PAY-1',
  employeePhone: '139****0003',
  timeline: [],
  settlement: null,
  review: null,
};
/** What the look-up answers: '' (on time) unless a test sets the question. */
let question = '';
let checked: Record<string, unknown> = {};
const DICT = {
  order_status: [
    { dictLabel: '服务中', dictValue: '40' },
    { dictLabel: '已完成', dictValue: '50' },
  ],
} as Record<string, { dictLabel: string; dictValue: string }[]>;

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      if (url.includes('initPc')) return { curDianpu: { id: 1, name: '总店' }, allDianpu: [], isAddFendian: false };
      if (url.includes('/dict/')) return { dataList: DICT[url.split('/').pop() ?? ''] ?? [] };
      if (url.endsWith('/yanquan/findAllByPage')) return { records: [], total: 0, recentFailures: 0 };
      if (url.endsWith('/findById/7')) return DETAIL;
      throw new Error(`unexpected ${url}`);
    }),
    post: vi.fn(async (url: string, body: unknown) => {
      posts.push({ url, body });
      if (url.endsWith('/shangjiaYanquan/check')) return { order: { ...ORDER, status: 30, ...checked }, question };
      if (url.endsWith('/shangjiaYanquan')) return { order: { ...ORDER, ...checked } };
      return null;
    }),
  },
  download: vi.fn(),
}));
const { default: VerifyPage } = await import('./VerifyPage.tsx');

function renderPage() {
  return renderWithProviders(<VerifyPage />);
}

async function verify() {
  fireEvent.change(screen.getByLabelText('券码'), { target: { value: '1234 5678 9012' } });
  fireEvent.click(screen.getByRole('button', { name: /验\s*券/ }));
  return screen.findByTestId('verify-result');
}

beforeEach(() => {
  posts.length = 0;
  question = '';
  checked = {};
});

describe('验券 success card', () => {
  it('offers 确认完成 (asks first, then confirms: the card shows 已完成 and the button goes)', async () => {
    setPerms(['merchant:order:verify', 'merchant:order:confirm', 'merchant:order:query']);
    renderPage();
    await verify();
    // looked up first, then used (on time: nothing asked)
    expect(posts.slice(0, 2)).toEqual([
      { url: '/api/app/jiazheng/pay/dingdan/shangjiaYanquan/check', body: { code: '123456789012' } },
      { url: '/api/app/jiazheng/pay/dingdan/shangjiaYanquan', body: { code: '123456789012' } },
    ]);
    const actions = screen.getByTestId('verify-actions');
    expect(within(actions).getByRole('button', { name: '查看订单' })).toBeInTheDocument();
    fireEvent.click(within(actions).getByRole('button', { name: '确认完成' }));
    const ask = await screen.findByText(/确认订单 NO-VERIFIED 已服务完成？/);
    fireEvent.click(within(ask.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(posts.map((p) => p.url)).toContain('/api/app/jiazheng/pay/dingdan/queren'));
    expect(posts.find((p) => p.url.endsWith('/queren'))?.body).toEqual({ id: 7 });
    await waitFor(() => expect(within(screen.getByTestId('verify-result')).getByText('已完成')).toBeInTheDocument());
    expect(within(screen.getByTestId('verify-result')).getByText('日常保洁 · 3小时 × 1')).toBeInTheDocument();
    expect(within(screen.getByTestId('verify-actions')).queryByRole('button', { name: '确认完成' })).toBeNull();
  });

  it('查看订单 opens the order’s detail drawer on the page', async () => {
    setPerms(['merchant:order:verify', 'merchant:order:query']);
    renderPage();
    await verify();
    fireEvent.click(screen.getByRole('button', { name: '查看订单' }));
    const title = await screen.findByText('订单详情 · NO-VERIFIED');
    const drawer = title.closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('盐湖区河东东街 1 号')).toBeInTheDocument();
    expect(within(drawer).getByText('13900000001')).toBeInTheDocument();
    // the specification as placed: 规格, 数量, 服务时长
    expect(within(drawer).getByTestId('order-goods-line')).toHaveTextContent('日常保洁 · 3小时 × 1');
    expect(within(drawer).getByText('3 小时')).toBeInTheDocument();
  });

  it('without the permissions the card offers neither action', async () => {
    setPerms(['merchant:order:verify']);
    renderPage();
    await verify();
    const actions = screen.getByTestId('verify-actions');
    expect(within(actions).queryByRole('button')).toBeNull();
  });
});

describe('early 验券 asks before using the code', () => {
  const Q = '该订单预约 12-02 10:00，还有约 24 小时，确定现在验券并开始服务吗？';

  it('asks the check’s question; 取消 uses nothing', async () => {
    setPerms(['merchant:order:verify']);
    question = Q;
    renderPage();
    fireEvent.change(screen.getByLabelText('券码'), { target: { value: '123456789012' } });
    fireEvent.click(screen.getByRole('button', { name: /验\s*券/ }));
    const ask = await screen.findByText(Q);
    expect(posts.map((p) => p.url)).toEqual(['/api/app/jiazheng/pay/dingdan/shangjiaYanquan/check']);
    fireEvent.click(within(ask.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /取\s*消/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(posts.map((p) => p.url)).toEqual(['/api/app/jiazheng/pay/dingdan/shangjiaYanquan/check']);
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });

  it('确定 verifies; 确认完成 then waits for the visit (disabled, the tooltip says from when)', async () => {
    setPerms(['merchant:order:verify', 'merchant:order:confirm']);
    question = Q;
    // the appointment two days ahead: 确认完成 opens 2 hours before it
    checked = { appointmentAt: new Date(Date.now() + 2 * 86_400_000).toISOString() };
    renderPage();
    fireEvent.change(screen.getByLabelText('券码'), { target: { value: '123456789012' } });
    fireEvent.click(screen.getByRole('button', { name: /验\s*券/ }));
    const ask = await screen.findByText(Q);
    fireEvent.click(within(ask.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await screen.findByTestId('verify-result');
    expect(posts.map((p) => p.url)).toEqual([
      '/api/app/jiazheng/pay/dingdan/shangjiaYanquan/check',
      '/api/app/jiazheng/pay/dingdan/shangjiaYanquan',
    ]);
    const complete = within(screen.getByTestId('verify-actions')).getByRole('button', { name: '确认完成' });
    expect(complete).toBeDisabled();
    fireEvent.mouseEnter(complete.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      /^\d\d-\d\d \d\d:\d\d 起可确认完成（预约 \d\d-\d\d \d\d:\d\d）$/,
    );
  });
});
