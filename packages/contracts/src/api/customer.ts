import { rescheduleBody, rescheduleResult, slotsQuery, slotsResult } from '../booking.ts';
import { idParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import {
  customerLoginBody,
  customerOrderIdBody,
  customerOrderQuery,
  customerOrderRow,
  customerSendCodeBody,
  customerSession,
  placedOrder,
  placeOrderBody,
  reviewBody,
} from '../customer.ts';

const base = '/api/app/jiazheng/customer';

/**
 * The customer side (the mini-program is outside this product). `public` for the console's auth hook: customers are
 * not console users; every call but sign-in authenticates the customer by its `X-Customer-Token` header itself.
 */
export const customerApi = {
  sendCode: defineContract({
    method: 'POST',
    path: `${base}/login/sendCode`,
    summary: '顾客端：发送登录验证码',
    access: { public: true },
    body: customerSendCodeBody,
    result: noResult,
  }),
  login: defineContract({
    method: 'POST',
    path: `${base}/login`,
    summary: '顾客端：验证码登录（首次登录即注册）',
    access: { public: true },
    oplog: { title: '客户登录', type: 'login' },
    body: customerLoginBody,
    result: customerSession,
  }),
  slots: defineContract({
    method: 'GET',
    path: `${base}/slots`,
    summary: '顾客端：某天可预约的开始时间与剩余服务人员（按规格、数量或面积计算时长）',
    access: { public: true },
    query: slotsQuery,
    result: slotsResult,
  }),
  placeOrder: defineContract({
    method: 'POST',
    path: `${base}/order/add`,
    summary: '顾客端：按规格下单（规格、数量或面积；需 X-Customer-Token）',
    access: { public: true },
    oplog: { title: '客户下单', type: 'add' },
    body: placeOrderBody,
    result: placedOrder,
  }),
  pay: defineContract({
    method: 'POST',
    path: `${base}/order/pay`,
    summary: '顾客端：支付订单（沙箱，需 X-Customer-Token）',
    access: { public: true },
    oplog: { title: '客户支付', type: 'edit' },
    body: customerOrderIdBody,
    result: customerOrderRow,
  }),
  orders: defineContract({
    method: 'GET',
    path: `${base}/order/findAllByPage`,
    summary: '顾客端：我的订单（需 X-Customer-Token）',
    access: { public: true },
    query: customerOrderQuery,
    result: pageOf(customerOrderRow),
  }),
  order: defineContract({
    method: 'GET',
    path: `${base}/order/findById/:id`,
    summary: '顾客端：订单详情与核销码（需 X-Customer-Token）',
    access: { public: true },
    params: idParam,
    result: customerOrderRow,
  }),
  reschedule: defineContract({
    method: 'POST',
    path: `${base}/order/reschedule`,
    summary: '顾客端：改约到另一个可预约时间（需 X-Customer-Token）',
    access: { public: true },
    oplog: { title: '客户改约', type: 'edit' },
    body: rescheduleBody,
    result: rescheduleResult,
  }),
  review: defineContract({
    method: 'POST',
    path: `${base}/order/pingjia`,
    summary: '顾客端：评价已完成的订单（需 X-Customer-Token）',
    access: { public: true },
    oplog: { title: '客户评价', type: 'add' },
    body: reviewBody,
    result: idResult,
  }),
};
