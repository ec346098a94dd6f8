import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../../../lib/storage.ts';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** The order drawer's timeline (real antd; the API client is replaced). */
const step = (id: number, action: string, operatorType: string, operatorName: string, toStatus: number) => ({
  id,
  fromStatus: null,
  toStatus,
  action,
  operatorType,
  operatorName,
  remark: null,
  createdAt: `2026-11-24T0${id}:00:00.000Z`,
});
const DETAIL = {
  id: 7,
  orderNo: 'NO-7',
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
  status: 60,
  refundStatus: 0,
  employeeId: 3,
  employeeName: '李桂芳',
  createdAt: '2026-11-22T06:00:00.000Z',
  specId: 11,
  specMode: 'fixed',
  unitPrice: 15900,
  area: null,
  durationMinutes: 180,
  goodsCover: null,
  goodsPrice: 15900,
  amount: 15900,
  address: '盐湖区河东东街 1 号',
  remark: null,
  cancelReason: null,
  customerPhoneFull: '13900000001',
  lat: null,
  lng: null,
  payNo: null,
  employeePhone: null,
  // as the server writes them: the customer's steps by the account's nickname, 用户…
  timeline: [
    step(1, '用户下单', 'customer', '王女士', 10),
    step(2, '用户支付', 'customer', '王家', 20),
    step(3, '接单并指派员工', 'merchant', '王洁', 30),
    step(4, '退款成功', 'system', '支付沙箱', 70),
    step(5, '用户评价', 'customer', '王家', 60),
  ],
  settlement: null,
  review: null,
};

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      if (url.endsWith('/findById/7')) return DETAIL;
      if (url.includes('/dict/')) return { dataList: [] };
      throw new Error(`unexpected ${url}`);
    }),
    post: vi.fn(async () => null),
  },
  download: vi.fn(),
}));
const { OrderDetailDrawer } = await import('./OrderDetailDrawer.tsx');

beforeEach(() => setPerms(['merchant:order:query']));

describe('order timeline', () => {
  it('calls the customer one name: 客户, by the order’s contact name', async () => {
    renderWithProviders(<OrderDetailDrawer id={7} onClose={() => {}} onDialog={() => {}} />);
    const timeline = (await screen.findByText('客户下单')).closest('.ant-timeline') as HTMLElement;
    const text = timeline.textContent ?? '';
    for (const action of ['客户下单', '客户支付', '客户评价', '接单并指派员工', '退款成功'])
      expect(within(timeline).getByText(action)).toBeInTheDocument();
    expect(within(timeline).getAllByText(/客户：王女士$/)).toHaveLength(3);
    expect(text).toContain('商家：王洁');
    expect(text).toContain('系统：支付沙箱');
    expect(text).not.toContain('用户');
    expect(text).not.toContain('王家');
  });
});
