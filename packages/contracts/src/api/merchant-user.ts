import { defineContract, pageOf } from '../contract.ts';
import { merchantUserRow } from '../merchant-user.ts';
import { merchantUserQuery } from '../user.ts';

/** Merchant accounts (商家用户, GET /api/app/user/findAllByPage in docs/spec-notes.md#calls): platform only. */
export const merchantUserApi = {
  page: defineContract({
    method: 'GET',
    path: '/api/app/user/findAllByPage',
    summary: '商家账号分页列表（含所属商家与角色）',
    access: { perm: 'platform:merchantUser:list' },
    query: merchantUserQuery,
    result: pageOf(merchantUserRow),
  }),
};
