import { z } from 'zod';
import { idParam } from '../common.ts';
import { defineContract, noResult, pageOf } from '../contract.ts';
import {
  fuzhiBody,
  initPcResult,
  setCurDianpuBody,
  setOpenBody,
  shopAddBody,
  shopEditBody,
  shopRow,
  shopSearchQuery,
  shopSettingRow,
  shopWithSetting,
} from '../shop.ts';

const base = '/api/app/jiazheng/shangjia/info';
const oplog = (type: 'add' | 'edit' | 'other') => ({ title: '店铺管理', type });

/** Shops (店铺): the merchant's main shop and branches, the current shop of the session, the platform's shop list. */
export const shopApi = {
  /** Called by the web guard before each route; platform users have no shops and get the empty answer. */
  initPc: defineContract({
    method: 'GET',
    path: '/api/app/jiazheng/page/initPc',
    summary: '页面初始化：当前店铺、全部店铺、能否开分店',
    access: { signedIn: true },
    result: initPcResult,
  }),
  setCurrent: defineContract({
    method: 'POST',
    path: `${base}/setCurDianpu`,
    summary: '切换当前店铺',
    access: { signedIn: true },
    oplog: { title: '切换店铺', type: 'other' },
    body: setCurDianpuBody,
    result: initPcResult,
  }),
  /** The current shop, whole (null when the merchant has no shop yet). */
  current: defineContract({
    method: 'GET',
    path: `${base}/findInfo`,
    summary: '当前店铺信息',
    access: { perm: 'merchant:shop:info' },
    result: shopRow.nullable(),
  }),
  detail: defineContract({
    method: 'GET',
    path: `${base}/findById/:id`,
    summary: '店铺详情（含订单设置）',
    access: { perm: 'merchant:shop:list' },
    params: idParam,
    result: shopWithSetting,
  }),
  /** The current shop's order settings. */
  setting: defineContract({
    method: 'GET',
    path: `${base}/findDianpuShezhiInfo`,
    summary: '当前店铺的订单设置',
    access: { perm: 'merchant:shop:info' },
    result: shopSettingRow.nullable(),
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增店铺（首个为总店，其后为分店），等待平台审核',
    access: { perm: 'merchant:shop:add' },
    oplog: oplog('add'),
    body: shopAddBody,
    result: z.object({ id: z.number().int(), parentId: z.number().int().nullable() }),
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑店铺与订单设置（已通过店铺的新名称待平台审核）',
    access: { perm: 'merchant:shop:edit' },
    oplog: oplog('edit'),
    body: shopEditBody,
    result: noResult,
  }),
  setOpen: defineContract({
    method: 'POST',
    path: `${base}/setYingyeState`,
    summary: '营业或休息',
    access: { perm: 'merchant:shop:state' },
    oplog: oplog('edit'),
    body: setOpenBody,
    result: noResult,
  }),
  copy: defineContract({
    method: 'POST',
    path: `${base}/fuzhi`,
    summary: '复制店铺的商品与设置到另一店铺',
    access: { perm: 'merchant:shop:copy' },
    oplog: oplog('other'),
    body: fuzhiBody,
    result: z.object({ copiedGoods: z.number().int() }),
  }),
  /** Platform (platform:shop:audit): every shop; merchant (shop list or branch permission): its own shops. */
  search: defineContract({
    method: 'GET',
    path: `${base}/search/findAllByPage`,
    summary: '店铺分页列表（平台看全部，商家看自己的）',
    access: { signedIn: true },
    query: shopSearchQuery,
    result: pageOf(shopRow),
  }),
};
