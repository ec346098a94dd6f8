// The schema-free part of finance.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
/**
 * How an entry moves money, from its balance change (the account's balance includes the frozen amount):
 * 1 收入 money into the balance, 2 支出 money out of it, 3 划转 frozen money becoming withdrawable (结算解冻: the balance
 * does not change, so it is neither income nor expense). Income rows sum to the money that came in (docs/ledger.md).
 */
export const LEDGER_FLOW = { income: 1, expense: 2, transfer: 3 } as const;
export const LEDGER_FLOW_NAMES: Record<number, string> = { 1: '收入', 2: '支出', 3: '划转' };
