import { z } from 'zod';

/** A merchant account as the platform's 商家用户 list answers it (never a password or token). */
export const merchantUserRow = z.object({
  id: z.number().int(),
  loginName: z.string(),
  nickName: z.string(),
  phone: z.string(),
  headUrl: z.string().nullable(),
  status: z.number().int(),
  isOwner: z.number().int(),
  merchantId: z.number().int(),
  merchantName: z.string(),
  /** Role names, comma-separated. */
  roleNames: z.string(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MerchantUser = z.infer<typeof merchantUserRow>;
