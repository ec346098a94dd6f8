import { z } from 'zod';
import { mainlandPhone, smsCode } from './common.ts';

export const sendCodeBody = z.object({ phone: mainlandPhone });
export const smsLoginBody = z.object({ phone: mainlandPhone, code: smsCode });

export const USER_TYPES = ['platform', 'merchant'] as const;

/** docs/spec-notes.md#records user info, plus what the console needs to decide layout and tenancy (never a password or session). */
export const userInfo = z.object({
  id: z.number().int(),
  nickName: z.string(),
  headUrl: z.string().nullable(),
  loginName: z.string(),
  phone: z.string(),
  roleNameList: z.array(z.string()),
  /** roleNameList joined with ','. */
  roleNames: z.string(),
  userType: z.enum(USER_TYPES),
  merchantId: z.number().int().nullable(),
  isOwner: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** A sign-in's answer: the session token (by design the one answer carrying a secret) and the user info. */
export const loginResult = z.object({ token: z.string(), userInfo });
export type LoginResult = z.infer<typeof loginResult>;

/** docs/spec-notes.md#records shop page init response (declared with the shop contracts, shop.ts initPcResult). */
export type { InitPc } from './shop.ts';

/** The fixed `client` header value of this app (docs/spec-notes.md#calls). */
export { CLIENT_ID } from './client-id.ts';
