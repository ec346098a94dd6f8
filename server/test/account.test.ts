import type { MyAccount } from '@jz/contracts/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../src/modules/auth/session.service.ts';
import { type Api, api, buildTestApp, PHONES, sessionFor, type TestApp } from './helpers/index.ts';

const A = 'merchant/account';
const LOGIN = 'app/jiazheng/login/password/login';

let t: TestApp;
let owner: Api;
let other: Api;
let sub: Api;

const code = (phone: string) => t.sms.lastCodeFor(phone) as string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = api(t.app, await sessionFor(t.app, PHONES.ownerA));
  other = api(t.app, await sessionFor(t.app, PHONES.ownerA));
  sub = api(t.app, await sessionFor(t.app, PHONES.subA));
});
afterAll(() => t?.close());

describe('我的账号', () => {
  it('shows the masked phone, merchant, roles and password state; anonymous 401', async () => {
    const r = await owner.get<MyAccount>(`${A}/mine`);
    expect(r.code).toBe(200);
    expect(r.result.phone).toBe('138****0001');
    expect(r.raw).not.toContain(PHONES.ownerA);
    expect(r.result.merchantName).toBe('运城洁家家政');
    expect(r.result.isOwner).toBe(true);
    expect(r.result.hasPassword).toBe(false);
    expect(r.result.roleNames.length).toBeGreaterThan(0);
    expect(r.raw).not.toContain('passwordHash');
    // A sub-account reaches its own account even without the 账号设置 codes.
    const s = await sub.get<MyAccount>(`${A}/mine`);
    expect(s.result.roleNames).toEqual(['店铺运营']);
    expect((await api(t.app).get(`${A}/mine`)).code).toBe(401);
  });
});

describe('上次登录', () => {
  it('is the sign-in before this session, with its time, IP and browser', async () => {
    const b = await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.ownerB).executeTakeFirstOrThrow();
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
    const first = api(t.app, await openSession(t.app, b.id, '203.0.113.7', chrome));
    const second = api(t.app, await openSession(t.app, b.id, '198.51.100.9', 'Firefox/130.0'));
    const r = await second.get<MyAccount>(`${A}/mine`);
    expect(r.result.previousSignIn).toMatchObject({ ip: '203.0.113.7', userAgent: chrome });
    expect(Date.parse(r.result.previousSignIn?.at ?? '')).not.toBeNaN();
    // Seen from the first session, the second one is later: not its 上次登录.
    const f = await first.get<MyAccount>(`${A}/mine`);
    expect(f.result.previousSignIn?.ip).not.toBe('198.51.100.9');
    expect(f.result.previousSignIn?.ip).not.toBe('203.0.113.7');
  });

  it('names the place of a public address (offline ip2region), none for a private one', async () => {
    const b = await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.ownerB).executeTakeFirstOrThrow();
    await openSession(t.app, b.id, '221.205.0.1', 'Chrome/120.0');
    const now = api(t.app, await openSession(t.app, b.id, '192.168.1.8', 'Chrome/120.0'));
    const r = await now.get<MyAccount>(`${A}/mine`);
    expect(r.result.previousSignIn).toMatchObject({ ip: '221.205.0.1', place: expect.stringMatching(/^山西省太原市/) });
    const again = api(t.app, await openSession(t.app, b.id, '10.1.2.3', 'Chrome/120.0'));
    expect((await again.get<MyAccount>(`${A}/mine`)).result.previousSignIn).toMatchObject({
      ip: '192.168.1.8',
      place: null,
    });
  });
});

describe('修改账号名', () => {
  it('checks the format (2001) and uniqueness (2004), then renames', async () => {
    expect((await owner.post(`${A}/edit/loginName`, { loginName: '1abc' })).code).toBe(2001);
    expect((await owner.post(`${A}/edit/loginName`, { loginName: 'ab' })).code).toBe(2001);
    expect((await owner.post(`${A}/edit/loginName`, { loginName: 'wang jie' })).code).toBe(2001);
    expect((await sub.post(`${A}/edit/loginName`, { loginName: 'li_yunying' })).code).toBe(200);
    const taken = await owner.post(`${A}/edit/loginName`, { loginName: 'li_yunying' });
    expect(taken.code).toBe(2004);
    expect(taken.message).toContain('已被使用');
    const ok = await owner.post(`${A}/edit/loginName`, { loginName: 'wangjie_yc' });
    expect(ok.code).toBe(200);
    expect((await owner.get<MyAccount>(`${A}/mine`)).result.loginName).toBe('wangjie_yc');
    expect((await api(t.app).post(`${A}/edit/loginName`, { loginName: 'anon_x' })).code).toBe(401);
  });
});

describe('修改密码', () => {
  it('first password needs an SMS code; strength rule; later changes need the old one; other sessions end', async () => {
    expect((await owner.post('sys/user/edit/password', { newPassword: 'abcdefgh' })).code).toBe(2001);
    expect((await owner.post('sys/user/edit/password', { newPassword: 'Abc12' })).code).toBe(2001);
    expect((await owner.post('sys/user/edit/password', { newPassword: 'Abcd1234' })).code).toBe(2001); // no code
    expect((await owner.post('sys/user/edit/password/sendCode')).code).toBe(200);
    const set = await owner.post('sys/user/edit/password', { newPassword: 'Abcd1234', code: code(PHONES.ownerA) });
    expect(set.code, set.message).toBe(200);
    expect((await other.get(`${A}/mine`)).code).toBe(401);
    expect((await owner.get<MyAccount>(`${A}/mine`)).result.hasPassword).toBe(true);
    expect((await api(t.app).post(LOGIN, { account: 'wangjie_yc', password: 'Abcd1234' })).code).toBe(200);
    const wrongOld = await owner.post('sys/user/edit/password', { oldPassword: 'Nope1234', newPassword: 'Efgh5678' });
    expect(wrongOld.code).toBe(2004);
    const changed = await owner.post('sys/user/edit/password', { oldPassword: 'Abcd1234', newPassword: 'Efgh5678' });
    expect(changed.code).toBe(200);
    expect((await api(t.app).post(LOGIN, { account: PHONES.ownerA, password: 'Efgh5678' })).code).toBe(200);
  });
});

describe('修改手机号', () => {
  const NEW = '13900000021';

  it('needs the old phone code, then a code to a new unused phone; the other sessions end, this one stays', async () => {
    const me = api(t.app, await sessionFor(t.app, PHONES.subA));
    const second = api(t.app, await sessionFor(t.app, PHONES.subA));
    // No ticket: refused.
    expect((await me.post(`${A}/phone/edit`, { ticket: 'x'.repeat(20), phone: NEW, code: '123456' })).code).toBe(2001);
    expect((await me.post(`${A}/phone/sendOld`)).code).toBe(200);
    expect(
      (await me.post(`${A}/phone/verifyOld`, { code: '000000' === code(PHONES.subA) ? '111111' : '000000' })).code,
    ).toBe(2001);
    const v = await me.post<{ ticket: string }>(`${A}/phone/verifyOld`, { code: code(PHONES.subA) });
    expect(v.code, v.message).toBe(200);
    // A used phone cannot be the new one; nor the same one.
    expect((await me.post(`${A}/phone/sendNew`, { phone: PHONES.ownerB })).code).toBe(2004);
    expect((await me.post(`${A}/phone/sendNew`, { phone: PHONES.subA })).code).toBe(2004);
    expect((await me.post(`${A}/phone/sendNew`, { phone: '12345' })).code).toBe(2001);
    expect((await me.post(`${A}/phone/sendNew`, { phone: NEW })).code).toBe(200);
    // Another account cannot use this ticket.
    const stolen = await owner.post(`${A}/phone/edit`, { ticket: v.result.ticket, phone: NEW, code: code(NEW) });
    expect(stolen.code).toBe(2001);
    const wrong = await me.post(`${A}/phone/edit`, {
      ticket: v.result.ticket,
      phone: NEW,
      code: '999999' === code(NEW) ? '888888' : '999999',
    });
    expect(wrong.code).toBe(2001);
    const done = await me.post(`${A}/phone/edit`, { ticket: v.result.ticket, phone: NEW, code: code(NEW) });
    expect(done.code, done.message).toBe(200);
    expect(done.result.phone).toBe(NEW);
    expect((await me.get<MyAccount>(`${A}/mine`)).result.phone).toBe('139****0021');
    expect((await second.get(`${A}/mine`)).code).toBe(401);
    const row = await t.db.selectFrom('user').select(['phone']).where('phone', '=', NEW).executeTakeFirst();
    expect(row).toBeTruthy();
    expect(
      await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.subA).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a ticket from an outsider format is refused; anonymous 401', async () => {
    expect((await api(t.app).post(`${A}/phone/sendOld`)).code).toBe(401);
    expect(
      (
        await owner.post(`${A}/phone/edit`, {
          ticket: `${Date.now() + 60000}.abc`,
          phone: '13900000022',
          code: '123456',
        })
      ).code,
    ).toBe(2001);
    expect(
      (
        await owner.post(`${A}/phone/edit`, {
          ticket: `${Date.now() - 1000}.abc`,
          phone: '13900000022',
          code: '123456',
        })
      ).code,
    ).toBe(2004);
  });
});
