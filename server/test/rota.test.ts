import {
  type BoardResult,
  type LeaveCheckResult,
  type RotaResult,
  type SuggestResult,
  weekdayOf,
} from '@jz/contracts/dispatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCustomerSession } from '../src/modules/customer/customer.repo.ts';
import { assignEmployee } from '../src/modules/merchant/order/order-assign.ts';
import { SYSTEM } from '../src/modules/merchant/order/order-transition.steps.ts';
import { type Api, api, buildTestApp, expectEvery, type TestApp } from './helpers/index.ts';
import { specIdOf } from './helpers/order-flow.ts';
import { roleWith, subWith } from './security/authority.ts';
import { at, DAY, dispatchScene, employee, nextDay, order } from './dispatch-fixture.ts';

/**
 * 排班 (docs/dispatch.md §1): dated exceptions to the weekly hours are read by the board, suggestions, assignment and
 * the customer's slots; the rota grid; the leave check's overlapping orders; the shop's default hours for new
 * employees; 休假 by hand no longer books a period. SQLite and PostgreSQL (TEST_DB=postgres).
 */
const P = 'app/jiazheng/paidan';
const Y = 'app/jiazheng/yuangong';
let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let shopId: number;
let branchId: number;
let merchantId: number;

const MON_FRI = Array.from({ length: 7 }, (_, i) => (i < 5 ? [{ from: '08:00', to: '17:00' }] : []));
const save = (who: Api, body: Record<string, unknown>) =>
  who.post<{ id: number; ranges: { from: string; to: string }[] }>(`${P}/shiftException/save`, {
    ...body,
    ranges: JSON.stringify(body.ranges),
  });
const hoursOnBoard = async (e: number, day: string) => {
  const r = await ownerA.get<BoardResult>(`${P}/board`, { date: day });
  expect(r.code).toBe(200);
  return r.result.employees.find((x) => x.id === e)!.hours[0].ranges;
};

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, shopId, merchantId, branchId } = await dispatchScene(t));
  await t.db.updateTable('shop').set({ businessHours: '08:00-20:00' }).where('id', '=', shopId).execute();
  await t.db.updateTable('shopSetting').set({ travelBufferMinutes: 30 }).where('shopId', '=', shopId).execute();
});
afterAll(() => t?.close());

describe('date exceptions (paidan/shiftException)', () => {
  it('the board, suggestions and assignment honour a day off, a shorter day and an extra shift', async () => {
    const e = await employee(t, shopId, { workHours: MON_FRI });
    const weekday = weekdayOf(DAY) < 5;
    expect(await hoursOnBoard(e, DAY)).toEqual(weekday ? [{ from: at('08:00'), to: at('17:00') }] : []);

    // 休息 that day: the board shows no hours, the suggestion list excludes her, assignment is refused.
    const off = await save(ownerA, { employeeId: e, day: DAY, ranges: [], reason: '家中有事' });
    expect(off).toMatchObject({ code: 200, result: { ranges: [] } });
    expect(await hoursOnBoard(e, DAY)).toEqual([]);
    const o = await order(t, shopId, '10:00', 120);
    const s = await ownerA.get<SuggestResult>(`${P}/suggest`, { orderId: o.id });
    expect(s.result.excluded.find((x) => x.employeeId === e)).toMatchObject({
      code: 'off_duty',
      reason: '不在工作时间（当天 休息）',
    });
    await expect(assignEmployee(t.db, merchantId, o.id, e, SYSTEM)).rejects.toThrow(
      /不在 .* 的工作时间内（当天 休息）/,
    );

    // An extra shift 08:00–12:00 that day (saved again: one row per day): assignable.
    const shift = await save(ownerA, { employeeId: e, day: DAY, ranges: [{ from: '08:00', to: '12:00' }] });
    expect(shift).toMatchObject({ code: 200, result: { id: off.result.id } });
    expect(await hoursOnBoard(e, DAY)).toEqual([{ from: at('08:00'), to: at('12:00') }]);
    await assignEmployee(t.db, merchantId, o.id, e, SYSTEM);

    // A change that would strand the assigned job is refused, naming it; so is going back to weekly hours that do not
    // cover it (a weekend day).
    const strand = await save(ownerA, { employeeId: e, day: DAY, ranges: [{ from: '13:00', to: '18:00' }] });
    expect(strand).toMatchObject({ code: 2004, message: expect.stringContaining(o.orderNo) });
    const restore = await ownerA.del(`${P}/shiftException/del/${off.result.id}`);
    expect(restore).toMatchObject({ code: weekday ? 200 : 2004 });
  });

  it('the rota grid answers each day: weekly hours, the exception instead, leave', async () => {
    const e = await employee(t, shopId, { workHours: MON_FRI });
    const x = await save(ownerA, { employeeId: e, day: DAY, ranges: [{ from: '09:00', to: '11:00' }], reason: '半天' });
    const leave = await ownerA.post(`${P}/leave/add`, {
      employeeId: e,
      from: at('00:00', nextDay(DAY)),
      to: at('00:00', nextDay(DAY, 2)),
      reason: '探亲',
    });
    expect(leave).toMatchObject({ code: 200 });
    const r = await ownerA.get<RotaResult>(`${P}/rota`, { date: DAY, shopId });
    expect(r.code).toBe(200);
    expect(r.result.days).toHaveLength(7);
    expect(r.result.days[0]).toBe(DAY);
    const row = r.result.employees.find((y) => y.id === e)!;
    expect(row.workHours).toEqual(MON_FRI);
    expect(row.days[0]).toMatchObject({
      day: DAY,
      ranges: [{ from: '09:00', to: '11:00' }],
      exception: { id: x.result.id, reason: '半天' },
      leaves: [],
    });
    expect(row.days[1].exception).toBeNull();
    expect(row.days[1].ranges).toEqual(MON_FRI[weekdayOf(nextDay(DAY))]);
    expect(row.days[1].leaves).toEqual([expect.objectContaining({ reason: '探亲' })]);
    expectEvery(r.result.employees, (y) => y.days.length === 7);
  });

  it('refuses another merchant (2002), a shop outside a sub-account’s limit (301/2002) and bad input (2001)', async () => {
    const e = await employee(t, shopId);
    const x = await save(ownerA, { employeeId: e, day: DAY, ranges: [] });
    expect(x.code).toBe(200);
    expect(await save(ownerB, { employeeId: e, day: DAY, ranges: [] })).toMatchObject({ code: 2002 });
    expect(await ownerB.del(`${P}/shiftException/del/${x.result.id}`)).toMatchObject({ code: 2002 });
    expect(await ownerB.get(`${P}/rota`, { date: DAY, shopId })).toMatchObject({ code: 2002 });
    expect(await ownerB.get(`${P}/leave/check`, { employeeId: e, from: at('10:00'), to: at('12:00') })).toMatchObject({
      code: 2002,
    });

    const everything = await roleWith(t, ownerA, '排班门店', () => true);
    const branch = (await subWith(t, ownerA, '13900030001', everything, [branchId])).api;
    // naming a shop outside the limit is 301 (lib/tenant.ts); its employees and exceptions by id are not found
    expect(await branch.get(`${P}/rota`, { date: DAY, shopId })).toMatchObject({ code: 301 });
    expect(await save(branch, { employeeId: e, day: DAY, ranges: [] })).toMatchObject({ code: 2002 });
    expect(await branch.del(`${P}/shiftException/del/${x.result.id}`)).toMatchObject({ code: 2002 });
    expect(await branch.get(`${P}/rota`, { date: DAY, shopId: branchId })).toMatchObject({ code: 200 });

    for (const body of [
      { employeeId: e, day: '2026-02-30', ranges: [] },
      { employeeId: e, day: DAY, ranges: [{ from: '12:00', to: '10:00' }] },
      {
        employeeId: e,
        day: DAY,
        ranges: [
          { from: '08:00', to: '12:00' },
          { from: '11:00', to: '14:00' },
        ],
      },
      { employeeId: e, day: DAY, ranges: [{ from: '8点', to: '12:00' }] },
      { employeeId: e, day: '2099-01-01', ranges: [] },
      { day: DAY, ranges: [] },
    ])
      expect(await save(ownerA, body), JSON.stringify(body)).toMatchObject({ code: 2001 });
    expect(await ownerA.get(`${P}/rota`, { date: 'x' })).toMatchObject({ code: 2001 });
  });
});

describe('customer/slots read the exceptions', () => {
  it('a day off for everyone leaves no place; one extra shift gives one back; removing it restores', async () => {
    const s = await openCustomerSession(t.db, '13944440077', '排班顾客');
    const customer = api(t.app, undefined, { headers: { 'x-customer-token': s.token } });
    const g = await t.db
      .selectFrom('goods')
      .select(['id', 'fuwuId'])
      .where('shopId', '=', shopId)
      .where('shelfState', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const day = nextDay(DAY, -14);
    const q = { goodsId: g.id, specId: await specIdOf(t, g.id), date: day };
    const ten = async () => {
      const r = await customer.get('app/jiazheng/customer/slots', q as never);
      expect(r.code).toBe(200);
      return r.result.slots.find((x: { time: string }) => x.time === '10:00') as { capacity: number; reason: string };
    };
    expect((await ten()).capacity).toBeGreaterThan(0);
    const staff = await t.db
      .selectFrom('employee')
      .select(['id', 'fuwuIds'])
      .where('shopId', '=', shopId)
      .where('deletedAt', 'is', null)
      .where('workState', 'in', [1, 2])
      .orderBy('id')
      .execute();
    const rows: number[] = [];
    for (const e of staff) {
      const r = await save(ownerA, { employeeId: e.id, day, ranges: [] });
      expect(r.code, r.message).toBe(200);
      rows.push(r.result.id);
    }
    expect(await ten()).toMatchObject({ capacity: 0, reason: '已约满' });
    const cleaner = staff.find((e) => {
      const ids = JSON.parse(e.fuwuIds) as number[];
      return !ids.length || ids.includes(g.fuwuId);
    })!;
    expect(await save(ownerA, { employeeId: cleaner.id, day, ranges: [{ from: '08:00', to: '20:00' }] })).toMatchObject(
      { code: 200 },
    );
    expect((await ten()).capacity).toBe(1);
    for (const id of rows) expect((await ownerA.del(`${P}/shiftException/del/${id}`)).code).toBe(200);
    expect((await ten()).capacity).toBeGreaterThan(1);
  });
});

describe('leave: the overlap check and no more 7 days by hand', () => {
  it('leave/check answers the assigned orders inside the period and overlapping leaves', async () => {
    const e = await employee(t, shopId);
    const o = await order(t, shopId, '14:00', 90, null, nextDay(DAY, 2));
    await assignEmployee(t.db, merchantId, o.id, e, SYSTEM);
    const d = nextDay(DAY, 2);
    const c = await ownerA.get<LeaveCheckResult>(`${P}/leave/check`, {
      employeeId: e,
      from: at('00:00', d),
      to: at('00:00', nextDay(d)),
    });
    expect(c).toMatchObject({
      code: 200,
      result: {
        orders: [{ orderId: o.id, orderNo: o.orderNo, status: 30, time: expect.stringMatching(/14:00–15:30$/) }],
        leaves: [],
      },
    });
    // The add is refused naming it, as the check said.
    expect(
      await ownerA.post(`${P}/leave/add`, { employeeId: e, from: at('00:00', d), to: at('00:00', nextDay(d)) }),
    ).toMatchObject({ code: 2004, message: expect.stringContaining(o.orderNo) });
    // Before the job: nothing in the way.
    const free = await ownerA.get<LeaveCheckResult>(`${P}/leave/check`, {
      employeeId: e,
      from: at('08:00', d),
      to: at('12:00', d),
    });
    expect(free.result).toEqual({ orders: [], leaves: [] });
    expect(
      await ownerA.post(`${P}/leave/add`, { employeeId: e, from: at('08:00', d), to: at('12:00', d) }),
    ).toMatchObject({ code: 200 });
    const again = await ownerA.get<LeaveCheckResult>(`${P}/leave/check`, {
      employeeId: e,
      from: at('09:00', d),
      to: at('10:00', d),
    });
    expect(again.result.leaves).toHaveLength(1);
    expect(
      await ownerA.get(`${P}/leave/check`, { employeeId: e, from: at('10:00', d), to: at('09:00', d) }),
    ).toMatchObject({ code: 2001 });
  });

  it('设为休假 by hand is refused (2001) and books nothing', async () => {
    const e = await employee(t, shopId);
    const r = await ownerA.post(`${Y}/edit`, { id: e, workState: 3 });
    expect(r).toMatchObject({ code: 2001, message: expect.stringContaining('起止时间') });
    const leaves = await t.db.selectFrom('employeeLeave').select('id').where('employeeId', '=', e).execute();
    expect(leaves).toEqual([]);
  });
});

describe('the shop default for new employees', () => {
  it('is stored with the shop settings and given to an employee added without hours', async () => {
    const edit = await ownerA.post('app/jiazheng/shangjia/info/edit', {
      id: shopId,
      defaultWorkHours: JSON.stringify(MON_FRI),
    });
    expect(edit.code, edit.message).toBe(200);
    const shop = await ownerA.get(`app/jiazheng/shangjia/info/findById/${shopId}`);
    expect(shop.result.setting.defaultWorkHours).toEqual(MON_FRI);
    const bad = await ownerA.post('app/jiazheng/shangjia/info/edit', {
      id: shopId,
      defaultWorkHours: JSON.stringify([[{ from: '10:00', to: '09:00' }]]),
    });
    expect(bad.code).toBe(2001);
    const added = await ownerA.post<{ id: number }>(`${Y}/add`, {
      name: '默认排班',
      phone: '13977770061',
      gender: 2,
      idCardNo: '11010519491231002X',
      shopId,
    });
    expect(added.code, added.message).toBe(200);
    const e = await ownerA.get(`${Y}/findById/${added.result.id}`);
    expect(e.result.workHours).toEqual(MON_FRI);
    // Cleared: new employees get none again.
    expect((await ownerA.post('app/jiazheng/shangjia/info/edit', { id: shopId, defaultWorkHours: '' })).code).toBe(200);
    expect(
      (await ownerA.get(`app/jiazheng/shangjia/info/findById/${shopId}`)).result.setting.defaultWorkHours,
    ).toBeNull();
  });
});

describe('请假审批 list (paidan/leaveRequest/findAllByPage)', () => {
  it('answers pending requests first, then the newest', async () => {
    const e = await employee(t, shopId);
    const row = (status: number, createdAt: string) => ({
      merchantId,
      shopId,
      employeeId: e,
      startsAt: at('08:00'),
      endsAt: at('12:00'),
      reason: `状态${status}`,
      status,
      reply: null,
      decidedBy: null,
      decidedAt: null,
      leaveId: null,
      createdAt,
      updatedAt: createdAt,
    });
    const old = new Date(Date.now() - 86_400_000).toISOString();
    await t.db.insertInto('staffLeaveRequest').values(row(0, old)).execute();
    await t.db.insertInto('staffLeaveRequest').values(row(2, new Date().toISOString())).execute();
    const r = await ownerA.get<{ records: { status: number }[] }>(`${P}/leaveRequest/findAllByPage`, {
      employeeId: e,
    });
    expect(r.result.records.map((x) => x.status)).toEqual([0, 2]);
  });
});
