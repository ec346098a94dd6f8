import { defineContract, pageOf } from '../contract.ts';
import { withdrawAuditBody, withdrawAuditQuery } from '../finance.ts';
import { withdrawalAuditRow, withdrawalRow } from '../withdraw-audit.ts';

const base = '/api/app/jiazheng/caiwu/tixian/shenhe';

/** Withdrawal review (提现审核, platform toolkit): every merchant's withdrawals; approve (pays out) or reject. */
export const withdrawAuditApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '全部商家的提现申请分页列表',
    access: { perm: 'sys:withdraw:list' },
    query: withdrawAuditQuery,
    result: pageOf(withdrawalAuditRow),
  }),
  review: defineContract({
    method: 'POST',
    path: base,
    summary: '审核提现：通过即打款，驳回则金额退回',
    access: { perm: 'sys:withdraw:audit' },
    oplog: { title: '提现审核', type: 'edit' },
    body: withdrawAuditBody,
    result: withdrawalRow,
  }),
};
