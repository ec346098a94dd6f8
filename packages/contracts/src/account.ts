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

/** A sign-in: when, from where (IP and the place found for it) and which browser. */
export const signInRecord = z.object({
  at: z.string(),
  ip: z.string().nullable(),
  /** Where the IP is (山西省太原市 联通); null for private addresses or when unknown. */
  place: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** A shop by id and name (the shops an account may work in). */
export const namedShop = z.object({ id: z.number().int(), name: z.string() });

/** 我的账号. */
export const myAccount = z.object({
  id: z.number().int(),
  /** Masked as well while it is still the phone. */
  loginName: z.string(),
  nickName: z.string(),
  headUrl: z.string().nullable(),
  /** Masked: 138****0001. */
  phone: z.string(),
  isOwner: z.boolean(),
  hasPassword: z.boolean(),
  merchantId: z.number().int().nullable(),
  merchantName: z.string().nullable(),
  roleNames: z.array(z.string()),
  /** Shops this account may work in; null = every shop of the merchant. */
  shops: z.array(namedShop).nullable(),
  /** This (the latest) sign-in. */
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  lastLoginPlace: z.string().nullable(),
  /** The sign-in before the current session (time, IP, browser): the 上次登录 the owner checks for strangers. */
  previousSignIn: signInRecord.nullable(),
  createdAt: z.string(),
});
export type MyAccount = z.infer<typeof myAccount>;

/** 修改手机号 step 1 checked: the ticket (10 minutes, this session) step 2 sends back. */
export const phoneTicketResult = z.object({ ticket: z.string() });

/** The shared phone mask (mask.ts), re-exported for the account module. */
export { maskPhone } from './mask.ts';
