// The login screen's checks, with the contracts' messages (login-rules.test.ts holds them equal to mainlandPhone and
// smsCode) but without zod or antd's Form: the login screen is the smallest download of the app (docs/performance.md; /login
// ≤ 200 KB gzip), zod is 26 KB of it and antd's Form (with its validator, tooltip and grid) 25 KB.

/** A field check: the message to show, or undefined when the value passes. */
export type Check = (value: string) => string | undefined;

export const required =
  (message: string): Check =>
  (v) =>
    v.trim() ? undefined : message;

const pattern =
  (re: RegExp, message: string): Check =>
  (v) =>
    re.test(v.trim()) ? undefined : message;

export const phoneCheck = pattern(/^1[3-9]\d{9}$/, '请输入正确的 11 位手机号');
export const codeCheck = pattern(/^\d{6}$/, '验证码为 6 位数字');
