import { CLIENT_ID } from '@jz/contracts/auth';
import type { DaySheetResult } from '@jz/contracts/dispatch';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { at, DAY, dispatchScene, employee, nextDay, order } from './dispatch-fixture.ts';

/** 派工单 (docs/dispatch.md): paidan/daySheet and its export, on SQLite and PostgreSQL (TEST_DB=postgres). */
const P = 'app/jiazheng/paidan';
const D = nextDay(DAY, 3);
let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let shopId: number;
let branchId: number;
let merchantId: number;
let e1: number;
let e2: number;
const o: Record<string, { id: number; orderNo: string }> = {};

/** Assigns an order as the test wants it (status and employee), without the assignment's rules. */
const set = (id: number, v: Record<string, unknown>) =>
  t.db.updateTable('serviceOrder').set(v).where('id', '=', id).execute();

async function exportCall(body: Record<string, string>, phone: string = PHONES.ownerA) {
  return t.app.inject({
    method: 'POST',
    url: `/tmpl/api/${P}/daySheet/export`,
    headers: {
      client: CLIENT_ID,
      authorization: `Bearer ${await loginAs(t.app, phone)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(body).toString(),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, shopId, merchantId, branchId } = await dispatchScene(t));
  e1 = await employee(t, shopId);
  e2 = await employee(t, shopId);
  // e1: three jobs placed out of order, one cancelled, one the day after, one that ended the day before.
  o.afternoon = await order(t, shopId, '14:00', 120, null, D);
  o.morning = await order(t, shopId, '09:00', 90, null, D);
  o.noon = await order(t, shopId, '11:00', 60, null, D);
  o.cancelled = await order(t, shopId, '16:00', 60, null, D);
  o.tomorrow = await order(t, shopId, '09:00', 60, null, nextDay(D));
  o.yesterday = await order(t, shopId, '09:00', 60, null, nextDay(D, -1));
  // e2: a live-in job begun the evening before and running into the day, then a morning job.
  o.longJob = await order(t, shopId, '20:00', 26 * 60, null, nextDay(D, -1));
  o.e2job = await order(t, shopId, '10:00', 60, null, D);
  // Paid, nobody serves it yet: not on any sheet.
  o.waiting = await order(t, shopId, '12:00', 60, null, D);
  for (const k of ['afternoon', 'morning', 'noon', 'tomorrow', 'yesterday'])
    await set(o[k].id, { employeeId: e1, status: 30 });
  await set(o.cancelled.id, { employeeId: e1, status: 70 });
  await set(o.noon.id, { status: 50 });
  for (const k of ['longJob', 'e2job']) await set(o[k].id, { employeeId: e2, status: 30 });
  await set(o.morning.id, {
    customerName: '王女士',
    customerPhone: '13800000001',
    remark: '家里有狗，请先敲门',
    address: '山西省运城市盐湖区河东东街 88 号 幸福小区 3 号楼 2 单元 1201 室',
  });
});
afterAll(() => t?.close());

describe('派工单 (paidan/daySheet)', () => {
  it("answers one employee's day in time order: time, service, customer, masked phone, full address, remark", async () => {
    const r = await ownerA.get<DaySheetResult>(`${P}/daySheet`, { date: D, employeeId: e1 });
    expect(r.code).toBe(200);
    expect(r.result).toMatchObject({ date: D, shopId, shopName: '运城洁家家政（总店）' });
    expect(r.result.employees).toHaveLength(1);
    const [sheet] = r.result.employees;
    expect(sheet.id).toBe(e1);
    expect(sheet.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(sheet.jobs.map((j) => j.orderId)).toEqual([o.morning.id, o.noon.id, o.afternoon.id]);
    const first = sheet.jobs[0];
    expect(first).toMatchObject({
      orderNo: o.morning.orderNo,
      status: 30,
      statusName: '待服务',
      from: at('09:00', D),
      to: at('10:30', D),
      time: '09:00–10:30',
      customerName: '王女士',
      customerPhone: '138****0001',
      address: '山西省运城市盐湖区河东东街 88 号 幸福小区 3 号楼 2 单元 1201 室',
      remark: '家里有狗，请先敲门',
    });
    // The service as the order drawer reads it: goods · specification, then the quantity.
    const snap = await t.db
      .selectFrom('serviceOrder')
      .select(['goodsName', 'specName', 'specMode'])
      .where('id', '=', o.morning.id)
      .executeTakeFirstOrThrow();
    expect(first.goodsName).toBe(snap.goodsName);
    expect(first.specName).toBe(snap.specName);
    expect(first.quantityLabel).toBeTruthy();
    expect(first.service.startsWith(snap.goodsName)).toBe(true);
    expect(first.service).toContain(first.quantityLabel);
    if (snap.specMode && snap.specMode !== 'fixed')
      expect(first.service.endsWith(`（${first.quantityLabel}）`)).toBe(true);
    if (snap.specName && snap.specName !== snap.goodsName) expect(first.service).toContain(` · ${snap.specName}`);
    expect(sheet.jobs[1]).toMatchObject({ statusName: '已完成', time: '11:00–12:00' });
    expect(sheet.jobs[2]).toMatchObject({ time: '14:00–16:00' });
    // Never the full phone.
    expect(JSON.stringify(r.result)).not.toContain('13800000001');
  });

  it('answers every employee of the shop with jobs that day, a job begun the day before naming both days', async () => {
    const r = await ownerA.get<DaySheetResult>(`${P}/daySheet`, { date: D });
    expect(r.code).toBe(200);
    expect(r.result.shopId).toBe(shopId);
    expect(r.result.employees.map((e) => e.id)).toEqual([e1, e2]);
    const two = r.result.employees[1];
    expect(two.jobs.map((j) => j.orderId)).toEqual([o.longJob.id, o.e2job.id]);
    expect(two.jobs[0].time).toMatch(/^\d+月\d+日 20:00–\d+月\d+日 22:00$/);
    const all = r.result.employees.flatMap((e) => e.jobs.map((j) => j.orderId));
    for (const k of ['cancelled', 'tomorrow', 'yesterday', 'waiting']) expect(all).not.toContain(o[k].id);
    // A day without jobs: no one; one employee without jobs: that employee, empty.
    const empty = await ownerA.get<DaySheetResult>(`${P}/daySheet`, { date: nextDay(D, 20) });
    expect(empty.result.employees).toEqual([]);
    const idle = await ownerA.get<DaySheetResult>(`${P}/daySheet`, { date: nextDay(D, 20), employeeId: e2 });
    expect(idle.result.employees).toEqual([expect.objectContaining({ id: e2, jobs: [] })]);
  });

  it('exports the same rows through lib/export (xlsx, and csv), the phone masked', async () => {
    const x = await exportCall({ date: D, employeeId: String(e1) });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(String(x.headers['content-disposition'])).toMatch(
      new RegExp(`^attachment; filename\\*=UTF-8''.+; filename="day-sheet_${D}_\\d{14}\\.xlsx"$`),
    );
    expect(decodeURIComponent(String(x.headers['content-disposition']))).toContain(`派工单_${D}_测试员工`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(wb.worksheets[0].name).toBe(`派工单 ${D}`);
    expect(rows[0]).toEqual(['员工', '时间', '服务', '顾客', '联系电话', '服务地址', '备注', '订单号', '状态']);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual([
      expect.stringMatching(/^测试员工/),
      '09:00–10:30',
      expect.any(String),
      '王女士',
      '138****0001',
      '山西省运城市盐湖区河东东街 88 号 幸福小区 3 号楼 2 单元 1201 室',
      '家里有狗，请先敲门',
      o.morning.orderNo,
      '待服务',
    ]);
    const csv = await exportCall({ date: D, format: 'csv' });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('138****0001');
    expect(csv.body).not.toContain('13800000001');
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + 5);
  });

  it('refuses a bad date or employee (2001)', async () => {
    for (const q of [{ date: '2026-13-01' }, { date: 'x' }, {}, { date: D, employeeId: 'abc' }])
      expect(await ownerA.get(`${P}/daySheet`, q)).toMatchObject({ code: 2001 });
    expect(JSON.parse((await exportCall({ date: '2026-02-30' })).body).code).toBe(2001);
  });

  it("refuses another merchant's employee and shop (2002), and an employee of another shop than the one named", async () => {
    expect(await ownerB.get(`${P}/daySheet`, { date: D, employeeId: e1 })).toMatchObject({ code: 2002 });
    expect(await ownerB.get(`${P}/daySheet`, { date: D, shopId })).toMatchObject({ code: 2002 });
    expect(JSON.parse((await exportCall({ date: D, employeeId: String(e1) }, PHONES.ownerB)).body).code).toBe(2002);
    expect(await ownerA.get(`${P}/daySheet`, { date: D, employeeId: e1, shopId: branchId })).toMatchObject({
      code: 2002,
    });
    const bOwn = await ownerB.get<DaySheetResult>(`${P}/daySheet`, { date: D });
    expect(bOwn.code).toBe(200);
    expect(bOwn.result.shopId).not.toBe(shopId);
    // B's own staff only (its demo 月嫂 job may run into the day), none of A's orders.
    expect(bOwn.result.employees.map((e) => e.id)).not.toContain(e1);
    const bOrders = bOwn.result.employees.flatMap((e) => e.jobs.map((j) => j.orderId));
    for (const k of Object.keys(o)) expect(bOrders).not.toContain(o[k].id);
  });

  it('keeps a sub-account limited to another shop out of the main shop (2002 for its staff, 301 naming it)', async () => {
    const subId = (
      await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.subA).executeTakeFirstOrThrow()
    ).id;
    await t.db.deleteFrom('userShop').where('userId', '=', subId).execute();
    await t.db.insertInto('userShop').values({ userId: subId, shopId: branchId, merchantId }).execute();
    await t.db.updateTable('user').set({ allShops: 0, currentShopId: branchId }).where('id', '=', subId).execute();
    const sub = api(t.app, await loginAs(t.app, PHONES.subA, { fresh: true }));
    expect(await sub.get(`${P}/daySheet`, { date: D, employeeId: e1 })).toMatchObject({ code: 2002 });
    expect(await sub.get(`${P}/daySheet`, { date: D, shopId })).toMatchObject({ code: 301 });
    const own = await sub.get<DaySheetResult>(`${P}/daySheet`, { date: D });
    expect(own.code).toBe(200);
    expect(own.result.shopId).toBe(branchId);
    expect(own.result.employees).toEqual([]);
  });
});
