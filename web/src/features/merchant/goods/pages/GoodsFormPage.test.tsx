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
      if (refusal) throw refusal;
      return { id: 99 };
    },
    del: async () => null,
  },
  http: { post: async () => ({ data: { result: { url: '/tmpl/uploads/goods/new.png', type: 'image' } } }) },
  ApiError: FakeApiError,
  handleFailure: (code: number, message: string) => shown.push([code, message]),
}));
/** The client's error and failure toast, stood in for: a refusal of the next POST, the refusals shown the usual way. */
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
const shown: [number, string][] = [];
/** Where the page scrolled (jsdom has no layout: scrollIntoView is recorded, not performed). */
const scrolledTo = vi.fn();
Element.prototype.scrollIntoView = scrolledTo;
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
  shown.length = 0;
  refusal = null;
  scrolledTo.mockClear();
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
    typeSpec(0, 'name', '60㎡以下');
    await pick(0, 'mode', '按面积段');
    await waitFor(() => expect(spec(0, 'areaMax')).not.toBeNull());
    typeSpec(0, 'areaMax', '60');
    typeSpec(0, 'priceYuan', '360');
    await waitFor(() => expect(screen.getByTestId('spec-price-range')).toHaveTextContent('¥360'));
    fireEvent.click(rowButton(0, '复制'));
    await waitFor(() => expect(specNames()).toEqual(['60㎡以下', '60㎡以下（副本）']));
    typeSpec(1, 'name', '60㎡以下');
    expect(await screen.findByText('规格名称「60㎡以下」重复')).toBeInTheDocument();
    expect(screen.getAllByText(/面积段「60㎡以下」（60㎡以下）与「60㎡以下」（60㎡以下）重叠/).length).toBeGreaterThan(
      0,
    );
    typeSpec(1, 'name', '60-90㎡');
    typeSpec(1, 'areaMin', '50');
    typeSpec(1, 'areaMax', '90');
    typeSpec(1, 'priceYuan', '480');
    expect(
      (await screen.findAllByText('面积段「60㎡以下」（60㎡以下）与「60-90㎡」（50-90㎡）重叠'))[0],
    ).toBeInTheDocument();
    expect(screen.queryByText(/重复/)).toBeNull();
    expect(screen.getByTestId('spec-price-range')).toHaveTextContent('¥360 起');
    // half-open: 60 itself belongs to 60-90㎡, so the bands meet without overlapping
    typeSpec(1, 'areaMin', '60');
    await waitFor(() => expect(screen.queryByText(/重叠/)).toBeNull());
    typeSpec(1, 'areaMax', '60');
    save();
    expect(await screen.findByText('最大面积须大于最小面积（面积段含最小面积、不含最大面积）')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('a save with errors scrolls to the first one in page order, focuses it and says so', async () => {
    renderAt('/shangpinAdd');
    await screen.findByText('新增商品');
    save();
    // nothing filled in: 服务类目 is the first field of the page
    // (toasts of earlier tests may still be up: one of them is this one)
    expect((await screen.findAllByText('请修正标出的错误：请选择服务类目'))[0]).toBeInTheDocument();
    expect(scrolledTo.mock.contexts.at(-1)).toBe(field('fuwuId'));
    expect(document.activeElement).toBe(field('fuwuId'));
    expect(posts).toEqual([]);
  });

  it('an overlapping band far down the page: the save lands on its 面积段 cell, focused, with a message', async () => {
    renderAt('/shangpinAdd?id=12');
    await waitFor(() => expect(specNames()).toEqual(['3小时', '4小时']));
    fireEvent.click(screen.getByRole('button', { name: /添加规格/ }));
    fireEvent.click(screen.getByRole('button', { name: /添加规格/ }));
    await waitFor(() => expect(specNames()).toHaveLength(4));
    for (const [i, name, min, max] of [
      [2, '80㎡以下', '0', '80'],
      [3, '100-150㎡', '100', '150'],
    ] as const) {
      typeSpec(i, 'name', name);
      await pick(i, 'mode', '按面积段');
      await waitFor(() => expect(spec(i, 'areaMax')).not.toBeNull());
      typeSpec(i, 'areaMin', min);
      typeSpec(i, 'areaMax', max);
      typeSpec(i, 'priceYuan', '300');
    }
    await waitFor(() => expect(screen.queryByText(/重叠/)).toBeNull());
    // 100-150 becomes 70-150: it shares 70 … 79 with 80㎡以下
    typeSpec(3, 'areaMin', '70');
    const overlap = '面积段「80㎡以下」（80㎡以下）与「100-150㎡」（70-150㎡）重叠';
    save();
    expect((await screen.findAllByText(`请修正标出的错误：${overlap}`))[0]).toBeInTheDocument();
    expect(scrolledTo.mock.contexts.at(-1)).toBe(spec(3, 'areaMin'));
    expect(document.activeElement).toBe(spec(3, 'areaMin'));
    // said on the cell itself too, briefly (the row keeps its height); the whole message above the table
    const cellItem = spec(3, 'areaMin').closest('.ant-form-item') as HTMLElement;
    expect(cellItem).toHaveTextContent('与上方面积段重叠');
    expect(cellItem).not.toHaveTextContent(overlap);
    expect(cellItem).toHaveClass('jz-spec-area-from');
    expect(document.querySelector('#goodsForm_specs .ant-alert')).toHaveTextContent(overlap);
    expect(posts).toEqual([]);
    // adjacent half-open bands are accepted: 80 starts the next band
    typeSpec(3, 'areaMin', '80');
    // (the message toast may still be up: the table's own words are what must go)
    await waitFor(() => expect(screen.queryByText(/^面积段.*重叠$/)).toBeNull());
    await waitFor(() => expect(screen.queryByText('与上方面积段重叠')).toBeNull());
    // an overlap only the server finds (say, another tab's edit): its 面积段 cell says it briefly, the message in full
    const refused = '面积段「80㎡以下」（80㎡以下）与「100-150㎡」（80-150㎡）重叠';
    refusal = new FakeApiError(2001, refused);
    save();
    expect((await screen.findAllByText(`请修正标出的错误：${refused}`))[0]).toBeInTheDocument();
    expect(document.activeElement).toBe(spec(3, 'areaMin'));
    expect(spec(3, 'areaMin').closest('.ant-form-item')).toHaveTextContent('与上方面积段重叠');
    expect(spec(3, 'areaMin').closest('.ant-form-item')).not.toHaveTextContent(refused);
    refusal = null;
    save();
    await waitFor(() => expect(posts).toHaveLength(2));
    expect((posts[1][1].specs as { areaMin: number | null; areaMax: number | null }[]).slice(2)).toEqual([
      expect.objectContaining({ name: '80㎡以下', areaMin: 0, areaMax: 80 }),
      expect.objectContaining({ name: '100-150㎡', areaMin: 80, areaMax: 150 }),
    ]);
  });

  it('a server refusal that names a specification lands on it; one that names nothing is shown as before', async () => {
    renderAt('/shangpinAdd?id=12');
    await waitFor(() => expect(specNames()).toEqual(['3小时', '4小时']));
    refusal = new FakeApiError(2004, '规格「4小时」已有未完成的订单，不能修改计价方式');
    save();
    expect(
      await screen.findByText('请修正标出的错误：规格「4小时」已有未完成的订单，不能修改计价方式'),
    ).toBeInTheDocument();
    expect(scrolledTo.mock.contexts.at(-1)).toBe(spec(1, 'name'));
    expect(document.activeElement).toBe(spec(1, 'name'));
    expect(spec(1, 'name').closest('.ant-form-item')).toHaveTextContent('已有未完成的订单');
    expect(shown).toEqual([]);
    refusal = new FakeApiError(2002, '商品不存在');
    save();
    await waitFor(() => expect(shown).toEqual([[2002, '商品不存在']]));
    expect(screen.queryByText('商品列表页')).toBeNull();
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
    // the preview follows the loaded rows once the watch has them (a render later)
    await waitFor(() => expect(screen.getByTestId('spec-price-range')).toHaveTextContent('¥159'));
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
