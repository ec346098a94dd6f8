import { SETTLEMENT_STATUS, WITHDRAW_STATUS } from '@jz/contracts/finance';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { checkCardInvariants } from '../card/card-invariants.ts';
import './finance.tables.ts';

export interface MerchantFigures {
  merchantId: number;
  balance: number;
  frozen: number;
  pendingWithdraw: number;
  withdrawable: number;
  entries: number;
}

export interface InvariantReport {
  merchants: MerchantFigures[];
  problems: string[];
}

/**
 * Checks every merchant's money (the invariants of docs/decisions.md#money), read-only:
 * - balance = sum of ledger balance changes, and each entry's balanceAfter/frozenAfter is the running sum;
 * - frozen = sum of ledger frozen changes = sum of the settlements still frozen;
 * - pendingWithdraw = sum of the withdrawals in review or being paid (their money already left the balance, so the
 *   issue's `withdrawable = balance - frozen - pending` is here `(balance + pending) - frozen - pending = balance - frozen`);
 * - withdrawable = balance - frozen >= 0; totalIncome and totalWithdrawn match their sources;
 * - every entry has its source record of the same merchant, and each source has exactly the entries its state implies
 *   (none missing, none twice).
 */
export async function checkInvariants(db: Kysely<Database>): Promise<InvariantReport> {
  const problems: string[] = [];
  const merchants: MerchantFigures[] = [];
  const accounts = await db.selectFrom('financeAccount').selectAll().orderBy('merchantId').execute();
  const accountIds = new Set(accounts.map((a) => a.merchantId));
  const orphanLedger = await db.selectFrom('financeLedger').select('merchantId').distinct().execute();
  for (const o of orphanLedger)
    if (!accountIds.has(o.merchantId)) problems.push(`商家 ${o.merchantId}: 有收支明细但没有资金账户`);

  for (const a of accounts) {
    const m = `商家 ${a.merchantId}`;
    const ledger = await db
      .selectFrom('financeLedger')
      .selectAll()
      .where('merchantId', '=', a.merchantId)
      .orderBy('id')
      .execute();
    const settlements = await db
      .selectFrom('financeSettlement')
      .selectAll()
      .where('merchantId', '=', a.merchantId)
      .execute();
    const withdrawals = await db
      .selectFrom('financeWithdrawal')
      .selectAll()
      .where('merchantId', '=', a.merchantId)
      .execute();

    let b = 0;
    let f = 0;
    for (const e of ledger) {
      b += Number(e.balanceChange);
      f += Number(e.frozenChange);
      if (Number(e.balanceAfter) !== b || Number(e.frozenAfter) !== f)
        problems.push(
          `${m}: 明细 #${e.id} 的余额/冻结快照 (${e.balanceAfter}/${e.frozenAfter}) 与累计 (${b}/${f}) 不符`,
        );
      if (!(Number(e.amount) > 0)) problems.push(`${m}: 明细 #${e.id} 金额不为正`);
    }
    if (b !== Number(a.balance)) problems.push(`${m}: 余额 ${a.balance} ≠ 收支明细合计 ${b}`);
    if (f !== Number(a.frozen)) problems.push(`${m}: 冻结 ${a.frozen} ≠ 明细冻结合计 ${f}`);
    const frozenSum = settlements
      .filter((s) => s.status === SETTLEMENT_STATUS.FROZEN)
      .reduce((s, x) => s + Number(x.amount), 0);
    if (frozenSum !== Number(a.frozen)) problems.push(`${m}: 冻结 ${a.frozen} ≠ 冻结中结算合计 ${frozenSum}`);
    const pendingSum = withdrawals
      .filter((w) => w.status === WITHDRAW_STATUS.REVIEWING || w.status === WITHDRAW_STATUS.PAYING)
      .reduce((s, x) => s + Number(x.amount), 0);
    if (pendingSum !== Number(a.pendingWithdraw))
      problems.push(`${m}: 提现中 ${a.pendingWithdraw} ≠ 审核中/打款中提现合计 ${pendingSum}`);
    const withdrawable = Number(a.balance) - Number(a.frozen);
    if (withdrawable < 0) problems.push(`${m}: 可提现为负 (${withdrawable})`);
    if (Number(a.frozen) < 0 || Number(a.pendingWithdraw) < 0) problems.push(`${m}: 冻结或提现中为负`);
    const income = settlements.reduce((s, x) => s + Number(x.amount), 0);
    if (income !== Number(a.totalIncome)) problems.push(`${m}: 累计收入 ${a.totalIncome} ≠ 结算合计 ${income}`);
    const paid = withdrawals.filter((w) => w.status === WITHDRAW_STATUS.PAID).reduce((s, x) => s + Number(x.amount), 0);
    if (paid !== Number(a.totalWithdrawn)) problems.push(`${m}: 累计提现 ${a.totalWithdrawn} ≠ 已到账提现合计 ${paid}`);

    // Sources: each entry points at a record of this merchant; each record has exactly the entries its state implies.
    const count = new Map<string, number>();
    const amountOf = new Map<string, number>();
    const sById = new Map(settlements.map((s) => [s.id, s]));
    const wById = new Map(withdrawals.map((w) => [w.id, w]));
    for (const e of ledger) {
      const k = `${e.refType}:${e.refId}:${e.kind}`;
      count.set(k, (count.get(k) ?? 0) + 1);
      amountOf.set(k, Number(e.amount));
      const src =
        e.refType === 'settlement' ? sById.get(e.refId) : e.refType === 'withdrawal' ? wById.get(e.refId) : undefined;
      if (!src) problems.push(`${m}: 明细 #${e.id} (${e.kind}) 找不到来源 ${e.refType} #${e.refId}`);
      const allowed = e.refType === 'settlement' ? ['settle', 'unfreeze', 'refund'] : ['withdraw', 'fee', 'return'];
      if (!allowed.includes(e.kind)) problems.push(`${m}: 明细 #${e.id} 类型 ${e.kind} 与来源 ${e.refType} 不符`);
    }
    for (const [k, n] of count) if (n > 1) problems.push(`${m}: ${k} 记账 ${n} 次`);
    const expect = (k: string, want: number | null) => {
      const has = count.get(k) ?? 0;
      if (want === null) {
        if (has) problems.push(`${m}: 不应存在的明细 ${k}`);
      } else if (!has) problems.push(`${m}: 缺少明细 ${k}`);
      else if (amountOf.get(k) !== want) problems.push(`${m}: 明细 ${k} 金额 ${amountOf.get(k)} ≠ ${want}`);
    };
    for (const s of settlements) {
      if (Number(s.amount) === 0) continue;
      expect(`settlement:${s.id}:settle`, Number(s.amount));
      expect(`settlement:${s.id}:unfreeze`, s.status === SETTLEMENT_STATUS.UNFROZEN ? Number(s.amount) : null);
    }
    for (const w of withdrawals) {
      expect(`withdrawal:${w.id}:withdraw`, Number(w.actualAmount));
      expect(`withdrawal:${w.id}:fee`, Number(w.fee) > 0 ? Number(w.fee) : null);
      expect(
        `withdrawal:${w.id}:return`,
        w.status === WITHDRAW_STATUS.REJECTED || w.status === WITHDRAW_STATUS.FAILED ? Number(w.amount) : null,
      );
    }
    merchants.push({
      merchantId: a.merchantId,
      balance: Number(a.balance),
      frozen: Number(a.frozen),
      pendingWithdraw: Number(a.pendingWithdraw),
      withdrawable,
      entries: ledger.length,
    });
  }
  // Prepaid cards (预收): balances = movements, revenue ≤ cash received, no bonus settled (docs/ledger.md).
  problems.push(...(await checkCardInvariants(db)));
  return { merchants, problems };
}
