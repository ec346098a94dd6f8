import type { Api, ApiResponse, TestApp } from './index.ts';
import type { InjectOptions, Params } from './api.ts';

/**
 * Step-up for money in tests: binding a card and withdrawing need the merchant owner's SMS code. These helpers ask for
 * it through the real route (caiwu/.../sendCode, as the console does) and read what the recording gateway sent.
 * Test files that send more than a few codes build their app with `SMS_RATE_LIMIT: 'off'` (5 codes per phone per hour).
 */
const C = 'app/jiazheng/caiwu';

/** Sends a step-up code; answers the code, or the refusal envelope when the route refused to send one. */
export async function stepUpCode(
  t: Pick<TestApp, 'sms'>,
  as: Api,
  route: 'tixian/sendCode' | 'bangka/sendCode' | 'bangka/queren/sendCode',
  body: Params,
): Promise<{ code: string; phone: string } | { refused: ApiResponse }> {
  const before = t.sms.sent.length;
  const r = await as.post(`${C}/${route}`, body);
  if (r.code !== 200) return { refused: r };
  const sent = t.sms.sent.slice(before).at(-1);
  if (!sent) throw new Error(`${route} answered 200 but no SMS was recorded`);
  return sent;
}

/**
 * tixian/add with a fresh code for this amount and card (one code per call: they are single use). A refusal of the
 * code request (card, hold, minimum, balance, agreements, onboarding) is answered as tixian/add would answer it.
 */
export async function withdrawWithCode(
  t: Pick<TestApp, 'sms'>,
  as: Api,
  body: { amount: number | string; bankCardId: number | string } & Params,
  o?: InjectOptions,
): Promise<ApiResponse> {
  const got = await stepUpCode(t, as, 'tixian/sendCode', { amount: body.amount, bankCardId: body.bankCardId });
  if ('refused' in got) return got.refused;
  return as.post(`${C}/tixian/add`, { ...body, smsCode: got.code }, o);
}

/** bangka/add with a fresh code for this card; a refusal of the code request (holder, onboarding) is answered. */
export async function bindWithCode(t: Pick<TestApp, 'sms'>, as: Api, card: Params): Promise<ApiResponse> {
  const got = await stepUpCode(t, as, 'bangka/sendCode', card);
  if ('refused' in got) return got.refused;
  return as.post(`${C}/bangka/add`, { ...card, smsCode: got.code });
}

/** The demo merchant A's payee names (its approved enterprise onboarding: jinjian.seed.ts). */
export const PAYEE_A = { company: '运城洁家家政服务有限公司', legalRep: '王洁' } as const;
