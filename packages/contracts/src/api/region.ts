import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { regionCentre, regionCode, regionNode } from '../region.ts';

/** Regions (省市区): the static province > city > district tree of every address form. */
export const regionApi = {
  tree: defineContract({
    method: 'GET',
    path: '/api/app/huishou/area/findShengShiQu',
    summary: '省市区三级树',
    access: { signedIn: true },
    result: z.array(regionNode),
  }),
  /**
   * Centres (GCJ-02) of a city's districts, or of a province's cities, the code's own first: where a map goes for a
   * region picked (static data served from the server, never in the web's JavaScript).
   */
  centres: defineContract({
    method: 'GET',
    path: '/api/app/huishou/area/centres/:code',
    summary: '地区中心点（某城市的各区县或某省的各城市）',
    access: { signedIn: true },
    params: z.object({ code: z.string().regex(regionCode, '地区编码应为 6 位数字') }),
    result: z.array(regionCentre),
  }),
};
