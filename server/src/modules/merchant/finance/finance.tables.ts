import type { Generated } from 'kysely';

export interface FinanceAccountTable {
  id: Generated<number>;
  merchantId: number;
  /** Money held for the merchant (frozen included, submitted withdrawals already deducted) = sum of ledger balanceChange. */
  balance: number;
  /** Sum of the settlements still frozen = sum of ledger frozenChange. */
  frozen: number;
  /** Withdrawals submitted and not finished (审核中 / 打款中); already deducted from the balance. */
  pendingWithdraw: number;
  totalIncome: number;
  totalWithdrawn: number;
  createdAt: string;
  updatedAt: string;
}

export interface FinanceSettlementTable {
  id: Generated<number>;
  merchantId: number;
  shopId: number;
  orderId: number;
  orderNo: string;
  orderAmount: number;
  /** Percent, e.g. 5 = 5 %. */
  commissionRate: number;
  commission: number;
  /** Net amount credited: orderAmount - commission. */
  amount: number;
  /** 0 冻结中 / 1 已解冻 */
  status: number;
  completedAt: string;
  unfreezeAt: string;
  unfrozenAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BankCardTable {
  id: Generated<number>;
  merchantId: number;
  bankName: string;
  branchName: string;
  branchCode: string;
  /** Sealed whole number (lib/secret-box.ts), opened for payouts only: never returned by any API. */
  cardNo: string;
  /** Keyed hash of the digits (one bound card per number and merchant). */
  cardNoHash: Generated<string | null>;
  cardNoMasked: string;
  holderName: string;
  /** 1 对私 / 2 对公 */
  cardType: number;
  mobile: string | null;
  source: string;
  /** 1 已绑定 / 0 已解绑 */
  status: number;
  boundAt: string;
  unboundAt: string | null;
  /**
   * When the merchant owner confirmed the card (bound it, or confirmed it with the owner's code); the onboarding
   * hand-over counts too. Null: bound by a sub-account and not confirmed, so no withdrawal for 24 hours after boundAt.
   */
  confirmedAt: Generated<string | null>;
  /** The owner who confirmed it (null for the onboarding hand-over and cards bound before the rule). */
  confirmedBy: Generated<number | null>;
  createdAt: string;
  updatedAt: string;
}

export interface BankCardBindingTable {
  id: Generated<number>;
  merchantId: number;
  bankCardId: number;
  /** 1 绑定 / 2 解绑 */
  action: number;
  bankName: string;
  cardNoMasked: string;
  holderName: string;
  cardType: number;
  source: string;
  operatorUserId: number | null;
  operatorName: string | null;
  createdAt: string;
}

export interface FinanceWithdrawalTable {
  id: Generated<number>;
  withdrawNo: string;
  merchantId: number;
  bankCardId: number;
  bankName: string;
  cardNoMasked: string;
  holderName: string;
  amount: number;
  fee: number;
  actualAmount: number;
  /** 10 审核中 / 20 打款中 / 30 已到账 / 40 已驳回 / 50 打款失败 */
  status: number;
  applicantUserId: number | null;
  auditorId: number | null;
  auditRemark: string | null;
  auditedAt: string | null;
  payoutTradeNo: string | null;
  /** Last payout attempt (claimed by a conditional update so one instance pays at a time). */
  payoutAttemptAt: string | null;
  failReason: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FinanceIdempotencyTable {
  id: Generated<number>;
  merchantId: number;
  idemKey: string;
  fingerprint: string;
  response: string;
  createdAt: string;
}

export interface FinanceLedgerTable {
  id: Generated<number>;
  merchantId: number;
  /** 1 收入 / 2 支出 */
  direction: number;
  kind: string;
  amount: number;
  balanceChange: number;
  frozenChange: number;
  balanceAfter: number;
  frozenAfter: number;
  refType: string;
  refId: number;
  refNo: string;
  remark: string | null;
  createdAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    financeAccount: FinanceAccountTable;
    financeSettlement: FinanceSettlementTable;
    bankCard: BankCardTable;
    bankCardBinding: BankCardBindingTable;
    financeWithdrawal: FinanceWithdrawalTable;
    financeIdempotency: FinanceIdempotencyTable;
    financeLedger: FinanceLedgerTable;
  }
}
