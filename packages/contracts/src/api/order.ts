import { z } from 'zod';
import { idParam } from '../common.ts';
import { defineContract, idResult } from '../contract.ts';
import {
  assignableEmployee,
  cancelBody,
  filterOptions,
  orderDetail,
  orderExportBody,
  orderIdQuery,
  orderPage,
  orderQuery,
  orderShopQuery,
  querenBody,
  setYuangongBody,
  streamQuery,
  streamTicket,
  verifyHistoryPage,
  verifyHistoryQuery,
  verifyCheckResult,
  verifyResult,
  waitingOrder,
  yanquanBody,
} from '../order.ts';
import { merchantRescheduleBody, rescheduleResult, rescheduleSlotsQuery, slotsResult } from '../booking.ts';

const base = '/api/app/jiazheng/pay/dingdan';
const oplog = (type: 'edit' | 'export') => ({ title: '订单管理', type });

/** Orders (订单): the merchant's list and detail, the state machine's operations, verification, live order taking. */
export const orderApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '订单分页列表（含各状态数量）',
    access: { perm: 'merchant:order:list' },
    query: orderQuery,
    result: orderPage,
  }),
  weappPage: defineContract({
    method: 'GET',
    path: `${base}/weapp/shangjia/findAllByPage`,
    summary: '商家小程序：订单分页列表（同订单管理）',
    access: { perm: 'merchant:order:list' },
    query: orderQuery,
    result: orderPage,
  }),
  detail: defineContract({
    method: 'GET',
    path: `${base}/findById/:id`,
    summary: '订单详情（含进度、结算与评价）',
    access: { perm: 'merchant:order:query' },
    params: idParam,
    result: orderDetail,
  }),
  // The filter choices of the order list and the reviews: for holders of either page.
  filterOptions: defineContract({
    method: 'GET',
    path: `${base}/findFilterOptions`,
    summary: '订单与评价列表的筛选项（员工、商品）',
    access: { perm: 'merchant:order:list', alsoPerms: ['merchant:review:list'] },
    result: filterOptions,
  }),
  assignable: defineContract({
    method: 'GET',
    path: `${base}/findYuangong`,
    summary: '可指派的员工',
    access: { perm: 'merchant:order:assign' },
    query: orderIdQuery,
    result: z.array(assignableEmployee),
  }),
  assign: defineContract({
    method: 'POST',
    path: `${base}/setYuangong`,
    summary: '接单派员或改派',
    access: { perm: 'merchant:order:assign' },
    oplog: oplog('edit'),
    body: setYuangongBody,
    result: idResult,
  }),
  rescheduleSlots: defineContract({
    method: 'GET',
    path: `${base}/rescheduleSlots`,
    summary: '改约可选时间：订单在某天的开始时间、剩余名额，以及原服务人员是否有空',
    access: { perm: 'merchant:order:assign' },
    query: rescheduleSlotsQuery,
    result: slotsResult,
  }),
  reschedule: defineContract({
    method: 'POST',
    path: `${base}/reschedule`,
    summary:
      '改约：把未服务的订单改到另一个可预约时间并说明原因（同下单规则与名额；员工该时段不能服务时退回待接单；短信告知客户）',
    access: { perm: 'merchant:order:assign' },
    oplog: oplog('edit'),
    body: merchantRescheduleBody,
    result: rescheduleResult,
  }),
  cancel: defineContract({
    method: 'POST',
    path: `${base}/shangjiaCancel`,
    summary: '商家取消订单（全额退款）',
    access: { perm: 'merchant:order:cancel' },
    oplog: oplog('edit'),
    body: cancelBody,
    result: idResult,
  }),
  verify: defineContract({
    method: 'POST',
    path: `${base}/shangjiaYanquan`,
    summary: '验券：按券码开始服务',
    access: { perm: 'merchant:order:verify' },
    oplog: oplog('edit'),
    body: yanquanBody,
    result: verifyResult,
  }),
  // Asked before verify: changes no order, so no operation log; wrong codes count toward the same limit.
  verifyCheck: defineContract({
    method: 'POST',
    path: `${base}/shangjiaYanquan/check`,
    summary: '验券前查询：券码对应的订单与是否需要确认提前验券（不改变订单）',
    access: { perm: 'merchant:order:verify' },
    body: yanquanBody,
    result: verifyCheckResult,
  }),
  verifyHistory: defineContract({
    method: 'GET',
    path: `${base}/yanquan/findAllByPage`,
    summary: '验券记录',
    access: { perm: 'merchant:order:verify' },
    query: verifyHistoryQuery,
    result: verifyHistoryPage,
  }),
  confirm: defineContract({
    method: 'POST',
    path: `${base}/queren`,
    summary: '确认服务完成（生成结算）',
    access: { perm: 'merchant:order:confirm' },
    oplog: oplog('edit'),
    body: querenBody,
    result: idResult,
  }),
  export: defineContract({
    method: 'POST',
    path: `${base}/export`,
    summary: '导出订单',
    access: { perm: 'merchant:order:export' },
    oplog: oplog('export'),
    body: orderExportBody,
    result: z.null(),
    raw: { kind: 'file', why: '导出 Excel 工作簿（xlsx）或 CSV 文件；被拒绝时返回 JSON 信封' },
  }),
  // Live order taking.
  waiting: defineContract({
    method: 'GET',
    path: `${base}/jiedan/findAllByList`,
    summary: '待接单订单（最早的在前，至多 100 单）',
    access: { perm: 'merchant:order:taking' },
    query: orderShopQuery,
    result: z.object({ records: z.array(waitingOrder), total: z.number().int() }),
  }),
  waitingCount: defineContract({
    method: 'GET',
    path: `${base}/findDaijiedanCount`,
    summary: '待接单数量',
    access: { perm: 'merchant:order:taking' },
    query: orderShopQuery,
    result: z.object({ count: z.number().int() }),
  }),
  streamTicket: defineContract({
    method: 'POST',
    path: `${base}/stream/ticket`,
    summary: '实时接单：领取一次性连接凭证（60 秒内有效）',
    // 订单管理 users follow the live orders too (the new-order notification, the list refreshing itself).
    access: { perm: 'merchant:order:taking', alsoPerms: ['merchant:order:list'] },
    body: orderShopQuery,
    result: streamTicket,
  }),
  // EventSource cannot send the bearer token: the route is public and the handler consumes the one-time ticket.
  stream: defineContract({
    method: 'GET',
    path: `${base}/stream`,
    summary: '实时接单：订单事件流（凭一次性凭证）',
    access: { public: true },
    query: streamQuery,
    result: z.null(),
    raw: {
      kind: 'stream',
      why: '服务器推送事件（text/event-stream）：hello、order（id 为事件号，可续传）与 message 事件，长连接',
    },
  }),
};
