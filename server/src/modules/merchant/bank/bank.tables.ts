import type { Generated } from 'kysely';

/** A bank branch (开户支行) and its 12-digit 联行号 (CNAPS code). Reference data: not per merchant. */
export interface BankBranchTable {
  id: Generated<number>;
  code: string;
  bankName: string;
  branchName: string;
  province: string;
  city: string;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    bankBranch: BankBranchTable;
  }
}
