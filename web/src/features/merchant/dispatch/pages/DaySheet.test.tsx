import { dispatchApi } from '@jz/contracts/api/dispatch';
import { orderApi } from '@jz/contracts/api/order';
import { shopApi } from '@jz/contracts/api/shop';
import { type BoardResult, type DaySheetResult, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  FakeEventSource,
  fakeApi,
  ticketAnswer,
} from '../../../../components/order-alert/stream-testing.ts';
import { http } from '../../../../lib/api-client.ts';
import { initPcQuery } from '../../../../lib/queries.ts';
import { setPerms } from '../../../../lib/storage.ts';
import { dayTitle } from '../components/DaySheetModal.tsx';
import { renderWithProviders, testQueryClient } from '../../../../../test/render.tsx';

/** 派工单 from the 派单看板 with real antd: per employee and for the whole day, print, export, empty and error. */
const download = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api-client.ts')>()),
  download,
}));
const { default: DispatchBoardPage } = await import('./DispatchBoardPage.tsx');

const TODAY = shanghaiDay(Date.now());
const at = (hm: string) => new Date(wallMs(TODAY, hm)).toISOString();
const INIT = { curDianpu: { id: 1, name: '总店', parentId: null }, allDianpu: [], isAddFendian: false };

const employee = (id: number, name: string) => ({
  id,
  name,
  phone: '13900000000',
  shopId: 1,
  workState: 1,
  skills: [],
  fuwuIds: [],
  hours: [{ day: TODAY, ranges: [{ from: at('08:00'), to: at('20:00') }] }],
  leaves: [],
  blocks: [],
});
const BOARD: BoardResult = {
  days: [TODAY],
  shopId: 1,
  travelBufferMinutes: 30,
  employees: [employee(1, '张三'), employee(2, '李四')],
  unassigned: [],
  waitingElsewhere: { before: 0, lastBefore: null, after: 0, firstAfter: null },
};
const job = (id: number, from: string, to: string, extra: Partial<DaySheetResult['employees'][0]['jobs'][0]> = {}) => ({
  orderId: id,
  orderNo: `NO${id}`,
  status: 30,
  statusName: '待服务',
  from: at(from),
  to: at(to),
  time: `${from}–${to}`,
  durationKnown: true,
  goodsName: '日常保洁',
  specName: '3小时',
  quantityLabel: '× 1',
  service: '日常保洁 · 3小时 × 1',
  customerName: `顾客${id}`,
  customerPhone: '138****0001',
  address: '山西省运城市盐湖区河东东街 88 号 幸福小区 3-2-1201',
  remark: null,
  ...extra,
});
const sheetOf = (employees: DaySheetResult['employees']): DaySheetResult => ({
  date: TODAY,
  shopId: 1,
  shopName: '运城洁家家政（总店）',
  employees,
});
const ZHANG = {
  id: 1,
  name: '张三',
  phone: '139****0000',
  jobs: [
    job(1, '09:00', '12:00', { remark: '家里有狗，请先敲门' }),
    job(2, '13:00', '15:00', { status: 50, statusName: '已完成' }),
  ],
};
const LI = { id: 2, name: '李四', phone: '139****0001', jobs: [job(3, '08:00', '10:00')] };

let sheetAnswer: () => Answer;
let api: ReturnType<typeof fakeApi>;
/** Each call's URL with its query. */
const urls: string[] = [];

function renderPage() {
  const qc = testQueryClient();
  qc.setQueryData(initPcQuery.queryKey, INIT as never);
  renderWithProviders(<DispatchBoardPage />, { route: '/paidankanban', queryClient: qc });
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.all = [];
  setPerms(['merchant:dispatch:view']);
  urls.length = 0;
  download.mockClear();
  sheetAnswer = () => ({ result: sheetOf([ZHANG]) });
  api = fakeApi([
    [orderApi.streamTicket, ticketAnswer],
    [shopApi.initPc, { result: INIT }],
    [dispatchApi.board, { result: BOARD }],
    [dispatchApi.daySheet, () => sheetAnswer()],
  ]);
  http.defaults.adapter = async (config) => {
    urls.push(`${config.url}?${new URLSearchParams(config.params as Record<string, string>)}`);
    return api.adapter(config);
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  http.defaults.adapter = undefined;
});

const dialog = () => screen.findByRole('dialog');

describe('派工单', () => {
  it("an employee row opens that employee's sheet: jobs in order with time, service, customer, masked phone, remark", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '张三 的派工单' }));
    const d = await dialog();
    expect(within(d).getByText(`派工单 · ${dayTitle(TODAY)} · 张三`)).toBeInTheDocument();
    const page = await within(d).findByTestId('daysheet-1');
    expect(page).toHaveTextContent('运城洁家家政（总店）');
    expect(page).toHaveTextContent('共 2 单');
    const rows = within(page).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['daysheet-job-NO1', 'daysheet-job-NO2']);
    expect(rows[0]).toHaveTextContent(
      '109:00–12:00待服务日常保洁 · 3小时 × 1单号 NO1顾客1138****0001山西省运城市盐湖区河东东街 88 号 幸福小区 3-2-1201家里有狗，请先敲门',
    );
    expect(rows[1]).toHaveTextContent('已完成');
    const sheetCall = urls.find((u) => u.startsWith(dispatchApi.daySheet.path))!;
    expect(sheetCall).toContain(`date=${TODAY}`);
    expect(sheetCall).toContain('employeeId=1');
    expect(sheetCall).toContain('shopId=1');
  });

  it('打印 prints the page; 导出 Excel downloads the same rows through the export call', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '张三 的派工单' }));
    const d = await dialog();
    await within(d).findByTestId('daysheet-1');
    await userEvent.click(within(d).getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledTimes(1);
    await userEvent.click(within(d).getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download).toHaveBeenCalledWith(
      expect.stringMatching(/\/api\/app\/jiazheng\/paidan\/daySheet\/export$/),
      { date: TODAY, shopId: 1, employeeId: 1, format: 'xlsx' },
      `派工单_${TODAY}.xlsx`,
    );
  });

  it('the toolbar opens the whole day: every employee with jobs, one section (one printed page) each', async () => {
    sheetAnswer = () => ({ result: sheetOf([ZHANG, LI]) });
    renderPage();
    await screen.findByTestId('row-1');
    await userEvent.click(screen.getByTestId('daysheet-open-all'));
    const d = await dialog();
    expect(await within(d).findByTestId('daysheet-1')).toBeInTheDocument();
    expect(within(d).getByTestId('daysheet-2')).toHaveTextContent('李四');
    expect(d.querySelectorAll('.jz-daysheet-page')).toHaveLength(2);
    expect(urls.find((u) => u.startsWith(dispatchApi.daySheet.path))).not.toContain('employeeId');
  });

  it('loading, then 当天没有派工 with printing and export disabled', async () => {
    sheetAnswer = () => ({ result: sheetOf([{ ...LI, jobs: [] }]) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '李四 的派工单' }));
    const d = await dialog();
    expect(d.querySelector('.ant-skeleton')).not.toBeNull();
    expect(await within(d).findByText('当天没有派工')).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: /打\s*印/ })).toBeDisabled();
    expect(within(d).getByRole('button', { name: /导出 Excel/ })).toBeDisabled();
  });

  it('a failed load says so and retries', async () => {
    sheetAnswer = () => ({ code: 500, message: '服务器开小差了' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '张三 的派工单' }));
    const d = await dialog();
    expect(await within(d).findByText(/数据加载失败/)).toBeInTheDocument();
    sheetAnswer = () => ({ result: sheetOf([ZHANG]) });
    await userEvent.click(within(d).getByRole('button', { name: /重\s*试/ }));
    expect(await within(d).findByTestId('daysheet-1')).toBeInTheDocument();
  });
});
