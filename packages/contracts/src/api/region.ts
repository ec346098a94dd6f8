import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { regionNode } from '../region.ts';

/** Regions (省市区): the static province > city > district tree of every address form. */
export const regionApi = {
  tree: defineContract({
    method: 'GET',
    path: '/api/app/huishou/area/findShengShiQu',
    summary: '省市区三级树',
    access: { signedIn: true },
    result: z.array(regionNode),
  }),
};
