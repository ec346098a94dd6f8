import { defineContract } from '../contract.ts';
import { jinjianGerenBody, jinjianQiyeBody, jinjianState, jinjianSubmitResult } from '../jinjian.ts';

const base = '/api/app/jiazheng/pay/huifu';
/** Submissions are logged with ID, card numbers and codes redacted (their field names match the secret-key pattern). */
const oplog = { title: '用户进件', type: 'add' as const };

/** Payment onboarding in docs/spec-notes.md#calls (进件): answers show ID numbers, card numbers and phones masked only. */
export const jinjianApi = {
  submitGeren: defineContract({
    method: 'POST',
    path: `${base}/jinjianGeren`,
    summary: '提交个人进件资料',
    access: { perm: 'merchant:finance:jinjian:submit' },
    oplog,
    body: jinjianGerenBody,
    result: jinjianSubmitResult,
  }),
  submitQiye: defineContract({
    method: 'POST',
    path: `${base}/jinjianQiye`,
    summary: '提交企业进件资料',
    access: { perm: 'merchant:finance:jinjian:submit' },
    oplog,
    body: jinjianQiyeBody,
    result: jinjianSubmitResult,
  }),
  state: defineContract({
    method: 'GET',
    path: `${base}/jinjianQuery`,
    summary: '进件状态（审核中时先向支付机构查询结果）',
    access: { perm: 'merchant:finance:jinjian:query' },
    result: jinjianState,
  }),
};
