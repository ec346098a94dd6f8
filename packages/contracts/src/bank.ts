import { z } from 'zod';
import { optionalText, pageQuery } from './common.ts';

/** One bank branch (开户支行) with its 12-digit 联行号 (CNAPS code), as findYinhanghao/findByYinhanghao answer it. */
export const bankBranchRow = z.object({
  code: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  province: z.string(),
  city: z.string(),
});
export type BankBranch = z.infer<typeof bankBranchRow>;

/** A 联行号: exactly 12 digits. */
export const branchCode = z
  .string({ error: '请选择开户支行（联行号）' })
  .trim()
  .regex(/^\d{12}$/, '联行号须为 12 位数字');

/** GET huifu/bank/findYinhanghao: search by bank and keyword (branch name, city, province or code), paged. */
export const bankBranchQuery = pageQuery.extend({
  bankName: optionalText(50),
  keyword: optionalText(50),
});
export type BankBranchQuery = z.infer<typeof bankBranchQuery>;

/** GET huifu/bank/findByYinhanghao: one branch by its code. */
export const bankBranchByCode = z.object({ code: branchCode });

/** The banks of the seeded sample, offered as the bank filter of the lookup. */
export const COMMON_BANKS = [
  '中国工商银行',
  '中国建设银行',
  '中国农业银行',
  '中国银行',
  '招商银行',
  '交通银行',
  '中国邮政储蓄银行',
] as const;
