import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password.ts';
import { api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';

const LOGIN = 'app/jiazheng/login/password/login';
const PW = 'Jiazheng2026';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const hash = await hashPassword(PW);
  await t.db
    .updateTable('user')
    .set({ passwordHash: hash, loginName: 'wangjie' })
    .where('phone', '=', PHONES.ownerA)
    .execute();
  await t.db.updateTable('user').set({ passwordHash: hash }).where('phone', '=', PHONES.ownerB).execute();
  await t.db.updateTable('user').set({ passwordHash: hash }).where('phone', '=', PHONES.subA).execute();
});
afterAll(() => t?.close());

describe('password sign-in', () => {
  it('signs in by login name or by phone; the token works and last sign-in is stored', async () => {
    const byName = await api(t.app).post(LOGIN, { account: 'wangjie', password: PW });
    expect(byName.code, byName.message).toBe(200);
    expect(byName.result.userInfo.phone).toBe(PHONES.ownerA);
    const me = await api(t.app, byName.result.token).get('sys/user/findProfile');
    expect(me.result.loginName).toBe('wangjie');
    const byPhone = await api(t.app).post(LOGIN, { account: PHONES.ownerA, password: PW });
    expect(byPhone.code).toBe(200);
    const u = await t.db
      .selectFrom('user')
      .select('lastLoginAt')
      .where('phone', '=', PHONES.ownerA)
      .executeTakeFirstOrThrow();
    expect(u.lastLoginAt).toBeTruthy();
    expect(byPhone.raw).not.toContain(PW);
  });

  it('refuses bad input (2001) and an account without a password like a wrong one', async () => {
    expect((await api(t.app).post(LOGIN, { account: '', password: PW })).code).toBe(2001);
    expect((await api(t.app).post(LOGIN, { account: 'wangjie' })).code).toBe(2001);
    const noPw = await api(t.app).post(LOGIN, { account: PHONES.admin, password: PW });
    expect(noPw.code).toBe(2004);
    expect(noPw.message).toContain('账号或密码错误');
  });

  it('locks an account after 5 failures; the right password then fails too, SMS still works', async () => {
    const wrong = (account: string) => api(t.app).post(LOGIN, { account, password: 'Wrong12345' });
    const r1 = await wrong(PHONES.ownerB);
    expect(r1.code).toBe(2004);
    expect(r1.message).toContain('还可尝试 4 次');
    for (let i = 0; i < 4; i++) await wrong(PHONES.ownerB);
    const locked = await api(t.app).post(LOGIN, { account: PHONES.ownerB, password: PW });
    expect(locked.status).toBe(429);
    expect(locked.message).toContain('锁定');
    // SMS sign-in still works for the locked account.
    expect(await loginAs(t.app, PHONES.ownerB, { fresh: true })).toBeTruthy();
  });

  it('concurrent guesses cannot exceed the limit', async () => {
    const ip = '10.9.9.9';
    const tries = await Promise.all(
      Array.from({ length: 12 }, () =>
        api(t.app, undefined, { remoteAddress: ip }).post(LOGIN, { account: PHONES.subA, password: 'Guess12345' }),
      ),
    );
    const checked = tries.filter((r) => r.status !== 429).length;
    expect(checked).toBeLessThanOrEqual(5);
    const rows = await t.db
      .selectFrom('loginAttempt')
      .select('id')
      .where('ip', '=', ip)
      .where('success', '=', 0)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect((await api(t.app).post(LOGIN, { account: PHONES.subA, password: PW })).status).toBe(429);
  });

  it('a disabled account is refused even with the right password', async () => {
    const hash = await hashPassword(PW);
    await t.db.updateTable('user').set({ status: 1, passwordHash: hash }).where('phone', '=', PHONES.admin).execute();
    const r = await api(t.app).post(LOGIN, { account: PHONES.admin, password: PW });
    expect(r.code).toBe(2004);
    expect(r.message).toContain('停用');
    await t.db.updateTable('user').set({ status: 0 }).where('phone', '=', PHONES.admin).execute();
  });

  it('an unknown name is limited too, and the per-IP cap holds', async () => {
    const ip = '10.8.8.8';
    let last = await api(t.app, undefined, { remoteAddress: ip }).post(LOGIN, {
      account: 'nobody',
      password: 'x1234567',
    });
    expect(last.code).toBe(2004);
    for (let i = 0; i < 35 && last.status !== 429; i++)
      last = await api(t.app, undefined, { remoteAddress: ip }).post(LOGIN, {
        account: `nobody${i}`,
        password: 'x1234567',
      });
    expect(last.status).toBe(429);
    expect(last.message).toContain('当前网络');
  });
});
