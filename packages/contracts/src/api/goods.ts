import { z } from 'zod';
import { idParam, idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import {
  goodsAddBody,
  goodsBatchResult,
  goodsDetail,
  goodsEditBody,
  goodsQuery,
  goodsRow,
  priceChangeBody,
  priceChangeConfirmBody,
  priceChangePreview,
  publicGoods,
  publicShopDetail,
  shelfBody,
  weappGoodsQuery,
} from '../goods.ts';

const base = '/api/app/jiazheng/shangjia/shangpin';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '商品管理', type });

/** Goods (商品): the current shop's bookable service items, and the customer-side listings. */
export const goodsApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/shangjia/findAllByPage`,
    summary: '当前店铺的商品分页列表',
    access: { perm: 'merchant:goods:list' },
    query: goodsQuery,
    result: pageOf(goodsRow),
  }),
  detail: defineContract({
    method: 'GET',
    path: `${base}/shangjia/findById/:id`,
    summary: '商品详情（含订单与评价概况）',
    access: { perm: 'merchant:goods:list' },
    params: idParam,
    result: goodsDetail,
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增商品',
    access: { perm: 'merchant:goods:add' },
    oplog: oplog('add'),
    body: goodsAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑商品',
    access: { perm: 'merchant:goods:edit' },
    oplog: oplog('edit'),
    body: goodsEditBody,
    result: noResult,
  }),
  setShelf: defineContract({
    method: 'POST',
    path: `${base}/setShangjiaState/:id`,
    summary: '上架或下架一个商品',
    access: { perm: 'merchant:goods:shelf' },
    oplog: oplog('edit'),
    params: idParam,
    body: shelfBody,
    result: noResult,
  }),
  setShelfBatch: defineContract({
    method: 'POST',
    path: `${base}/setPiliangShangjiaState/:ids`,
    summary: '批量上架或下架（答复跳过的商品及原因）',
    access: { perm: 'merchant:goods:shelf' },
    oplog: oplog('edit'),
    params: idsParam,
    body: shelfBody,
    result: goodsBatchResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除商品（批量时答复跳过的商品及原因）',
    access: { perm: 'merchant:goods:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: goodsBatchResult,
  }),
  // 批量改价 (docs/goods-specifications.md): preview computes, confirm writes the same computation in one transaction.
  priceChangePreview: defineContract({
    method: 'POST',
    path: `${base}/piliangGaijia/preview`,
    summary: '批量改价：预览每个规格的新价格（不写入）',
    access: { perm: 'merchant:goods:edit' },
    body: priceChangeBody,
    result: priceChangePreview,
  }),
  priceChangeConfirm: defineContract({
    method: 'POST',
    path: `${base}/piliangGaijia/confirm`,
    summary: '批量改价：确认写入（预览后规格有变动则拒绝）',
    access: { perm: 'merchant:goods:edit' },
    oplog: oplog('edit'),
    body: priceChangeConfirmBody,
    result: z.object({ changed: z.number().int() }),
  }),
  // Customer side (the mini-program): only on-shelf goods of open, approved shops.
  publicPage: defineContract({
    method: 'GET',
    path: `${base}/weapp/findAllByPage`,
    summary: '顾客端：可预订商品分页列表',
    access: { public: true },
    query: weappGoodsQuery,
    result: pageOf(publicGoods),
  }),
  publicShop: defineContract({
    method: 'GET',
    path: `${base}/shangjiaDetail/shangpinlist`,
    summary: '顾客端：店铺名片与按类目分组的商品',
    access: { public: true },
    query: z.object({ shangjiaInfoId: z.coerce.number({ error: '请指定店铺' }).int().positive('请指定店铺') }),
    result: publicShopDetail,
  }),
  publicOfShop: defineContract({
    method: 'GET',
    path: `${base}/findByShangjiaInfoId/:id`,
    summary: '顾客端：店铺的在售商品（含介绍）',
    access: { public: true },
    params: idParam,
    result: z.array(publicGoods),
  }),
};
