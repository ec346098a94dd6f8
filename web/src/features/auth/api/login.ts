import type { LoginResult } from '@jz/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export const sendLoginCode = (phone: string) => api.post('/api/app/jiazheng/login/sms/sendCode', { phone });
export const smsLogin = (phone: string, code: string) =>
  api.post<LoginResult>('/api/app/jiazheng/login/sms/login', { phone, code }, { silentSuccess: true });
/** 密码登录: login name or phone + password. */
export const passwordLogin = (account: string, password: string) =>
  api.post<LoginResult>('/api/app/jiazheng/login/password/login', { account, password }, { silentSuccess: true });
