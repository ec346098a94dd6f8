import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../../../lib/storage.ts';
import GoodsFormPage from './GoodsFormPage.tsx';

/** The server, replaced: GETs answer fixtures by URL, POSTs are recorded. antd and the form are real. */
const posts: [string, Record<string, unknown>][] = [];
const GOODS = {
  id: 12,
  merchantId: 1,
  shopId: 7,
  fuwuId: 3,
  name: '日常保洁 3 小时',
  coverUrl: '/tmpl/uploads/goods/cover.png',
  images: [],
  price: 15900,
  originalPrice: 19900,
  unit: '次',
  durationMinutes: 180,
  minQuantity: 1,
  tags: ['准时上门'],
  intro: '<p>介绍</p>',
  shelfState: 1,
  sales: 3,
  sort: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: async (url: string) => {
      if (url.includes('shangjia/fuwu/findSelect'))
        return [{ id: 3, parentId: null, name: '日常保洁', icon: null, sort: 1, status: 0, createdAt: '' }];
      if (url.includes('dict/findByType/goods_unit'))
        return {
          dataList: ['次', '小时', '平方米'].map((u) => ({
            dictLabel: u,
            dictValue: u,
            type: 'goods_unit',
            tagType: null,
          })),
        };
      if (url.includes('shangjia/findById/12')) return GOODS;
      if (url.includes('findById/')) throw new Error('商品不存在');
      return { dataList: [] };
    },
    post: async (url: string, body: Record<string, unknown>) => {
      posts.push([url, body]);
      return { id: 99 };
    },
    del: async () => null,
  },
  http: { post: async () => ({ data: { result: { url: '/tmpl/uploads/goods/new.png', type: 'image' } } }) },
  ApiError: class extends Error {},
}));
// The editor itself is the widget engineer's (and heavy under jsdom): a textarea stands in for it here.
vi.mock('../../../../components/rich-text/RichTextEditor.tsx', () => ({
  RichTextEditor: (p: { value?: string; onChange?: (v: string) => void }) => (
    <textarea aria-label="商品介绍" value={p.value ?? ''} onChange={(e) => p.onChange?.(e.target.value)} />
  ),
}));

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/shangpinAdd', element: <GoodsFormPage /> },
      { path: '/shangpinguanli', element: <div>商品列表页</div> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

const field = (id: string) => document.getElementById(`goodsForm_${id}`) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

beforeEach(() => {
  posts.length = 0;
  setPerms(['merchant:goods:list', 'merchant:goods:add', 'merchant:goods:edit']);
});

vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

describe('新增商品 form', () => {
  it('checks required fields, price > 0 and original >= price before sending anything', async () => {
    renderAt('/shangpinAdd');
    await screen.findByText('新增商品');
    save();
    expect(await screen.findByText('请选择服务类目')).toBeInTheDocument();
    expect(await screen.findByText('请输入商品名称')).toBeInTheDocument();
    expect(await screen.findByText('请上传封面图')).toBeInTheDocument();
    expect(await screen.findByText('请输入价格')).toBeInTheDocument();
    type('priceYuan', '0');
    save();
    expect(await screen.findByText('价格须大于 0')).toBeInTheDocument();
    type('priceYuan', '99');
    type('originalPriceYuan', '80');
    save();
    expect(await screen.findByText('原价不能低于售价')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('without the add permission the form is refused', async () => {
    setPerms(['merchant:goods:list']);
    renderAt('/shangpinAdd');
    expect(await screen.findByText('没有访问权限')).toBeInTheDocument();
  });
});

describe('编辑商品 form', () => {
  it('shows fen as yuan and sends yuan back as fen, with its id', async () => {
    renderAt('/shangpinAdd?id=12');
    await waitFor(() => expect(field('name').value).toBe('日常保洁 3 小时'));
    expect(field('priceYuan').value).toBe('159.00');
    expect(field('originalPriceYuan').value).toBe('199.00');
    type('priceYuan', '99.5');
    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0][0]).toBe('/api/app/jiazheng/shangjia/shangpin/edit');
    expect(posts[0][1]).toMatchObject({
      id: 12,
      fuwuId: 3,
      price: 9950,
      originalPrice: 19900,
      unit: '次',
      durationMinutes: 180,
      tags: ['准时上门'],
      coverUrl: GOODS.coverUrl,
    });
    expect(posts[0][1]).not.toHaveProperty('shelfState');
    expect(await screen.findByText('商品列表页')).toBeInTheDocument();
  });
});
