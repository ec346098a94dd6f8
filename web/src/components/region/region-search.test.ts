import type { RegionNode } from '@jz/contracts/region';
import { describe, expect, it } from 'vitest';
import { searchRegions } from './region-search.ts';

const TREE: RegionNode[] = [
  {
    code: '140000',
    name: '山西省',
    children: [
      {
        code: '140800',
        name: '运城市',
        children: [
          { code: '140802', name: '盐湖区' },
          { code: '140821', name: '临猗县' },
        ],
      },
      { code: '140100', name: '太原市', children: [{ code: '140105', name: '小店区' }] },
    ],
  },
  {
    code: '110000',
    name: '北京市',
    children: [{ code: '110100', name: '北京市', children: [{ code: '110105', name: '朝阳区' }] }],
  },
  {
    code: '220000',
    name: '吉林省',
    children: [{ code: '220100', name: '长春市', children: [{ code: '220104', name: '朝阳区' }] }],
  },
];

describe('searchRegions (the shop form’s offline address search)', () => {
  it('finds the district in a typed address and leaves the street over', () => {
    const [hit] = searchRegions(TREE, '盐湖区学苑路 12 号');
    expect(hit).toMatchObject({ codes: ['140000', '140800', '140802'], label: '山西省 / 运城市 / 盐湖区' });
    expect(hit.rest).toBe('学苑路 12 号');
  });

  it('reads names typed without their ending, and parents rank a path first', () => {
    expect(searchRegions(TREE, '运城 盐湖')[0]).toMatchObject({ codes: ['140000', '140800', '140802'], rest: '' });
    const both = searchRegions(TREE, '朝阳区');
    expect(both.map((h) => h.label)).toEqual(
      expect.arrayContaining(['北京市 / 北京市 / 朝阳区', '吉林省 / 长春市 / 朝阳区']),
    );
    expect(searchRegions(TREE, '长春朝阳区')[0].codes).toEqual(['220000', '220100', '220104']);
  });

  it('offers a city when only the city is typed, and names that start with the text', () => {
    expect(searchRegions(TREE, '运城市河东街')[0]).toMatchObject({ codes: ['140000', '140800'], rest: '河东街' });
    expect(searchRegions(TREE, '临猗').map((h) => h.label)).toEqual(['山西省 / 运城市 / 临猗县']);
  });

  it('answers nothing for one character, an unknown place or no tree', () => {
    expect(searchRegions(TREE, '盐')).toEqual([]);
    expect(searchRegions(TREE, '上海浦东')).toEqual([]);
    expect(searchRegions(undefined, '盐湖区')).toEqual([]);
  });
});
