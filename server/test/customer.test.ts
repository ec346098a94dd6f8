import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { dueNow, specIdOf } from './helpers/order-flow.ts';
import { nextAppointment, pointIn } from './helpers/appointment.ts';

const C = 'app/jiazheng/customer';
const D = 'app/jiazheng/pay/dingdan';
const SIMULATE = new URL('../scripts/simulate.ts', import.meta.url);

let t: TestApp;
let shopId: number;
let goods: { id: number; price: number; minQuantity: number; specId?: number };
let point: { lat?: number; lng?: number } = {};

beforeAll(async () => {
  t = await buildTestApp();
  const shop = await t.db
    .selectFrom('shop')
    .select('id')
    .where('name', '=', '运城洁家家政（总店）')
    .executeTakeFirstOrThrow();
  shopId = shop.id;
  goods = await t.db
    .selectFrom('goods')
    .select(['id', 'price', 'minQuantity'])
    .where('shopId', '=', shopId)
    .where('shelfState', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  goods.specId = await specIdOf(t, goods.id);
  point = await pointIn(t.db, shopId);
});
afterAll(() => t?.close());

/** The customer sign-in through the API: send a code, read it from the recording gateway, log in. */
async function signIn(phone: string, nickname?: string) {
  expect(await api(t.app).post(`${C}/login/sendCode`, { phone })).toMatchObject({ code: 200 });
  const code = t.sms.lastCodeFor(phone)!;
  const r = await api(t.app).post(`${C}/login`, { phone, code, nickname });
  expect(r).toMatchObject({ code: 200 });
  return {
    token: r.result.token as string,
    api: api(t.app, undefined, { headers: { 'x-customer-token': r.result.token } }),
  };
}

const order = (over: Record<string, string | number> = {}) => ({
  goodsId: goods.id,
  specId: goods.specId,
  quantity: Math.max(1, goods.minQuantity),
  customerName: '张女士',
  customerPhone: '13933330001',
  address: '山西省运城市盐湖区客户路 5 号',
  ...point,
  appointmentAt: nextAppointment(),
  ...over,
});

describe('customer sign-in', () => {
  it('signs in by SMS code; a wrong code is refused; the token is needed for every customer call', async () => {
    expect(await api(t.app).post(`${C}/login/sendCode`, { phone: '123' })).toMatchObject({ code: 2001 });
    expect(await api(t.app).post(`${C}/login/sendCode`, { phone: '13933330009' })).toMatchObject({ code: 200 });
    const good = t.sms.lastCodeFor('13933330009')!;
    const wrong = good === '000000' ? '111111' : '000000';
    expect(await api(t.app).post(`${C}/login`, { phone: '13933330009', code: wrong })).toMatchObject({ code: 2001 });
    const ok = await api(t.app).post(`${C}/login`, { phone: '13933330009', code: good, nickname: '小王' });
    expect(ok).toMatchObject({ code: 200, result: { customer: { phone: '13933330009', nickname: '小王' } } });
    // without the header: bad input (2001); with a dead token: 401
    expect(await api(t.app).get(`${C}/order/findAllByPage`)).toMatchObject({ status: 400, code: 2001 });
    const bad = api(t.app, undefined, { headers: { 'x-customer-token': 'x'.repeat(43) } });
    expect(await bad.get(`${C}/order/findAllByPage`)).toMatchObject({ status: 401 });
  });

  it('a console token is not a customer token, and a customer token opens no console route', async () => {
    const ownerToken = await loginAs(t.app, PHONES.ownerA);
    const asCustomer = api(t.app, undefined, { headers: { 'x-customer-token': ownerToken } });
    expect(await asCustomer.get(`${C}/order/findAllByPage`)).toMatchObject({ status: 401 });
    const c = await signIn('13933330008');
    expect(await api(t.app, c.token).get(`${D}/findAllByPage`)).toMatchObject({ status: 401 });
  });
});

describe('order, pay, code', () => {
  it('places an order (10) with the goods snapshot, pays through the sandbox (20) and sees the 12-digit code', async () => {
    const c = await signIn('13933330001');
    const placed = await c.api.post(`${C}/order/add`, order());
    expect(placed).toMatchObject({ code: 200 });
    const id = placed.result.id;
    expect(placed.result.amount).toBe(Number(goods.price) * Math.max(1, goods.minQuantity));
    const before = await c.api.get(`${C}/order/findById/${id}`);
    expect(before.result).toMatchObject({ status: 10, verifyCode: null });
    expect(before.result.payDeadline).toBeTruthy();
    const paid = await c.api.post(`${C}/order/pay`, { id });
    expect(paid).toMatchObject({ code: 200, result: { status: 20 } });
    expect(paid.result.verifyCode).toMatch(/^\d{12}$/);
    const row = await t.db.selectFrom('serviceOrder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.payNo).toMatch(/^SBX/);
    expect(row.verifyCode).toBe(paid.result.verifyCode);
    expect(await c.api.post(`${C}/order/pay`, { id })).toMatchObject({ code: 2004 });
    const mine = await c.api.get(`${C}/order/findAllByPage`);
    expect(mine.result.records.map((o: { id: number }) => o.id)).toContain(id);
  });

  it('another customer cannot see or pay it (2002)', async () => {
    const a = await signIn('13933330002');
    const b = await signIn('13933330003');
    const placed = await a.api.post(`${C}/order/add`, order({ customerPhone: '13933330002' }));
    expect(await b.api.get(`${C}/order/findById/${placed.result.id}`)).toMatchObject({ code: 2002 });
    expect(await b.api.post(`${C}/order/pay`, { id: placed.result.id })).toMatchObject({ code: 2002 });
    expect((await b.api.get(`${C}/order/findAllByPage`)).result.total).toBe(0);
  });

  it('refuses off-shelf goods, a closed or unapproved shop, a past appointment and bad input', async () => {
    const c = await signIn('13933330004');
    expect(await c.api.post(`${C}/order/add`, order({ goodsId: 999999 }))).toMatchObject({ code: 2002 });
    expect(
      await c.api.post(`${C}/order/add`, order({ appointmentAt: new Date(Date.now() - 3600_000).toISOString() })),
    ).toMatchObject({ code: 2004 });
    expect(await c.api.post(`${C}/order/add`, order({ customerPhone: '12345' }))).toMatchObject({ code: 2001 });
    expect(await c.api.post(`${C}/order/add`, order({ quantity: 0 }))).toMatchObject({ code: 2001 });
    expect(await c.api.post(`${C}/order/add`, order({ appointmentAt: 'tomorrow' }))).toMatchObject({ code: 2001 });

    await t.db.updateTable('goods').set({ shelfState: 0 }).where('id', '=', goods.id).execute();
    expect(await c.api.post(`${C}/order/add`, order())).toMatchObject({ code: 2004, message: '商品已下架' });
    await t.db.updateTable('goods').set({ shelfState: 1 }).where('id', '=', goods.id).execute();

    await t.db.updateTable('shop').set({ yingyeState: 0 }).where('id', '=', shopId).execute();
    expect(await c.api.post(`${C}/order/add`, order())).toMatchObject({ code: 2004 });
    await t.db.updateTable('shop').set({ yingyeState: 1, auditStatus: 0 }).where('id', '=', shopId).execute();
    expect(await c.api.post(`${C}/order/add`, order())).toMatchObject({ code: 2004 });
    await t.db.updateTable('shop').set({ auditStatus: 1 }).where('id', '=', shopId).execute();
    expect(await c.api.post(`${C}/order/add`, order())).toMatchObject({ code: 200 });
  });

  it('a merchant cancel refunds the customer; the code disappears once it can no longer be used', async () => {
    const c = await signIn('13933330005');
    const placed = await c.api.post(`${C}/order/add`, order({ customerPhone: '13933330005' }));
    await c.api.post(`${C}/order/pay`, { id: placed.result.id });
    const owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
    expect(await owner.post(`${D}/shangjiaCancel`, { id: placed.result.id, reason: '暂无可用员工' })).toMatchObject({
      code: 200,
    });
    const after = await c.api.get(`${C}/order/findById/${placed.result.id}`);
    expect(after.result).toMatchObject({ status: 70, refundStatus: 2, verifyCode: null });
  });
});

describe('npm run simulate', () => {
  /** Runs server/scripts/simulate.ts (as `npm run simulate` does) against a listening app; answers its output. */
  const simulate = (url: string, env: Record<string, string>) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(SIMULATE)], {
        env: { ...process.env, SIMULATE_URL: url, SIMULATE_INTERVAL_MS: '200', SIMULATE_MAX_SECONDS: '60', ...env },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => resolve({ code, out }));
    });

  it('places and pays orders as customers against a running server, and reviews the ones completed meanwhile', async () => {
    const s = await buildTestApp({ env: { DEMO_SMS_CODE: '123456' } });
    try {
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
      const shop = await s.db
        .selectFrom('shop')
        .select(['id', 'merchantId'])
        .where('name', '=', '运城洁家家政（总店）')
        .executeTakeFirstOrThrow();
      const before = await s.db.selectFrom('serviceOrder').select('id').execute();
      const known = new Set(before.map((o) => o.id));

      const run = await simulate(url, { SIMULATE_ORDERS: '3', SIMULATE_SHOP_ID: String(shop.id) });
      expect(run.code, run.out).toBe(0);
      expect(run.out).toContain('结束：下单 3 单，支付 3 单');
      const made = (
        await s.db.selectFrom('serviceOrder').select(['id', 'status', 'shopId', 'verifyCode', 'employeeId']).execute()
      ).filter((o) => !known.has(o.id));
      expect(made).toHaveLength(3);
      expectEvery(made, (o) => o.shopId === shop.id && o.status === 20);

      // the owner takes, verifies and completes one of them; the next run reviews it
      const owner = api(s.app, await loginAs(s.app, PHONES.ownerA));
      const o = made[0];
      // assignment is by time: the first employee the suggestion list offers for it
      const sug = await owner.get<{ suggestions: { employeeId: number }[] }>('app/jiazheng/paidan/suggest', {
        orderId: o.id,
      });
      expect(sug.result.suggestions.length, JSON.stringify(sug.result)).toBeGreaterThan(0);
      const emp = { id: sug.result.suggestions[0].employeeId };
      expect(await owner.post(`${D}/setYuangong`, { id: o.id, yuangongId: emp.id })).toMatchObject({ code: 200 });
      expect(await owner.post(`${D}/shangjiaYanquan`, { code: o.verifyCode })).toMatchObject({ code: 200 });
      await dueNow(s, o.id);
      expect(await owner.post(`${D}/queren`, { id: o.id })).toMatchObject({ code: 200 });
      // The second run reuses the first run's customer sessions (the server sends one code a minute per phone).
      const again = await simulate(url, { SIMULATE_ORDERS: '1', SIMULATE_SHOP_ID: String(shop.id) });
      expect(again.code, again.out).toBe(0);
      expect(again.out).toMatch(/评价 [1-9]\d* 单/);
      const reviewed = await s.db.selectFrom('serviceOrder').select('status').where('id', '=', o.id).executeTakeFirst();
      expect(reviewed?.status).toBe(60);
      expect(await s.db.selectFrom('review').select('id').where('orderId', '=', o.id).execute()).toHaveLength(1);
    } finally {
      await s.close();
    }
  }, 60_000);
});
