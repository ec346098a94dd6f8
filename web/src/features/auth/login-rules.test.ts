import '@jz/contracts/zod-locale';
import { mainlandPhone, smsCode } from '@jz/contracts/common';
import { describe, expect, it } from 'vitest';
import { codeCheck, phoneCheck } from './login-rules.ts';

// The login screen checks without zod (budgets: docs/performance-browser.md); these hold it to the schemas the server validates with.
const zodMessage = (schema: typeof mainlandPhone, v: string) => {
  const r = schema.safeParse(v);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('login checks agree with the contracts', () => {
  it.each(['13800000001', ' 13800000001 ', '12800000001', '1380000000', '138000000011', '1380000000a', '', '   '])(
    'phone %j',
    (v) => expect(phoneCheck(v)).toBe(zodMessage(mainlandPhone, v)),
  );
  it.each(['123456', ' 123456', '12345', '1234567', '12a456', ''])('code %j', (v) =>
    expect(codeCheck(v)).toBe(zodMessage(smsCode, v)),
  );
});
