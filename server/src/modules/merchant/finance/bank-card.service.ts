import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { blindIndex, blindIndexes, open, seal } from '../../../lib/secret-box.ts';
import type { SecretField } from '../../../lib/secret-rotate.ts';
import { nowIso } from '../../../lib/time.ts';
import { sendMessage } from '../message/message.service.ts';
import { inTx } from './ledger.ts';
import { merchantOwner } from './step-up.service.ts';
import './finance.tables.ts';
import { CARD_HOLD_HOURS, BANK_CARD_STATUS, WITHDRAW_STATUS } from '@jz/contracts/finance';
import { maskBankCard } from '@jz/contracts/mask';

type Exec = Kysely<Database> | Transaction<Database>;

/** A card no owner has confirmed receives no withdrawal for this long after it was bound. */
export const CARD_HOLD_MS = CARD_HOLD_HOURS * 3600_000;

/**
 * Until when withdrawals to a card are held: a card nobody confirmed (bound by a sub-account) for 24 hours after
 * binding; null when it may receive one now (confirmed, or bound long enough ago).
 */
export function holdUntil(card: { confirmedAt: string | null; boundAt: string }, now = nowIso()): string | null {
  if (card.confirmedAt) return null;
  const until = new Date(Date.parse(card.boundAt) + CARD_HOLD_MS).toISOString();
  return until > now ? until : null;
}

/**
 * The card number at rest: sealed (AES-256-GCM, lib/secret-box.ts) with a keyed hash of its digits beside it for the
 * "already bound" check. Sealed by bindCard, opened only by payoutCard: the one place for this table.
 */
export const CARD_NO_FIELD: SecretField = {
  table: 'bankCard',
  column: 'cardNo',
  purpose: 'bankCard.cardNo',
  hash: { column: 'cardNoHash', normalize: (v) => v.replace(/\D/g, '') },
};
const cardNoHash = (digits: string) => blindIndex(CARD_NO_FIELD.purpose, digits);

export interface BindCardInput {
  merchantId: number;
  operatorUserId: number | null;
  bankName: string;
  branchName: string;
  /** 12-digit 联行号. */
  branchCode: string;
  cardNo: string;
  holderName: string;
  /** 1 对私 / 2 对公 */
  cardType: 1 | 2;
  mobile?: string;
  source: 'manual' | 'jinjian';
  /**
   * The merchant owner binding the card: it counts as confirmed at once. Without it a manual card waits 24 hours
   * (holdUntil) unless the owner confirms it; an onboarding (jinjian) card, verified by the provider, is confirmed.
   */
  confirmedBy?: number;
  /** Tell the owner (a finance message, in the same transaction): the routes do; seeds and the onboarding do not. */
  notifyOwner?: boolean;
}

/** "6222 **** **** 1234": the only form of a card number any API answers. */
export function maskCardNo(cardNo: string) {
  return maskBankCard(cardNo.replace(/\D/g, '')); // the shared rule: short cards never show every digit
}

async function operatorName(db: Exec, userId: number | null) {
  if (!userId) return null;
  const u = await db.selectFrom('user').select(['nickName', 'loginName']).where('id', '=', userId).executeTakeFirst();
  return u ? u.nickName || u.loginName : null;
}

/** A finance message to the merchant owner about a change of its payout cards, in the caller's transaction. */
async function tellOwner(tx: Transaction<Database>, merchantId: number, title: string, content: string, at: string) {
  const owner = await merchantOwner(tx, merchantId);
  if (owner) await sendMessage(tx, { userId: owner.id, type: 'finance', title, content, at });
}

/**
 * Binds a bank card to a merchant for withdrawals (payouts). Stores the whole number (payouts need it) and writes a
 * binding record (绑定). Binding the number the merchant already has bound answers that card and records nothing new
 * (`created: false`), so an onboarding approval replayed is harmless. Throws on malformed input (the routes validate
 * with bindCardBody, check the holder and the owner's code first).
 */
export async function bindCard(
  db: Exec,
  input: BindCardInput,
  opts: { now?: string } = {},
): Promise<{ id: number; created: boolean }> {
  const cardNo = input.cardNo.replace(/\s+/g, '');
  if (!/^\d{8,30}$/.test(cardNo)) throw new Error('card number must be 8-30 digits');
  if (!/^\d{12}$/.test(input.branchCode)) throw new Error('branch code must be 12 digits');
  if (input.cardType !== 1 && input.cardType !== 2) throw new Error('card type must be 1 or 2');
  return inTx(db, async (tx) => {
    const same = await tx
      .selectFrom('bankCard')
      .select('id')
      .where('merchantId', '=', input.merchantId)
      .where('cardNoHash', 'in', blindIndexes(CARD_NO_FIELD.purpose, cardNo))
      .where('status', '=', BANK_CARD_STATUS.BOUND)
      .executeTakeFirst();
    if (same) return { id: same.id, created: false };
    const now = opts.now ?? nowIso();
    const masked = maskCardNo(cardNo);
    const confirmed = input.confirmedBy !== undefined || input.source === 'jinjian';
    const card = await tx
      .insertInto('bankCard')
      .values({
        merchantId: input.merchantId,
        bankName: input.bankName.trim(),
        branchName: input.branchName.trim(),
        branchCode: input.branchCode,
        cardNo: seal(CARD_NO_FIELD.purpose, cardNo),
        cardNoHash: cardNoHash(cardNo),
        cardNoMasked: masked,
        holderName: input.holderName.trim(),
        cardType: input.cardType,
        mobile: input.mobile ?? null,
        source: input.source,
        status: BANK_CARD_STATUS.BOUND,
        boundAt: now,
        unboundAt: null,
        confirmedAt: confirmed ? now : null,
        confirmedBy: input.confirmedBy ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const who = await operatorName(tx, input.operatorUserId);
    await tx
      .insertInto('bankCardBinding')
      .values({
        merchantId: input.merchantId,
        bankCardId: card.id,
        action: 1,
        bankName: input.bankName.trim(),
        cardNoMasked: masked,
        holderName: input.holderName.trim(),
        cardType: input.cardType,
        source: input.source,
        operatorUserId: input.operatorUserId,
        operatorName: who,
        createdAt: now,
      })
      .execute();
    if (input.notifyOwner) {
      const what = `${input.bankName.trim()} ${masked}（户名 ${input.holderName.trim()}）`;
      await tellOwner(
        tx,
        input.merchantId,
        '收款银行卡已绑定',
        confirmed
          ? `${who ?? '商户主账号'} 绑定了收款银行卡 ${what}，可用于提现。如非本人操作，请立即解绑该卡并修改密码。`
          : `子账号 ${who ?? ''} 绑定了收款银行卡 ${what}。该卡 ${CARD_HOLD_HOURS} 小时内不能收款；如确为您授权，可在「绑定记录」确认该卡后立即使用；如非您授权，请立即解绑该卡并停用该子账号。`,
        now,
      );
    }
    return { id: card.id, created: true };
  });
}

/**
 * The owner confirms a card a sub-account bound (after the owner's code): withdrawals to it are no longer held.
 * 'missing' when the card is not the merchant's bound card, 'already' when it was confirmed before.
 */
export async function confirmCard(
  db: Kysely<Database>,
  input: { merchantId: number; cardId: number; ownerUserId: number; now?: string },
): Promise<'ok' | 'missing' | 'already'> {
  const card = await db
    .selectFrom('bankCard')
    .select(['id', 'status', 'confirmedAt'])
    .where('id', '=', input.cardId)
    .where('merchantId', '=', input.merchantId)
    .executeTakeFirst();
  if (card?.status !== BANK_CARD_STATUS.BOUND) return 'missing';
  if (card.confirmedAt) return 'already';
  const now = input.now ?? nowIso();
  const r = await db
    .updateTable('bankCard')
    .set({ confirmedAt: now, confirmedBy: input.ownerUserId, updatedAt: now })
    .where('id', '=', card.id)
    .where('status', '=', BANK_CARD_STATUS.BOUND)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? 'ok' : 'already';
}

/**
 * Unbinds a card of the merchant (conditional on it being bound) and records it. Refused while a withdrawal to the
 * card is in review or being paid. Answers false when the card is not the merchant's or is already unbound.
 */
export async function unbindCard(
  db: Kysely<Database>,
  input: { merchantId: number; cardId: number; operatorUserId: number | null; now?: string; notifyOwner?: boolean },
): Promise<'ok' | 'missing' | 'busy'> {
  return db.transaction().execute(async (tx) => {
    const card = await tx
      .selectFrom('bankCard')
      .selectAll()
      .where('id', '=', input.cardId)
      .where('merchantId', '=', input.merchantId)
      .executeTakeFirst();
    if (card?.status !== BANK_CARD_STATUS.BOUND) return 'missing';
    const busy = await tx
      .selectFrom('financeWithdrawal')
      .select('id')
      .where('bankCardId', '=', card.id)
      .where('status', 'in', [WITHDRAW_STATUS.REVIEWING, WITHDRAW_STATUS.PAYING])
      .executeTakeFirst();
    if (busy) return 'busy';
    const now = input.now ?? nowIso();
    const r = await tx
      .updateTable('bankCard')
      .set({ status: BANK_CARD_STATUS.UNBOUND, unboundAt: now, updatedAt: now })
      .where('id', '=', card.id)
      .where('status', '=', BANK_CARD_STATUS.BOUND)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return 'missing';
    const who = await operatorName(tx, input.operatorUserId);
    await tx
      .insertInto('bankCardBinding')
      .values({
        merchantId: card.merchantId,
        bankCardId: card.id,
        action: 2,
        bankName: card.bankName,
        cardNoMasked: card.cardNoMasked,
        holderName: card.holderName,
        cardType: card.cardType,
        source: 'manual',
        operatorUserId: input.operatorUserId,
        operatorName: who,
        createdAt: now,
      })
      .execute();
    if (input.notifyOwner)
      await tellOwner(
        tx,
        card.merchantId,
        '收款银行卡已解绑',
        `${who ?? '商户账号'} 解绑了收款银行卡 ${card.bankName} ${card.cardNoMasked}（户名 ${card.holderName}）。如非本人操作，请及时修改密码。`,
        now,
      );
    return 'ok';
  });
}

/** What a payout needs of a card, the number opened (a value that does not open refuses the payout: SecretError). */
export async function payoutCard(db: Exec, id: number) {
  const card = await db
    .selectFrom('bankCard')
    .select(['id', 'cardNo', 'holderName', 'bankName', 'branchCode', 'cardType'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const { id: _id, ...rest } = card;
  return { ...rest, cardNo: open(CARD_NO_FIELD.purpose, card.cardNo, { table: 'bankCard', id }) };
}
