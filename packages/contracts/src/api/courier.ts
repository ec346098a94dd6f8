import { z } from 'zod';
import { idParam } from '../common.ts';
import { defineContract, noResult, pageOf } from '../contract.ts';
import {
  courierAdd,
  courierCancel,
  courierDetail,
  courierQuery,
  courierRow,
  courierSenderDefault,
} from '../courier.ts';

const base = '/api/app/jiazheng/kuaidi';
const oplog = (type: 'add' | 'edit') => ({ title: '快递下单', type });

/** 快递下单: courier pick-ups. The spec names no calls: they live under app/jiazheng/kuaidi. */
export const courierApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '快递单分页列表',
    access: { perm: 'merchant:courier:list' },
    query: courierQuery,
    result: pageOf(courierRow),
  }),
  detail: defineContract({
    method: 'GET',
    path: `${base}/findById/:id`,
    summary: '快递单详情与物流轨迹',
    access: { perm: 'merchant:courier:query' },
    params: idParam,
    result: courierDetail,
  }),
  senderDefault: defineContract({
    method: 'GET',
    path: `${base}/senderDefault`,
    summary: '默认寄件人（当前店铺）',
    access: { perm: 'merchant:courier:add' },
    result: courierSenderDefault,
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '快递下单（预约上门取件）',
    access: { perm: 'merchant:courier:add' },
    oplog: oplog('add'),
    body: courierAdd,
    result: z.object({ id: z.number().int(), trackingNo: z.string() }),
  }),
  cancel: defineContract({
    method: 'POST',
    path: `${base}/cancel`,
    summary: '取消快递单',
    access: { perm: 'merchant:courier:cancel' },
    oplog: oplog('edit'),
    body: courierCancel,
    result: noResult,
  }),
};
