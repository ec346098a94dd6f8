import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { notifySwitch, notifySwitchBody, orderNotice, orderNoticesQuery, resendBody } from '../notify.ts';

const base = '/api/app/jiazheng/pay/dingdan';

/** Messages to customers and staff (SMS outbox): an order's messages, 重发, and the merchant's 短信通知 switches. */
export const notifyApi = {
  orderMessages: defineContract({
    method: 'GET',
    path: `${base}/messages`,
    summary: '订单的短信通知（客户与员工）：事件、收件人（脱敏）、状态、时间、原因',
    access: { perm: 'merchant:order:list' },
    query: orderNoticesQuery,
    result: z.array(orderNotice),
  }),
  resend: defineContract({
    method: 'POST',
    path: `${base}/messages/resend`,
    summary: '重发一条已发送或失败的短信通知（记录为新的一条）',
    access: { perm: 'merchant:order:assign' },
    oplog: { title: '订单管理', type: 'other' },
    body: resendBody,
    result: orderNotice,
  }),
  switches: defineContract({
    method: 'GET',
    path: '/api/app/jiazheng/notify/switches',
    summary: '短信通知开关（每个事件一项）',
    access: { perm: 'merchant:shop:info' },
    result: z.array(notifySwitch),
  }),
  setSwitch: defineContract({
    method: 'POST',
    path: '/api/app/jiazheng/notify/switches',
    summary: '打开或关闭一个事件的短信通知',
    access: { perm: 'merchant:shop:edit' },
    oplog: { title: '短信通知', type: 'edit' },
    body: notifySwitchBody,
    result: z.array(notifySwitch),
  }),
};
