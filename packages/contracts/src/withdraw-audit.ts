import { z } from 'zod';

/** A withdrawal as the platform reviews it (masked card number only; amounts in fen). */
export const withdrawalRow = z.object({
  id: z.number().int(),
  withdrawNo: z.string(),
  merchantId: z.number().int(),
  bankCardId: z.number().int(),
  bankName: z.string(),
  cardNoMasked: z.string(),
  holderName: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  actualAmount: z.number().int(),
  /** 10 待审核 / 20 打款中 / 30 已到账 / 40 已驳回 / 50 打款失败 */
  status: z.number().int(),
  auditRemark: z.string().nullable(),
  auditedAt: z.string().nullable(),
  failReason: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
});

/** The review list's row: the withdrawal with its merchant's name and the card's branch. */
export const withdrawalAuditRow = withdrawalRow.extend({
  merchantName: z.string(),
  branchName: z.string(),
  branchCode: z.string(),
});
export type WithdrawalAudit = z.infer<typeof withdrawalAuditRow>;
