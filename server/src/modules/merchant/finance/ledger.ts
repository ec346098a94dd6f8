import type { LedgerKind } from '@jz/contracts/finance';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { nowIso } from '../../../lib/time.ts';
import './finance.tables.ts';

export type Exec = Kysely<Database> | Transaction<Database>;

export interface LedgerLine {
  /**
   * 1 收入 / 2 支出 / 3 划转, as the balance change says (> 0, < 0, 0); the ledger's readers derive it from the balance
   * change (finance.repo.ts), so rows written before 划转 existed (结算解冻 as 1) read right too.
   */
  direction: 1 | 2 | 3;
  kind: LedgerKind;
  /** Magnitude shown to the merchant (> 0). */
  amount: number;
  balanceChange: number;
  frozenChange: number;
  refType: 'settlement' | 'withdrawal';
  refId: number;
  refNo: string;
  remark: string;
}

export interface Move {
  merchantId: number;
  pending?: number;
  income?: number;
  withdrawn?: number;
  /** Only move when balance - frozen >= this (a withdrawal never overdraws). */
  guardWithdrawable?: number;
  /** Time of the entries (default now; the demo seed backdates its history). */
  at?: string;
  lines: LedgerLine[];
}

/** Creates the merchant's account row when missing (concurrency-safe: ON CONFLICT DO NOTHING). */
export async function ensureAccount(db: Exec, merchantId: number) {
  const now = nowIso();
  await db
    .insertInto('financeAccount')
    .values({
      merchantId,
      balance: 0,
      frozen: 0,
      pendingWithdraw: 0,
      totalIncome: 0,
      totalWithdrawn: 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('merchantId').doNothing())
    .execute();
}

/**
 * The only writer of money: one conditional UPDATE of the account (atomic on both databases; on PostgreSQL the row
 * lock serialises concurrent moves and the WHERE is re-checked after the wait) and, in the same transaction, one
 * ledger entry per line with the balance and frozen amount after it. Answers false, changing nothing, when the guard
 * fails. Must run inside a transaction.
 */
export async function applyMove(tx: Transaction<Database>, m: Move): Promise<boolean> {
  const balance = m.lines.reduce((s, l) => s + l.balanceChange, 0);
  const frozen = m.lines.reduce((s, l) => s + l.frozenChange, 0);
  let q = tx
    .updateTable('financeAccount')
    .set((eb) => ({
      balance: eb('balance', '+', balance),
      frozen: eb('frozen', '+', frozen),
      pendingWithdraw: eb('pendingWithdraw', '+', m.pending ?? 0),
      totalIncome: eb('totalIncome', '+', m.income ?? 0),
      totalWithdrawn: eb('totalWithdrawn', '+', m.withdrawn ?? 0),
      updatedAt: m.at ?? nowIso(),
    }))
    .where('merchantId', '=', m.merchantId);
  if (m.guardWithdrawable !== undefined) {
    const g = m.guardWithdrawable;
    q = q.where((eb) => eb(eb('balance', '-', eb.ref('frozen')), '>=', g));
  }
  const after = await q.returning(['balance', 'frozen']).executeTakeFirst();
  if (!after) return false;
  let b = Number(after.balance) - balance;
  let f = Number(after.frozen) - frozen;
  const now = m.at ?? nowIso();
  for (const l of m.lines) {
    b += l.balanceChange;
    f += l.frozenChange;
    await tx
      .insertInto('financeLedger')
      .values({ merchantId: m.merchantId, ...l, balanceAfter: b, frozenAfter: f, createdAt: now })
      .execute();
  }
  return true;
}

/** Runs fn in a transaction, or inside the caller's one when it already is a transaction. */
export async function inTx<T>(db: Exec, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<Database>);
  return db.transaction().execute(fn);
}
