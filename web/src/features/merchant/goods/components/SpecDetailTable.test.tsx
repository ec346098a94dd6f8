import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpecDetailTable } from './SpecDetailTable.tsx';

const base = {
  goodsId: 3,
  unit: '次',
  originalPrice: null,
  minQuantity: 1,
  maxQuantity: null,
  minCharge: null,
  areaMin: null,
  areaMax: null,
  durationMinutes: 240,
  stock: null,
  dailyCapacity: null,
  status: 1,
  sort: 0,
  orderCount: 0,
};

describe('商品详情 规格', () => {
  it('reads each specification as customers do: price label, area band, minutes, stock, state, orders', () => {
    render(
      <SpecDetailTable
        specs={[
          { ...base, id: 1, name: '小户型', mode: 'area_band', price: 36000, areaMin: 0, areaMax: 80, orderCount: 4 },
          { ...base, id: 3, name: '中户型', mode: 'area_band', price: 48000, areaMin: 80, areaMax: 120 },
          { ...base, id: 4, name: '大户型', mode: 'area_band', price: 60000, areaMin: 120, areaMax: null },
          {
            ...base,
            id: 2,
            name: '按平方米',
            mode: 'per_unit',
            unit: '平方米',
            price: 600,
            minQuantity: 30,
            minCharge: 30000,
            durationMinutes: 3,
            stock: 0,
            dailyCapacity: 5,
            status: 0,
          },
        ]}
      />,
    );
    const band = screen.getByText('小户型').closest('tr') as HTMLElement;
    expect(within(band).getByText('¥360')).toBeInTheDocument();
    // half-open bands as merchants read them: [0, 80), [80, 120), [120, ∞)
    expect(within(band).getByText('80㎡以下')).toBeInTheDocument();
    expect(within(screen.getByText('中户型').closest('tr') as HTMLElement).getByText('80-120㎡')).toBeInTheDocument();
    expect(within(screen.getByText('大户型').closest('tr') as HTMLElement).getByText('120㎡以上')).toBeInTheDocument();
    expect(within(band).getByText('每单 240 分钟')).toBeInTheDocument();
    expect(within(band).getByText('启用')).toBeInTheDocument();
    expect(within(band).getByText('4')).toBeInTheDocument();
    const perM2 = screen.getByText('按平方米').closest('tr') as HTMLElement;
    expect(within(perM2).getByText('¥6/平方米（¥300 起步）')).toBeInTheDocument();
    expect(within(perM2).getByText('至少 30 平方米')).toBeInTheDocument();
    expect(within(perM2).getByText('每平方米 3 分钟')).toBeInTheDocument();
    expect(within(perM2).getByText('售罄')).toBeInTheDocument();
    expect(within(perM2).getByText('停用')).toBeInTheDocument();
  });
});
