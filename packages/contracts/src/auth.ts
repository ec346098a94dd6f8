import { z } from 'zod';
import { mainlandPhone, smsCode } from './common.ts';

export const sendCodeBody = z.object({ phone: mainlandPhone });
export const smsLoginBody = z.object({ phone: mainlandPhone, code: smsCode });

export type UserType = 'platform' | 'merchant';

/** spec §3 user info, plus what the console needs to decide layout and tenancy. */
export interface UserInfo {
  id: number;
  nickName: string;
  headUrl: string | null;
  loginName: string;
  phone: string;
  roleNameList: string[];
  roleNames: string;
  userType: UserType;
  merchantId: number | null;
  isOwner: boolean;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
}

/** spec §3 shop page init response (declared with the shop contracts, shop.ts initPcResult). */
export type { InitPc } from './shop.ts';

/** The fixed `client` header value of this app (spec §7). */
export { CLIENT_ID } from './client-id.ts';
