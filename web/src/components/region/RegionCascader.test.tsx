import type { RegionNode } from '@jz/contracts/region';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { RegionCascader, regionNamesOf } from './RegionCascader.tsx';

const TREE: RegionNode[] = [
  {
    code: '140000',
    name: '山西省',
    children: [
      { code: '140800', name: '运城市', children: [{ code: '140802', name: '盐湖区' }] },
      { code: '441900', name: '东莞市', children: [{ code: '441900', name: '东莞市' }] },
    ],
  },
];
const urls: string[] = [];
vi.mock('../../lib/api-client.ts', async (orig) => ({
  ...(await orig<typeof import('../../lib/api-client.ts')>()),
  api: {
    get: async (url: string) => {
      urls.push(url);
      return TREE;
    },
  },
}));

describe('RegionCascader', () => {
  it('reads names along a code path', () => {
    expect(regionNamesOf(TREE, ['140000', '140800', '140802'])).toEqual(['山西省', '运城市', '盐湖区']);
    expect(regionNamesOf(TREE, ['140000', '999999'])).toEqual(['山西省']);
    expect(regionNamesOf(undefined, ['140000'])).toEqual([]);
  });

  it('loads findShengShiQu and answers six-digit codes with names', async () => {
    const onChange = vi.fn();
    renderWithProviders(<RegionCascader onChange={onChange} />);
    fireEvent.mouseDown(document.querySelector('.ant-select') as Element);
    fireEvent.click(await screen.findByText('山西省'));
    fireEvent.click(await screen.findByText('运城市'));
    fireEvent.click(await screen.findByText('盐湖区'));
    expect(onChange).toHaveBeenCalledWith(['140000', '140800', '140802'], ['山西省', '运城市', '盐湖区']);
    expect(urls).toEqual(['/api/app/huishou/area/findShengShiQu']);
  });
});
