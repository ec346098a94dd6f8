import { authApi } from '@jz/contracts/api/auth';
import { callContract } from '../../../lib/contract-client.ts';

export const sendLoginCode = (phone: string) => callContract(authApi.sendCode, { body: { phone } });
export const smsLogin = (phone: string, code: string) =>
  callContract(authApi.smsLogin, { body: { phone, code } }, { silentSuccess: true });
/** 密码登录: login name or phone + password. */
export const passwordLogin = (account: string, password: string) =>
  callContract(authApi.passwordLogin, { body: { account, password } }, { silentSuccess: true });
