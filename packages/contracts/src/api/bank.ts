import { bankBranchByCode, bankBranchQuery, bankBranchRow } from '../bank.ts';
import { defineContract, pageOf } from '../contract.ts';

const base = '/api/app/jiazheng/huifu/bank';

/**
 * Bank-branch lookup (开户支行 / 联行号): reference data, so any signed-in user may search it (the onboarding form and
 * the finance card binding both use it).
 */
export const bankApi = {
  search: defineContract({
    method: 'GET',
    path: `${base}/findYinhanghao`,
    summary: '按银行与关键字查询开户支行（分页）',
    access: { signedIn: true },
    query: bankBranchQuery,
    result: pageOf(bankBranchRow),
  }),
  byCode: defineContract({
    method: 'GET',
    path: `${base}/findByYinhanghao`,
    summary: '按联行号查询开户支行',
    access: { signedIn: true },
    query: bankBranchByCode,
    result: bankBranchRow,
  }),
};
