import { SETTLEMENT_STATUS } from '@jz/contracts/finance';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { dayjs, nowIso } from '../../../lib/time.ts';
import { sendMessage } from '../message/message.service.ts';
import { financeRules } from './finance-rules.ts';
import { applyMove, ensureAccount, inTx } from './ledger.ts';
import './finance.tables.ts';

export interface SettlementInput {
  merchantId: number;
  shopId: number;
  orderId: number;
  orderNo: string;
  /** Order pay amount, fen. */
  amount: number;
  /** ISO time the order was confirmed (status 50). */
  completedAt: string;
}

/** Commission of an amount at a percent rate, rounded to the fen (half up). */
export const commissionOf = (amount: number, ratePercent: number) => Math.round((amount * ratePercent) / 100);

/** A settlement's figures as they were written (fen; unfreezeAt ISO). */
export interface SettlementFigures {
  id: number;
  orderAmount: number;
  commission: number;
  /** The merchant's share: orderAmount - commission. */
  amount: number;
  unfreezeAt: string;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
const shanghai = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm');

/**
 * The words for a settlement's figures, used by its ledger entry and by the order's completion message, so both say
 * what was written: "结算 379.05 元（订单金额 399.00 元，扣除平台佣金 19.95 元），冻结至 2026-01-08 10:00".
 */
export function settlementWords(s: Omit<SettlementFigures, 'id'>) {
  const figures = `结算 ${yuan(s.amount)} 元（订单金额 ${yuan(s.orderAmount)} 元，扣除平台佣金 ${yuan(s.commission)} 元）`;
  return s.amount > 0 ? `${figures}，冻结至 ${shanghai(s.unfreezeAt)}` : figures;
}

const FIGURES = ['id', 'orderAmount', 'commission', 'amount', 'unfreezeAt'] as const;
const figuresOf = (r: { id: number; orderAmount: number; commission: number; amount: number; unfreezeAt: string }) => ({
  id: r.id,
  orderAmount: Number(r.orderAmount),
  commission: Number(r.commission),
  amount: Number(r.amount),
  unfreezeAt: r.unfreezeAt,
});

/**
 * Creates the frozen settlement (打款) of a completed order: commission at the platform rate, net = amount -
 * commission, unfreezing T+N days after completedAt. Idempotent per orderId: a second call (or a concurrent one)
 * answers the existing settlement and moves no money. In the same transaction: the account's balance and frozen
 * amount grow by the net and one ledger entry 订单结算 is written. Pass the caller's transaction to make it part of
 * the order's confirmation. Answers the settlement's figures as written (the completion message states them).
 */
export async function createSettlement(
  db: Kysely<Database> | Transaction<Database>,
  input: SettlementInput,
  opts: { now?: string } = {},
): Promise<SettlementFigures> {
  if (!Number.isInteger(input.amount) || input.amount < 0)
    throw new Error('settlement amount must be integer fen >= 0');
  const existing = await db
    .selectFrom('financeSettlement')
    .select(FIGURES)
    .where('orderId', '=', input.orderId)
    .executeTakeFirst();
  if (existing) return figuresOf(existing);
  const rules = await financeRules(db);
  const commission = Math.min(commissionOf(input.amount, rules.commissionRate), input.amount);
  const net = input.amount - commission;
  const completed = dayjs(input.completedAt);
  // T+N Shanghai days = N x 24 h (no daylight saving there); dayjs's add(N, 'day') would follow the server's zone.
  const unfreezeAt = new Date(completed.valueOf() + rules.settleDays * 86_400_000).toISOString();
  return inTx(db, async (tx) => {
    await ensureAccount(tx, input.merchantId);
    const now = opts.now ?? nowIso();
    const row = await tx
      .insertInto('financeSettlement')
      .values({
        merchantId: input.merchantId,
        shopId: input.shopId,
        orderId: input.orderId,
        orderNo: input.orderNo,
        orderAmount: input.amount,
        commissionRate: rules.commissionRate,
        commission,
        amount: net,
        // A zero net (100 % commission, free order) has nothing to freeze.
        status: net > 0 ? 0 : 1,
        completedAt: completed.toISOString(),
        unfreezeAt,
        unfrozenAt: net > 0 ? null : now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('orderId').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      // A concurrent call won the race: answer its settlement, move nothing.
      return figuresOf(
        await tx
          .selectFrom('financeSettlement')
          .select(FIGURES)
          .where('orderId', '=', input.orderId)
          .executeTakeFirstOrThrow(),
      );
    }
    const figures = { id: row.id, orderAmount: input.amount, commission, amount: net, unfreezeAt };
    if (net > 0) {
      await applyMove(tx, {
        merchantId: input.merchantId,
        income: net,
        at: now,
        lines: [
          {
            direction: 1,
            kind: 'settle',
            amount: net,
            balanceChange: net,
            frozenChange: net,
            refType: 'settlement',
            refId: row.id,
            refNo: input.orderNo,
            remark: `订单 ${input.orderNo} ${settlementWords(figures)}`,
          },
        ],
      });
    }
    return figures;
  });
}

/**
 * The unfreeze job: every frozen settlement whose date has come becomes withdrawable. Per settlement, one
 * transaction: the conditional `UPDATE ... WHERE id = ? AND status = 0` claims it (a second instance or a second run
 * updates nothing and skips), then frozen shrinks and one ledger entry 结算解冻 is written. Safe to run concurrently
 * and as often as wanted. Answers how many this call unfroze.
 *
 * In the same transaction, the merchant's users who may work in the settlement's shop get a 结算已解冻 finance
 * message (so it exists once, exactly when the money moved). `messagesRead`: the demo's replayed past, whose messages
 * are created read (dated at the unfreeze), so the demo console does not open on a pile of old unread news.
 */
export async function unfreezeDue(
  db: Kysely<Database>,
  now = nowIso(),
  limit = 500,
  opts: { messagesRead?: boolean } = {},
): Promise<number> {
  const due = await db
    .selectFrom('financeSettlement')
    .select(['id', 'merchantId', 'shopId', 'orderNo', 'amount'])
    .where('status', '=', SETTLEMENT_STATUS.FROZEN)
    .where('unfreezeAt', '<=', now)
    .orderBy('unfreezeAt')
    .limit(limit)
    .execute();
  let done = 0;
  for (const s of due) {
    const moved = await db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('financeSettlement')
        .set({ status: SETTLEMENT_STATUS.UNFROZEN, unfrozenAt: now, updatedAt: now })
        .where('id', '=', s.id)
        .where('status', '=', SETTLEMENT_STATUS.FROZEN)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      await applyMove(tx, {
        merchantId: s.merchantId,
        at: now,
        lines: [
          {
            // frozen -> withdrawable: the balance does not change, so neither income nor expense (docs/ledger.md)
            direction: 3,
            kind: 'unfreeze',
            amount: s.amount,
            balanceChange: 0,
            frozenChange: -s.amount,
            refType: 'settlement',
            refId: s.id,
            refNo: s.orderNo,
            remark: `订单 ${s.orderNo} 结算解冻，转为可提现`,
          },
        ],
      });
      await sendMessage(tx, {
        merchantId: s.merchantId,
        shopId: s.shopId,
        type: 'finance',
        title: '结算已解冻',
        content: `订单 ${s.orderNo} 的结算 ${yuan(s.amount)} 元已解冻，可申请提现`,
        refType: 'settlement',
        refId: s.id,
        at: now,
        read: opts.messagesRead,
      });
      return true;
    });
    if (moved) done++;
  }
  return done;
}

/** The settlement of one order of the merchant (undefined before the order is completed), for the order's detail. */
export function settlementOfOrder(db: DB, merchantId: number, orderId: number) {
  return db
    .selectFrom('financeSettlement')
    .select(['id', 'amount', 'commission', 'status', 'unfreezeAt'])
    .where('orderId', '=', orderId)
    .where('merchantId', '=', merchantId)
    .executeTakeFirst();
}
