import { z } from 'zod';
import { defineContract } from '../contract.ts';

/**
 * The first-day checklist of /index: where a merchant stands in getting ready to take orders.
 *
 * The schemas live here, not exported: the web needs only the types (ResultOf), and its build replaces this module by
 * method/path stubs (web/vite.config.ts, contractsForWeb), which accept contract groups only.
 */
const stepKey = z.enum(['shop', 'area', 'goods', 'employee', 'jinjian', 'agreement']);

const setupStep = z.object({
  /**
   * shop: the current shop's details filled (contact, phone, region, address, map location, hours, categories, logo);
   * area: its service area drawn; goods: one of its goods on shelf; employee: one employee at work in it;
   * jinjian: payment onboarding (进件) approved; agreement: every must-sign agreement signed in its current version.
   */
  key: stepKey,
  done: z.boolean(),
  /**
   * Where the step stands, in Chinese ("待填写：营业时间、服务类目", "审核中", "已上架 3 个商品"); null for a caller
   * without the permission of the step's page (it sees done or not, never the merchant's details behind it).
   */
  detail: z.string().nullable(),
});

const setupProgress = z.object({
  /** The shop the shop steps were read from (the caller's current shop, inside its shop limit); null before one exists. */
  shop: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  steps: z.array(setupStep),
  done: z.number().int(),
  total: z.number().int(),
  /** Every step done: the landing page shows no checklist. */
  complete: z.boolean(),
});

/**
 * Open to a holder of any step page's code (the server shows the details of the steps whose page the caller holds, and
 * only done/not done of the others); a caller holding none of them (an order-desk sub-account) is refused.
 */
export const setupApi = {
  progress: defineContract({
    method: 'GET',
    path: '/api/app/jiazheng/merchant/setup/progress',
    summary: '开店准备进度（首页清单：店铺资料、服务范围、商品、员工、支付进件、协议签署）',
    access: {
      perm: 'merchant:shop:info',
      alsoPerms: [
        'merchant:shop:list',
        'merchant:goods:list',
        'merchant:employee:list',
        'merchant:finance:jinjian:query',
        'merchant:agreement:sign',
        'merchant:agreement:list',
      ],
    },
    result: setupProgress,
  }),
};
