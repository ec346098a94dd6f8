import { defineContract } from '../contract.ts';
import { replyBody, replyResult, reviewPage, reviewQuery } from '../review.ts';

const base = '/api/app/jiazheng/pinglun';

/** 订单评价管理: customers' reviews of completed orders and the merchant's one reply per review. */
export const reviewApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '订单评价分页列表（含评分汇总）',
    access: { perm: 'merchant:review:list' },
    query: reviewQuery,
    result: reviewPage,
  }),
  reply: defineContract({
    method: 'POST',
    path: `${base}/shangjiahuifu`,
    summary: '商家回复评价（7 天内可修改）',
    access: { perm: 'merchant:review:reply' },
    oplog: { title: '订单评价', type: 'edit' },
    body: replyBody,
    result: replyResult,
  }),
};
