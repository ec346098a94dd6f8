import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoTokens, PHONES, smsLogin, type TestApp } from './helpers/index.ts';
import { freeEmployee } from './helpers/order-flow.ts';
import { S, shopIdOf, staffLogin, staffMember } from './staff-fixture.ts';

/**
 * Staff sign-in and sessions (docs/staff.md "Sessions"): only an active employee's phone signs in; the session ends
 * with 离职, deletion, a move to another merchant and sign-out; staff and console tokens never open the other side;
 * the console's SMS login never makes a merchant of an employee's phone. Both databases.
 */
let t: TestApp;
let shopA: number;
let shopB: number;
let merchantB: number;
let consoleToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  shopA = await shopIdOf(t);
  const b = await t.db
    .selectFrom('shop')
    .innerJoin('user', 'user.merchantId', 'shop.merchantId')
    .select(['shop.id', 'shop.merchantId'])
    .where('user.phone', '=', PHONES.ownerB)
    .orderBy('shop.id')
    .executeTakeFirstOrThrow();
  shopB = b.id;
  merchantB = b.merchantId;
  ({ ownerA: consoleToken } = await demoTokens(t, 'ownerA'));
});
afterAll(() => t?.close());

const me = (a: Api) => a.get(`${S}/me`);

describe('sign-in', () => {
  it('an active employee signs in by SMS code and reaches her calls', async () => {
    const e = await freeEmployee(t, shopA);
    const r = await staffLogin(t, e.phone);
    expect(r).toMatchObject({
      code: 200,
      result: {
        token: expect.any(String),
        expiresAt: expect.any(String),
        alsoMerchantUser: false,
        employee: {
          id: e.id,
          name: e.name,
          shopId: shopA,
          phoneMasked: `${e.phone.slice(0, 3)}****${e.phone.slice(-4)}`,
        },
      },
    });
    // only the hash is stored
    const row = await t.db
      .selectFrom('staffSession')
      .select('tokenHash')
      .where('employeeId', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).not.toBe(r.result.token);
    expect(await me(api(t.app, r.result.token))).toMatchObject({ code: 200, result: { id: e.id } });
  });

  it('an unknown phone gets no code', async () => {
    const r = await api(t.app).post(`${S}/login/sms/sendCode`, { phone: '13712340000' });
    expect(r).toMatchObject({ code: 2004, message: '该手机号不是在职员工，请联系门店确认' });
    expect(t.sms.lastCodeFor('13712340000')).toBeUndefined();
  });

  it('离职 and deleted employees get no code', async () => {
    const gone = await freeEmployee(t, shopA);
    await t.db.updateTable('employee').set({ workState: 0 }).where('id', '=', gone.id).execute();
    expect(await staffLogin(t, gone.phone)).toMatchObject({ code: 2004 });
    const deleted = await freeEmployee(t, shopA);
    await t.db
      .updateTable('employee')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', deleted.id)
      .execute();
    expect(await staffLogin(t, deleted.phone)).toMatchObject({ code: 2004 });
  });

  it('a phone that is also a console user signs in and is told so', async () => {
    const e = await freeEmployee(t, shopA);
    await t.db.updateTable('employee').set({ phone: PHONES.subA }).where('id', '=', e.id).execute();
    const r = await staffLogin(t, PHONES.subA);
    expect(r).toMatchObject({ code: 200, result: { alsoMerchantUser: true, employee: { id: e.id } } });
    await t.db.updateTable('employee').set({ phone: e.phone }).where('id', '=', e.id).execute();
  });

  it('a phone on two merchants’ staff signs in as the most recently updated active employee', async () => {
    const a = await freeEmployee(t, shopA);
    const b = await freeEmployee(t, shopB);
    await t.db
      .updateTable('employee')
      .set({ phone: a.phone, merchantId: merchantB, updatedAt: new Date(Date.now() + 1000).toISOString() })
      .where('id', '=', b.id)
      .execute();
    expect(await staffLogin(t, a.phone)).toMatchObject({ code: 200, result: { employee: { id: b.id } } });
    await t.db.updateTable('employee').set({ workState: 0 }).where('id', '=', b.id).execute();
    await t.db.deleteFrom('smsCode').where('phone', '=', a.phone).execute();
    expect(await staffLogin(t, a.phone)).toMatchObject({ code: 200, result: { employee: { id: a.id } } });
  });

  it('the console login refuses an employee’s phone instead of signing up a merchant', async () => {
    const e = await freeEmployee(t, shopA);
    const merchants = async () =>
      Number(
        (
          await t.db
            .selectFrom('merchant')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await merchants();
    const r = await smsLogin(t.app, e.phone);
    expect(r).toMatchObject({ code: 2004, message: '该手机号是门店员工，请在员工端（/staff/）登录' });
    expect(await merchants()).toBe(before);
    expect(await t.db.selectFrom('user').select('id').where('phone', '=', e.phone).executeTakeFirst()).toBeUndefined();
  });
});

describe('the session ends', () => {
  it('on 离职', async () => {
    const s = await staffMember(t, shopA);
    await t.db.updateTable('employee').set({ workState: 0 }).where('id', '=', s.id).execute();
    expect(await me(s.api)).toMatchObject({ code: 401, status: 401 });
  });
  it('on deletion', async () => {
    const s = await staffMember(t, shopA);
    await t.db.updateTable('employee').set({ deletedAt: new Date().toISOString() }).where('id', '=', s.id).execute();
    expect(await me(s.api)).toMatchObject({ code: 401 });
  });
  it('on a move to another merchant', async () => {
    const s = await staffMember(t, shopA);
    await t.db.updateTable('employee').set({ merchantId: merchantB, shopId: shopB }).where('id', '=', s.id).execute();
    expect(await me(s.api)).toMatchObject({ code: 401 });
  });
  it('on sign-out', async () => {
    const s = await staffMember(t, shopA);
    expect(await s.api.post(`${S}/logout`)).toMatchObject({ code: 200 });
    expect(await me(s.api)).toMatchObject({ code: 401 });
  });
});

describe('token separation', () => {
  it('a console token is refused by every staff call (401)', async () => {
    const c = api(t.app, consoleToken);
    for (const [m, p] of [
      ['get', 'me'],
      ['get', 'jobs'],
      ['get', 'completed'],
      ['post', 'logout'],
    ] as const)
      expect(await c[m](`${S}/${p}`)).toMatchObject({ code: 401, status: 401 });
    expect(await api(t.app).get(`${S}/me`)).toMatchObject({ code: 401 });
  });

  it('a staff token is refused by console calls (401): the console session lookup does not know it', async () => {
    const s = await staffMember(t, shopA);
    const asConsole = api(t.app, s.token);
    expect(await asConsole.get('app/jiazheng/pay/dingdan/findAllByPage')).toMatchObject({ code: 401, status: 401 });
    expect(await asConsole.get('app/jiazheng/paidan/board', { date: '2026-12-01' })).toMatchObject({ code: 401 });
    expect(await asConsole.post('sys/login/logout')).toMatchObject({ code: 401 });
    // and the console still works with its own token
    expect(await api(t.app, consoleToken).get('app/jiazheng/pay/dingdan/findAllByPage')).toMatchObject({ code: 200 });
  });
});
