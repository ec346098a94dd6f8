import { BANK_CARD_STATUS, WITHDRAW_STATUS } from '@jz/contracts/finance';
import { sendMessage } from '../message/message.service.ts';
import { randomInt } from 'node:crypto';
import type { Withdrawal } from '@jz/contracts/finance';
import { splitWithdrawal } from '@jz/contracts/withdraw-fee';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { SecretError } from '../../../lib/secret-box.ts';
import { dayjs, nowIso, TZ } from '../../../lib/time.ts';
import { financeRules } from './finance-rules.ts';
import { holdUntil, payoutCard } from './bank-card.service.ts';
import { applyMove, ensureAccount } from './ledger.ts';
import { payoutProvider } from './payout.ts';
import './finance.tables.ts';

type DB = Kysely<Database>;

export const WITHDRAWAL_COLUMNS = [
  'id',
  'withdrawNo',
  'merchantId',
  'bankCardId',
  'bankName',
  'cardNoMasked',
  'holderName',
  'amount',
  'fee',
  'actualAmount',
  'status',
  'auditRemark',
  'auditedAt',
  'failReason',
  'finishedAt',
  'createdAt',
] as const;

const yuan = (fen: number) => (fen / 100).toFixed(2);
/** The refusal of a withdrawal to a card still in its 24-hour hold (the web shows the same words). */
export const holdMessage = (until: string) =>
  `该银行卡由子账号新绑定，${dayjs(until).tz(TZ).format('M月D日 HH:mm')} 前不能提现；商户主账号在「绑定记录」确认该卡后可立即提现`;

const newWithdrawNo = () =>
  `TX${dayjs().tz(TZ).format('YYYYMMDDHHmmss')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

async function findWithdrawal(db: DB, id: number): Promise<Withdrawal | undefined> {
  return db.selectFrom('financeWithdrawal').select(WITHDRAWAL_COLUMNS).where('id', '=', id).executeTakeFirst();
}

const isUniqueViolation = (e: unknown) => /unique|duplicate key/i.test(String((e as Error)?.message ?? e));

export interface WithdrawInput {
  merchantId: number;
  userId: number | null;
  amount: number;
  bankCardId: number;
  /** The Idempotency-Key header: the same key replayed answers the first answer and moves nothing. */
  idemKey?: string;
  /** Default now; the demo seed backdates its history. */
  now?: string;
}

/**
 * A withdrawal request (提现申请). In one transaction: the withdrawal row (审核中), one conditional update of the
 * account (`balance - frozen >= amount`, so concurrent requests never overdraw), the ledger entries 提现 (and
 * 提现手续费 when the platform charges one), and the idempotency record. Money leaves the balance at once and sits in
 * `pendingWithdraw` until the platform pays it or returns it.
 */
export async function requestWithdrawal(db: DB, input: WithdrawInput): Promise<Withdrawal> {
  const fingerprint = fingerprintOf(input);
  if (input.idemKey) {
    const replay = await storedAnswer(db, input.merchantId, input.idemKey, fingerprint);
    if (replay) return replay;
  }
  const rules = await financeRules(db);
  if (input.amount < rules.minWithdraw) throw invalid(`提现金额不能低于 ¥${yuan(rules.minWithdraw)}`);
  const { fee, actualAmount } = splitWithdrawal(input.amount, rules);
  if (actualAmount <= 0) throw invalid('提现金额须大于手续费');
  try {
    return await db.transaction().execute(async (tx) => {
      const card = await tx
        .selectFrom('bankCard')
        .select(['id', 'bankName', 'cardNoMasked', 'holderName', 'status', 'boundAt', 'confirmedAt'])
        .where('id', '=', input.bankCardId)
        .where('merchantId', '=', input.merchantId)
        .executeTakeFirst();
      if (!card) throw notFound('银行卡不存在');
      if (card.status !== BANK_CARD_STATUS.BOUND) throw business('该银行卡已解绑，请选择其他银行卡');
      const now = input.now ?? nowIso();
      const held = holdUntil(card, now);
      if (held) throw business(holdMessage(held));
      await ensureAccount(tx, input.merchantId);
      const w = await tx
        .insertInto('financeWithdrawal')
        .values({
          withdrawNo: newWithdrawNo(),
          merchantId: input.merchantId,
          bankCardId: card.id,
          bankName: card.bankName,
          cardNoMasked: card.cardNoMasked,
          holderName: card.holderName,
          amount: input.amount,
          fee,
          actualAmount,
          status: WITHDRAW_STATUS.REVIEWING,
          applicantUserId: input.userId,
          auditorId: null,
          auditRemark: null,
          auditedAt: null,
          payoutTradeNo: null,
          payoutAttemptAt: null,
          failReason: null,
          finishedAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning(['id', 'withdrawNo'])
        .executeTakeFirstOrThrow();
      const ref = { refType: 'withdrawal' as const, refId: w.id, refNo: w.withdrawNo };
      const moved = await applyMove(tx, {
        merchantId: input.merchantId,
        pending: input.amount,
        guardWithdrawable: input.amount,
        at: now,
        lines: [
          {
            direction: 2,
            kind: 'withdraw',
            amount: actualAmount,
            balanceChange: -actualAmount,
            frozenChange: 0,
            ...ref,
            remark: `申请提现至 ${card.bankName} ${card.cardNoMasked}`,
          },
          ...(fee > 0
            ? [
                {
                  direction: 2 as const,
                  kind: 'fee' as const,
                  amount: fee,
                  balanceChange: -fee,
                  frozenChange: 0,
                  ...ref,
                  remark: `提现 ${w.withdrawNo} 手续费`,
                },
              ]
            : []),
        ],
      });
      if (!moved) throw business('可提现金额不足');
      // The applicant knows (it just did it); the owner and the other withdrawal holders are told: money is leaving.
      const who = input.userId
        ? await tx
            .selectFrom('user')
            .select(['nickName', 'loginName'])
            .where('id', '=', input.userId)
            .executeTakeFirst()
        : undefined;
      await sendMessage(tx, {
        merchantId: input.merchantId,
        type: 'finance',
        title: '提现申请已提交',
        content: `${who?.nickName || who?.loginName || '商户账号'} 申请提现 ${yuan(input.amount)} 元至 ${card.bankName} ${card.cardNoMasked}，等待平台审核。`,
        refType: 'withdrawal',
        refId: w.id,
        at: now,
        causedBy: input.userId,
        selfCaused: 'others',
      });
      const answer = (await tx
        .selectFrom('financeWithdrawal')
        .select(WITHDRAWAL_COLUMNS)
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow()) as Withdrawal;
      if (input.idemKey) {
        await tx
          .insertInto('financeIdempotency')
          .values({
            merchantId: input.merchantId,
            idemKey: input.idemKey,
            fingerprint,
            response: JSON.stringify(answer),
            createdAt: now,
          })
          .execute();
      }
      return answer;
    });
  } catch (err) {
    // The same key raced us and won: its transaction committed first; answer what it answered.
    if (input.idemKey && isUniqueViolation(err)) {
      const replay = await storedAnswer(db, input.merchantId, input.idemKey, fingerprint);
      if (replay) return replay;
    }
    throw err;
  }
}

const fingerprintOf = (w: Pick<WithdrawInput, 'amount' | 'bankCardId'>) => `${w.amount}:${w.bankCardId}`;

/**
 * The answer already given to this Idempotency-Key, when there is one (the same body; another body is refused): the
 * route answers a replay before asking for the step-up code, which the first request used up.
 */
export function replayOf(db: DB, input: Pick<WithdrawInput, 'merchantId' | 'amount' | 'bankCardId'>, key: string) {
  return storedAnswer(db, input.merchantId, key, fingerprintOf(input));
}

/**
 * The checks a withdrawal request can fail before any code is spent on it (requestWithdrawal makes them again, with
 * the balance, in its transaction): a bound card of the merchant out of its hold, an amount above the minimum and the
 * fee and within the withdrawable balance.
 */
export async function precheckWithdrawal(db: DB, input: Pick<WithdrawInput, 'merchantId' | 'amount' | 'bankCardId'>) {
  const card = await db
    .selectFrom('bankCard')
    .select(['status', 'boundAt', 'confirmedAt'])
    .where('id', '=', input.bankCardId)
    .where('merchantId', '=', input.merchantId)
    .executeTakeFirst();
  if (!card) throw notFound('银行卡不存在');
  if (card.status !== BANK_CARD_STATUS.BOUND) throw business('该银行卡已解绑，请选择其他银行卡');
  const held = holdUntil(card);
  if (held) throw business(holdMessage(held));
  const rules = await financeRules(db);
  if (input.amount < rules.minWithdraw) throw invalid(`提现金额不能低于 ¥${yuan(rules.minWithdraw)}`);
  if (splitWithdrawal(input.amount, rules).actualAmount <= 0) throw invalid('提现金额须大于手续费');
  const acc = await db
    .selectFrom('financeAccount')
    .select(['balance', 'frozen'])
    .where('merchantId', '=', input.merchantId)
    .executeTakeFirst();
  if (!acc || acc.balance - acc.frozen < input.amount) throw business('可提现金额不足');
}

async function storedAnswer(db: DB, merchantId: number, key: string, fingerprint: string) {
  const row = await db
    .selectFrom('financeIdempotency')
    .select(['fingerprint', 'response'])
    .where('merchantId', '=', merchantId)
    .where('idemKey', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.fingerprint !== fingerprint) throw business('Idempotency-Key 已用于另一笔不同的提现申请');
  return JSON.parse(row.response) as Withdrawal;
}

/** Returns a withdrawal's whole amount to the balance with one 提现退回 entry, in the caller's transaction. */
async function returnMoney(tx: Transaction<Database>, w: Withdrawal, why: string, at: string) {
  await applyMove(tx, {
    merchantId: w.merchantId,
    at,
    pending: -w.amount,
    lines: [
      {
        direction: 1,
        kind: 'return',
        amount: w.amount,
        balanceChange: w.amount,
        frozenChange: 0,
        refType: 'withdrawal',
        refId: w.id,
        refNo: w.withdrawNo,
        remark: why,
      },
    ],
  });
}

/**
 * Platform review (提现审核). Reject: 审核中 -> 已驳回 and the money comes back (提现退回). Approve: 审核中 -> 打款中
 * (committed first, so a second reviewer cannot approve twice), then the payout provider is called outside any
 * transaction, then 打款中 -> 已到账, or 打款失败 with the money returned. Each step is a conditional update.
 */
export async function reviewWithdrawal(
  db: DB,
  input: { id: number; pass: boolean; remark?: string; auditorId: number; now?: string },
): Promise<Withdrawal> {
  const w = await findWithdrawal(db, input.id);
  if (!w) throw notFound('提现记录不存在');
  const now = input.now ?? nowIso();
  if (!input.pass) {
    await db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('financeWithdrawal')
        .set({
          status: WITHDRAW_STATUS.REJECTED,
          auditorId: input.auditorId,
          auditRemark: input.remark ?? null,
          auditedAt: now,
          finishedAt: now,
          updatedAt: now,
        })
        .where('id', '=', w.id)
        .where('status', '=', WITHDRAW_STATUS.REVIEWING)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw business('该提现已审核，请刷新');
      await returnMoney(tx, w, `提现 ${w.withdrawNo} 被驳回，金额退回：${input.remark ?? ''}`, now);
      await sendMessage(tx, {
        merchantId: w.merchantId,
        type: 'finance',
        title: '提现申请被驳回',
        content: `提现 ${w.withdrawNo}（${yuan(w.amount)} 元）被驳回，金额已退回余额。${input.remark ? `原因：${input.remark}` : ''}`,
        refType: 'withdrawal',
        refId: w.id,
      });
    });
    return (await findWithdrawal(db, w.id)) as Withdrawal;
  }
  const claimed = await db
    .updateTable('financeWithdrawal')
    .set({
      status: WITHDRAW_STATUS.PAYING,
      auditorId: input.auditorId,
      auditRemark: input.remark ?? null,
      auditedAt: now,
      payoutAttemptAt: now,
      updatedAt: now,
    })
    .where('id', '=', w.id)
    .where('status', '=', WITHDRAW_STATUS.REVIEWING)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw business('该提现已审核，请刷新');
  await payOut(db, w.id, now);
  return (await findWithdrawal(db, w.id)) as Withdrawal;
}

/** Pays a withdrawal in 打款中 through the provider and books the outcome. Safe to call again for the same one. */
export async function payOut(db: DB, id: number, at?: string) {
  const w = await findWithdrawal(db, id);
  if (w?.status !== WITHDRAW_STATUS.PAYING) return;
  // A card number that does not open (altered in the database) is never paid to: the money returns (alarm logged).
  const card = await payoutCard(db, w.bankCardId).catch((err) => {
    if (err instanceof SecretError) return null;
    throw err;
  });
  let result: Awaited<ReturnType<ReturnType<typeof payoutProvider>['pay']>>;
  if (!card) result = { ok: false, reason: '收款银行卡信息校验失败，未打款' };
  else
    try {
      result = await payoutProvider().pay({ withdrawNo: w.withdrawNo, amount: w.actualAmount, ...card });
    } catch (err) {
      result = { ok: false, reason: `打款通道异常：${(err as Error).message}` };
    }
  const now = at ?? nowIso();
  await db.transaction().execute(async (tx) => {
    const r = await tx
      .updateTable('financeWithdrawal')
      .set(
        result.ok
          ? { status: WITHDRAW_STATUS.PAID, payoutTradeNo: result.tradeNo, finishedAt: now, updatedAt: now }
          : { status: WITHDRAW_STATUS.FAILED, failReason: result.reason, finishedAt: now, updatedAt: now },
      )
      .where('id', '=', w.id)
      .where('status', '=', WITHDRAW_STATUS.PAYING)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return;
    if (result.ok)
      await applyMove(tx, { merchantId: w.merchantId, pending: -w.amount, withdrawn: w.amount, at: now, lines: [] });
    else await returnMoney(tx, w, `提现 ${w.withdrawNo} 打款失败，金额退回：${result.reason}`, now);
    await sendMessage(tx, {
      merchantId: w.merchantId,
      type: 'finance',
      title: result.ok ? '提现已到账' : '提现打款失败',
      content: result.ok
        ? `提现 ${w.withdrawNo} 已打款 ${yuan(w.actualAmount)} 元，请留意银行到账。`
        : `提现 ${w.withdrawNo} 打款失败（${result.reason}），金额已退回余额。`,
      refType: 'withdrawal',
      refId: w.id,
    });
  });
}

/** A payout attempt older than this without an outcome is retried (the provider deduplicates by withdrawNo). */
export const PAYOUT_RETRY_MS = 10 * 60_000;

/**
 * Recovery: withdrawals left in 打款中 (the process stopped between the approval and the provider's answer) are paid
 * again. Each is claimed first by `UPDATE ... SET payout_attempt_at = now WHERE status = 20 AND payout_attempt_at <
 * cutoff`, so with several instances only one retries it per window. Answers how many it retried.
 */
export async function resumeStuckPayouts(db: DB, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PAYOUT_RETRY_MS).toISOString();
  const stuck = await db
    .selectFrom('financeWithdrawal')
    .select('id')
    .where('status', '=', WITHDRAW_STATUS.PAYING)
    .where((eb) => eb.or([eb('payoutAttemptAt', 'is', null), eb('payoutAttemptAt', '<', cutoff)]))
    .limit(100)
    .execute();
  let n = 0;
  for (const { id } of stuck) {
    const claimed = await db
      .updateTable('financeWithdrawal')
      .set({ payoutAttemptAt: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', WITHDRAW_STATUS.PAYING)
      .where((eb) => eb.or([eb('payoutAttemptAt', 'is', null), eb('payoutAttemptAt', '<', cutoff)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    await payOut(db, id);
    n++;
  }
  return n;
}
