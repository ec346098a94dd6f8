import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initPcQuery } from '../../../../lib/queries.ts';
import { setPerms } from '../../../../lib/storage.ts';
import GoodsListPage from './GoodsListPage.tsx';
import { renderWithProviders, testQueryClient } from '../../../../../test/render.tsx';

/** 商品管理 with real antd: the list's price column and the 批量改价 button; the API answers fixtures by URL. */
const row = (id: number, name: string, priceLabel: string, specCount: number) => ({
  id,
  merchantId: 1,
  shopId: 7,
  fuwuId: 3,
  fuwuName: '日常保洁',
  name,
  coverUrl: '/tmpl/uploads/goods/cover.png',
  images: [],
  price: 12000,
  originalPrice: 15000,
  unit: '次',
  durationMinutes: 120,
  minQuantity: 1,
  tags: [],
  intro: null,
  shelfState: 1,
  sales: 0,
  sort: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  priceLabel,
  perUnit: null as string | null,
  specCount,
});
const posts: string[] = [];
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: async (url: string) => {
      if (url.includes('shangpin/shangjia/findAllByPage'))
        return {
          records: [
            row(1, '日常保洁（小时套餐）', '¥120 起', 3),
            row(2, '油烟机拆洗', '¥129', 1),
            { ...row(3, '新房开荒', '¥6/平方米', 1), perUnit: '平方米', durationMinutes: 5 },
          ],
          total: 3,
        };
      if (url.includes('fuwu/findSelect')) return [];
      return { dataList: [] };
    },
    post: async (url: string) => {
      posts.push(url);
      return { items: [], changed: 0, refused: 0 };
    },
    del: async () => null,
  },
  ApiError: class extends Error {},
}));

const INIT = {
  curDianpu: { id: 7, name: '运城洁家家政（总店）' },
  allDianpu: [{ id: 7, name: '运城洁家家政（总店）', auditStatus: 1, yingyeState: 1, parentId: null }],
};

function renderList() {
  const client = testQueryClient();
  client.setQueryData(initPcQuery.queryKey, INIT as never);
  const router = createMemoryRouter([{ path: '/shangpinguanli', element: <GoodsListPage /> }], {
    initialEntries: ['/shangpinguanli'],
  });
  return renderWithProviders(<RouterProvider router={router} />, { router: false, queryClient: client });
}

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  posts.length = 0;
});

describe('商品管理 list', () => {
  it('shows the price range and the number of specifications; 批量改价 opens on the selected goods', async () => {
    setPerms(['merchant:goods:list', 'merchant:goods:edit']);
    renderList();
    const daily = (await screen.findByText('日常保洁（小时套餐）')).closest('tr') as HTMLElement;
    expect(within(daily).getByText('¥120 起')).toBeInTheDocument();
    expect(within(daily).getByText('3 个规格')).toBeInTheDocument();
    expect(within(daily).getByText('2 小时')).toBeInTheDocument();
    // priced per ㎡: the length is per ㎡ too
    const perArea = screen.getByText('新房开荒').closest('tr') as HTMLElement;
    expect(within(perArea).getByText('每平方米 5 分钟')).toBeInTheDocument();
    const single = screen.getByText('油烟机拆洗').closest('tr') as HTMLElement;
    expect(within(single).getByText('¥129')).toBeInTheDocument();
    expect(within(single).queryByText(/个规格/)).toBeNull();
    // a single-price item still shows its struck-through original price
    expect(within(single).getByText('¥150.00')).toBeInTheDocument();

    const bulk = screen.getByRole('button', { name: /批量改价/ });
    expect(bulk).toBeDisabled();
    fireEvent.click(within(daily).getByRole('checkbox'));
    await waitFor(() => expect(bulk).toBeEnabled());
    fireEvent.click(bulk);
    expect(await screen.findByText('批量改价（已选 1 个商品）')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('without merchant:goods:edit there is no 批量改价', async () => {
    setPerms(['merchant:goods:list']);
    renderList();
    await screen.findByText('日常保洁（小时套餐）');
    expect(screen.queryByRole('button', { name: /批量改价/ })).toBeNull();
  });
});
