import type { CardRow } from '@jz/contracts/card';
import type { ClientDetail } from '@jz/contracts/client';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PointMapProps } from '../../../../components/map/PointMap.tsx';
import { setPerms } from '../../../../lib/storage.ts';
import ClientDetailPage from './ClientDetailPage.tsx';
import { renderWithProviders } from '../../../../../test/render.tsx';

/**
 * 客户详情 with real antd: the tabs (卡项 only with 售卡记录's permission), adding a note, 删除客户 asking first, the
 * preferences editor, and the address map loading only when asked for. The API answers fixtures by URL.
 */
const detail = (o: Partial<ClientDetail> = {}): ClientDetail => ({
  id: 5,
  name: '张阿姨',
  phone: '13800000001',
  masked: false,
  tags: ['老客户'],
  source: 'manual',
  shopId: 7,
  shopName: '运城洁家家政（总店）',
  defaultAddress: '运城市盐湖区河东东街 88 号',
  orderCount: 2,
  totalSpent: 24000,
  lastOrderAt: '2026-11-20T02:00:00.000Z',
  cardBalance: { cards: 1, visits: 9, value: 0 },
  createdAt: '2026-11-01T02:00:00.000Z',
  customerId: null,
  remark: '周二上午方便',
  addresses: [
    {
      id: 11,
      label: '家',
      provinceCode: null,
      cityCode: null,
      districtCode: null,
      detail: '运城市盐湖区河东东街 88 号',
      areaM2: 90,
      layout: '三室一厅',
      floor: 5,
      hasLift: 0,
      pets: '一只猫',
      accessNotes: '门禁 1234#',
      lat: 35.03,
      lng: 111.0,
      isDefault: true,
      notesLine: '90㎡；三室一厅；5 楼（无电梯）；宠物：一只猫；门禁/钥匙：门禁 1234#',
    },
  ],
  prefs: [{ employeeId: 21, employeeName: '王芳', kind: 'preferred' }],
  notes: [{ id: 1, authorName: '店长', text: '家里有猫，进门换鞋', createdAt: '2026-11-02T02:00:00.000Z' }],
  updatedAt: '2026-11-02T02:00:00.000Z',
  ...o,
});

const card: CardRow = {
  id: 31,
  cardNo: 'KA20261120100000ABCDEF',
  shopId: 7,
  shopName: '运城洁家家政（总店）',
  productId: 3,
  clientId: 5,
  clientName: '张阿姨',
  kind: 'times',
  name: '日常保洁 10 次卡',
  goodsName: '日常保洁',
  specName: null,
  totalVisits: 10,
  remainingVisits: 9,
  pricePaid: 50000,
  bonusTotal: 0,
  cashBalance: 45000,
  bonusBalance: 0,
  status: 1,
  payMethod: 'offline',
  payChannel: '现金',
  soldByName: '店长',
  soldAt: '2026-11-10T02:00:00.000Z',
  expiresAt: '2027-02-08T02:00:00.000Z',
  closedAt: null,
  closeReason: null,
  refundAmount: null,
  refundFee: null,
  refundable: 45000,
  refundFeeNow: 0,
};

let client: ClientDetail;
/** How many more times 订单记录 fails (a network error) before it answers. */
let ordersFailing = 0;
const gets: { url: string; query: Record<string, unknown> }[] = [];
const posts: { url: string; body: Record<string, unknown> }[] = [];
const dels: string[] = [];
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: async (url: string, query: Record<string, unknown> = {}) => {
      gets.push({ url, query });
      if (url.includes('kehu/findById')) return client;
      if (url.includes('kehu/orders') && ordersFailing > 0) {
        ordersFailing--;
        throw new Error('网络连接失败');
      }
      if (url.includes('kehu/orders') || url.includes('kehu/reviews')) return { records: [], total: 0 };
      if (url.includes('shouka/findAllByPage')) return { records: [card], total: 1 };
      if (url.includes('kaxiang/findAllByPage')) return { records: [], total: 0 };
      if (url.includes('yuangong/weapp/findAllByList'))
        return [
          {
            id: 21,
            name: '王芳',
            phone: '139****0001',
            shopId: 7,
            workState: 1,
            skills: [],
            rating: 5,
            completedOrders: 3,
          },
          {
            id: 22,
            name: '李娟',
            phone: '139****0002',
            shopId: 7,
            workState: 1,
            skills: [],
            rating: 5,
            completedOrders: 1,
          },
        ];
      return {};
    },
    post: async (url: string, body: Record<string, unknown>) => {
      posts.push({ url, body });
      if (url.includes('note/add')) {
        client = {
          ...client,
          notes: [
            { id: 2, authorName: '店长', text: String(body.text), createdAt: '2026-11-29T02:00:00.000Z' },
            ...client.notes,
          ],
        };
        return { id: 2 };
      }
      return null;
    },
    del: async (url: string) => {
      dels.push(url);
      return null;
    },
  },
  ApiError: class extends Error {},
}));

// Leaflet needs a real browser: a stand-in that shows where it was asked to put the pin.
vi.mock('../../../../components/map/PointMap.tsx', () => ({
  PointMap: (p: PointMapProps) => (
    <div data-testid="map">
      {p.value ? `pin ${p.value.lat},${p.value.lng}` : 'no pin'}
      {p.onChange && (
        <button type="button" onClick={() => p.onChange?.({ lat: 35.0266661, lng: 111.0072229 })}>
          点地图
        </button>
      )}
    </div>
  ),
}));

function renderDetail() {
  const router = createMemoryRouter(
    [
      { path: '/kehuxiangqing', element: <ClientDetailPage /> },
      { path: '/kehuliebiao', element: <div>客户列表页</div> },
    ],
    { initialEntries: ['/kehuxiangqing?id=5'] },
  );
  return renderWithProviders(<RouterProvider router={router} />, {
    router: false,
    theme: { token: { motion: false } },
  });
}

const ALL = [
  'merchant:client:list',
  'merchant:client:query',
  'merchant:client:edit',
  'merchant:client:del',
  'merchant:client:note',
  'merchant:client:full',
  'merchant:cardsale:list',
  'merchant:cardsale:sell',
  'merchant:employee:list',
];

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  client = detail();
  ordersFailing = 0;
  gets.length = 0;
  posts.length = 0;
  dels.length = 0;
});

describe('客户详情', () => {
  it('基本信息 shows the figures, the card balance, preferences and the address notes; the map loads on 查看位置', async () => {
    setPerms(ALL);
    renderDetail();
    expect(
      await screen.findByText('90㎡；三室一厅；5 楼（无电梯）；宠物：一只猫；门禁/钥匙：门禁 1234#'),
    ).toBeInTheDocument();
    expect(screen.getByText('次卡 9 次')).toBeInTheDocument();
    expect(screen.getByTestId('prefs-preferred')).toHaveTextContent('偏好：王芳');
    expect(screen.getByTestId('prefs-blocked')).toHaveTextContent('不派：-');
    expect(screen.queryByTestId('map')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /查看位置/ }));
    expect(await screen.findByTestId('map')).toHaveTextContent('pin 35.03,111');
  });

  it('the tabs: 卡项 lists the cards with what is left, expiry and status; without 售卡记录 there is no 卡项 tab', async () => {
    setPerms(ALL);
    const view = renderDetail();
    await screen.findByText('张阿姨');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '基本信息',
      '备注（1）',
      '订单记录',
      '卡项',
      '评价',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: '卡项' }));
    const row = (await screen.findByText('KA20261120100000ABCDEF')).closest('tr') as HTMLElement;
    expect(within(row).getByText('9 / 10 次')).toBeInTheDocument();
    expect(within(row).getByText('2027-02-08')).toBeInTheDocument();
    expect(within(row).getByText('有效')).toHaveClass('ant-tag-success');
    expect(gets.find((g) => g.url.includes('shouka/findAllByPage'))?.query).toMatchObject({ clientId: 5 });
    // 售卡 opens the card module's dialog for this client (no client picker).
    fireEvent.click(screen.getByRole('button', { name: /售\s*卡/ }));
    const dialog = await screen.findByRole('dialog', { name: '售卡（线下收款）' });
    expect(within(dialog).queryByText('客户')).toBeNull();
    expect(within(dialog).getByText('收款方式')).toBeInTheDocument();
    // No product on sale (this fixture has none): the dialog says where cards come from.
    expect(await within(dialog).findByText('请先在「卡项管理」中新增或上架卡项')).toBeInTheDocument();
    view.unmount();

    setPerms(ALL.filter((p) => !p.startsWith('merchant:cardsale')));
    renderDetail();
    await screen.findByText('张阿姨');
    expect(screen.queryByRole('tab', { name: '卡项' })).toBeNull();
  });

  it('adds a note: the text is sent and the new note shows first', async () => {
    setPerms(ALL);
    renderDetail();
    fireEvent.click(await screen.findByRole('tab', { name: '备注（1）' }));
    const add = screen.getByRole('button', { name: '添加备注' });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByPlaceholderText('记录客户的习惯、要求等'), { target: { value: '下次带长柄刷' } });
    fireEvent.click(add);
    await waitFor(() => expect(posts.map((p) => p.url)).toContain('/api/app/jiazheng/kehu/note/add'));
    expect(posts[0].body).toMatchObject({ clientId: 5, text: '下次带长柄刷' });
    expect(await screen.findByText('下次带长柄刷')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '备注（2）' })).toBeInTheDocument();
  });

  it('删除客户 asks first (危险提示 naming what is cleared): 取消 sends nothing, 确定 deletes and goes back to the list', async () => {
    setPerms(ALL);
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: /删除客户/ }));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('危险提示');
    expect(ask).toHaveTextContent('删除后姓名、手机号、地址和备注将被清除且无法恢复');
    fireEvent.click(within(ask).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dels).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /删除客户/ }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(dels).toEqual(['/api/app/jiazheng/kehu/delById/5']));
    expect(await screen.findByText('客户列表页')).toBeInTheDocument();
  });

  it('员工偏好: the editor sends both lists; an employee chosen as preferred is not offered as blocked', async () => {
    setPerms(ALL);
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '编辑员工偏好' }));
    const dialog = await screen.findByRole('dialog', { name: '偏好与不派员工' });
    const [, blocked] = within(dialog).getAllByRole('combobox');
    fireEvent.mouseDown(blocked);
    const option = await screen.findByTitle('李娟');
    const offered = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(offered()).not.toContain('王芳');
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(posts.map((p) => p.url)).toContain('/api/app/jiazheng/kehu/prefs'));
    const sent = posts.find((p) => p.url.endsWith('kehu/prefs'))!.body;
    expect(sent).toMatchObject({ clientId: 5, preferred: [21], blocked: [22] });
  });

  it('新增地址 with a point: the map opens only on 在地图上标注, the point clicked is sent (six decimals)', async () => {
    setPerms(ALL);
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: '新增地址' }));
    const dialog = await screen.findByRole('dialog', { name: '新增地址' });
    expect(within(dialog).queryByTestId('map')).toBeNull();
    expect(within(dialog).getByText('未标注')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('详细地址'), { target: { value: '运城市盐湖区学苑路 12 号' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /在地图上标注/ }));
    fireEvent.click(await within(dialog).findByRole('button', { name: '点地图' }));
    expect(await within(dialog).findByTestId('address-point')).toHaveTextContent('纬度 35.026666，经度 111.007223');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(posts.map((p) => p.url)).toContain('/api/app/jiazheng/kehu/address/add'));
    expect(posts.find((p) => p.url.endsWith('address/add'))?.body).toMatchObject({
      clientId: 5,
      detail: '运城市盐湖区学苑路 12 号',
      lat: 35.026666,
      lng: 111.007223,
    });
  });

  it('without edit, delete and note permissions none of those controls shows', async () => {
    setPerms(['merchant:client:list', 'merchant:client:query']);
    renderDetail();
    await screen.findByText('张阿姨');
    expect(screen.queryByRole('button', { name: /删除客户/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑客户/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑员工偏好' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '备注（1）' }));
    expect(screen.queryByRole('button', { name: '添加备注' })).toBeNull();
  });

  it('订单记录 that fails to load says so with 重试, which loads it again; an empty one says 暂无订单', async () => {
    setPerms(ALL);
    ordersFailing = 1;
    renderDetail();
    fireEvent.click(await screen.findByRole('tab', { name: '订单记录' }));
    expect(await screen.findByText('数据加载失败：网络连接失败')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
    expect(screen.queryByText(/数据加载失败/)).toBeNull();
    expect(gets.filter((g) => g.url.includes('kehu/orders'))).toHaveLength(2);
  });
});
