import { z } from 'zod';
import { optionalDate, optionalText, pageQuery } from './common.ts';
import { pageOf } from './contract.ts';
import { withdrawalRow } from './withdraw-audit.ts';
// Constants, labels and helpers without schemas (constants/finance.ts), re-exported for the server and existing imports.
export * from './constants/finance.ts';

/**
 * Finance: settlements (打款), the account figures, the append-only ledger (收支明细), withdrawals (提现),
 * bank cards and binding records. All money is integer fen.
 */

/** Platform rules, stored as config type 'finance_rules' (value: a JSON string of this object). */
export const FINANCE_RULES_TYPE = 'finance_rules';
export const financeRulesSchema = z.object({
  /** Commission in percent of the order pay amount (5 = 5 %). */
  commissionRate: z.coerce.number().min(0, '佣金比例不能为负').max(100, '佣金比例不能超过 100%').default(5),
  /** Settlement delay T+N in days. */
  settleDays: z.coerce.number().int('结算周期须为整数天').min(0).max(365).default(7),
  /** Minimum withdrawal, fen. */
  minWithdraw: z.coerce.number().int().min(1).max(100_000_000).default(1000),
  /** Fee per withdrawal, fen (taken from the amount). */
  withdrawFee: z.coerce.number().int().min(0).max(100_000_000).default(0),
});
export type FinanceRules = z.infer<typeof financeRulesSchema>;
export const FINANCE_RULES_DEFAULTS: FinanceRules = {
  commissionRate: 5,
  settleDays: 7,
  minWithdraw: 1000,
  withdrawFee: 0,
};

/** Ledger kinds (dict finance_ledger_kind). */
export const LEDGER_KINDS = {
  settle: '订单结算',
  unfreeze: '结算解冻',
  withdraw: '提现',
  fee: '提现手续费',
  refund: '退款冲正',
  return: '提现退回',
} as const;
export type LedgerKind = keyof typeof LEDGER_KINDS;

/** 10 审核中 / 20 打款中 / 30 已到账 / 40 已驳回 / 50 打款失败 (dictionary `finance_withdraw_status`). */
export const WITHDRAW_STATUS = { REVIEWING: 10, PAYING: 20, PAID: 30, REJECTED: 40, FAILED: 50 } as const;
/** 0 冻结中 / 1 已解冻. */
export const SETTLEMENT_STATUS = { FROZEN: 0, UNFROZEN: 1 } as const;
/** A bound card: 1 已绑定 / 0 已解绑. */
export const BANK_CARD_STATUS = { UNBOUND: 0, BOUND: 1 } as const;

/** The finance rules as answers carry them (plain numbers: the stored form is parsed by financeRulesSchema). */
export const financeRulesRow = z.object({
  commissionRate: z.number(),
  settleDays: z.number().int(),
  minWithdraw: z.number().int(),
  withdrawFee: z.number().int(),
});

/** Whether the payment provider has onboarded the merchant (用户进件): withdrawals need 已开通 (status 20). */
export const withdrawGate = z.object({
  /** 0 未进件 / 10 审核中 / 20 已开通 / 30 已驳回 */
  status: z.number().int(),
  /** Why withdrawals are not possible yet; null when onboarded. */
  withdrawHint: z.string().nullable(),
});
export type WithdrawGate = z.infer<typeof withdrawGate>;

/**
 * Whose money an answer covers: 'merchant' = the whole account (callers without a shop limit); 'shops' = only the
 * movements of the caller's shops' settlements (a shop-limited caller, docs/ledger.md "Shop-limited users"): the
 * account's balance, withdrawals and their fees belong to no shop, so such a caller never sees them.
 */
export const FINANCE_SCOPES = ['merchant', 'shops'] as const;
export const financeScope = z.enum(FINANCE_SCOPES);
export type FinanceScope = z.infer<typeof financeScope>;

/**
 * The account figures (fen); withdrawable = balance - frozen. With scope 'shops', frozen and totalIncome are the
 * caller's shops' settlements and the figures that cannot be split by shop (balance, withdrawable, withdrawals) are null.
 */
export const financeOverview = z.object({
  scope: financeScope,
  balance: z.number().int().nullable(),
  frozen: z.number().int(),
  withdrawable: z.number().int().nullable(),
  pendingWithdraw: z.number().int().nullable(),
  totalIncome: z.number().int(),
  totalWithdrawn: z.number().int().nullable(),
  rules: financeRulesRow,
  onboarding: withdrawGate,
});
export type FinanceOverview = z.infer<typeof financeOverview>;

/** Income and expense (fen) of one day (YYYY-MM-DD) or month (YYYY-MM). */
export const trendPoint = z.object({ date: z.string(), income: z.number().int(), expense: z.number().int() });
export type TrendPoint = z.infer<typeof trendPoint>;

export const ledgerEntry = z.object({
  id: z.number().int(),
  /** LEDGER_FLOW: 1 收入 / 2 支出 / 3 划转 (from balanceChange: > 0, < 0, 0) */
  direction: z.number().int(),
  kind: z.enum(Object.keys(LEDGER_KINDS) as [LedgerKind, ...LedgerKind[]]),
  /** Magnitude (> 0): the money in or out, or the money moved from frozen to withdrawable. */
  amount: z.number().int(),
  balanceChange: z.number().int(),
  frozenChange: z.number().int(),
  /**
   * The account after this entry, entries taken in time order: balance (frozen included), frozen, withdrawable. For a
   * shop-limited caller, the same running sums over its shops' entries only (what those settlements brought in, still
   * frozen, and unfrozen), never the account's.
   */
  balanceAfter: z.number().int(),
  frozenAfter: z.number().int(),
  withdrawableAfter: z.number().int(),
  refType: z.enum(['settlement', 'withdrawal']),
  refId: z.number().int(),
  /** The shop of the settlement the entry moves; null for the account's own movements (withdrawals, fees). */
  shopId: z.number().int().nullable(),
  refNo: z.string(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** A settlement (打款) of a completed order: the merchant's share (amount) after the commission, frozen until T+N. */
export const settlementRow = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  shopId: z.number().int(),
  orderAmount: z.number().int(),
  commissionRate: z.number(),
  commission: z.number().int(),
  amount: z.number().int(),
  /** 0 冻结中 / 1 已解冻 */
  status: z.number().int(),
  completedAt: z.string(),
  unfreezeAt: z.string(),
  unfrozenAt: z.string().nullable(),
  /**
   * The visit of a card sold offline: settled 0 on purpose (the merchant took the card's money at the sale), stored as
   * status 1 with nothing frozen; not 已解冻 business (docs/ledger.md).
   */
  offlineCard: z.boolean(),
  /** 冻结中 / 已解冻 / 线下卡项，无需结算: what the list's 状态 column shows. */
  statusLabel: z.string(),
});
export type Settlement = z.infer<typeof settlementRow>;

/** The 状态 of a settlement row as the 打款 list names it. */
export const settlementStatusLabel = (s: { status: number; offlineCard: boolean }) =>
  s.offlineCard ? '线下卡项，无需结算' : s.status === SETTLEMENT_STATUS.FROZEN ? '冻结中' : '已解冻';

const countAmount = z.object({ count: z.number().int(), amount: z.number().int() });
/**
 * The settlements' totals by state (the same filters as the list): an offline card's ¥0 settlement is counted apart
 * (offlineCard), not in unfrozen; total counts every row.
 */
export const settlementTotals = z.object({
  frozen: countAmount,
  unfrozen: countAmount,
  offlineCard: countAmount,
  total: countAmount.extend({ orderAmount: z.number().int(), commission: z.number().int() }),
});
export type SettlementTotals = z.infer<typeof settlementTotals>;

/** A frozen settlement as 冻结明细 lists it (soonest to unfreeze first). */
export const frozenSettlement = settlementRow.omit({ unfrozenAt: true, offlineCard: true, statusLabel: true });
export type FrozenSettlement = z.infer<typeof frozenSettlement>;
/** 冻结明细: a page of frozen settlements and the frozen total of every row the caller sees (not only this page). */
export const frozenPageResult = pageOf(frozenSettlement).extend({ totalAmount: z.number().int() });

/** A withdrawal (提现) as the merchant lists it: the card by its masked number only; amounts in fen. */
export { withdrawalRow };
export type Withdrawal = z.infer<typeof withdrawalRow>;
export type { WithdrawalAudit } from './withdraw-audit.ts';

export const bankCardRow = z.object({
  id: z.number().int(),
  /** Confirmed by the merchant owner (bound by the owner, through onboarding, or confirmed with the owner's code). */
  confirmed: z.boolean(),
  /**
   * Until when withdrawals to this card are held (a card a sub-account bound, not yet confirmed, for 24 hours after
   * binding); null when it can receive withdrawals now.
   */
  holdUntil: z.string().nullable(),
  bankName: z.string(),
  branchName: z.string(),
  branchCode: z.string(),
  /** Never the whole number (mask.ts maskBankCard). */
  cardNoMasked: z.string(),
  holderName: z.string(),
  /** 1 对私 / 2 对公 */
  cardType: z.number().int(),
  /** The reserved phone, masked (138****0001). */
  mobile: z.string().nullable(),
  source: z.string(),
  status: z.number().int(),
  boundAt: z.string(),
  unboundAt: z.string().nullable(),
});
export type BankCard = z.infer<typeof bankCardRow>;

export const bindingRecord = z.object({
  id: z.number().int(),
  bankCardId: z.number().int(),
  /** 1 绑定 / 2 解绑 */
  action: z.number().int(),
  bankName: z.string(),
  cardNoMasked: z.string(),
  holderName: z.string(),
  cardType: z.number().int(),
  source: z.string(),
  operatorName: z.string().nullable(),
  createdAt: z.string(),
});
export type BindingRecord = z.infer<typeof bindingRecord>;

const dateRange = {
  startDate: optionalDate,
  endDate: optionalDate,
};

export const trendQuery = z.object({
  granularity: z.enum(['day', 'month'], { error: '粒度须为 day 或 month' }).default('day'),
  ...dateRange,
});

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ledgerQuery = pageQuery.extend({
  direction: z.preprocess(
    blank,
    z.coerce
      .number({ error: '收支须为 1 收入、2 支出或 3 划转' })
      .int()
      .min(1, '收支须为 1 收入、2 支出或 3 划转')
      .max(3, '收支须为 1 收入、2 支出或 3 划转')
      .optional(),
  ),
  kind: z.preprocess(
    blank,
    z.enum(Object.keys(LEDGER_KINDS) as [LedgerKind, ...LedgerKind[]], { error: '未知的收支类型' }).optional(),
  ),
  /** The related order or withdrawal number (substring). */
  refNo: optionalText(40),
  ...dateRange,
});
/** The ledger's totals for the same filters as the list (收支明细 above its table). */
export const ledgerTotalsQuery = ledgerQuery.omit({ pageNum: true, pageSize: true });
export const ledgerTotals = z.object({
  /** 'shops': the list, totals and export cover only the caller's shops' settlement entries. */
  scope: financeScope,
  income: countAmount,
  expense: countAmount,
  transfer: countAmount,
});
export type LedgerTotals = z.infer<typeof ledgerTotals>;

export const ledgerExportQuery = ledgerQuery
  .omit({ pageNum: true, pageSize: true })
  .extend({ format: z.enum(['xlsx', 'csv'], { error: '导出格式须为 xlsx 或 csv' }).default('xlsx') });

export const frozenQuery = pageQuery.extend({ orderNo: optionalText(40), ...dateRange });

export const withdrawQuery = pageQuery.extend({
  status: z.preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .refine((v) => [10, 20, 30, 40, 50].includes(v), '未知的提现状态')
      .optional(),
  ),
  withdrawNo: optionalText(40),
  ...dateRange,
});

export const withdrawAuditQuery = withdrawQuery.extend({ merchantName: optionalText(50) });

/** Hours a card bound by a sub-account cannot receive a withdrawal, unless the owner confirms it first. */
export const CARD_HOLD_HOURS = 24;

/**
 * The step-up code of a money action (bind a card, withdraw, confirm a card): sent to the merchant owner's phone.
 * Optional here so the server can answer its absence with 请输入短信验证码; required by every such action.
 */
export const stepUpCode = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, '验证码为 6 位数字')
    .optional(),
);

/** Where the step-up code goes and what a new card must be (caiwu/bangka/findYanzheng, caiwu/tixian/findYanzheng). */
export const stepUpInfo = z.object({
  /** The merchant owner's phone, masked: 138****0001. */
  phone: z.string(),
  /** Whether the caller is the owner (a card the owner binds needs no confirmation). */
  isOwner: z.boolean(),
  holdHours: z.number().int(),
  /**
   * The accounts a card may be bound to, from the approved onboarding (用户进件): holder name per account type;
   * null when the merchant is not onboarded (binding is refused).
   */
  payees: z.array(z.object({ cardType: z.union([z.literal(1), z.literal(2)]), holderName: z.string() })).nullable(),
});
export type StepUpInfo = z.infer<typeof stepUpInfo>;

/** A step-up code went out: to the owner's phone, masked (the code itself never leaves the server). */
export const codeSent = z.object({ phone: z.string() });

/** POST caiwu/tixian/sendCode: the code is bound to this amount and card. */
export const withdrawTarget = z.object({
  amount: z.coerce
    .number({ error: '请输入提现金额' })
    .int('提现金额须为整数（分）')
    .positive('提现金额须大于 0')
    .max(100_000_000_00, '提现金额过大'),
  bankCardId: z.coerce.number({ error: '请选择银行卡' }).int().positive('请选择银行卡'),
});

/** POST caiwu/tixian/add. `amount` is fen: integer, positive (minimum and balance are checked by the server). */
export const withdrawBody = withdrawTarget.extend({ smsCode: stepUpCode });

export const withdrawAuditBody = z
  .object({
    id: z.coerce.number().int().positive(),
    pass: z.coerce.number().int().min(0).max(1),
    remark: optionalText(200),
  })
  .refine((v) => v.pass === 1 || !!v.remark, { message: '驳回时请填写原因', path: ['remark'] });

export const cardIdBody = z.object({ id: z.coerce.number().int().positive() });
/** POST caiwu/bangka/queren: the owner confirms a card a sub-account bound, with the owner's code. */
export const cardConfirmBody = cardIdBody.extend({ smsCode: stepUpCode });

/** Manual binding (merchant side) and the onboarding hand-over share these field rules. */
export const bankCardBody = z.object({
  bankName: z.string({ error: '请输入开户银行' }).trim().min(2, '请输入开户银行').max(50, '开户银行最多 50 个字'),
  branchName: z.string({ error: '请输入开户支行' }).trim().min(2, '请输入开户支行').max(100, '开户支行最多 100 个字'),
  branchCode: z
    .string({ error: '请输入联行号' })
    .trim()
    .regex(/^\d{12}$/, '联行号为 12 位数字'),
  cardNo: z
    .string({ error: '请输入银行卡号' })
    .trim()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{8,30}$/, '银行卡号为 8-30 位数字')),
  holderName: z.string({ error: '请输入开户名' }).trim().min(2, '请输入开户名').max(100, '开户名最多 100 个字'),
  cardType: z.coerce
    .number({ error: '请选择账户类型' })
    .int()
    .refine((v) => v === 1 || v === 2, '请选择账户类型'),
  mobile: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^1[3-9]\d{9}$/, '请输入正确的 11 位手机号')
      .optional(),
  ),
});

/** POST caiwu/bangka/add: the card and the owner's code (sent by caiwu/bangka/sendCode for this card). */
export const bindCardBody = bankCardBody.extend({ smsCode: stepUpCode });

export const bindingQuery = pageQuery.extend({
  action: z.preprocess(blank, z.coerce.number().int().min(1, '未知的绑定操作').max(2, '未知的绑定操作').optional()),
  /** Bank, holder or the card's last digits (substring of the masked number). */
  keyword: optionalText(50),
  ...dateRange,
});
