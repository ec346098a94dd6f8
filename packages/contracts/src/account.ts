import { z } from 'zod';
import { mainlandPhone, smsCode } from './common.ts';
import { passwordField } from './user.ts';

/** Login names of the 修改账号名 page: a letter first, then letters, digits or _ (4-30). */
export const accountLoginName = z
  .string({ error: '请输入账号名' })
  .trim()
  .regex(/^[a-zA-Z][a-zA-Z0-9_]{3,29}$/, '账号名以字母开头，4-30 位字母、数字或下划线');

export const loginNameEditBody = z.object({ loginName: accountLoginName });

/** 密码登录: login name or phone, and the password. */
export const passwordLoginBody = z.object({
  account: z.string({ error: '请输入账号或手机号' }).trim().min(1, '请输入账号或手机号').max(50, '账号过长'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码最多 64 位'),
});

/** Step 1 of 修改手机号: the code sent to the current phone. Answers a short-lived ticket for step 2. */
export const phoneVerifyOldBody = z.object({ code: smsCode });
export const phoneSendNewBody = z.object({ phone: mainlandPhone });
export const phoneChangeBody = z.object({
  ticket: z.string({ error: '请先验证原手机号' }).min(10, '请先验证原手机号').max(300),
  phone: mainlandPhone,
  code: smsCode,
});

export { passwordField };

/** 我的账号. */
export interface MyAccount {
  id: number;
  loginName: string;
  nickName: string;
  headUrl: string | null;
  /** Masked: 138****0001. */
  phone: string;
  isOwner: boolean;
  hasPassword: boolean;
  merchantId: number | null;
  merchantName: string | null;
  roleNames: string[];
  /** Shops this account may work in; null = every shop of the merchant. */
  shops: { id: number; name: string }[] | null;
  /** This (the latest) sign-in. */
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  lastLoginPlace: string | null;
  /** The sign-in before the current session (time, IP, browser): the 上次登录 the owner checks for strangers. */
  previousSignIn: SignInRecord | null;
  createdAt: string;
}

export interface SignInRecord {
  at: string;
  ip: string | null;
  /** Where the IP is (山西省太原市 联通); null for private addresses or when unknown. */
  place: string | null;
  userAgent: string | null;
}

/** The shared phone mask (mask.ts), re-exported for the account module. */
export { maskPhone } from './mask.ts';
