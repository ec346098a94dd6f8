/**
 * The per-purpose limits measured from outside (docs/security.md; Input: rate limits), each figure printed for
 * docs/security.md: the SMS cost of an attack from one address over many phones (the per-IP cap, across every route
 * that sends a code), one phone from many addresses (resend and hourly caps), SMS code guessing, password guessing
 * (per account and per address) and verification-code (券码) guessing, and the global per-address limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_RULES } from '../../src/modules/auth/sms-code.service.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { api, buildTestApp, expectEvery, loginAs, PHONES, type TestApp } from '../helpers/index.ts';

let t: TestApp;
const figures: string[] = [];
const SEND = 'app/jiazheng/login/sms/sendCode';
const CUSTOMER_SEND = 'app/jiazheng/customer/login/sendCode';
const LOGIN = 'app/jiazheng/login/sms/login';
const PASSWORD = 'app/jiazheng/login/password/login';
const from = (ip: string) => api(t.app, undefined, { remoteAddress: ip });
/** Moves every stored code of a phone back in time, as if `ms` had passed (the limits are rows in sms_code). */
async function age(phone: string, ms: number) {
  const rows = await t.db.selectFrom('smsCode').select(['id', 'createdAt']).where('phone', '=', phone).execute();
  for (const r of rows)
    await t.db
      .updateTable('smsCode')
      .set({ createdAt: new Date(Date.parse(r.createdAt) - ms).toISOString() })
      .where('id', '=', r.id)
      .execute();
}

beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_RATE_LIMIT: 'on' } });
});
afterAll(async () => {
  console.info(`rate limits measured:\n${figures.map((f) => `  - ${f}`).join('\n')}`);
  await t?.close();
});

describe('rate limits, measured', () => {
  it('SMS from one address to 100 different phones (login and customer routes): 30 sent, the rest refused', async () => {
    const ip = '198.51.100.10';
    const codes: number[] = [];
    for (let i = 0; i < 100; i++) {
      const phone = `137${String(10_000_000 + i).slice(-8)}`;
      codes.push((await from(ip).post(i % 2 ? CUSTOMER_SEND : SEND, { phone })).code);
    }
    const sent = codes.filter((c) => c === 200).length;
    expect(sent).toBe(SMS_RULES.perIpHour);
    expectEvery(codes.slice(sent), (c) => c === 2004);
    expect(t.sms.sent.filter((s) => s.phone.startsWith('137')).length).toBe(sent);
    // Another address is not affected.
    expect((await from('198.51.100.11').post(SEND, { phone: '13799999999' })).code).toBe(200);
    figures.push(
      `SMS, one address, 100 phones: ${sent} sent, ${100 - sent} refused (2004); another address still served`,
    );
  });

  it('SMS to one phone from many addresses: one per 60 s, at most 5 an hour', async () => {
    const phone = '13712345678';
    const ip = (i: number) => `203.0.113.${i + 1}`;
    expect((await from(ip(0)).post(SEND, { phone })).code).toBe(200);
    const again = await from(ip(1)).post(SEND, { phone });
    expect(again.code).toBe(2004);
    expect(again.message).toMatch(/秒后再试/);
    let sent = 1;
    for (let i = 2; i < 12; i++) {
      await age(phone, 61_000);
      if ((await from(ip(i)).post(SEND, { phone })).code === 200) sent++;
    }
    expect(sent).toBe(SMS_RULES.perHour);
    figures.push(
      `SMS, one phone, 12 addresses, 61 s apart: ${sent} sent in the hour (resend after 60 s; daily cap ${SMS_RULES.perDay})`,
    );
  });

  it('SMS code guessing: 5 wrong guesses kill the code (the right one is refused after)', async () => {
    const phone = '13787654321';
    expect((await from('192.0.2.50').post(SEND, { phone })).code).toBe(200);
    const right = t.sms.lastCodeFor(phone)!;
    const wrong = right === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 7; i++) answers.push((await from('192.0.2.50').post(LOGIN, { phone, code: wrong })).message);
    expectEvery(answers.slice(0, 4), (m) => /还可尝试/.test(m));
    expectEvery(answers.slice(4), (m) => /错误次数过多/.test(m));
    const late = await from('192.0.2.50').post(LOGIN, { phone, code: right });
    expect(late.code).not.toBe(200);
    const perDay = SMS_RULES.maxAttempts * SMS_RULES.perDay;
    figures.push(
      `SMS code guessing: ${SMS_RULES.maxAttempts} guesses per code, then the right code is refused too; at most ` +
        `${perDay} guesses per phone and day: P(success) <= ${perDay}/10^6 = ${((perDay / 1e6) * 100).toFixed(3)}% a day`,
    );
  });

  it('password guessing: 5 failures lock the account (even the right password), 30 tries per address and hour', async () => {
    const owner = await t.db
      .selectFrom('user')
      .select('id')
      .where('phone', '=', PHONES.ownerB)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('user')
      .set({ passwordHash: await hashPassword('Right-Pass-2026') })
      .where('id', '=', owner.id)
      .execute();
    const ip = '192.0.2.77';
    const answers: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await from(ip).post(PASSWORD, { account: PHONES.ownerB, password: `wrong-${i}-Aa1` });
      answers.push(`${r.status} ${r.message}`);
    }
    expectEvery(answers.slice(0, 5), (a) => /^409 账号或密码错误/.test(a));
    expectEvery(answers.slice(5), (a) => /^429 密码错误次数过多/.test(a));
    expect((await from(ip).post(PASSWORD, { account: PHONES.ownerB, password: 'Right-Pass-2026' })).status).toBe(429);
    // Spraying: one address, many accounts (each guessed once) until the address cap.
    const ip2 = '192.0.2.78';
    let tries = 0;
    for (let i = 0; i < 40; i++) {
      const r = await from(ip2).post(PASSWORD, { account: `spray${i}`, password: 'Password-123' });
      if (r.status === 429) break;
      tries++;
    }
    expect(tries).toBe(30);
    // The lock is per account, not per address: another address is refused too ...
    expect(
      (await from('192.0.2.79').post(PASSWORD, { account: PHONES.ownerB, password: 'Right-Pass-2026' })).status,
    ).toBe(429);
    // ... while another account signs in from there (control).
    await t.db
      .updateTable('user')
      .set({ passwordHash: await hashPassword('Right-Pass-2026') })
      .where('phone', '=', PHONES.subA)
      .execute();
    expect((await from('192.0.2.79').post(PASSWORD, { account: PHONES.subA, password: 'Right-Pass-2026' })).code).toBe(
      200,
    );
    figures.push(
      'password guessing: 5 failures then locked for the hour (the right password too, from any address); ' +
        `spraying from one address: ${tries} tries an hour, then 2004`,
    );
  });

  it('verification-code (券码) guessing: 10 wrong codes per merchant and 10 minutes', async () => {
    const token = await loginAs(t.app, PHONES.ownerA);
    const a = api(t.app, token, { remoteAddress: '192.0.2.90' });
    const codes: number[] = [];
    for (let i = 0; i < 13; i++)
      codes.push(
        (await a.post('app/jiazheng/pay/dingdan/shangjiaYanquan', { code: `9${String(i).padStart(11, '0')}` })).code,
      );
    const refusedAsWrong = codes.filter((c) => c === 2002).length;
    expect(refusedAsWrong).toBe(10);
    expectEvery(codes.slice(10), (c) => c === 2004);
    figures.push(
      `券码 guessing: ${refusedAsWrong} wrong codes per merchant in 10 minutes, then 2004; at most 1440 a day against ` +
        '10^12 twelve-digit codes',
    );
  });

  // The limit is what the environment sets: a shell that changes it cannot measure the default.
  const limitChanged = process.env.RATE_LIMIT === 'off' || Boolean(process.env.RATE_LIMIT_MAX);
  it.skipIf(limitChanged)(
    'global limit: 600 API calls a minute per address (skipped when RATE_LIMIT or RATE_LIMIT_MAX is set)',
    async () => {
      let served = 0;
      for (let i = 0; i < 700; i++) {
        const r = await t.app.inject({ method: 'GET', url: '/tmpl/api/health', remoteAddress: '192.0.2.200' });
        if (r.statusCode === 429) break;
        served++;
      }
      expect(served).toBe(600);
      figures.push(`global: ${served} calls a minute from one address, then HTTP 429 / 2004`);
    },
    60_000,
  );
});
