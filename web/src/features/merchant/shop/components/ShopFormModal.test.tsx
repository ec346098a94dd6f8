import type { RegionNode } from '@jz/contracts/region';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PointMapProps } from '../../../../components/map/PointMap.tsx';
import { ShopFormModal } from './ShopFormModal.tsx';
import { renderWithProviders } from '../../../../../test/render.tsx';

// The shop form picks its location on the map or by the (offline) address search, which moves the map to the
// district's centre; typed
// coordinates are a folded fallback; a point outside the chosen province is flagged and not saved.

const TREE: RegionNode[] = [
  {
    code: '140000',
    name: '山西省',
    children: [
      { code: '140800', name: '运城市', children: [{ code: '140802', name: '盐湖区' }] },
      { code: '140100', name: '太原市', children: [{ code: '140105', name: '小店区' }] },
    ],
  },
];

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: async (url: string) => {
      if (url.includes('findShengShiQu')) return TREE;
      // The district centres the server answers per city (area/centres/:code).
      if (url.includes('area/centres/140800'))
        return [
          { code: '140800', lat: 35.022778, lng: 111.003957, exact: true },
          { code: '140802', lat: 35.015101, lng: 110.998272, exact: true },
        ];
      if (url.includes('area/centres/')) return [];
      if (url.includes('findSelectFuwu')) return [];
      return { dataList: [] };
    },
  },
  ApiError: class extends Error {},
}));
// Leaflet needs a real browser (the e2e spec clicks the real map): a stand-in that "clicks" two places and shows
// where the map was told to look.
vi.mock('../../../../components/map/PointMap.tsx', () => ({
  PointMap: (p: PointMapProps) => (
    <div data-testid="map" data-focus={p.focus ? `${p.focus.center.lat},${p.focus.center.lng}` : ''}>
      <span>{p.value ? `pin ${p.value.lat},${p.value.lng}` : 'no pin'}</span>
      <button type="button" onClick={() => p.onChange?.({ lat: 35.031641, lng: 111.004468 })}>
        点运城
      </button>
      <button type="button" onClick={() => p.onChange?.({ lat: 23.129, lng: 113.264 })}>
        点广州
      </button>
    </div>
  ),
}));
vi.mock('../../../../components/map/PolygonMap.tsx', () => ({ PolygonMap: () => null }));

function renderModal(onSubmit = vi.fn(async (_v: Record<string, unknown>) => undefined)) {
  renderWithProviders(<ShopFormModal open title="创建店铺" onSubmit={onSubmit} onClose={() => {}} />);
  return onSubmit;
}
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('ShopFormModal: the location', () => {
  it('finds the district by address search: sets the region, the street address, and moves the map', async () => {
    renderModal();
    const search = await screen.findByRole('combobox', { name: '搜索地址' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: '搜索地址' })).toBeEnabled());
    fireEvent.change(search, { target: { value: '盐湖区学苑路 12 号' } });
    fireEvent.click(await screen.findByText('山西省 / 运城市 / 盐湖区'));
    await waitFor(() => expect(screen.getByLabelText('详细地址')).toHaveValue('学苑路 12 号'));
    expect(document.querySelector('.ant-cascader')).toHaveTextContent('山西省 / 运城市 / 盐湖区');
    // The map goes to 盐湖区's centre (the server's district centres, not the province's seat in 太原), and the
    // merchant clicks the exact spot.
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-focus', '35.015101,110.998272'));
    expect(screen.getByText('no pin')).toBeInTheDocument();
    expect(screen.getByText(/地图已移到「盐湖区」中心，请拖动、缩放地图/)).toBeInTheDocument();
  });

  it('falls back to the province’s seat when no centre is known, and moves again for a new region', async () => {
    renderModal();
    const search = await screen.findByRole('combobox', { name: '搜索地址' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: '搜索地址' })).toBeEnabled());
    // 小店区: the server knows no centre for 太原's districts here (an empty answer): the province's seat.
    fireEvent.change(search, { target: { value: '太原小店区' } });
    fireEvent.click(await screen.findByText('山西省 / 太原市 / 小店区'));
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-focus', '37.87,112.549'));
    expect(screen.getByText(/地图已移到山西省的省会附近/)).toBeInTheDocument();
    // A region picked in the cascader moves the map too: 盐湖区 again.
    fireEvent.change(screen.getByRole('combobox', { name: '搜索地址' }), { target: { value: '运城盐湖' } });
    fireEvent.click(await screen.findByText('山西省 / 运城市 / 盐湖区'));
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-focus', '35.015101,110.998272'));
  });

  it('flags a point outside the chosen province and does not save it; a point inside saves with the region', async () => {
    const onSubmit = renderModal();
    fireEvent.change(await screen.findByLabelText('店铺名称'), { target: { value: '运城洁家家政（新店）' } });
    fireEvent.change(await screen.findByRole('combobox', { name: '搜索地址' }), { target: { value: '运城盐湖' } });
    fireEvent.click(await screen.findByText('山西省 / 运城市 / 盐湖区'));
    fireEvent.click(screen.getByRole('button', { name: '点广州' }));
    expect(
      await screen.findByText(/店铺位置（纬度 23.129，经度 113.264）不在所选地区「山西省」范围内/),
    ).toBeInTheDocument();
    // The error marks the point, not the search box above the map.
    expect(document.querySelector('.ant-select-status-error')).toBeNull();
    await act(async () => save());
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '点运城' }));
    await waitFor(() => expect(screen.queryByText(/不在所选地区/)).not.toBeInTheDocument());
    expect(screen.getByText('已选位置：纬度 35.031641，经度 111.004468', { exact: false })).toBeInTheDocument();
    await act(async () => save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      name: '运城洁家家政（新店）',
      provinceCode: '140000',
      cityCode: '140800',
      districtCode: '140802',
      lat: 35.031641,
      lng: 111.004468,
    });
  });

  it('keeps typed coordinates folded away, and refuses half a pair', async () => {
    const onSubmit = renderModal();
    fireEvent.change(await screen.findByLabelText('店铺名称'), { target: { value: '手动坐标店' } });
    expect(screen.queryByLabelText('纬度')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /手动输入经纬度/ }));
    fireEvent.change(screen.getByLabelText('纬度'), { target: { value: '35.03' } });
    fireEvent.blur(screen.getByLabelText('纬度'));
    expect(await screen.findByText(/纬度和经度须同时填写/)).toBeInTheDocument();
    await act(async () => save());
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('经度'), { target: { value: '111' } });
    fireEvent.blur(screen.getByLabelText('经度'));
    await waitFor(() => expect(screen.queryByText(/纬度和经度须同时填写/)).not.toBeInTheDocument());
    expect(screen.getByText('pin 35.03,111')).toBeInTheDocument();
    await act(async () => save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ lat: 35.03, lng: 111, provinceCode: '' });
  });
});
