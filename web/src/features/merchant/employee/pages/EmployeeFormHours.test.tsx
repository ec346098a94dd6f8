import type { Employee, HoursConflictOrder } from '@jz/contracts/employee';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { setPerms } from '../../../../lib/storage.ts';
import EmployeeFormPage from './EmployeeFormPage.tsx';

/**
 * 编辑员工 › 每周排班 against her assigned orders, with real antd: changed hours are checked first; orders left outside
 * them are listed (number, time, customer with the phone masked) and the change waits for 确认修改 or 取消.
 */
const posts: [string, Record<string, unknown>][] = [];
const checks: Record<string, unknown>[] = [];
/** The check's answers in turn; the last one stays. */
let checkAnswers: HoursConflictOrder[][] = [[]];
const DAY = Array.from({ length: 7 }, () => [{ from: '08:00', to: '20:00' }]);
const INIT = {
  curDianpu: { id: 7, name: '运城洁家家政（总店）' },
  allDianpu: [{ id: 7, name: '运城洁家家政（总店）', parentId: null, yingyeState: 1, auditStatus: 1 }],
  isAddFendian: true,
  shangjiaInfoFuwuCount: 0,
};
const EMPLOYEE: Employee = {
  id: 5,
  shopId: 7,
  shopName: '运城洁家家政（总店）',
  name: '张秀兰',
  phone: '13935900001',
  gender: 2,
  birthDate: '1978-03-12',
  avatarUrl: null,
  idCardNo: null,
  idCardFrontUrl: null,
  idCardBackUrl: null,
  nativePlace: null,
  workYears: 12,
  skills: [],
  fuwuIds: [],
  certificates: [],
  certAlerts: 0,
  workState: 1,
  rating: 4.9,
  completedOrders: 3,
  intro: null,
  workHours: DAY,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const ORDER: HoursConflictOrder = {
  orderId: 41,
  orderNo: 'JZ2026120300041',
  status: 30,
  goodsName: '日常保洁',
  from: '2026-12-03T02:00:00.000Z',
  to: '2026-12-03T05:00:00.000Z',
  time: '12月3日 10:00–13:00',
  customerName: '王女士',
  customerPhoneMasked: '139****0002',
};

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: async (url: string, params: Record<string, unknown>) => {
      if (url.includes('initPc')) return INIT;
      if (url.includes('findById/5')) return EMPLOYEE;
      if (url.includes('checkHours')) {
        checks.push(params);
        return { orders: checkAnswers.length > 1 ? checkAnswers.shift()! : checkAnswers[0] };
      }
      return [];
    },
    post: async (url: string, body: Record<string, unknown>) => {
      posts.push([url, body]);
      const r = refusals.shift();
      if (r) throw r;
      return null;
    },
    del: async () => null,
  },
  http: { post: async () => ({ data: { result: null } }) },
  ApiError: FakeApiError,
  handleFailure: () => {},
}));
const { FakeApiError } = vi.hoisted(() => ({
  FakeApiError: class extends Error {
    constructor(
      readonly code: number,
      message: string,
    ) {
      super(message);
    }
  },
}));
/** The next POSTs are refused with these, in turn. */
let refusals: InstanceType<typeof FakeApiError>[] = [];

function renderEdit() {
  const router = createMemoryRouter(
    [
      { path: '/xinzengyuangong', element: <EmployeeFormPage /> },
      { path: '/gongsiyuangong', element: <div>员工列表页</div> },
    ],
    { initialEntries: ['/xinzengyuangong?id=5'] },
  );
  // No motion: a closed dialog leaves at once instead of animating out (jsdom never ends the animation).
  return renderWithProviders(<RouterProvider router={router} />, {
    router: false,
    theme: { token: { motion: false } },
  });
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
/**
 * The dialog whose title says `title`. Found by its text: under jsdom several antd parts share one generated id, so
 * the dialog's aria-labelledby does not name it reliably here.
 */
async function dialogTitled(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('[role="dialog"]') as HTMLElement;
}
const noDialog = (title: string) => screen.queryByText(title, { selector: '.ant-modal-title' });
/** 周一 off: the weekly hours differ from what she has. */
const mondayOff = async () => fireEvent.click(await screen.findByRole('switch', { name: '周一上班' }));

beforeEach(() => {
  posts.length = 0;
  checks.length = 0;
  checkAnswers = [[]];
  refusals = [];
  setPerms(['merchant:employee:list', 'merchant:employee:edit', 'merchant:order:list']);
});

vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

describe('编辑员工 › 每周排班 and her assigned orders', () => {
  it('lists the orders the new hours leave outside them; 取消 saves nothing; 确认修改 saves and keeps the list', async () => {
    checkAnswers = [[ORDER]];
    renderEdit();
    await mondayOff();
    save();
    const dialog = await dialogTitled('修改 张秀兰 的每周排班？');
    expect(checks[0]).toMatchObject({ id: 5 });
    expect(JSON.parse(String(checks[0].workHours))[0]).toEqual([]);
    expect(within(dialog).getByText('新的工作时间外还有 1 个已指派给 张秀兰 的订单')).toBeInTheDocument();
    expect(within(dialog).getByText(/12月3日 10:00–13:00 · 日常保洁 · 王女士 139\*\*\*\*0002/)).toBeInTheDocument();
    expect(within(dialog).getByText('JZ2026120300041（待服务）')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '打开订单改派' })).toHaveAttribute(
      'href',
      expect.stringMatching(/dingdanguanli\?id=41$/),
    );
    expect(posts).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(noDialog('修改 张秀兰 的每周排班？')).toBeNull());
    expect(posts).toEqual([]);

    save();
    const again = await dialogTitled('修改 张秀兰 的每周排班？');
    fireEvent.click(within(again).getByRole('button', { name: '确认修改' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0][0]).toBe('/api/app/jiazheng/yuangong/edit');
    expect(posts[0][1]).toMatchObject({ id: 5, confirmHours: true });
    const saved = await dialogTitled('张秀兰 的每周排班已保存');
    expect(
      within(saved).getByText('以下 1 个订单在新的工作时间外，仍由 张秀兰 服务，请改派或与顾客改约'),
    ).toBeInTheDocument();
    expect(within(saved).getByRole('link', { name: '打开订单改派' })).toBeInTheDocument();
    fireEvent.click(within(saved).getByRole('button', { name: '返回员工列表' }));
    expect(await screen.findByText('员工列表页')).toBeInTheDocument();
  });

  it('hours left as they were are not checked; hours that strand nothing save at once, unconfirmed', async () => {
    renderEdit();
    await screen.findByRole('switch', { name: '周一上班' });
    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(checks).toEqual([]);
    expect(posts[0][1]).not.toHaveProperty('confirmHours');
    expect(await screen.findByText('员工列表页')).toBeInTheDocument();
  });

  it('an order assigned between the check and the save: the refusal brings the list up instead of a toast', async () => {
    checkAnswers = [[], [ORDER]];
    renderEdit();
    await mondayOff();
    refusals = [
      new FakeApiError(
        2004,
        '新的工作时间外还有 张秀兰 的 1 个已指派订单：JZ2026120300041（日常保洁，12月3日 10:00–13:00）。请先改派，或确认后再保存',
      ),
    ];
    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    const dialog = await dialogTitled('修改 张秀兰 的每周排班？');
    expect(checks).toHaveLength(2);
    expect(within(dialog).getByText(/王女士 139\*\*\*\*0002/)).toBeInTheDocument();
    expect(posts[0][1]).not.toHaveProperty('confirmHours');
  });
});
