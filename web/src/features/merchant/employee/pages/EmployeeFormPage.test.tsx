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
      return { id: 99 };
    },
    del: async () => null,
  },
  http: { post: async () => ({ data: { result: null } }) },
  ApiError: class extends Error {},
}));

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
