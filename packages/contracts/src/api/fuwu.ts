import { z } from 'zod';
import { idsParam, optionalText } from '../common.ts';
import { defineContract, idResult, noResult } from '../contract.ts';
import { fuwuBody, fuwuEditBody, fuwuRow } from '../fuwu.ts';

const base = '/api/app/jiazheng/fuwu';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '服务类目', type });

/** Service categories (服务类目): the platform tree, customers' selector, the current shop's categories. */
export const fuwuApi = {
  /** All enabled categories as a tree (customer side and the merchant's category picker). */
  selectTree: defineContract({
    method: 'GET',
    path: `${base}/weapp/findSelectFuwu`,
    summary: '启用的服务类目树',
    access: { public: true },
    result: z.array(fuwuRow),
  }),
  /** The categories the current shop offers (flat, enabled only): the goods form picks from these. */
  shopSelect: defineContract({
    method: 'GET',
    path: '/api/app/jiazheng/shangjia/fuwu/findSelect',
    summary: '当前店铺经营的服务类目（启用的）',
    access: { signedIn: true },
    result: z.array(fuwuRow),
  }),
  // Platform toolkit: manage the tree.
  tree: defineContract({
    method: 'GET',
    path: `${base}/findAllByTree`,
    summary: '服务类目树（按名称筛选时保留上级）',
    access: { perm: 'platform:fuwu:list' },
    query: z.object({ name: optionalText(20) }),
    result: z.array(fuwuRow),
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增服务类目',
    access: { perm: 'platform:fuwu:add' },
    oplog: oplog('add'),
    body: fuwuBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑服务类目',
    access: { perm: 'platform:fuwu:edit' },
    oplog: oplog('edit'),
    body: fuwuEditBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除服务类目（连同下级）',
    access: { perm: 'platform:fuwu:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
};
