import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';
import type { PointMapProps } from '../../../../components/map/PointMap.tsx';
import ShopAuditPage from './ShopAuditPage.tsx';

// A defect (docs/shops.md): the audit showed region codes, no licence, no map and no decision in the detail.

const ROW = {
  id: 31,
  merchantId: 2,
  merchantName: '太原安心家政',
  parentId: null,
  name: '太原安心家政（长风街店）',
  logoUrl: null,
  images: [],
  contactName: '赵安',
  phone: '0351-7654321',
  provinceCode: '140000',
  cityCode: '140100',
  districtCode: '140105',
  regionName: '山西省 / 太原市 / 小店区',
  address: '小店区长风街 20 号',
  lat: 23.13,
  lng: 113.26,
  serviceArea: [
    { lat: 37.83, lng: 112.54 },
    { lat: 37.83, lng: 112.56 },
    { lat: 37.81, lng: 112.56 },
  ],
  businessHours: '08:00-20:00',
  yingyeState: 0,
  intro: null,
  fuwuIds: [],
  auditStatus: 0,
  auditRemark: null,
  pendingName: null,
  rating: null,
  reviewCount: 0,
  orderCount: 0,
  locationIssues: [
    {
      kind: 'province',
      level: 'error',
      message: '店铺位置（纬度 23.13，经度 113.26）不在所选地区「山西省」范围内，请在地图上重新选择位置或更正所在地区',
    },
  ],
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-02T02:00:00.000Z',
};
const DETAIL = {
  ...ROW,
  setting: { shopId: 31, autoAccept: 0, newOrderSound: 1, bookingLeadHours: 2, serviceTimeSlots: [] },
  licences: [
    {
      id: 5,
      kind: 'yyzz',
      name: '营业执照',
      number: '91140105MA0TEST01',
      imageUrl: '/tmpl/uploads/licence/yyzz.png',
      validFrom: '2020-01-01',
      validTo: null,
      auditStatus: 1,
      expiry: 'longTerm',
      daysLeft: null,
    },
  ],
};
const posts: [string, Record<string, unknown>][] = [];
let detail: Omit<typeof DETAIL, 'auditRemark'> & { auditRemark: string | null } = DETAIL;

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: async (url: string) => {
      if (url.includes('search/findAllByPage')) return { records: [ROW], total: 1 };
      if (url.includes('audit/findById/31')) return detail;
      return { dataList: [] };
    },
    post: async (url: string, body: Record<string, unknown>) => {
      posts.push([url, body]);
      detail = { ...detail, auditStatus: Number(body.auditStatus), auditRemark: (body.auditRemark as string) ?? null };
      return null;
    },
  },
  ApiError: class extends Error {},
}));
vi.mock('../../../../components/map/PointMap.tsx', () => ({
  PointMap: (p: PointMapProps) => (
    <div data-testid="map">
      {p.value ? `pin ${p.value.lat},${p.value.lng}` : 'no pin'} / area {p.area?.length ?? 0}
    </div>
  ),
}));

beforeEach(() => {
  posts.length = 0;
  detail = DETAIL;
});

function renderPage() {
  renderWithProviders(<ShopAuditPage />);
}
/** The drawer: the dialog whose header names the shop (antd's drawer is a dialog without an accessible name). */
const drawer = () =>
  screen.getAllByRole('dialog').find((d) => d.textContent?.includes('店铺详情 · ')) ??
  (() => {
    throw new Error('no drawer');
  })();

describe('ShopAuditPage', () => {
  it('lists region names (not codes), the merchant, the location flag and the submission time', async () => {
    renderPage();
    const row = (await screen.findByText('太原安心家政（长风街店）')).closest('tr') as HTMLElement;
    expect(within(row).getByText('山西省 / 太原市 / 小店区')).toBeInTheDocument();
    expect(within(row).queryByText(/140000/)).not.toBeInTheDocument();
    expect(within(row).getByText('太原安心家政')).toBeInTheDocument();
    expect(within(row).getByText('位置超出所选地区')).toBeInTheDocument();
    expect(within(row).getByText(/2026-03-02/)).toBeInTheDocument();
  });

  it('shows the detail: names, map with location and area, licence, the flag, and decides in the drawer', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('太原安心家政（长风街店）'));
    const d = await waitFor(drawer);
    expect(await within(d).findByText('91140105MA0TEST01')).toBeInTheDocument();
    expect(within(d).getByText('山西省 / 太原市 / 小店区')).toBeInTheDocument();
    expect(within(d).getByTestId('map')).toHaveTextContent('pin 23.13,113.26 / area 3');
    expect(within(d).getByText(/不在所选地区「山西省」范围内/)).toBeInTheDocument();
    expect(within(d).getByText('长期有效')).toBeInTheDocument();
    expect(within(d).getByText('暂无评分')).toBeInTheDocument();
    expect(within(d).getByRole('img', { name: '证照图片：营业执照' })).toBeInTheDocument();

    // 驳回 needs a reason; the reason travels with the decision.
    fireEvent.click(within(d).getByRole('button', { name: /驳\s*回/ }));
    await screen.findByText('驳回「太原安心家政（长风街店）」');
    const modal = screen.getAllByRole('dialog').find((x) => x.textContent?.includes('驳回原因')) as HTMLElement;
    await act(async () => fireEvent.click(within(modal).getByRole('button', { name: /驳\s*回/ })));
    expect(await within(modal).findAllByText('驳回时请填写原因')).toHaveLength(1);
    expect(posts).toEqual([]);
    fireEvent.change(within(modal).getByRole('textbox'), { target: { value: '位置不在所选地区，请更正' } });
    await act(async () => fireEvent.click(within(modal).getByRole('button', { name: /驳\s*回/ })));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0][0]).toContain('shangjia/info/audit');
    expect(posts[0][1]).toMatchObject({ id: 31, auditStatus: 2, auditRemark: '位置不在所选地区，请更正' });
    // Decided: the drawer says so and offers no decision any more.
    expect(await within(drawer()).findByText('已驳回：位置不在所选地区，请更正')).toBeInTheDocument();
    expect(within(drawer()).queryByRole('button', { name: /通\s*过/ })).not.toBeInTheDocument();
  });

  it('approves from the drawer after a confirmation that repeats the location warning', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('太原安心家政（长风街店）'));
    await within(await waitFor(drawer)).findByText('91140105MA0TEST01');
    fireEvent.click(within(drawer()).getByRole('button', { name: /通\s*过/ }));
    expect(await screen.findByText(/确定审核通过「太原安心家政（长风街店）」吗？.*注意：店铺位置/)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(posts[0]?.[1]).toMatchObject({ id: 31, auditStatus: 1 }));
  });
});
