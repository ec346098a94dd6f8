import { passwordLoginBody } from '../account.ts';
import { loginResult, sendCodeBody, smsLoginBody } from '../auth.ts';
import { defineContract, noResult } from '../contract.ts';

const login = '/api/app/jiazheng/login';

/**
 * Signing in and out (docs/spec-notes.md#records). The sign-in answers carry the session token by design; no other answer carries a
 * secret (the SMS code goes by SMS only, the database keeps only the token's hash).
 */
export const authApi = {
  sendCode: defineContract({
    method: 'POST',
    path: `${login}/sms/sendCode`,
    summary: '发送登录短信验证码',
    access: { public: true },
    body: sendCodeBody,
    result: noResult,
  }),
  smsLogin: defineContract({
    method: 'POST',
    path: `${login}/sms/login`,
    summary: '短信验证码登录（未注册的手机号自动开通商家账号）',
    access: { public: true },
    oplog: { title: '短信登录', type: 'login' },
    body: smsLoginBody,
    result: loginResult,
  }),
  passwordLogin: defineContract({
    method: 'POST',
    path: `${login}/password/login`,
    summary: '账号或手机号加密码登录',
    access: { public: true },
    oplog: { title: '密码登录', type: 'login' },
    body: passwordLoginBody,
    result: loginResult,
  }),
  logout: defineContract({
    method: 'POST',
    path: '/api/sys/login/logout',
    summary: '退出登录（结束当前会话）',
    access: { signedIn: true },
    oplog: { title: '退出登录', type: 'login' },
    result: noResult,
  }),
};
