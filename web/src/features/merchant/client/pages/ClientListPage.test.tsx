import type { ClientRow } from '@jz/contracts/client';
import type { QueryClient } from '@tanstack/react-query';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../../../lib/storage.ts';
import ClientListPage from './ClientListPage.tsx';
import { renderWithProviders, testQueryClient } from '../../../../../test/render.tsx';

/** 客户列表 with real antd: search sends the filters, masked rows for a role without 查看完整信息, card balances. */
const row = (id: number, name: string, o: Partial<ClientRow> = {}): ClientRow => ({
  id,
  name,
  phone: '13800000001',
  masked: false,
  tags: ['老客户'],
  source: 'manual',
  shopId: 7,
  shopName: '运城洁家家政（总店）',
  defaultAddress: '运城市盐湖区河东东街 88 号',
  orderCount: 3,
  totalSpent: 36000,
  lastOrderAt: '2026-11-20T02:00:00.000Z',
  cardBalance: null,
  createdAt: '2026-11-01T02:00:00.000Z',
  ...o,
});

const calls: { url: string; query: Record<string, unknown> }[] = [];
let rows: ClientRow[] = [];
const posts: { url: string; body: Record<string, unknown> }[] = [];
const downloads: { url: string; body: Record<string, unknown> }[] = [];
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: async (url: string, query: Record<string, unknown> = {}) => {
      calls.push({ url, query });
      if (url.includes('kehu/findAllByPage')) {
        const q = query.name ? rows.filter((r) => r.name.includes(String(query.name))) : rows;
        return { records: q, total: q.length };
      }
      return {};
    },
    post: async (url: string, body: Record<string, unknown>) => {
      posts.push({ url, body });
      return { id: 9 };
    },
    del: async () => null,
  },
  download: async (url: string, body: Record<string, unknown>) => {
    downloads.push({ url, body });
  },
  ApiError: class extends Error {},
}));

function renderList(queryClient?: QueryClient) {
  const router = createMemoryRouter(
    [
      { path: '/kehuliebiao', element: <ClientListPage /> },
      { path: '/kehuxiangqing', element: <div>客户详情页</div> },
    ],
    { initialEntries: ['/kehuliebiao'] },
  );
  return renderWithProviders(<RouterProvider router={router} />, { router: false, queryClient });
}

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  calls.length = 0;
  posts.length = 0;
  downloads.length = 0;
  rows = [
    row(1, '张阿姨', { cardBalance: { cards: 2, visits: 9, value: 110000 } }),
    row(2, '李先生', { cardBalance: null, phone: '13900000002' }),
  ];
});

const pageCalls = () => calls.filter((c) => c.url.includes('kehu/findAllByPage'));

describe('客户列表', () => {
  it('lists clients with their card balances; the name links to the detail', async () => {
    setPerms(['merchant:client:list', 'merchant:client:query', 'merchant:client:full']);
    renderList();
    const zhang = (await screen.findByText('张阿姨')).closest('tr') as HTMLElement;
    expect(within(zhang).getByText('次卡 9 次 · 储值 ¥1,100.00')).toBeInTheDocument();
    expect(within(zhang).getByText('13800000001')).toBeInTheDocument();
    const li = screen.getByText('李先生').closest('tr') as HTMLElement;
    expect(within(li).getAllByText('-').length).toBeGreaterThan(0);
    expect(screen.queryByText('手机号、地址已脱敏')).toBeNull();
    fireEvent.click(within(zhang).getByRole('link', { name: '张阿姨' }));
    expect(await screen.findByText('客户详情页')).toBeInTheDocument();
  });

  it('searches by name and phone tail: the filters reach the call, the table shows what it answers', async () => {
    setPerms(['merchant:client:list', 'merchant:client:query']);
    renderList();
    await screen.findByText('李先生');
    fireEvent.change(screen.getByLabelText('客户姓名'), { target: { value: '张' } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '0001' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(screen.queryByText('李先生')).toBeNull());
    expect(screen.getByText('张阿姨')).toBeInTheDocument();
    expect(pageCalls().at(-1)?.query).toMatchObject({ name: '张', phone: '0001', pageNum: 1 });
  });

  it('导出 sends the filters of the rows shown, also when a search comes back from the cache', async () => {
    setPerms(['merchant:client:list', 'merchant:client:query', 'merchant:client:export']);
    // As in the console, a page searched a moment ago is served from the cache without a new call.
    renderList(testQueryClient({ staleTime: 60_000 }));
    await screen.findByText('李先生');
    const search = async (name: string, shown: string, gone: string) => {
      fireEvent.change(screen.getByLabelText('客户姓名'), { target: { value: name } });
      fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
      await waitFor(() => expect(screen.queryByText(gone)).toBeNull());
      expect(screen.getByText(shown)).toBeInTheDocument();
    };
    await search('张', '张阿姨', '李先生');
    await search('李', '李先生', '张阿姨');
    const fetched = pageCalls().length;
    await search('张', '张阿姨', '李先生');
    expect(pageCalls()).toHaveLength(fetched);
    fireEvent.click(screen.getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].body).toEqual({ name: '张', format: 'xlsx' });
  });

  it('without 查看客户完整信息 the page says the phones and addresses are masked and never shows them whole', async () => {
    rows = [
      row(1, '张阿姨', { masked: true, phone: '138****0001', defaultAddress: '运城市盐湖****' }),
      row(2, '李先生', { masked: true, phone: '139****0002', defaultAddress: null }),
    ];
    setPerms(['merchant:client:list', 'merchant:client:query']);
    renderList();
    const zhang = (await screen.findByText('张阿姨')).closest('tr') as HTMLElement;
    expect(within(zhang).getByText('138****0001')).toBeInTheDocument();
    expect(screen.getByText('手机号、地址已脱敏')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('13800000001');
    expect(document.body.textContent).not.toContain('河东东街');
  });

  it('without the detail permission the names are plain text', async () => {
    setPerms(['merchant:client:list']);
    renderList();
    await screen.findByText('张阿姨');
    expect(screen.queryByRole('link', { name: '张阿姨' })).toBeNull();
  });

  it('新增客户 refuses a first address with notes but no 详细地址 (it would be dropped); with one it is sent', async () => {
    setPerms(['merchant:client:list', 'merchant:client:query', 'merchant:client:add']);
    renderList();
    await screen.findByText('张阿姨');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog', { name: '新增客户' });
    fireEvent.change(within(dialog).getByLabelText('客户姓名'), { target: { value: '赵女士' } });
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13700000003' } });
    fireEvent.change(within(dialog).getByLabelText('户型'), { target: { value: '三室两厅' } });
    const ok = within(dialog).getByRole('button', { name: /确\s*定|OK/ });
    fireEvent.click(ok);
    expect(await within(dialog).findByText('填写了地址信息，请输入详细地址')).toBeInTheDocument();
    expect(posts).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('详细地址'), { target: { value: '运城市盐湖区学苑路 12 号' } });
    fireEvent.click(ok);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({
      name: '赵女士',
      phone: '13700000003',
      address: { detail: '运城市盐湖区学苑路 12 号', layout: '三室两厅' },
    });
    expect(await screen.findByText('客户详情页')).toBeInTheDocument();
  });
});
