import type { Employee } from '@jz/contracts/employee';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../../../lib/storage.ts';
import EmployeeFormPage from './EmployeeFormPage.tsx';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** The server, replaced: GETs answer fixtures by URL, POSTs are recorded. antd and the form are real. */
const posts: [string, Record<string, unknown>][] = [];
const INIT = {
  curDianpu: { id: 7, name: '运城洁家家政（总店）' },
  allDianpu: [
    { id: 7, name: '运城洁家家政（总店）', parentId: null, yingyeState: 1, auditStatus: 1 },
    { id: 8, name: '运城洁家家政（学苑路分店）', parentId: 7, yingyeState: 1, auditStatus: 1 },
  ],
  isAddFendian: true,
  shangjiaInfoFuwuCount: 0,
};
const EMPLOYEE: Employee = {
  id: 5,
  shopId: 8,
  shopName: '运城洁家家政（学苑路分店）',
  name: '张秀兰',
  phone: '13935900001',
  gender: 2,
  birthDate: '1978-03-12',
  avatarUrl: null,
  idCardNo: '1408**********1009',
  idCardFrontUrl: null,
  idCardBackUrl: null,
  nativePlace: null,
  workYears: 12,
  skills: ['日常保洁'],
  fuwuIds: [],
  certificates: [],
  certAlerts: 0,
  workState: 1,
  rating: 4.9,
  completedOrders: 3,
  intro: '细致',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: async (url: string) => {
      if (url.includes('initPc')) return INIT;
      if (url.includes('findById/5')) return EMPLOYEE;
      if (url.includes('findById/')) throw new Error('员工不存在');
      return [];
    },
    post: async (url: string, body: Record<string, unknown>) => {
      posts.push([url, body]);
      if (refusal) throw refusal;
      return { id: 99 };
    },
    del: async () => null,
  },
  http: { post: async () => ({ data: { result: null } }) },
  ApiError: FakeApiError,
  handleFailure: () => {},
}));
/** The client's error, stood in for: the next POST is refused with it. */
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
let refusal: InstanceType<typeof FakeApiError> | null = null;
/** Where the page scrolled (jsdom has no layout: scrollIntoView is recorded, not performed). */
const scrolledTo = vi.fn();
Element.prototype.scrollIntoView = scrolledTo;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/xinzengyuangong', element: <EmployeeFormPage /> },
      { path: '/gongsiyuangong', element: <div>员工列表页</div> },
    ],
    { initialEntries: [path] },
  );
  return renderWithProviders(<RouterProvider router={router} />, { router: false });
}

const field = (id: string) => document.getElementById(`employeeForm_${id}`) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

beforeEach(() => {
  posts.length = 0;
  refusal = null;
  scrolledTo.mockClear();
  setPerms(['merchant:employee:list', 'merchant:employee:add', 'merchant:employee:edit']);
});

// Rendering the whole antd form under jsdom is slow on a shared machine.
vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

describe('新增员工 form', () => {
  it('shows the schema’s messages and sends nothing while the form is invalid', async () => {
    renderAt('/xinzengyuangong');
    await screen.findByText('基本信息');
    save();
    expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
    type('phone', '1234');
    type('idCardNo', '142301199001011234'); // wrong checksum
    save();
    expect(await screen.findByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(await screen.findByText('请输入正确的 18 位身份证号')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('an empty certificate row says so once; a named row without its image asks for the image alone', async () => {
    renderAt('/xinzengyuangong');
    await screen.findByText('基本信息');
    fireEvent.click(screen.getByRole('button', { name: /添加证书/ }));
    const row = () => screen.getByLabelText('证书名称').closest('.ant-space') as HTMLElement;
    // antd keeps a leaving message in the DOM while it animates out: only the shown ones count
    const rowErrors = () =>
      [...row().querySelectorAll('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)')].map(
        (e) => e.textContent,
      );
    save();
    await waitFor(() => expect(rowErrors()).toEqual(['请填写证书名称并上传图片，或移除此行']));
    fireEvent.change(screen.getByLabelText('证书名称'), { target: { value: '健康证' } });
    save();
    await waitFor(() => expect(rowErrors()).toEqual(['请上传证书图片']));
    expect(posts).toEqual([]);
  });

  it('fills birth date and gender from the ID number, then adds to the current shop', async () => {
    renderAt('/xinzengyuangong');
    await screen.findByText('基本信息');
    await waitFor(() => expect(screen.getByText('运城洁家家政（总店）')).toBeInTheDocument());
    type('name', '马晓燕');
    type('phone', '13712345678');
    type('idCardNo', '11010519491231002x');
    fireEvent.blur(field('idCardNo'));
    await waitFor(() => expect(field('birthDate').value).toBe('1949-12-31'));
    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    const [url, body] = posts[0];
    expect(url).toBe('/api/app/jiazheng/yuangong/add');
    expect(body).toMatchObject({
      name: '马晓燕',
      phone: '13712345678',
      idCardNo: '11010519491231002x',
      gender: 2,
      birthDate: '1949-12-31',
      shopId: 7,
      skills: [],
      certificates: [],
    });
    expect(await screen.findByText('员工列表页')).toBeInTheDocument();
  });
});

describe('新增员工 without papers, and saves that fail', () => {
  it('adds an employee without an ID number (it is optional); a number typed is still checked', async () => {
    renderAt('/xinzengyuangong');
    await screen.findByText('基本信息');
    expect(screen.getByText('可暂不填写，收到证件后补充；填写后将自动识别出生日期和性别')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('运城洁家家政（总店）')).toBeInTheDocument());
    type('name', '李春梅');
    type('phone', '13712340000');
    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0][1]).toMatchObject({ name: '李春梅', phone: '13712340000', idCardNo: '', shopId: 7 });
    expect(screen.queryByText('请输入身份证号')).toBeNull();
  });

  it('a save with errors scrolls to the first one, focuses it and says so in a message', async () => {
    renderAt('/xinzengyuangong');
    await screen.findByText('基本信息');
    type('idCardNo', '142301199001011234'); // wrong checksum, below 姓名
    save();
    expect((await screen.findAllByText('请修正标出的错误：请输入姓名'))[0]).toBeInTheDocument();
    expect(scrolledTo.mock.contexts.at(-1)).toBe(field('name'));
    expect(document.activeElement).toBe(field('name'));
    expect(await screen.findByText('请输入正确的 18 位身份证号')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('a server refusal about the phone lands on the phone field, focused, with a message', async () => {
    renderAt('/xinzengyuangong');
    await screen.findByText('基本信息');
    await waitFor(() => expect(screen.getByText('运城洁家家政（总店）')).toBeInTheDocument());
    type('name', '王小红');
    type('phone', '13712349999');
    refusal = new FakeApiError(2004, '手机号 13712349999 已被本商家的其他员工使用');
    save();
    expect(
      (await screen.findAllByText('请修正标出的错误：手机号 13712349999 已被本商家的其他员工使用'))[0],
    ).toBeInTheDocument();
    expect(scrolledTo.mock.contexts.at(-1)).toBe(field('phone'));
    expect(document.activeElement).toBe(field('phone'));
    // The field's error list renders a moment after the toast (antd shows it through a motion): wait for it.
    await waitFor(() => expect(field('phone').closest('.ant-form-item')).toHaveTextContent('已被本商家的其他员工使用'));
    expect(screen.queryByText('员工列表页')).toBeNull();
  });
});

describe('编辑员工 form', () => {
  it('loads the employee; the ID number stays empty (kept unless retyped) and the edit is sent with its id', async () => {
    renderAt('/xinzengyuangong?id=5');
    await waitFor(() => expect(field('name').value).toBe('张秀兰'));
    expect(field('idCardNo').value).toBe('');
    expect(screen.getByText('已登记 1408**********1009，不修改请留空')).toBeInTheDocument();
    type('intro', '');
    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0][0]).toBe('/api/app/jiazheng/yuangong/edit');
    expect(posts[0][1]).toMatchObject({
      id: 5,
      idCardNo: '',
      intro: '',
      shopId: 8,
      skills: ['日常保洁'],
      workYears: 12,
    });
  });

  it('without the edit permission the page says so instead of showing the form', async () => {
    setPerms(['merchant:employee:list', 'merchant:employee:add']);
    renderAt('/xinzengyuangong?id=5');
    expect(await screen.findByText('您没有编辑员工的权限，请联系管理员。')).toBeInTheDocument();
    expect(document.getElementById('employeeForm_name')).toBeNull();
  });
});
