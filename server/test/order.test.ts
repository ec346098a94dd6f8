import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoAccept, expireUnpaid } from '../src/modules/merchant/order/order-transition.service.ts';
import { type Api, api, buildTestApp, demoUsers, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { customerFor, dueNow, freeEmployee, paidOrder, placedOrder } from './helpers/order-flow.ts';

const D = 'app/jiazheng/pay/dingdan';
const C = 'app/jiazheng/customer';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let shops: { aMain: number; aBranch: number; bMain: number };
let merchants: { a: number; b: number };

const shopByName = (name: string) =>
  t.db.selectFrom('shop').select(['id', 'merchantId']).where('name', '=', name).executeTakeFirstOrThrow();

const orderRow = (id: number) =>
  t.db.selectFrom('serviceOrder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const employee = (id: number) => t.db.selectFrom('employee').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA } = await demoUsers(t, 'ownerA', 'ownerB', 'subA'));
  const [aMain, aBranch, bMain] = [
    await shopByName('运城洁家家政（总店）'),
    await shopByName('运城洁家家政（学苑路分店）'),
    await shopByName('太原安心家政'),
  ];
  shops = { aMain: aMain.id, aBranch: aBranch.id, bMain: bMain.id };
  merchants = { a: aMain.merchantId, b: bMain.merchantId };
});
afterAll(() => t?.close());

/** The rows of an exported workbook's first sheet, read back with exceljs, and the sheet itself. */
async function readXlsx(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { ws, rows };
}

describe('demo orders', () => {
  it('both merchants have orders in every status, with timelines, settlements and reviews made by the real paths', async () => {
    for (const m of [merchants.a, merchants.b]) {
      const rows = await t.db.selectFrom('serviceOrder').select(['id', 'status']).where('merchantId', '=', m).execute();
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set([10, 20, 30, 40, 50, 60, 70]));
      for (const r of rows) {
        const tl = await t.db
          .selectFrom('orderTimeline')
          .select('toStatus')
          .where('orderId', '=', r.id)
          .orderBy('id')
          .execute();
        expect(tl.at(-1)?.toStatus).toBe(r.status);
      }
      const done = rows.filter((r) => r.status === 50 || r.status === 60).map((r) => r.id);
      const settled = await t.db
        .selectFrom('financeSettlement')
        .select('orderId')
        .where('orderId', 'in', done)
        .execute();
      expect(settled).toHaveLength(done.length);
      const reviews = await t.db.selectFrom('review').select('merchantReply').where('merchantId', '=', m).execute();
      expect(reviews.length).toBe(rows.filter((r) => r.status === 60).length);
      expect(reviews.some((r) => r.merchantReply === null)).toBe(true);
      expect(reviews.some((r) => r.merchantReply !== null)).toBe(true);
    }
  });
});

describe('findAllByPage', () => {
  it('lists the current shop with status counts, masks phones and never returns the verification code', async () => {
    const r = await ownerA.get(`${D}/findAllByPage`, { pageSize: 50 });
    expect(r.code).toBe(200);
    expect(r.result.records.length).toBeGreaterThan(0);
    expectEvery(r.result.records, (o: { shopId: number }) => o.shopId === shops.aMain);
    for (const o of r.result.records) expect(o.customerPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(r.raw).not.toMatch(/verifyCode/);
    const codes = await t.db
      .selectFrom('serviceOrder')
      .select('verifyCode')
      .where('merchantId', '=', merchants.a)
      .execute();
    for (const c of codes) expect(r.raw).not.toContain(c.verifyCode);
    expect(r.result.counts.all).toBe(r.result.total);
    const waiting = await ownerA.get(`${D}/findAllByPage`, { status: 20 });
    expect(waiting.result.total).toBe(r.result.counts[20]);
    expectEvery(waiting.result.records, (o: { status: number }) => o.status === 20);
    const all = await ownerA.get(`${D}/findAllByPage`, { shopId: 'all', pageSize: 100 });
    expect(new Set(all.result.records.map((o: { shopId: number }) => o.shopId))).toEqual(
      new Set([shops.aMain, shops.aBranch]),
    );
  });

  it('filters by order number and phone; another merchant sees none of A; bad filters 2001; anonymous 401', async () => {
    const one = await t.db
      .selectFrom('serviceOrder')
      .select(['orderNo', 'customerPhone'])
      .where('shopId', '=', shops.aMain)
      .executeTakeFirstOrThrow();
    const byNo = await ownerA.get(`${D}/findAllByPage`, { orderNo: one.orderNo });
    expect(byNo.result.records.map((o: { orderNo: string }) => o.orderNo)).toEqual([one.orderNo]);
    const byPhone = await ownerA.get(`${D}/findAllByPage`, { customerPhone: one.customerPhone.slice(-4) });
    expect(byPhone.result.total).toBeGreaterThan(0);
    // Another merchant's shop is not found (2002), not an empty list.
    expect(await ownerB.get(`${D}/findAllByPage`, { shopId: shops.aMain })).toMatchObject({ code: 2002 });
    expect(await ownerA.get(`${D}/findAllByPage`, { status: 99 })).toMatchObject({ code: 2001 });
    expect(await ownerA.get(`${D}/findAllByPage`, { startDate: '2024/01/01' })).toMatchObject({ code: 2001 });
    expect(await api(t.app).get(`${D}/findAllByPage`)).toMatchObject({ status: 401, code: 401 });
  });

  it('findById answers the timeline and the full phone to its merchant, 2002 to another', async () => {
    const o = await t.db
      .selectFrom('serviceOrder')
      .select('id')
      .where('shopId', '=', shops.aMain)
      .where('status', '=', 60)
      .executeTakeFirstOrThrow();
    const d = await ownerA.get(`${D}/findById/${o.id}`);
    expect(d.result.timeline.map((x: { toStatus: number }) => x.toStatus)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(d.result.settlement).toMatchObject({ status: expect.any(Number) });
    expect(d.result.review).toMatchObject({ rating: expect.any(Number) });
    expect(d.raw).not.toMatch(/verifyCode/);
    expect(await ownerB.get(`${D}/findById/${o.id}`)).toMatchObject({ code: 2002 });
  });
});

describe('the state machine', () => {
  it('20 -> 30 -> 40 -> 50: assign, verify by code, confirm with a settlement; the employee is busy then free', async () => {
    const o = await paidOrder(t, shops.aMain);
    expect((await orderRow(o.id)).status).toBe(20);
    expect(o.code).toMatch(/^\d{12}$/);
    const e = await freeEmployee(t, shops.aMain);

    const opts = await ownerA.get(`${D}/findYuangong`, { id: o.id });
    expect(opts.result.some((x: { id: number }) => x.id === e.id)).toBe(true);
    expectEvery(opts.result, (x: { workState: number }) => x.workState === 1 || x.workState === 2);

    expect(await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id })).toMatchObject({ code: 200 });
    expect(await orderRow(o.id)).toMatchObject({ status: 30, employeeId: e.id });
    expect((await employee(e.id)).workState).toBe(2);

    expect(await ownerA.post(`${D}/queren`, { id: o.id })).toMatchObject({ code: 2004 });
    const v = await ownerA.post(`${D}/shangjiaYanquan`, { code: o.code });
    expect(v).toMatchObject({ code: 200, result: { order: { id: o.id, status: 40 } } });
    expect(v.raw).not.toContain(o.code);
    expect(await ownerA.post(`${D}/shangjiaYanquan`, { code: o.code })).toMatchObject({
      code: 2004,
      message: '该券码已核销',
    });

    // 确认完成 opens two hours before the appointment (two days ahead here): refused until the visit is due
    const early = await ownerA.post(`${D}/queren`, { id: o.id });
    expect(early).toMatchObject({ code: 2004 });
    expect(early.message).toMatch(
      /^该订单预约 \d\d-\d\d \d\d:\d\d，尚未到服务时间，\d\d-\d\d \d\d:\d\d 起才能确认完成$/,
    );
    expect((await orderRow(o.id)).status).toBe(40);
    await dueNow(t, o.id);
    const done = await ownerA.post(`${D}/queren`, { id: o.id });
    expect(done).toMatchObject({ code: 200 });
    const row = await orderRow(o.id);
    expect(row.status).toBe(50);
    const s = await t.db.selectFrom('financeSettlement').selectAll().where('orderId', '=', o.id).execute();
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ merchantId: merchants.a, orderAmount: row.payAmount, status: 0 });
    expect(Number(s[0].amount) + Number(s[0].commission)).toBe(row.payAmount);
    const after = await employee(e.id);
    expect(after.workState).toBe(1);
    expect(after.completedOrders).toBe(e.completedOrders + 1);
    expect(await ownerA.post(`${D}/queren`, { id: o.id })).toMatchObject({ code: 2004 });

    const tl = await t.db
      .selectFrom('orderTimeline')
      .select('toStatus')
      .where('orderId', '=', o.id)
      .orderBy('id')
      .execute();
    expect(tl.map((x) => x.toStatus)).toEqual([10, 20, 30, 40, 50]);
    const msgs = await t.db
      .selectFrom('message')
      .select('title')
      .where('refType', '=', 'order')
      .where('refId', '=', o.id)
      .where(
        'userId',
        '=',
        (await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.ownerA).executeTakeFirstOrThrow()).id,
      )
      .execute();
    // The owner accepted, verified and confirmed itself, so it hears only of the customer's payment (its
    // colleagues' messages: test/self-messages.test.ts)
    expect(msgs.map((m) => m.title)).toEqual(['新订单']);
  });

  it('re-assigns at 30 (the old employee is freed); refuses an employee on leave, resigned or of another shop', async () => {
    const o = await paidOrder(t, shops.aMain, { phone: '13911110002' });
    const [e1, e2] = [await freeEmployee(t, shops.aMain), await freeEmployee(t, shops.aMain)];
    // 休假 is a dated leave (the seed's 休假 employee has one from now for 7 days).
    const onLeave = await t.db
      .selectFrom('employee')
      .innerJoin('employeeLeave', 'employeeLeave.employeeId', 'employee.id')
      .select('employee.id')
      .where('employee.shopId', '=', shops.aMain)
      .executeTakeFirstOrThrow();
    const resigned = await t.db
      .selectFrom('employee')
      .select('id')
      .where('merchantId', '=', merchants.a)
      .where('workState', '=', 0)
      .executeTakeFirstOrThrow();
    const branchEmp = await t.db
      .selectFrom('employee')
      .select('id')
      .where('shopId', '=', shops.aBranch)
      .where('workState', 'in', [1, 2])
      .executeTakeFirstOrThrow();
    const bEmp = await t.db
      .selectFrom('employee')
      .select('id')
      .where('merchantId', '=', merchants.b)
      .executeTakeFirstOrThrow();

    // by time (dispatch/assign.ts): the demo's 休假 employee keeps its stored state, refused as such
    expect(await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: onLeave.id })).toMatchObject({
      code: 2004,
      message: expect.stringMatching(/休假/),
    });
    expect(await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: resigned.id })).toMatchObject({ code: 2004 });
    expect(await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: branchEmp.id })).toMatchObject({ code: 2004 });
    expect(await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: bEmp.id })).toMatchObject({ code: 2002 });
    expect((await orderRow(o.id)).status).toBe(20);

    await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e1.id });
    expect(await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e1.id })).toMatchObject({ code: 2004 });
    expect(await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e2.id })).toMatchObject({ code: 200 });
    expect(await orderRow(o.id)).toMatchObject({ status: 30, employeeId: e2.id });
    expect((await employee(e1.id)).workState).toBe(1);
    expect((await employee(e2.id)).workState).toBe(2);

    // cancel at 30: refunded, the employee freed
    expect(await ownerA.post(`${D}/shangjiaCancel`, { id: o.id, reason: '客户改期' })).toMatchObject({ code: 200 });
    expect(await orderRow(o.id)).toMatchObject({ status: 70, refundStatus: 2, cancelReason: '客户改期' });
    expect((await employee(e2.id)).workState).toBe(1);
    expect(await ownerA.post(`${D}/shangjiaCancel`, { id: o.id, reason: '再取消一次' })).toMatchObject({ code: 2004 });
    expect(await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e1.id })).toMatchObject({ code: 2004 });
  });

  it('another merchant can touch none of it: 2002 and nothing changes', async () => {
    const o = await paidOrder(t, shops.aMain, { phone: '13911110003' });
    const bEmp = await freeEmployee(t, shops.bMain);
    expect(await ownerB.post(`${D}/setYuangong`, { id: o.id, yuangongId: bEmp.id })).toMatchObject({ code: 2002 });
    expect(await ownerB.post(`${D}/shangjiaCancel`, { id: o.id, reason: '越权取消' })).toMatchObject({ code: 2002 });
    expect(await ownerB.post(`${D}/shangjiaYanquan`, { code: o.code })).toMatchObject({ code: 2002 });
    expect(await ownerB.post(`${D}/queren`, { id: o.id })).toMatchObject({ code: 2002 });
    expect(await ownerB.get(`${D}/findYuangong`, { id: o.id })).toMatchObject({ code: 2002 });
    expect(await orderRow(o.id)).toMatchObject({ status: 20, employeeId: null, refundStatus: 0 });
    expect((await employee(bEmp.id)).workState).toBe(1);
  });

  it('bad input 2001, platform users 301, anonymous 401', async () => {
    expect(await ownerA.post(`${D}/shangjiaYanquan`, { code: '12345678901' })).toMatchObject({
      status: 400,
      code: 2001,
    });
    expect(await ownerA.post(`${D}/shangjiaYanquan`, { code: 'abcdefghijkl' })).toMatchObject({ code: 2001 });
    expect(await ownerA.post(`${D}/shangjiaCancel`, { id: 1 })).toMatchObject({ code: 2001 });
    expect(await ownerA.post(`${D}/setYuangong`, { id: 'x', yuangongId: 1 })).toMatchObject({ code: 2001 });
    const admin = api(t.app, await loginAs(t.app, PHONES.admin));
    expect(await admin.post(`${D}/queren`, { id: 1 })).toMatchObject({ code: 301 });
    expect(await api(t.app).post(`${D}/queren`, { id: 1 })).toMatchObject({ status: 401 });
    expect(await api(t.app).post(`${D}/stream/ticket`)).toMatchObject({ status: 401 });
  });

  it('a role without the order buttons gets 301 and changes nothing', async () => {
    const o = await paidOrder(t, shops.aMain, { phone: '13911110004' });
    const role = await t.db
      .selectFrom('userRole')
      .innerJoin('user', 'user.id', 'userRole.userId')
      .select('userRole.roleId')
      .where('user.phone', '=', PHONES.subA)
      .executeTakeFirstOrThrow();
    const buttons = await t.db
      .selectFrom('menu')
      .select('id')
      .where('perms', 'in', [
        'merchant:order:assign',
        'merchant:order:cancel',
        'merchant:order:verify',
        'merchant:order:export',
      ])
      .execute();
    await t.db
      .deleteFrom('roleMenu')
      .where('roleId', '=', role.roleId)
      .where(
        'menuId',
        'in',
        buttons.map((b) => b.id),
      )
      .execute();
    const e = await freeEmployee(t, shops.aMain);
    expect(await subA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id })).toMatchObject({
      status: 403,
      code: 301,
    });
    expect(await subA.post(`${D}/shangjiaCancel`, { id: o.id, reason: '无权取消' })).toMatchObject({ code: 301 });
    expect(await subA.post(`${D}/shangjiaYanquan`, { code: o.code })).toMatchObject({ code: 301 });
    expect(await subA.post(`${D}/export`, {})).toMatchObject({ code: 301 });
    expect(await orderRow(o.id)).toMatchObject({ status: 20 });
    expect(await subA.get(`${D}/findAllByPage`)).toMatchObject({ code: 200 });
  });
});

describe('every refusal of the state machine (domain.md)', () => {
  // Which calls each status accepts; every other call in that status is refused with 2004 and changes nothing.
  const ALLOWED: Record<string, number[]> = {
    pay: [10],
    setYuangong: [20, 30],
    shangjiaCancel: [20, 30],
    shangjiaYanquan: [30],
    queren: [40],
    pingjia: [50],
  };

  it('each call in each status it does not accept: 2004 naming the state, the order untouched', async () => {
    const e = await freeEmployee(t, shops.aMain);
    for (const status of [10, 20, 30, 40, 50, 60, 70]) {
      const o = await t.db
        .selectFrom('serviceOrder')
        .innerJoin('customer', 'customer.id', 'serviceOrder.customerId')
        .select(['serviceOrder.id', 'serviceOrder.verifyCode', 'customer.phone'])
        .where('serviceOrder.shopId', '=', shops.aMain)
        .where('serviceOrder.status', '=', status)
        .orderBy('serviceOrder.id')
        .executeTakeFirstOrThrow();
      const before = await orderRow(o.id);
      const c = await customerFor(t, o.phone);
      const calls: Record<string, () => Promise<{ code: number; message: string }>> = {
        pay: () => c.api.post(`${C}/order/pay`, { id: o.id }),
        setYuangong: () => ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id }),
        shangjiaCancel: () => ownerA.post(`${D}/shangjiaCancel`, { id: o.id, reason: '状态机测试' }),
        shangjiaYanquan: () => ownerA.post(`${D}/shangjiaYanquan`, { code: o.verifyCode }),
        queren: () => ownerA.post(`${D}/queren`, { id: o.id }),
        pingjia: () => c.api.post(`${C}/order/pingjia`, { id: o.id, rating: 5, content: '状态机测试' }),
      };
      for (const [name, call] of Object.entries(calls)) {
        if (ALLOWED[name].includes(status)) continue;
        const r = await call();
        expect(r, `${name} at ${status}: ${r.message}`).toMatchObject({ code: 2004 });
        expect(r.message, `${name} at ${status}`).toMatch(/状态|券码已核销|尚未接单/);
      }
      expect(await orderRow(o.id), `status ${status}`).toEqual(before);
    }
    expect((await employee(e.id)).workState).toBe(1);
  });
});

describe('verification rate limit', () => {
  it('counts wrong codes per merchant in the database: after 10 misses even the right code waits', async () => {
    // start from a clean window (earlier tests let B guess A's code once)
    await t.db.deleteFrom('verifyAttempt').where('merchantId', '=', merchants.b).execute();
    const o = await paidOrder(t, shops.bMain, { phone: '13911110005' });
    const e = await freeEmployee(t, shops.bMain);
    await ownerB.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id });
    for (let i = 0; i < 10; i++) {
      const wrong = String(100000000000 + i);
      const r = await ownerB.post(`${D}/shangjiaYanquan`, { code: wrong });
      expect(r, `${i}: ${r.message}`).toMatchObject({ code: 2002 });
    }
    expect(await ownerB.post(`${D}/shangjiaYanquan`, { code: o.code })).toMatchObject({ status: 429, code: 2004 });
    expect((await orderRow(o.id)).status).toBe(30);
    // merchant A is not affected by B's misses
    const a = await paidOrder(t, shops.aMain, { phone: '13911110006' });
    const ea = await freeEmployee(t, shops.aMain);
    await ownerA.post(`${D}/setYuangong`, { id: a.id, yuangongId: ea.id });
    expect(await ownerA.post(`${D}/shangjiaYanquan`, { code: a.code })).toMatchObject({ code: 200 });
    // once the window has passed the code works
    await t.db
      .updateTable('verifyAttempt')
      .set({ createdAt: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('merchantId', '=', merchants.b)
      .execute();
    expect(await ownerB.post(`${D}/shangjiaYanquan`, { code: o.code })).toMatchObject({ code: 200 });
    const hist = await ownerB.get(`${D}/yanquan/findAllByPage`);
    expect(hist.result.records[0]).toMatchObject({ id: o.id, status: 40 });
  });
});

describe('list filters', () => {
  it('验券记录 searches by order number, phone and verification date; bad dates 2001', async () => {
    const all = await ownerA.get(`${D}/yanquan/findAllByPage`, { shopId: 'all', pageSize: 100 });
    expect(all.result.total).toBeGreaterThan(0);
    const one = all.result.records[0] as { orderNo: string; verifiedAt: string };
    const byNo = await ownerA.get(`${D}/yanquan/findAllByPage`, { shopId: 'all', orderNo: one.orderNo });
    expect(byNo.result.records.map((o: { orderNo: string }) => o.orderNo)).toEqual([one.orderNo]);
    const row = await t.db
      .selectFrom('serviceOrder')
      .select('customerPhone')
      .where('orderNo', '=', one.orderNo)
      .executeTakeFirstOrThrow();
    const byPhone = await ownerA.get(`${D}/yanquan/findAllByPage`, {
      shopId: 'all',
      customerPhone: row.customerPhone.slice(-4),
    });
    expect(byPhone.result.records.map((o: { orderNo: string }) => o.orderNo)).toContain(one.orderNo);
    const old = await ownerA.get(`${D}/yanquan/findAllByPage`, {
      shopId: 'all',
      startDate: '2000-01-01',
      endDate: '2000-01-31',
    });
    expect(old.result).toMatchObject({ total: 0, records: [] });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const recent = await ownerA.get(`${D}/yanquan/findAllByPage`, { shopId: 'all', endDate: today, pageSize: 100 });
    expect(recent.result.total).toBe(all.result.total);
    expect(await ownerA.get(`${D}/yanquan/findAllByPage`, { startDate: '2024/1/1' })).toMatchObject({ code: 2001 });
  });

  it('findFilterOptions: the merchant own employees and goods only; platform users 301; anonymous 401', async () => {
    const r = await ownerA.get(`${D}/findFilterOptions`);
    expect(r.code).toBe(200);
    const ids = async (table: 'employee' | 'goods', m: number) =>
      (await t.db.selectFrom(table).select('id').where('merchantId', '=', m).execute()).map((x) => x.id);
    const aEmp = new Set(await ids('employee', merchants.a));
    const aGoods = new Set(await ids('goods', merchants.a));
    expect(r.result.employees.length).toBeGreaterThan(0);
    expect(r.result.goods.length).toBeGreaterThan(0);
    expectEvery(r.result.employees, (e: { id: number }) => aEmp.has(e.id));
    expectEvery(r.result.goods, (g: { id: number }) => aGoods.has(g.id));
    expect(new Set(r.result.employees.map((e: { shopId: number }) => e.shopId))).toEqual(
      new Set([shops.aMain, shops.aBranch]),
    );
    // the employee filter of the list takes one of them
    const e = r.result.employees.find((x: { shopId: number }) => x.shopId === shops.aMain);
    const byEmp = await ownerA.get(`${D}/findAllByPage`, { employeeId: e.id, pageSize: 100 });
    expectEvery(byEmp.result.records, (o: { employeeId: number }) => o.employeeId === e.id);
    const admin = api(t.app, await loginAs(t.app, PHONES.admin));
    expect(await admin.get(`${D}/findFilterOptions`)).toMatchObject({ code: 301 });
    expect(await api(t.app).get(`${D}/findFilterOptions`)).toMatchObject({ status: 401 });
  });
});

describe('jobs and auto-accept', () => {
  it('an order unpaid for 30 minutes is cancelled by the job, once', async () => {
    const { id, customer } = await placedOrder(t, shops.aMain, { phone: '13911110007', customerName: '超时' });
    expect(await expireUnpaid(t.db, 30, Date.now(), [id])).toBe(0);
    expect(await expireUnpaid(t.db, 30, Date.now() + 31 * 60_000, [id])).toBe(1);
    expect(await expireUnpaid(t.db, 30, Date.now() + 31 * 60_000, [id])).toBe(0);
    expect(await orderRow(id)).toMatchObject({ status: 70, refundStatus: 0 });
    expect(await customer.post(`${C}/order/pay`, { id })).toMatchObject({ code: 2004 });
  });

  it('a shop with autoAccept gives a paid order to the first employee free then, by time', async () => {
    const setting = await t.db
      .selectFrom('shopSetting')
      .select('autoAccept')
      .where('shopId', '=', shops.aBranch)
      .executeTakeFirstOrThrow();
    expect(setting.autoAccept).toBe(1);
    await freeEmployee(t, shops.aBranch);
    const o = await paidOrder(t, shops.aBranch, { phone: '13911110008' });
    const row = await orderRow(o.id);
    expect(row.status).toBe(30);
    expect((await employee(row.employeeId!)).shopId).toBe(shops.aBranch);
    const tl = await t.db
      .selectFrom('orderTimeline')
      .select(['action', 'operatorType'])
      .where('orderId', '=', o.id)
      .orderBy('id')
      .execute();
    expect(tl.at(-1)).toEqual({ action: '自动接单', operatorType: 'system' });
  });

  it('autoAccept skips an employee busy then, and leaves the order waiting when nobody is free', async () => {
    const setAuto = (v: number) =>
      t.db.updateTable('shopSetting').set({ autoAccept: v }).where('shopId', '=', shops.aBranch).execute();
    await setAuto(0);
    const first = await paidOrder(t, shops.aBranch, { phone: '13911110010' });
    const last = await paidOrder(t, shops.aBranch, { phone: '13911110011' });
    const at = (await orderRow(first.id)).appointmentAt;
    await t.db.updateTable('serviceOrder').set({ appointmentAt: at }).where('id', '=', last.id).execute();
    // Every employee of the branch who could take it gets another job at that very time.
    const staff = await t.db
      .selectFrom('employee')
      .select('id')
      .where('shopId', '=', shops.aBranch)
      .where('deletedAt', 'is', null)
      .where('workState', 'in', [1, 2])
      .execute();
    let phone = 13911110020;
    for (const e of staff) {
      const o = await paidOrder(t, shops.aBranch, { phone: String(phone++) });
      await t.db.updateTable('serviceOrder').set({ appointmentAt: at }).where('id', '=', o.id).execute();
      const r = await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id });
      if (r.code !== 200) expect(r.message).toMatch(/服务类目|休假|工作时间/);
    }
    const fresh = await freeEmployee(t, shops.aBranch);
    await setAuto(1);
    expect(await autoAccept(t.db, first.id)).toBe(true);
    expect(await orderRow(first.id)).toMatchObject({ status: 30, employeeId: fresh.id });
    // nobody is free then any more: the order waits for a person
    expect(await autoAccept(t.db, last.id)).toBe(false);
    expect(await orderRow(last.id)).toMatchObject({ status: 20, employeeId: null });
  });
});

describe('export and settlements', () => {
  it('exports CSV with a BOM; findDakuanByPage / findDakuanHuizong list and sum the merchant own settlements', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/tmpl/api/${D}/export`,
      headers: {
        authorization: `Bearer ${await loginAs(t.app, PHONES.ownerA)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'status=60&format=csv',
    });
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toContain('订单号');
    expect(lines.length).toBeGreaterThan(1);
    expectEvery(lines.slice(1), (l) => l.includes('已评价'));
    expect(res.body).not.toMatch(/1393590000\d/);

    // the default is a real Excel workbook (.xlsx), read back with exceljs: the same rows, money as numbers
    const x = await t.app.inject({
      method: 'POST',
      url: `/tmpl/api/${D}/export`,
      headers: { authorization: `Bearer ${await loginAs(t.app, PHONES.ownerA)}` },
      payload: { status: 60 },
    });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(x.headers['content-disposition'])).toMatch(
      /^attachment; filename\*=UTF-8''%E8%AE%A2%E5%8D%95_\d{14}\.xlsx; filename="orders_\d{14}\.xlsx"$/,
    );
    const { ws, rows } = await readXlsx(x.rawPayload);
    expect(ws.name).toBe('订单');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getColumn(15).width).toBe(40);
    expect(rows).toHaveLength(lines.length);
    expect(rows[0][0]).toBe('订单号');
    expectEvery(rows.slice(1), (r) => r[10] === '已评价');
    const orderNos = rows.slice(1).map((r) => String(r[0]));
    expect(orderNos).toEqual(lines.slice(1).map((l) => l.split(',')[0]));
    const db = await t.db
      .selectFrom('serviceOrder')
      .select(['orderNo', 'amount', 'payAmount'])
      .where('orderNo', 'in', orderNos)
      .execute();
    const byNo = new Map(db.map((o) => [o.orderNo, o]));
    for (const r of rows.slice(1)) {
      expect(r[8]).toBe(byNo.get(String(r[0]))!.amount / 100);
      expect(r[9]).toBe(byNo.get(String(r[0]))!.payAmount / 100);
    }
    expect(ws.getRow(2).getCell(6).numFmt).toBe('#,##0.00');
    expect(JSON.stringify(rows)).not.toMatch(/1393590000\d/);
    expect(
      await ownerA.post(`${D}/export`, { format: 'pdf' }).catch((e: Error) => ({ code: -1, message: e.message })),
    ).toMatchObject({ code: 2001 });

    const page = await ownerA.get(`${D}/findDakuanByPage`, { pageSize: 100 });
    const sum = await ownerA.get(`${D}/findDakuanHuizong`);
    expect(page.result.total).toBe(sum.result.total.count);
    expect(page.result.records.reduce((a: number, r: { amount: number }) => a + r.amount, 0)).toBe(
      sum.result.total.amount,
    );
    expect(sum.result.frozen.amount + sum.result.unfrozen.amount).toBe(sum.result.total.amount);
    const mine = await t.db
      .selectFrom('financeSettlement')
      .select('id')
      .where('merchantId', '=', merchants.a)
      .execute();
    expect(page.result.total).toBe(mine.length);
    const b = await ownerB.get(`${D}/findDakuanByPage`, { pageSize: 100 });
    const aIds = new Set(mine.map((m) => m.id));
    expect(b.result.records.some((r: { id: number }) => aIds.has(r.id))).toBe(false);
  });
});

describe('live order stream (server-sent events)', () => {
  it('a one-time ticket opens the stream; a new paid order arrives within a second; resume replays what was missed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const ticketOf = async () => (await ownerA.post(`${D}/stream/ticket`, {})).result.ticket as string;

    const ticket = await ticketOf();
    const ctrl = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/tmpl/api/${D}/stream?ticket=${ticket}`, { signal: ctrl.signal });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    let buf = '';
    const until = async (pred: (s: string) => boolean, ms = 1000) => {
      const end = Date.now() + ms;
      while (!pred(buf)) {
        const left = end - Date.now();
        if (left <= 0) throw new Error(`stream: nothing matching within ${ms} ms; got ${buf.slice(-300)}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (chunk && !chunk.done) buf += new TextDecoder().decode(chunk.value);
      }
    };
    await until((s) => s.includes('event: hello'));

    // the ticket was single-use
    const again = await fetch(`http://127.0.0.1:${port}/tmpl/api/${D}/stream?ticket=${ticket}`);
    expect(again.status).toBe(401);

    const started = Date.now();
    const o = await paidOrder(t, shops.aMain, { phone: '13911110009' });
    await until((s) => s.includes(`"orderId":${o.id}`));
    expect(Date.now() - started).toBeLessThan(1500);
    const m = /id: (\d+)\nevent: order\ndata: (.*"orderId":\d+.*)\n/.exec(
      buf.slice(Math.max(0, buf.indexOf(`"orderId":${o.id}`) - 200)),
    );
    expect(m, buf).not.toBeNull();
    const lastId = Number(m![1]);
    expect(JSON.parse(m![2])).toMatchObject({ kind: 'new', status: 20, orderId: o.id, sound: true });
    expect(buf).not.toContain(o.code);
    ctrl.abort();

    // merchant B's stream never sees A's orders
    // while disconnected, A takes the order: the resumed stream replays it (Last-Event-ID)
    const e = await freeEmployee(t, shops.aMain);
    await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id });
    const ctrl2 = new AbortController();
    const res2 = await fetch(`http://127.0.0.1:${port}/tmpl/api/${D}/stream?ticket=${await ticketOf()}`, {
      headers: { 'last-event-id': String(lastId) },
      signal: ctrl2.signal,
    });
    const reader2 = res2.body!.getReader();
    let buf2 = '';
    const end = Date.now() + 1500;
    while (!buf2.includes('"kind":"accepted"') && Date.now() < end) {
      const chunk = await Promise.race([reader2.read(), new Promise<null>((r) => setTimeout(() => r(null), 200))]);
      if (chunk && !chunk.done) buf2 += new TextDecoder().decode(chunk.value);
    }
    expect(buf2).toContain(`"orderId":${o.id}`);
    expect(buf2).toContain('"kind":"accepted"');
    expect(buf2).not.toContain(`id: ${lastId}\n`);
    ctrl2.abort();

    const bTicket = (await ownerB.post(`${D}/stream/ticket`, {})).result.ticket;
    const ctrl3 = new AbortController();
    const res3 = await fetch(`http://127.0.0.1:${port}/tmpl/api/${D}/stream?ticket=${bTicket}&lastEventId=0`, {
      signal: ctrl3.signal,
    });
    const reader3 = res3.body!.getReader();
    let buf3 = '';
    const end3 = Date.now() + 500;
    while (Date.now() < end3) {
      const chunk = await Promise.race([reader3.read(), new Promise<null>((r) => setTimeout(() => r(null), 100))]);
      if (chunk && !chunk.done) buf3 += new TextDecoder().decode(chunk.value);
    }
    expect(buf3).toContain('event: hello');
    expect(buf3).not.toContain(`"orderId":${o.id},`);
    ctrl3.abort();
  });
});

// Fan-out across instances (PostgreSQL LISTEN/NOTIFY): test/order-bus-instances.test.ts (bus, stream, reconnect).
