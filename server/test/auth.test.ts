import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoginResult } from '@jz/contracts/auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { sha256 } from '../src/lib/crypto.ts';
import { dayjs, TZ } from '../src/lib/time.ts';
import { SMS_RULES } from '../src/modules/auth/sms-code.service.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, smsLogin, type TestApp, waitFor } from './helpers/index.ts';

const SEND = 'app/jiazheng/login/sms/sendCode';
const LOGIN = 'app/jiazheng/login/sms/login';

let t: TestApp;
/** Each test sends from its own address so the per-IP cap of one test never bleeds into another. */
let ipSeq = 0;
let anon: Api;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());
beforeEach(() => {
  anon = api(t.app, undefined, { remoteAddress: `10.1.0.${++ipSeq}` });
});

/** Moves every code of a phone back in time, as if `ms` had passed. */
async function age(phone: string, ms: number) {
  const rows = await t.db
    .selectFrom('smsCode')
    .select(['id', 'createdAt', 'expiresAt'])
    .where('phone', '=', phone)
    .execute();
  for (const r of rows) {
    await t.db
      .updateTable('smsCode')
      .set({
        createdAt: new Date(Date.parse(r.createdAt) - ms).toISOString(),
        expiresAt: new Date(Date.parse(r.expiresAt) - ms).toISOString(),
      })
      .where('id', '=', r.id)
      .execute();
  }
}

/** Rows of codes sent earlier (createdAt given), without going through the API. */
async function pastCodes(phone: string, createdAts: Date[], ip = '10.200.0.1') {
  await t.db
    .insertInto('smsCode')
    .values(
      createdAts.map((d) => ({
        phone,
        purpose: 'login',
        codeHash: 'x',
        expiresAt: new Date(d.getTime() + SMS_RULES.ttlMs).toISOString(),
        attempts: 0,
        usedAt: null,
        ip,
        createdAt: d.toISOString(),
      })),
    )
    .execute();
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function sendAndRead(phone: string) {
  const r = await anon.post(SEND, { phone });
  expect(r, r.message).toMatchObject({ status: 200, code: 200, message: '验证码已发送' });
  const code = t.sms.lastCodeFor(phone)!;
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

describe('sending a code', () => {
  it('refuses a phone that is not a mainland mobile number with 2001', async () => {
    for (const phone of ['12345678901', '1380000000', '138000000011', 'abc', '']) {
      const r = await anon.post(SEND, { phone });
      expect(r, phone).toMatchObject({ status: 400, code: 2001, result: null });
      expect(r.message).toMatch(/手机号/);
    }
    expect(t.sms.sent).toHaveLength(0);
  });

  it('sends a 6-digit code that is stored only as a keyed hash, valid 5 minutes', async () => {
    const phone = '13900000101';
    const code = await sendAndRead(phone);
    const row = await t.db.selectFrom('smsCode').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toBe(sha256(code)); // keyed (HMAC), not a bare hash of a 10^6 space
    const ttl = Date.parse(row.expiresAt) - Date.parse(row.createdAt);
    expect(ttl).toBeGreaterThanOrEqual(SMS_RULES.ttlMs - 1000);
    expect(ttl).toBeLessThanOrEqual(SMS_RULES.ttlMs + 1000);
  });

  it('refuses a resend within 60 s with 2004 / HTTP 429 and says how many seconds to wait', async () => {
    const phone = '13900000102';
    await sendAndRead(phone);
    const again = await anon.post(SEND, { phone });
    expect(again).toMatchObject({ status: 429, code: 2004, result: null });
    expect(again.message).toMatch(/^验证码发送过于频繁，请 (59|60) 秒后再试$/);
    await age(phone, 45_000);
    expect((await anon.post(SEND, { phone })).message).toMatch(/请 1[45] 秒后再试/);
    await age(phone, 16_000);
    expect((await anon.post(SEND, { phone })).code).toBe(200);
    expect(t.sms.sent.filter((s) => s.phone === phone)).toHaveLength(2);
  });

  it('a gateway failure says so (2004) without the provider text, and the phone may try again at once', async () => {
    vi.spyOn(t.sms, 'sendCode').mockRejectedValueOnce(
      new Error('aliyun sms failed: isv.BUSINESS_LIMIT_CONTROL AccessKeySecret=abc'),
    );
    const r = await anon.post(SEND, { phone: '13900000106' });
    expect(r).toMatchObject({ code: 2004, message: '短信发送失败，请稍后再试', result: null });
    expect(r.raw).not.toMatch(/aliyun|AccessKey/);
    // The failed code was not counted: no 60 s wait.
    expect(await anon.post(SEND, { phone: '13900000106' })).toMatchObject({ code: 200 });
  });

  it('allows at most 5 codes an hour per phone', async () => {
    const phone = '13900000103';
    await pastCodes(phone, [50, 40, 30, 20, 10].map(minutesAgo));
    const r = await anon.post(SEND, { phone });
    expect(r).toMatchObject({
      status: 429,
      code: 2004,
      message: '该手机号 1 小时内发送次数已达上限，请 10 分钟后再试',
    });
    expect(t.sms.lastCodeFor(phone)).toBeUndefined();
    // An hour after the oldest, one slot frees up.
    await age(phone, 11 * 60_000);
    expect((await anon.post(SEND, { phone })).code).toBe(200);
  });

  describe('with the clock at noon in Shanghai', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('allows at most 10 codes a Shanghai calendar day per phone', async () => {
      const noon = dayjs().tz(TZ).add(2, 'day').hour(12).minute(0).second(0).millisecond(0);
      vi.useFakeTimers({ toFake: ['Date'], now: noon.toDate() });
      const phone = '13900000104';
      const dayStart = noon.startOf('day');
      // Nine codes this morning, one just before midnight: the day has 9, the cap is not reached.
      await pastCodes(phone, [
        ...Array.from({ length: 9 }, (_, i) =>
          dayStart
            .add(1, 'hour')
            .add(i * 10, 'minute')
            .toDate(),
        ),
        dayStart.subtract(1, 'minute').toDate(),
      ]);
      expect((await anon.post(SEND, { phone })).code).toBe(200);
      vi.setSystemTime(noon.add(2, 'minute').toDate());
      const r = await anon.post(SEND, { phone });
      expect(r).toMatchObject({ status: 429, code: 2004, message: '该手机号今日发送次数已达上限，请明天再试' });
    });
  });

  it('caps codes per IP address (30 an hour)', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < SMS_RULES.perIpHour; i++)
      await pastCodes(`1370000${String(i).padStart(4, '0')}`, [minutesAgo(30)], ip);
    const from = api(t.app, undefined, { remoteAddress: ip });
    const r = await from.post(SEND, { phone: '13900000105' });
    expect(r).toMatchObject({ status: 429, code: 2004, message: '当前网络发送验证码过于频繁，请 1 小时后再试' });
    expect((await anon.post(SEND, { phone: '13900000105' })).code).toBe(200);
  });
});

describe('signing in with the code', () => {
  it('answers a token and the user info; the token opens the API', async () => {
    const code = await sendAndRead(PHONES.ownerA);
    const r = await anon.post<LoginResult>(LOGIN, { phone: PHONES.ownerA, code });
    expect(r).toMatchObject({ status: 200, code: 200, message: '登录成功' });
    const { token, userInfo } = r.result;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(userInfo).toMatchObject({
      phone: PHONES.ownerA,
      nickName: '王洁',
      userType: 'merchant',
      isOwner: true,
      roleNames: '商家主账号',
      roleNameList: ['商家主账号'],
    });
    const session = await t.db
      .selectFrom('session')
      .selectAll()
      .where('tokenHash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(session.revokedAt).toBeNull();
    expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(
      await t.db.selectFrom('session').select('id').where('tokenHash', '=', token).executeTakeFirst(),
    ).toBeUndefined();

    const profile = await api(t.app, token).get('sys/user/findProfile');
    expect(profile).toMatchObject({ code: 200, result: { id: userInfo.id, roleNames: '商家主账号' } });
    const user = await t.db
      .selectFrom('user')
      .select(['lastLoginAt', 'lastLoginIp'])
      .where('id', '=', userInfo.id)
      .executeTakeFirstOrThrow();
    expect(user.lastLoginAt).not.toBeNull();
    expect(user.lastLoginIp).toMatch(/^10\.1\.0\./);
  });

  it('a wrong code answers 2001 with the tries left; the fifth wrong try kills the code', async () => {
    const phone = '13900000201';
    const code = await sendAndRead(phone);
    const wrong = wrongFor(code);
    for (const left of [4, 3, 2, 1]) {
      const r = await anon.post(LOGIN, { phone, code: wrong });
      expect(r).toMatchObject({ status: 400, code: 2001, message: `验证码错误，还可尝试 ${left} 次`, result: null });
    }
    const fifth = await anon.post(LOGIN, { phone, code: wrong });
    expect(fifth).toMatchObject({ code: 2001, message: '验证码错误次数过多，请重新获取' });
    const right = await anon.post(LOGIN, { phone, code });
    expect(right).toMatchObject({ status: 409, code: 2004, message: '验证码错误次数过多，请重新获取' });
    expect(await t.db.selectFrom('user').select('id').where('phone', '=', phone).executeTakeFirst()).toBeUndefined();
  });

  // Each guess reserves a try with a conditional increment, so concurrent guesses cannot exceed the limit.
  it('concurrent wrong guesses still get 5 tries at most', async () => {
    const phone = '13900000207';
    const code = await sendAndRead(phone);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => anon.post(LOGIN, { phone, code: g })));
    expect(answers.filter((r) => r.code === 2001)).toHaveLength(SMS_RULES.maxAttempts);
    const row = await t.db
      .selectFrom('smsCode')
      .select('attempts')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(SMS_RULES.maxAttempts);
  });

  it('a code is single use: of two concurrent logins with it exactly one succeeds', async () => {
    const code = await sendAndRead(PHONES.ownerB);
    const both = await Promise.all([
      anon.post(LOGIN, { phone: PHONES.ownerB, code }),
      anon.post(LOGIN, { phone: PHONES.ownerB, code }),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([200, 2004]);
    expect(both.find((r) => r.code === 2004)!.message).toBe('验证码已失效，请重新获取');
    const again = await anon.post(LOGIN, { phone: PHONES.ownerB, code });
    expect(again).toMatchObject({ status: 409, code: 2004, message: '验证码已失效，请重新获取' });
  });

  it('an expired code is refused', async () => {
    const phone = '13900000202';
    const code = await sendAndRead(phone);
    await t.db
      .updateTable('smsCode')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('phone', '=', phone)
      .execute();
    const r = await anon.post(LOGIN, { phone, code });
    expect(r).toMatchObject({ status: 409, code: 2004, message: '验证码已失效，请重新获取' });
  });

  it('a login without any code sent is refused', async () => {
    const r = await anon.post(LOGIN, { phone: '13900000203', code: '123456' });
    expect(r).toMatchObject({ code: 2004, message: '验证码已失效，请重新获取' });
  });

  it('only the newest code counts', async () => {
    const phone = '13900000204';
    const first = await sendAndRead(phone);
    await age(phone, 61_000);
    const second = await sendAndRead(phone);
    if (first !== second) expect((await anon.post(LOGIN, { phone, code: first })).code).toBe(2001);
    expect((await anon.post(LOGIN, { phone, code: second })).code).toBe(200);
  });

  it('an unknown phone signs up as the owner of a new merchant without a shop', async () => {
    const phone = '13900000205';
    const merchantsBefore = (await t.db.selectFrom('merchant').select('id').execute()).length;
    const r = await smsLogin(t.app, phone);
    expect(r, r.message).toMatchObject({ code: 200 });
    const info = r.result.userInfo;
    expect(info).toMatchObject({
      phone,
      userType: 'merchant',
      isOwner: true,
      roleNames: '商家主账号',
      nickName: '商家0205',
    });
    expect(info.merchantId).toEqual(expect.any(Number));
    expect((await t.db.selectFrom('merchant').select('id').execute()).length).toBe(merchantsBefore + 1);

    const me = api(t.app, r.result.token);
    const init = await me.get('app/jiazheng/page/initPc');
    expect(init).toMatchObject({
      code: 200,
      result: { curDianpu: null, allDianpu: [], shangjiaInfoFuwuCount: 0, isAddFendian: false },
    });
    const menus = await me.get('sys/menu/findUserMenuByTree');
    expect(menus.result[0]).toMatchObject({ name: '首页', routerUrl: '/index' });
    expect(menus.result.map((m: { name: string }) => m.name)).not.toContain('系统管理');

    // Signing in again finds the same user: no second merchant.
    await age(phone, 61_000);
    const again = await smsLogin(t.app, phone);
    expect(again.result.userInfo.id).toBe(info.id);
    expect((await t.db.selectFrom('merchant').select('id').execute()).length).toBe(merchantsBefore + 1);
  });

  it('writes the login to the operation log with the code redacted', async () => {
    const phone = '13900000206';
    const code = await sendAndRead(phone);
    expect((await anon.post(LOGIN, { phone, code })).code).toBe(200);
    const row = await waitFor(() =>
      t.db
        .selectFrom('oplog')
        .selectAll()
        .where('title', '=', '短信登录')
        .where('params', 'like', '%139****0206%')
        .executeTakeFirst(),
    );
    expect(row).toMatchObject({
      type: 'login',
      method: 'POST',
      url: '/tmpl/api/app/jiazheng/login/sms/login',
      success: 1,
    });
    expect(JSON.parse(row.params!)).toEqual({ phone: '139****0206', code: '******' });
    expect(row.params).not.toContain(code);
    expect(row.params).not.toContain(phone);
  });
});

describe('sessions', () => {
  it('a disabled user cannot sign in and its token stops working at once', async () => {
    const token = await loginAs(t.app, PHONES.subA);
    const me = api(t.app, token);
    expect((await me.get('sys/user/findProfile')).code).toBe(200);

    await t.db.updateTable('user').set({ status: 1 }).where('phone', '=', PHONES.subA).execute();
    const refused = await me.get('sys/user/findProfile');
    expect(refused).toMatchObject({ status: 401, code: 401, result: null });

    await age(PHONES.subA, 61_000);
    const code = await sendAndRead(PHONES.subA);
    const login = await anon.post(LOGIN, { phone: PHONES.subA, code });
    expect(login).toMatchObject({ status: 409, code: 2004, message: '该账号已停用，请联系管理员', result: null });
    expect(login.raw).not.toContain('token');
  });

  it('logout revokes the token', async () => {
    const token = (await smsLogin(t.app, '13900000301')).result.token;
    const me = api(t.app, token);
    expect(await me.post('sys/login/logout')).toMatchObject({ status: 200, code: 200, message: '已退出登录' });
    expect(await me.get('sys/user/findProfile')).toMatchObject({
      status: 401,
      code: 401,
      message: '登录已过期，请重新登录',
    });
    expect((await me.post('sys/login/logout')).code).toBe(401);
    const row = await t.db
      .selectFrom('session')
      .select('revokedAt')
      .where('tokenHash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(row.revokedAt).not.toBeNull();
  });

  it('logging out one session leaves the user’s other sessions alone', async () => {
    const a = await loginAs(t.app, PHONES.admin);
    const b = await loginAs(t.app, PHONES.admin, { fresh: true });
    expect(a).not.toBe(b);
    await api(t.app, a).post('sys/login/logout');
    expect((await api(t.app, a).get('sys/user/findProfile')).code).toBe(401);
    expect((await api(t.app, b).get('sys/user/findProfile')).code).toBe(200);
  });

  it('a missing, malformed, unknown or expired token answers 401', async () => {
    const url = '/tmpl/api/sys/user/findProfile';
    const call = (authorization?: string) =>
      t.app
        .inject({ method: 'GET', url, headers: authorization ? { authorization } : {} })
        .then((r) => ({ status: r.statusCode, ...r.json() }));

    expect(await call()).toMatchObject({ status: 401, code: 401, message: '请先登录', result: null });
    expect(await call('Bearer !!')).toMatchObject({ status: 401, code: 401, message: '请先登录' });
    expect(await call('Basic YWRtaW46YWRtaW4=')).toMatchObject({ status: 401, code: 401 });
    expect(await call(`Bearer ${'A'.repeat(43)}`)).toMatchObject({
      status: 401,
      code: 401,
      message: '登录已过期，请重新登录',
    });

    const token = await loginAs(t.app, PHONES.ownerB, { fresh: true });
    expect((await call(`Bearer ${token}`)).code).toBe(200);
    await t.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('tokenHash', '=', sha256(token))
      .execute();
    expect(await call(`Bearer ${token}`)).toMatchObject({ status: 401, code: 401, message: '登录已过期，请重新登录' });
  });
});

describe('DEMO_SMS_CODE', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await buildTestApp({ env: { DEMO_SMS_CODE: '246810' } });
  });
  afterAll(() => demo?.close());

  it('makes every code that value', async () => {
    const d = api(demo.app);
    for (const phone of [PHONES.ownerA, '13900000401']) {
      expect((await d.post(SEND, { phone })).code).toBe(200);
      expect(demo.sms.lastCodeFor(phone)).toBe('246810');
    }
    const r = await d.post<LoginResult>(LOGIN, { phone: PHONES.ownerA, code: '246810' });
    expect(r).toMatchObject({ code: 200, result: { userInfo: { phone: PHONES.ownerA } } });
  });

  it('is refused in production, as is the default secret', () => {
    const secret = 's'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, DEMO_SMS_CODE: '246810' })).toThrow(
      /DEMO_SMS_CODE/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ DEMO_SMS_CODE: '12345' })).toThrow(/6 digits/);
    // A production configuration (real data keys, a real SMS gateway) has no demo code.
    const real = { DATA_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64')}`, SMS_PROVIDER: 'aliyun' };
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, ...real }).DEMO_SMS_CODE).toBeUndefined();
  });

  it('the real start (src/main.ts) exits with the reason before touching the data folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jz-prod-refusal-'));
    try {
      const run = (env: Record<string, string>) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
          cwd: path.resolve(import.meta.dirname, '..'),
          env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: dir, PORT: '0', ...env },
          encoding: 'utf8',
          timeout: 60_000,
        });
      const demoCode = run({ APP_SECRET: 's'.repeat(40), DEMO_SMS_CODE: '123456' });
      expect(demoCode.status).toBe(1);
      expect(demoCode.stderr).toContain('DEMO_SMS_CODE is not allowed in production');
      const defaultSecret = run({});
      expect(defaultSecret.status).toBe(1);
      expect(defaultSecret.stderr).toContain('set a real APP_SECRET in production');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
