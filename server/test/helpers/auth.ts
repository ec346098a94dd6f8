import type { LoginResult } from '@jz/contracts/auth';
import { openSession } from '../../src/modules/auth/session.service.ts';
import type { RecordingSmsGateway } from '../../src/modules/auth/sms/gateway.ts';
import type { App } from '../../src/modules/types.ts';
import { type Api, type ApiResponse, api } from './api.ts';

/** The demo accounts (docs/decisions.md#demo-data), as seeded by src/startup/seed/demo-accounts.ts. */
export const PHONES = {
  admin: '13800000000',
  ownerA: '13800000001',
  ownerB: '13800000002',
  subA: '13800000003',
} as const;

const SEND = 'app/jiazheng/login/sms/sendCode';
const LOGIN = 'app/jiazheng/login/sms/login';

/** The real sign-in: send a code, read it from the recording gateway, log in. Answers the login envelope. */
export async function smsLogin(app: App, phone: string): Promise<ApiResponse<LoginResult>> {
  const sent = await api(app).post(SEND, { phone });
  if (sent.code !== 200) return sent as ApiResponse<LoginResult>;
  const code = (app.sms as Partial<RecordingSmsGateway>).lastCodeFor?.(phone);
  if (!code) throw new Error(`no SMS recorded for ${phone}: is the app built with buildTestApp()?`);
  return api(app).post<LoginResult>(LOGIN, { phone, code });
}

const tokens = new WeakMap<App, Map<string, string>>();

/**
 * A bearer token for `phone` on this app, cached per app instance. The first call per phone goes through the real
 * SMS sign-in; when that phone cannot get a code right now (the 60 s resend rule, caps) it opens a session directly,
 * as login would. `fresh: true` skips the cache (after a logout or a revoke).
 */
export async function loginAs(app: App, phone: string, opts: { fresh?: boolean } = {}): Promise<string> {
  const perApp = tokens.get(app) ?? new Map<string, string>();
  tokens.set(app, perApp);
  const cached = perApp.get(phone);
  if (cached && !opts.fresh) return cached;

  const res = await smsLogin(app, phone);
  let token: string;
  if (res.code === 200) token = res.result.token;
  else if (res.code === 2004 && res.status === 429) token = await sessionFor(app, phone);
  else throw new Error(`loginAs(${phone}) failed: ${res.code} ${res.message}`);
  perApp.set(phone, token);
  return token;
}

/** Opens a session straight in the database for an existing user (no SMS, no rate limits). */
export async function sessionFor(app: App, phone: string) {
  const user = await app.db.selectFrom('user').select('id').where('phone', '=', phone).executeTakeFirst();
  if (!user) throw new Error(`no user with phone ${phone}`);
  return openSession(app, user.id, '127.0.0.1', 'vitest');
}

export type DemoUser = keyof typeof PHONES;
const ALL: DemoUser[] = ['ownerA', 'ownerB', 'subA', 'admin'];

/**
 * Bearer tokens of the named demo accounts (all four when none is named), signed in one after another in the order
 * given through loginAs: the start of most suites, e.g. `({ ownerA, admin } = await demoTokens(t, 'ownerA', 'admin'))`.
 */
export async function demoTokens<K extends DemoUser = DemoUser>(t: { app: App }, ...who: K[]) {
  const out = {} as Record<K, string>;
  for (const k of who.length ? who : (ALL as K[])) out[k] = await loginAs(t.app, PHONES[k]);
  return out;
}

/** The named demo accounts (all four when none is named) signed in, as API clients: see demoTokens. */
export async function demoUsers<K extends DemoUser = DemoUser>(t: { app: App }, ...who: K[]) {
  const tokens = await demoTokens(t, ...who);
  const out = {} as Record<K, Api>;
  for (const k of Object.keys(tokens) as K[]) out[k] = api(t.app, tokens[k]);
  return out;
}
