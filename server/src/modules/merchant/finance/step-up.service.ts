import { STATUS_FLAG } from '@jz/contracts/common';
import { CARD_HOLD_HOURS, type StepUpInfo } from '@jz/contracts/finance';
import { JINJIAN_STATUS, type JinjianGerenBody, type JinjianQiyeBody, JINJIAN_KIND } from '@jz/contracts/jinjian';
import { maskPhone } from '@jz/contracts/mask';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { hmac } from '../../../lib/crypto.ts';
import { AppError, business, invalid, rateLimited } from '../../../lib/errors.ts';
import type { App } from '../../types.ts';
import { consumeCode, issueCode, SMS_RULES } from '../../auth/sms-code.service.ts';
import { latestApplication, stateOfMerchant } from '../jinjian/jinjian.service.ts';

/**
 * Step-up for money (docs/security.md): binding a payout card, confirming one and requesting a withdrawal each need a fresh
 * SMS code sent to the merchant OWNER's phone, whoever asks. The codes are the sign-in codes' rows (sms-code.service:
 * keyed hash, 5 minutes, 5 tries, single use, the same hourly/daily/IP limits), with a purpose that names the action
 * and what it acts on, so a code for one amount, card or account authorises nothing else.
 */
export type StepUpAction =
  | { kind: 'bind'; merchantId: number; cardNo: string; holderName: string; cardType: number }
  | { kind: 'withdraw'; merchantId: number; bankCardId: number; amount: number }
  | { kind: 'confirm'; merchantId: number; cardId: number };

/** Every step-up purpose starts with this (the shared 60 s resend rule counts them together). */
const PREFIX = 'pay:';

/** Names on both sides compared as people type them: full-width brackets and spaces do not make a difference. */
export const sameName = (a: string, b: string) => norm(a) === norm(b);
const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, '');

/**
 * The purpose a code is stored under. A card to bind is named by a keyed hash of its number, holder and type (the
 * number itself never goes into the sms_code table).
 */
export function purposeOf(app: App, a: StepUpAction): string {
  switch (a.kind) {
    case 'bind': {
      const digits = a.cardNo.replace(/\D/g, '');
      const fp = hmac(app.config.APP_SECRET, `stepup-bind|${digits}|${norm(a.holderName)}|${a.cardType}`);
      return `${PREFIX}bind:${a.merchantId}:${fp.slice(0, 24)}`;
    }
    case 'withdraw':
      return `${PREFIX}withdraw:${a.merchantId}:${a.bankCardId}:${a.amount}`;
    case 'confirm':
      return `${PREFIX}confirm:${a.merchantId}:${a.cardId}`;
  }
}

/** The merchant's owner account (the one the codes go to and the card notices reach). */
export async function merchantOwner(db: Kysely<Database> | Transaction<Database>, merchantId: number) {
  return db
    .selectFrom('user')
    .select(['id', 'phone', 'status', 'nickName', 'loginName'])
    .where('merchantId', '=', merchantId)
    .where('userType', '=', 'merchant')
    .where('isOwner', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
}

async function activeOwner(app: App, merchantId: number) {
  const owner = await merchantOwner(app.db, merchantId);
  if (owner?.status !== STATUS_FLAG.ENABLED || !owner.phone)
    throw business('商户主账号不可用，无法发送验证码，请联系平台客服');
  return owner;
}

/**
 * Sends the code of one action to the owner's phone. On top of the sign-in limits, one step-up code per phone per
 * 60 s whatever the action (each amount is its own purpose, so the per-purpose resend rule alone would not hold).
 */
export async function sendStepUpCode(app: App, action: StepUpAction, ip: string): Promise<{ phone: string }> {
  const owner = await activeOwner(app, action.merchantId);
  if (app.config.SMS_RATE_LIMIT !== 'off') {
    const last = await app.db
      .selectFrom('smsCode')
      .select('createdAt')
      .where('phone', '=', owner.phone)
      .where('purpose', 'like', `${PREFIX}%`)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    const wait = last ? Math.ceil((Date.parse(last.createdAt) + SMS_RULES.resendAfterMs - Date.now()) / 1000) : 0;
    if (wait > 0) throw rateLimited(`验证码发送过于频繁，请 ${wait} 秒后再试`);
  }
  await issueCode(app, owner.phone, purposeOf(app, action), ip);
  return { phone: maskPhone(owner.phone) };
}

/**
 * Checks and uses up the code of one action (single use: a second request with the same code is refused). No code:
 * 请输入短信验证码; a wrong, expired, used code or one for another action, amount or card: 验证码错误或已过期.
 */
export async function verifyStepUp(app: App, action: StepUpAction, code: string | undefined) {
  if (!code) throw invalid('请输入短信验证码');
  const owner = await activeOwner(app, action.merchantId);
  try {
    await consumeCode(app, owner.phone, purposeOf(app, action), code);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const left = /还可尝试 (\d+) 次/.exec(err.message)?.[1];
    if (/次数过多/.test(err.message)) throw new AppError(err.code, '验证码错误次数过多，请重新获取');
    throw new AppError(err.code, left ? `验证码错误或已过期，还可尝试 ${left} 次` : '验证码错误或已过期，请重新获取');
  }
}

/**
 * Providers whose enterprise merchants may be paid to the legal representative's own personal card as well as to the
 * company account: Huifu's settlement card types include 对私法人 for enterprises; the sandbox keeps Huifu's rules.
 * Another provider: the company account only.
 */
const LEGAL_REP_PAYOUT: Record<string, boolean> = { huifu: true, sandbox: true };

/** What the approved onboarding (用户进件) lets a merchant be paid to. */
export interface PayeeRule {
  /** 1 个人 / 2 企业 */
  kind: 1 | 2;
  /** The person (个人) or the company (企业) the provider verified. */
  subjectName: string;
  /** The legal representative, when the provider also pays an enterprise to that person's own card. */
  legalName: string | null;
}

/**
 * The payee rule of a merchant, from its approved onboarding (brought up to date with the provider first, as the
 * withdrawal gate does); null when the merchant has not been onboarded.
 */
export async function payeeRuleOf(app: App, merchantId: number): Promise<PayeeRule | null> {
  const state = await stateOfMerchant(app, merchantId);
  if (state.status !== JINJIAN_STATUS.APPROVED) return null;
  const row = await latestApplication(app.db, merchantId);
  if (row?.status !== JINJIAN_STATUS.APPROVED) return null;
  if (row.kind === JINJIAN_KIND.INDIVIDUAL)
    return { kind: 1, subjectName: (JSON.parse(row.detail).body as JinjianGerenBody).name, legalName: null };
  const body = JSON.parse(row.detail).body as JinjianQiyeBody;
  return {
    kind: 2,
    subjectName: body.companyName,
    legalName: LEGAL_REP_PAYOUT[row.provider] ? body.legalName : null,
  };
}

/** The accounts a card may be bound to, as the bind dialog shows them. */
export function payeesOf(rule: PayeeRule | null): StepUpInfo['payees'] {
  if (!rule) return null;
  if (rule.kind === JINJIAN_KIND.INDIVIDUAL) return [{ cardType: 1, holderName: rule.subjectName }];
  return [
    { cardType: 2, holderName: rule.subjectName },
    ...(rule.legalName ? [{ cardType: 1 as const, holderName: rule.legalName }] : []),
  ];
}

/**
 * A card's holder must be the onboarded subject: a personal merchant's own 对私 card; an enterprise's 对公 account in
 * the company's name, or (where the provider allows it) the legal representative's own 对私 card. The refusal names
 * what is expected. No approved onboarding: refused, pointing to 用户进件.
 */
export function assertPayee(rule: PayeeRule | null, holderName: string, cardType: number) {
  if (!rule)
    throw business(
      '尚未完成用户进件，暂不能绑定银行卡：请先在「用户进件」提交资料，审核通过后绑定与进件主体同名的银行卡',
    );
  const ok = payeesOf(rule)?.some((p) => p.cardType === cardType && sameName(p.holderName, holderName));
  if (ok) return;
  if (rule.kind === JINJIAN_KIND.INDIVIDUAL)
    throw business(`开户名须与进件信息一致：个人商户只能绑定进件人「${rule.subjectName}」本人的对私银行卡`);
  throw business(
    rule.legalName
      ? `开户名须与进件信息一致：请绑定户名为「${rule.subjectName}」的对公账户，或法定代表人「${rule.legalName}」本人的对私银行卡`
      : `开户名须与进件信息一致：请绑定户名为「${rule.subjectName}」的对公账户`,
  );
}

/** The step-up facts a page needs before asking for a code. */
export async function stepUpInfo(
  app: App,
  merchantId: number,
  isOwner: boolean,
  withPayees: boolean,
): Promise<StepUpInfo> {
  const owner = await merchantOwner(app.db, merchantId);
  return {
    phone: maskPhone(owner?.phone),
    isOwner,
    holdHours: CARD_HOLD_HOURS,
    payees: withPayees ? payeesOf(await payeeRuleOf(app, merchantId)) : null,
  };
}

/**
 * Whether the newest code of this action was used in the last few seconds: a concurrent twin of the request (same
 * Idempotency-Key, same code) won the code, and its answer is about to be stored.
 */
export async function justUsed(app: App, action: StepUpAction, withinMs = 10_000): Promise<boolean> {
  const owner = await merchantOwner(app.db, action.merchantId);
  if (!owner) return false;
  const row = await app.db
    .selectFrom('smsCode')
    .select('usedAt')
    .where('phone', '=', owner.phone)
    .where('purpose', '=', purposeOf(app, action))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return !!row?.usedAt && Date.parse(row.usedAt) > Date.now() - withinMs;
}
