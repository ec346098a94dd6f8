import { JINJIAN_STATUS } from '@jz/contracts/jinjian';
import type { WithdrawGate } from '@jz/contracts/finance';
import { business, notFound } from '../../../lib/errors.ts';
import type { App } from '../../types.ts';
import { stateOfMerchant } from '../jinjian/jinjian.service.ts';
import './finance.tables.ts';

/**
 * Whether the merchant may withdraw as far as the payment provider is concerned: payouts go to the account the
 * provider opened (用户进件), so only an onboarded (已开通) merchant can withdraw. The state is brought up to date with
 * the provider first (stateOfMerchant), so an approval the provider has just given is never missed.
 */
export async function onboardingOf(app: App, merchantId: number): Promise<WithdrawGate> {
  const s = await stateOfMerchant(app, merchantId);
  return { status: s.status, withdrawHint: s.status === JINJIAN_STATUS.APPROVED ? null : s.withdrawHint };
}

/**
 * The checks of a withdrawal request before any money moves: the card must be the merchant's (2002, before anything
 * else answers, so nothing leaks about another merchant's card), and the merchant must be onboarded (2004 with why).
 */
export async function assertMayWithdraw(app: App, merchantId: number, bankCardId: number) {
  const card = await app.db
    .selectFrom('bankCard')
    .select('id')
    .where('id', '=', bankCardId)
    .where('merchantId', '=', merchantId)
    .executeTakeFirst();
  if (!card) throw notFound('银行卡不存在');
  const gate = await onboardingOf(app, merchantId);
  if (gate.withdrawHint) throw business(gate.withdrawHint);
}
