import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { blindIndex, blindIndexes, open, seal } from '../../../lib/secret-box.ts';
import type { SecretField } from '../../../lib/secret-rotate.ts';
import { nowIso } from '../../../lib/time.ts';
import { inTx } from './ledger.ts';
import './finance.tables.ts';
import { maskBankCard } from '@jz/contracts/mask';

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
}

/** "6222 **** **** 1234": the only form of a card number any API answers. */
export function maskCardNo(cardNo: string) {
  return maskBankCard(cardNo.replace(/\D/g, '')); // the shared rule: short cards never show every digit
}

async function operatorName(db: Kysely<Database> | Transaction<Database>, userId: number | null) {
  if (!userId) return null;
  const u = await db.selectFrom('user').select(['nickName', 'loginName']).where('id', '=', userId).executeTakeFirst();
  return u ? u.nickName || u.loginName : null;
}

/**
 * Binds a bank card to a merchant for withdrawals (payouts). Stores the whole number (payouts need it) and writes a
 * binding record (绑定). Binding the number the merchant already has bound answers that card and records nothing new,
 * so an onboarding approval replayed is harmless. Throws on malformed input (the routes validate with bankCardBody).
 */
export async function bindCard(
  db: Kysely<Database> | Transaction<Database>,
  input: BindCardInput,
  opts: { now?: string } = {},
): Promise<{ id: number }> {
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
      .where('status', '=', 1)
      .executeTakeFirst();
    if (same) return same;
    const now = opts.now ?? nowIso();
    const masked = maskCardNo(cardNo);
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
        status: 1,
        boundAt: now,
        unboundAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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
        operatorName: await operatorName(tx, input.operatorUserId),
        createdAt: now,
      })
      .execute();
    return { id: card.id };
  });
}

/**
 * Unbinds a card of the merchant (conditional on it being bound) and records it. Refused while a withdrawal to the
 * card is in review or being paid. Answers false when the card is not the merchant's or is already unbound.
 */
export async function unbindCard(
  db: Kysely<Database>,
  input: { merchantId: number; cardId: number; operatorUserId: number | null; now?: string },
): Promise<'ok' | 'missing' | 'busy'> {
  return db.transaction().execute(async (tx) => {
    const card = await tx
      .selectFrom('bankCard')
      .selectAll()
      .where('id', '=', input.cardId)
      .where('merchantId', '=', input.merchantId)
      .executeTakeFirst();
    if (card?.status !== 1) return 'missing';
    const busy = await tx
      .selectFrom('financeWithdrawal')
      .select('id')
      .where('bankCardId', '=', card.id)
      .where('status', 'in', [10, 20])
      .executeTakeFirst();
    if (busy) return 'busy';
    const now = input.now ?? nowIso();
    const r = await tx
      .updateTable('bankCard')
      .set({ status: 0, unboundAt: now, updatedAt: now })
      .where('id', '=', card.id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return 'missing';
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
        operatorName: await operatorName(tx, input.operatorUserId),
        createdAt: now,
      })
      .execute();
    return 'ok';
  });
}

/** What a payout needs of a card, the number opened (a value that does not open refuses the payout: SecretError). */
export async function payoutCard(db: Kysely<Database> | Transaction<Database>, id: number) {
  const card = await db
    .selectFrom('bankCard')
    .select(['id', 'cardNo', 'holderName', 'bankName', 'branchCode', 'cardType'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const { id: _id, ...rest } = card;
  return { ...rest, cardNo: open(CARD_NO_FIELD.purpose, card.cardNo, { table: 'bankCard', id }) };
}
