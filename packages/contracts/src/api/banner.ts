import { z } from 'zod';
import { bannerAddBody, bannerEditBody, bannerQuery, bannerRow, liveBannerQuery, liveBannerRow } from '../banner.ts';
import { idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';

const base = '/api/app/lunbotu';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '轮播图', type });

/** Banners (轮播图, /api/app/lunbotu in docs/spec-notes.md#calls): image, link, position, sort, status and publish window. */
export const bannerApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '轮播图分页列表',
    access: { perm: 'platform:banner:list' },
    query: bannerQuery,
    result: pageOf(bannerRow),
  }),
  live: defineContract({
    method: 'GET',
    path: `${base}/live/findAllByList`,
    summary: '某位置当前展示的轮播图',
    access: { signedIn: true },
    query: liveBannerQuery,
    result: z.array(liveBannerRow),
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增轮播图',
    access: { perm: 'platform:banner:add' },
    oplog: oplog('add'),
    body: bannerAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑轮播图',
    access: { perm: 'platform:banner:edit' },
    oplog: oplog('edit'),
    body: bannerEditBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除轮播图',
    access: { perm: 'platform:banner:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
};
