import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../../../lib/storage.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** 打印服务单 from an order's actions (the list's 操作 and the drawer) and 确认完成 before the visit. API replaced. */
const AHEAD = new Date(Date.now() + 2 * 86_400_000).toISOString();
const ORDER = {
  id: 9,
  orderNo: 'NO-SHEET',
  shopId: 1,
  shopName: '运城洁家家政（总店）',
  goodsName: '日常保洁',
  specName: '3小时',
  quantity: 1,
  unit: '次',
  quantityLabel: '× 1',
  payAmount: 14900,
  customerName: '王女士',
  customerPhone: '139****0001',
  appointmentAt: AHEAD,
  status: 40,
  refundStatus: 0,
  employeeId: 3,
  employeeName: '李桂芳',
  createdAt: '2026-11-22T06:00:00.000Z',
};
const DETAIL = {
  ...ORDER,
  address: '盐湖区河东东街 1 号 2 单元 301',
  specId: 11,
  specMode: 'fixed',
  unitPrice: 15900,
  area: null,
  durationMinutes: 180,
  goodsId: 5,
  goodsCover: null,
  goodsPrice: 15900,
  amount: 15900,
  remark: '家里有宠物，请提前电话联系',
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

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      if (url.endsWith('/findById/9')) return DETAIL;
      throw new Error(`unexpected ${url}`);
    }),
    post: vi.fn(async () => null),
  },
  download: vi.fn(),
}));
const { OrderActions } = await import('./OrderActions.tsx');
const { ServiceSheetModal } = await import('./ServiceSheetModal.tsx');

describe('打印服务单', () => {
  it('opens the order’s 服务单 in the print dialog: customer, address, time, goods and specification, employee, notes, amounts', async () => {
    setPerms(['merchant:order:query', 'merchant:order:confirm']);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderWithProviders(<OrderActions order={ORDER as never} onDialog={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: '打印服务单' }));
    const sheet = await screen.findByTestId('service-sheet');
    const cells = within(sheet)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(cells).toEqual([
      `预约时间${formatDateTime(AHEAD)}`,
      '服务时长3 小时',
      '客户王女士  139****0001',
      '服务地址盐湖区河东东街 1 号 2 单元 301',
      '商品日常保洁',
      '规格3小时',
      '数量× 1',
      '服务人员李桂芳',
      '备注家里有宠物，请提前电话联系',
      '订单金额¥159.00',
      '实付金额¥149.00',
      '客户签字',
    ]);
    expect(sheet).toHaveTextContent('服务单');
    expect(sheet).toHaveTextContent('单号 NO-SHEET');
    // the 派工单's print stylesheet: the dialog's root is the one that prints alone
    expect(sheet.closest('.jz-daysheet-root')).not.toBeNull();
    expect(sheet.closest('.jz-daysheet')).not.toBeNull();
    const dialog = sheet.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getByText(/^关\s*闭$/));
    await waitFor(() => expect(screen.queryByTestId('service-sheet')).toBeNull());
  });

  it('确认完成 two days before the visit is disabled and says from when', async () => {
    setPerms(['merchant:order:query', 'merchant:order:confirm']);
    renderWithProviders(<OrderActions order={ORDER as never} onDialog={() => {}} />);
    const done = screen.getByRole('button', { name: '确认完成' });
    expect(done).toBeDisabled();
    fireEvent.mouseEnter(screen.getByTestId('complete-not-yet'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/起可确认完成（预约 \d\d-\d\d \d\d:\d\d）$/);
  });

  it('without 订单详情 permission there is no 打印服务单; an unpaid order has none either', () => {
    setPerms(['merchant:order:confirm']);
    const { unmount } = renderWithProviders(<OrderActions order={ORDER as never} onDialog={() => {}} />);
    expect(screen.queryByRole('button', { name: '打印服务单' })).toBeNull();
    unmount();
    setPerms(['merchant:order:query']);
    renderWithProviders(<OrderActions order={{ ...ORDER, status: 10 } as never} onDialog={() => {}} />);
    expect(screen.queryByRole('button', { name: '打印服务单' })).toBeNull();
  });

  it('says when it was printed, in Shanghai time with the browser elsewhere, and again right before printing', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-29T02:05:00Z')); // 10:05 in Shanghai, 18:05 the day before in Los Angeles
      renderWithProviders(<ServiceSheetModal orderId={9} onClose={() => {}} />);
      const at = await screen.findByTestId('sheet-printed-at');
      expect(at).toHaveTextContent('打印时间 2026-11-29 10:05');
      // the dialog left open for a while: the paper carries the minute it is printed
      vi.setSystemTime(new Date('2026-11-29T16:30:00Z'));
      window.dispatchEvent(new Event('beforeprint'));
      expect(at).toHaveTextContent('打印时间 2026-11-30 00:30');
    } finally {
      vi.useRealTimers();
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('in a table row the actions keep one line: with more than three, 打印服务单 moves into 更多', async () => {
    setPerms(['merchant:order:query', 'merchant:order:assign', 'merchant:order:cancel', 'merchant:order:confirm']);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const waiting = { ...ORDER, status: 20, employeeId: null, employeeName: null };
    const { unmount } = renderWithProviders(
      <OrderActions order={waiting as never} onDialog={() => {}} onDetail={() => {}} inRow />,
    );
    const names = () => screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));
    expect(names()).toEqual(['详情', '接单派员', '改约', '拒单', '更多']);
    expect(document.querySelector('.ant-space')).not.toHaveClass('ant-space-wrap');
    fireEvent.click(screen.getByRole('button', { name: /更多/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '打印服务单' }));
    expect(await screen.findByTestId('service-sheet')).toBeInTheDocument();
    unmount();
    print.mockRestore();
    // three or fewer stay as they are (a served order: 详情, 确认完成, 打印服务单); the drawer shows every button
    const r2 = renderWithProviders(
      <OrderActions order={ORDER as never} onDialog={() => {}} onDetail={() => {}} inRow />,
    );
    expect(names()).toEqual(['详情', '确认完成', '打印服务单']);
    r2.unmount();
    renderWithProviders(<OrderActions order={waiting as never} onDialog={() => {}} />);
    expect(names()).toEqual(['接单派员', '改约', '拒单', '打印服务单']);
  });
});
