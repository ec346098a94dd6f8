import type { DB } from '../../../db/client.ts';

/** What finance's bindCard takes (server/src/modules/merchant/finance/bank-card.service.ts). */
export interface BindCardInput {
  merchantId: number;
  operatorUserId: number;
  bankName: string;
  branchName: string;
  branchCode: string;
  cardNo: string;
  holderName: string;
  /** 1 对私 / 2 对公 */
  cardType: 1 | 2;
  mobile?: string;
  source: 'jinjian';
}

type BindCard = (db: DB, input: BindCardInput) => Promise<unknown>;

// Finance owns the bank cards. Loaded by path at run time so onboarding works (and says the card is not bound yet)
// on a tree where the finance module is absent.
const FINANCE_SERVICE = '../finance/bank-card.service.ts';
let loaded: Promise<BindCard | null> | undefined;

function financeBindCard(): Promise<BindCard | null> {
  loaded ??= import(/* @vite-ignore */ FINANCE_SERVICE)
    .then((m: { bindCard?: BindCard }) => m.bindCard ?? null)
    .catch(() => null);
  return loaded;
}

/**
 * Makes the approved settlement card the merchant's bound card, inside the caller's transaction. Answers whether it
 * was bound (false when the finance module is not there).
 */
export async function bindSettlementCard(trx: DB, input: BindCardInput): Promise<boolean> {
  const bindCard = await financeBindCard();
  if (!bindCard) return false;
  await bindCard(trx, input);
  return true;
}
