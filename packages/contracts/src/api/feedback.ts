import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import { feedbackAddBody, feedbackQuery, feedbackRow, feedbackSetStateBody, myFeedbackQuery } from '../feedback.ts';

const base = '/api/app/fankui';

/**
 * Feedback (意见反馈, /api/app/fankui in docs/spec-notes.md#calls): the platform lists and handles it (with a reply); merchants send it
 * from their console and follow their own merchant's.
 */
export const feedbackApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '全部商家的意见反馈分页列表',
    access: { perm: 'platform:feedback:list' },
    query: feedbackQuery,
    result: pageOf(feedbackRow),
  }),
  handle: defineContract({
    method: 'POST',
    path: `${base}/setState`,
    summary: '处理反馈并回复',
    access: { perm: 'platform:feedback:handle' },
    oplog: { title: '意见反馈', type: 'edit' },
    body: feedbackSetStateBody,
    result: noResult,
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '商家提交意见反馈',
    access: { perm: 'merchant:feedback:add' },
    oplog: { title: '意见反馈', type: 'add' },
    body: feedbackAddBody,
    result: idResult,
  }),
  minePage: defineContract({
    method: 'GET',
    path: `${base}/mine/findAllByPage`,
    summary: '本商家提交的意见反馈分页列表',
    access: { perm: 'merchant:feedback:list' },
    query: myFeedbackQuery,
    result: pageOf(feedbackRow),
  }),
};
