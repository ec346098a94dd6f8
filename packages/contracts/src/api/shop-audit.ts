import { idParam } from '../common.ts';
import { defineContract, noResult } from '../contract.ts';
import { shopAuditBody } from '../shop.ts';
import { shopAuditDetail } from '../shop-audit.ts';

const base = '/api/app/jiazheng/shangjia/info';

/** Shop audit (店铺审核, platform toolkit): approving makes a shop visible; the list is the shop search. */
export const shopAuditApi = {
  audit: defineContract({
    method: 'POST',
    path: `${base}/audit`,
    summary: '审核店铺（通过或驳回，含改名申请）',
    access: { perm: 'platform:shop:audit' },
    oplog: { title: '店铺审核', type: 'edit' },
    body: shopAuditBody,
    result: noResult,
  }),
  detail: defineContract({
    method: 'GET',
    path: `${base}/audit/findById/:id`,
    summary: '审核用的店铺详情（任一商家）',
    access: { perm: 'platform:shop:audit' },
    params: idParam,
    result: shopAuditDetail,
  }),
};
