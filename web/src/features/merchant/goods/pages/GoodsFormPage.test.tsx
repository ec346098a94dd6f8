import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../../../lib/storage.ts';
import GoodsFormPage from './GoodsFormPage.tsx';
import { renderWithProviders } from '../../../../../test/render.tsx';

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
  priceLabel: '¥159 起',
  specCount: 2,
  specs: [
    {
      id: 31,
      goodsId: 12,
      name: '3小时',
      mode: 'fixed',
      unit: '次',
      price: 15900,
      originalPrice: 19900,
      minQuantity: 1,
      maxQuantity: null,
      minCharge: null,
      areaMin: null,
      areaMax: null,
      durationMinutes: 180,
      stock: null,
      dailyCapacity: 5,
      status: 1,
      sort: 0,
      orderCount: 4,
    },
    {
      id: 32,
      goodsId: 12,
      name: '4小时',
      mode: 'fixed',
      unit: '次',
      price: 19900,
      originalPrice: null,
      minQuantity: 1,
      maxQuantity: 3,
      minCharge: null,
      areaMin: null,
      areaMax: null,
      durationMinutes: 240,
      stock: 10,
      dailyCapacity: null,
      status: 0,
      sort: 10,
      orderCount: 0,
    },
  ],
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
  const router = createMemoryRouter(
    [
      { path: '/shangpinAdd', element: <GoodsFormPage /> },
      { path: '/shangpinguanli', element: <div>商品列表页</div> },
    ],
    { initialEntries: [path] },
  );
  return renderWithProviders(<RouterProvider router={router} />, { router: false });
}

const field = (id: string) => document.getElementById(`goodsForm_${id}`) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

beforeEach(() => {
  posts.length = 0;
  setPerms(['merchant:goods:list', 'merchant:goods:add', 'merchant:goods:edit']);
});

vi.setConfig({ testTimeout: 90_000 });
configure({ asyncUtilTimeout: 15_000 });

/** The spec table's cell of row `i` (0-based), by its form id. */
const spec = (i: number, f: string) => field(`specs_${i}_${f}`);
const typeSpec = (i: number, f: string, value: string) => fireEvent.change(spec(i, f), { target: { value } });
const specNames = () =>
  [...document.querySelectorAll<HTMLInputElement>('input[id^="goodsForm_specs_"][id$="_name"]')].map((e) => e.value);
/** Opens a row's select and clicks the option with that label. */
async function pick(i: number, f: string, label: string) {
  fireEvent.mouseDown(spec(i, f));
  const option = await waitFor(() => {
    const o = [
      ...document.querySelectorAll(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`,
      ),
    ].at(-1);
    if (!o) throw new Error(`no option ${label}`);
    return o;
  });
  fireEvent.click(option);
}
const rowButton = (i: number, name: string) => {
  const rows = document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
  return within(rows[i] as HTMLElement).getByRole('button', { name });
};

describe('新增商品 form', () => {
  it('checks the item and its first specification before sending anything', async () => {
    renderAt('/shangpinAdd');
    await screen.findByText('新增商品');
    save();
    expect(await screen.findByText('请选择服务类目')).toBeInTheDocument();
    expect(await screen.findByText('请输入商品名称')).toBeInTheDocument();
    expect(await screen.findByText('请上传封面图')).toBeInTheDocument();
    // one specification may stay unnamed (it takes the goods' name)
    expect(await screen.findByText('请输入价格')).toBeInTheDocument();
    expect(screen.queryByText('请输入规格名称')).toBeNull();
    typeSpec(0, 'durationMinutes', '');
    expect(await screen.findByText('请填写服务时长（分钟）')).toBeInTheDocument();
    typeSpec(0, 'priceYuan', '0');
    save();
    expect(await screen.findByText('价格须大于 0')).toBeInTheDocument();
    typeSpec(0, 'priceYuan', '99');
    typeSpec(0, 'originalPriceYuan', '80');
    save();
    expect(await screen.findByText('原价不能低于售价')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('adds, copies, moves and deletes specifications; the last one cannot be deleted', async () => {
    renderAt('/shangpinAdd');
    await screen.findByText('新增商品');
    expect(rowButton(0, '删除')).toBeDisabled();
    typeSpec(0, 'name', '2小时');
    fireEvent.click(screen.getByRole('button', { name: /添加规格/ }));
    await waitFor(() => expect(specNames()).toEqual(['2小时', '']));
    save();
    expect(await screen.findByText('请输入规格名称')).toBeInTheDocument();
    typeSpec(1, 'name', '4小时');
    fireEvent.click(rowButton(0, '复制'));
    await waitFor(() => expect(specNames()).toEqual(['2小时', '2小时（副本）', '4小时']));
    expect(rowButton(0, '上移')).toBeDisabled();
    expect(rowButton(2, '下移')).toBeDisabled();
    fireEvent.click(rowButton(2, '上移'));
    await waitFor(() => expect(specNames()).toEqual(['2小时', '4小时', '2小时（副本）']));
    fireEvent.click(rowButton(0, '下移'));
    await waitFor(() => expect(specNames()).toEqual(['4小时', '2小时', '2小时（副本）']));
    fireEvent.click(rowButton(2, '删除'));
    expect(await screen.findByText('确认要删除规格「2小时（副本）」吗？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(specNames()).toEqual(['4小时', '2小时']));
  });

  it('shows only the cells a pricing mode uses and keeps the unit one the mode accepts', async () => {
    renderAt('/shangpinAdd');
    await screen.findByText('新增商品');
    expect(spec(0, 'minQuantity')).not.toBeNull();
    expect(spec(0, 'minChargeYuan')).toBeNull();
    expect(spec(0, 'areaMin')).toBeNull();
    await pick(0, 'mode', '按面积段');
    await waitFor(() => expect(spec(0, 'areaMin')).not.toBeNull());
    expect(spec(0, 'areaMax')).not.toBeNull();
    expect(spec(0, 'minQuantity')).toBeNull();
    expect(spec(0, 'minChargeYuan')).toBeNull();
    expect(spec(0, 'unit')).toBeDisabled();
    await pick(0, 'mode', '按单位计价');
    await waitFor(() => expect(spec(0, 'minChargeYuan')).not.toBeNull());
    expect(spec(0, 'areaMin')).toBeNull();
    expect(spec(0, 'minQuantity')).not.toBeNull();
    // 次 is a package's unit: a unit price counts hours (or ㎡, days, months)
    expect(document.querySelector('tr.ant-table-row')?.textContent).toContain('小时');
  });

  it('says what is wrong with the list above the table and previews the price customers see', async () => {
    renderAt('/shangpinAdd');
    await screen.findByText('新增商品');
    expect(screen.getByTestId('spec-price-range')).toHaveTextContent('暂无启用的规格');
    typeSpec(0, 'name', '≤60㎡');
    await pick(0, 'mode', '按面积段');
    await waitFor(() => expect(spec(0, 'areaMax')).not.toBeNull());
    typeSpec(0, 'areaMax', '60');
    typeSpec(0, 'priceYuan', '360');
    await waitFor(() => expect(screen.getByTestId('spec-price-range')).toHaveTextContent('¥360'));
    fireEvent.click(rowButton(0, '复制'));
    await waitFor(() => expect(specNames()).toEqual(['≤60㎡', '≤60㎡（副本）']));
    typeSpec(1, 'name', '≤60㎡');
    expect(await screen.findByText('规格名称「≤60㎡」重复')).toBeInTheDocument();
    expect(screen.getByText(/面积段「≤60㎡」（≤60㎡）与「≤60㎡」（≤60㎡）重叠/)).toBeInTheDocument();
    typeSpec(1, 'name', '61–90㎡');
    typeSpec(1, 'areaMin', '50');
    typeSpec(1, 'areaMax', '90');
    typeSpec(1, 'priceYuan', '480');
    expect(await screen.findByText('面积段「≤60㎡」（≤60㎡）与「61–90㎡」（50–90㎡）重叠')).toBeInTheDocument();
    expect(screen.queryByText(/重复/)).toBeNull();
    expect(screen.getByTestId('spec-price-range')).toHaveTextContent('¥360 起');
    typeSpec(1, 'areaMin', '61');
    await waitFor(() => expect(screen.queryByText(/重叠/)).toBeNull());
    typeSpec(1, 'areaMax', '40');
    save();
    expect(await screen.findByText('最大面积不能小于最小面积')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('without the add permission the form is refused', async () => {
    setPerms(['merchant:goods:list']);
    renderAt('/shangpinAdd');
    expect(await screen.findByText('没有访问权限')).toBeInTheDocument();
  });
});

describe('编辑商品 form', () => {
  it('loads the specifications from the detail and sends them back in order, yuan as fen, with their ids', async () => {
    renderAt('/shangpinAdd?id=12');
    await waitFor(() => expect(field('name').value).toBe('日常保洁 3 小时'));
    expect(specNames()).toEqual(['3小时', '4小时']);
    expect(spec(0, 'priceYuan').value).toBe('159.00');
    expect(spec(0, 'originalPriceYuan').value).toBe('199.00');
    expect(spec(1, 'maxQuantity').value).toBe('3');
    expect(screen.getByTestId('spec-price-range')).toHaveTextContent('¥159');
    typeSpec(0, 'priceYuan', '99.5');
    fireEvent.click(screen.getByRole('button', { name: /添加规格/ }));
    await waitFor(() => expect(specNames()).toHaveLength(3));
    typeSpec(2, 'name', '1小时');
    await pick(2, 'mode', '按单位计价');
    await waitFor(() => expect(spec(2, 'minChargeYuan')).not.toBeNull());
    typeSpec(2, 'priceYuan', '45');
    typeSpec(2, 'minQuantity', '2');
    typeSpec(2, 'minChargeYuan', '100');
    typeSpec(2, 'durationMinutes', '60');
    fireEvent.click(rowButton(2, '上移'));
    await waitFor(() => expect(specNames()).toEqual(['3小时', '1小时', '4小时']));
    await waitFor(() => expect(screen.getByTestId('spec-price-range')).toHaveTextContent('¥45/小时 起'));
    save();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0][0]).toBe('/api/app/jiazheng/shangjia/shangpin/edit');
    const body = posts[0][1];
    expect(body).toMatchObject({ id: 12, fuwuId: 3, tags: ['准时上门'], coverUrl: GOODS.coverUrl });
    // the item's price and unit follow from its specifications on the server
    expect(body).not.toHaveProperty('price');
    expect(body).not.toHaveProperty('unit');
    expect(body).not.toHaveProperty('shelfState');
    expect(body.specs).toEqual([
      expect.objectContaining({ id: 31, name: '3小时', mode: 'fixed', unit: '次', price: 9950, originalPrice: 19900 }),
      expect.objectContaining({
        name: '1小时',
        mode: 'per_unit',
        unit: '小时',
        price: 4500,
        minQuantity: 2,
        minCharge: 10000,
        durationMinutes: 60,
        status: 1,
      }),
      expect.objectContaining({ id: 32, name: '4小时', price: 19900, maxQuantity: 3, stock: 10, status: 0 }),
    ]);
    expect((body.specs as { id?: number }[])[1].id).toBeUndefined();
    expect(await screen.findByText('商品列表页')).toBeInTheDocument();
  });
});
