import { type BoardResult, type LeaveRow, type SuggestResult, spanText } from '@jz/contracts/dispatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignEmployee } from '../src/modules/merchant/order/order-assign.ts';
import { board } from '../src/modules/merchant/dispatch/board.ts';
import { SYSTEM } from '../src/modules/merchant/order/order-transition.steps.ts';
import { type Api, api, buildTestApp, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { at, DAY, dispatchScene, employee, fuwuOf, nextDay, order } from './dispatch-fixture.ts';

/** Suggestions, the board and leave (docs/dispatch.md), on SQLite and PostgreSQL (TEST_DB=postgres). */
const P = 'app/jiazheng/paidan';
let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let shopId: number;
let branchId: number;
let merchantId: number;

const assign = (orderId: number, employeeId: number) => assignEmployee(t.db, merchantId, orderId, employeeId, SYSTEM);
const HERE = { lat: 35.0265, lng: 111.0072 };
/** ~0.5 km and ~20 km from HERE. */
const NEAR = { lat: 35.031, lng: 111.0072 };
const FAR = { lat: 35.2065, lng: 111.0072 };

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, shopId, merchantId, branchId } = await dispatchScene(t));
  await t.db.updateTable('shop').set({ businessHours: '08:00-20:00' }).where('id', '=', shopId).execute();
  await t.db.updateTable('shopSetting').set({ travelBufferMinutes: 30 }).where('shopId', '=', shopId).execute();
});
afterAll(() => t?.close());

describe('spanText (refusals and reasons)', () => {
  it('names the day once for a span within it, and both days for a leave over several', () => {
    const h = (s: string) => Date.parse(s);
    expect(spanText(h('2026-11-27T02:00:00Z'), h('2026-11-27T05:30:00Z'))).toBe('11月27日 10:00–13:30');
    expect(spanText(h('2026-11-27T14:00:00Z'), h('2026-11-27T16:00:00Z'))).toBe('11月27日 22:00–00:00');
    expect(spanText(h('2026-11-25T01:00:00Z'), h('2026-12-02T01:00:00Z'))).toBe('11月25日 09:00–12月2日 09:00');
  });
});

describe('suggestions (paidan/suggest)', () => {
  it('ranks free, skilled and near before far or busy ones, and says why the others are excluded', async () => {
    const target = await order(t, shopId, '14:00', 120, HERE);
    const fuwu = await fuwuOf(t, target.id);
    const other = await t.db
      .selectFrom('fuwu')
      .select('id')
      .where('id', '!=', fuwu)
      .where('parentId', 'is not', null)
      .executeTakeFirstOrThrow();
    const near = await employee(t, shopId, { fuwuIds: [fuwu], base: NEAR });
    const far = await employee(t, shopId, { fuwuIds: [fuwu], base: FAR });
    const busy = await employee(t, shopId, { fuwuIds: [fuwu], base: NEAR });
    for (const [hm, m] of [
      ['08:00', 120],
      ['10:30', 120],
    ] as const)
      await assign((await order(t, shopId, hm, m, FAR)).id, busy); // its previous job is far away
    const clash = await employee(t, shopId, { fuwuIds: [fuwu], base: NEAR });
    const clashing = await order(t, shopId, '15:00', 60, NEAR);
    await assign(clashing.id, clash);
    const unskilled = await employee(t, shopId, { fuwuIds: [other.id], base: NEAR });
    const onLeave = await employee(t, shopId, { fuwuIds: [fuwu], base: NEAR });
    expect(
      await ownerA.post(`${P}/leave/add`, { employeeId: onLeave, from: at('12:00'), to: at('18:00') }),
    ).toMatchObject({ code: 200 });
    const offDuty = await employee(t, shopId, {
      fuwuIds: [fuwu],
      base: NEAR,
      workHours: Array.from({ length: 7 }, () => [{ from: '08:00', to: '12:00' }]),
    });

    const r = await ownerA.get<SuggestResult>(`${P}/suggest`, { orderId: target.id });
    expect(r.code).toBe(200);
    const rank = (id: number) => r.result.suggestions.findIndex((s) => s.employeeId === id);
    expect(rank(near)).toBeGreaterThanOrEqual(0);
    expect(rank(near)).toBeLessThan(rank(far));
    expect(rank(near)).toBeLessThan(rank(busy));
    const nearOne = r.result.suggestions[rank(near)];
    expect(nearOne).toMatchObject({ distanceFrom: 'base', dayJobs: 0 });
    expect(nearOne.distanceKm).toBeCloseTo(0.5, 0);
    expect(nearOne.reasons.join('；')).toContain('距常驻地');
    const busyOne = r.result.suggestions[rank(busy)];
    expect(busyOne).toMatchObject({ distanceFrom: 'previous', dayJobs: 2, dayMinutes: 240 });
    expect(busyOne.reasons.join('；')).toContain('当天已有 2 单');
    const why = (id: number) => r.result.excluded.find((e) => e.employeeId === id);
    expect(why(clash)).toMatchObject({ code: 'conflict' });
    expect(why(clash)!.reason).toContain(clashing.orderNo);
    expect(why(unskilled)).toMatchObject({ code: 'skill' });
    expect(why(onLeave)).toMatchObject({ code: 'leave' });
    expect(why(offDuty)).toMatchObject({ code: 'off_duty' });
    expect(r.result.suggestions.map((s) => s.employeeId)).not.toContain(clash);
  });

  it('refuses another merchant’s order (2002), a finished one (2004) and bad input (2001)', async () => {
    const o = await order(t, shopId, '09:00', 60);
    expect(await ownerB.get(`${P}/suggest`, { orderId: o.id })).toMatchObject({ code: 2002 });
    expect(await ownerA.get(`${P}/suggest`, { orderId: 'abc' })).toMatchObject({ code: 2001 });
    await t.db.updateTable('serviceOrder').set({ status: 70 }).where('id', '=', o.id).execute();
    expect(await ownerA.get(`${P}/suggest`, { orderId: o.id })).toMatchObject({ code: 2004 });
  });
});

describe('the board (paidan/board)', () => {
  it('answers the shop’s employees with hours, leave and blocks, and the paid unassigned orders', async () => {
    const day = nextDay(DAY, 1);
    const e = await employee(t, shopId);
    const job = await order(t, shopId, '09:00', 90, HERE, day);
    await assign(job.id, e);
    const waiting = await order(t, shopId, '11:00', 60, HERE, day);
    const r = await ownerA.get<BoardResult>(`${P}/board`, { date: day });
    expect(r.code).toBe(200);
    expect(r.result).toMatchObject({ days: [day], shopId, travelBufferMinutes: 30 });
    const row = r.result.employees.find((x) => x.id === e)!;
    expect(row.hours).toEqual([{ day, ranges: [{ from: at('08:00', day), to: at('20:00', day) }] }]);
    expect(row.blocks).toEqual([
      expect.objectContaining({
        orderId: job.id,
        orderNo: job.orderNo,
        status: 30,
        from: at('09:00', day),
        to: at('10:30', day),
        bufferTo: at('11:00', day),
        minutes: 90,
        durationKnown: true,
      }),
    ]);
    expect(r.result.unassigned.map((u) => u.orderId)).toContain(waiting.id);
    expect(r.result.unassigned.map((u) => u.orderId)).not.toContain(job.id);
    expectEvery(r.result.employees, (x) => x.workState !== 0);

    const week = await ownerA.get<BoardResult>(`${P}/board`, { date: DAY, days: 7 });
    expect(week.result.days).toHaveLength(7);
    expect(week.result.employees.find((x) => x.id === e)!.hours).toHaveLength(7);
    expect(week.result.employees.find((x) => x.id === e)!.blocks.map((b) => b.orderId)).toContain(job.id);
  });

  it('refuses a bad date or span (2001), another merchant’s shop (2002), and keeps a sub-account to its shops', async () => {
    for (const q of [{ date: '2026-13-01' }, { date: 'x' }, { date: DAY, days: 8 }, { date: DAY, days: 0 }, {}])
      expect(await ownerA.get(`${P}/board`, q)).toMatchObject({ code: 2001 });
    const bShop = await t.db
      .selectFrom('shop')
      .select('id')
      .where('merchantId', '!=', merchantId)
      .executeTakeFirstOrThrow();
    expect(await ownerA.get(`${P}/board`, { date: DAY, shopId: bShop.id })).toMatchObject({ code: 2002 });
    const bBoard = await ownerB.get<BoardResult>(`${P}/board`, { date: DAY });
    expect(bBoard.code).toBe(200);
    expect(bBoard.result.shopId).not.toBe(shopId);
    // The demo sub-account (every merchant page) limited to the branch: the main shop and its orders are "not found".
    const subId = (
      await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.subA).executeTakeFirstOrThrow()
    ).id;
    await t.db.deleteFrom('userShop').where('userId', '=', subId).execute();
    await t.db.insertInto('userShop').values({ userId: subId, shopId: branchId, merchantId }).execute();
    await t.db.updateTable('user').set({ allShops: 0, currentShopId: branchId }).where('id', '=', subId).execute();
    const sub = api(t.app, await loginAs(t.app, PHONES.subA, { fresh: true }));
    expect((await sub.get<BoardResult>(`${P}/board`, { date: DAY })).result.shopId).toBe(branchId);
    // A shop named outside the limit: 301 (lib/tenant.ts, every merchant call); its orders and staff: 2002.
    expect(await sub.get(`${P}/board`, { date: DAY, shopId })).toMatchObject({ code: 301 });
    const mainOrder = await order(t, shopId, '09:00', 60);
    expect(await sub.get(`${P}/suggest`, { orderId: mainOrder.id })).toMatchObject({ code: 2002 });
    const mainEmployee = await employee(t, shopId);
    expect(await sub.post(`${P}/assign`, { orderId: mainOrder.id, employeeId: mainEmployee })).toMatchObject({
      code: 2002,
    });
    expect(await sub.get(`${P}/leave/findAllByList`, { employeeId: mainEmployee })).toMatchObject({ code: 2002 });
    // A sub-account limited to the branch: the main shop is "not found", its own shop answers.
    const scope = { merchantId, shopId: branchId, allowedShopIds: [branchId] };
    await expect(board(t.db, scope, { date: DAY, shopId, days: 1 })).rejects.toMatchObject({ code: 2002 });
    expect((await board(t.db, scope, { date: DAY, days: 1 })).shopId).toBe(branchId);
  });
});

describe('leave (paidan/leave)', () => {
  it('adds, lists and deletes leave; refuses one over assigned jobs, naming them, and overlapping leave', async () => {
    const e = await employee(t, shopId);
    const day = nextDay(DAY, 2);
    const job = await order(t, shopId, '10:00', 60, null, day);
    await assign(job.id, e);
    const over = await ownerA.post(`${P}/leave/add`, { employeeId: e, from: at('00:00', day), to: at('23:00', day) });
    expect(over).toMatchObject({ code: 2004 });
    expect(over.message).toContain(job.orderNo);
    expect(over.message).toContain('请先改派');
    // The afternoon is fine.
    const ok = await ownerA.post<{ id: number }>(`${P}/leave/add`, {
      employeeId: e,
      from: at('12:00', day),
      to: at('18:00', day),
      reason: '看病',
    });
    expect(ok.code).toBe(200);
    const again = await ownerA.post(`${P}/leave/add`, { employeeId: e, from: at('17:00', day), to: at('19:00', day) });
    expect(again).toMatchObject({ code: 2004 });
    expect(again.message).toContain('重叠');
    const list = await ownerA.get<LeaveRow[]>(`${P}/leave/findAllByList`, { employeeId: e });
    expect(list.result).toEqual([
      expect.objectContaining({ id: ok.result.id, from: at('12:00', day), to: at('18:00', day), reason: '看病' }),
    ]);
    expect(await ownerB.get(`${P}/leave/findAllByList`, { employeeId: e })).toMatchObject({ code: 2002 });
    expect(await ownerB.del(`${P}/leave/del/${ok.result.id}`)).toMatchObject({ code: 2002 });
    expect(await ownerA.del(`${P}/leave/del/${ok.result.id}`)).toMatchObject({ code: 200 });
    expect((await ownerA.get<LeaveRow[]>(`${P}/leave/findAllByList`, { employeeId: e })).result).toEqual([]);
  });

  it('refuses bad input (2001) and another merchant’s employee (2002)', async () => {
    const e = await employee(t, shopId);
    for (const body of [
      { employeeId: e, from: at('12:00'), to: at('10:00') },
      { employeeId: e, from: 'x', to: at('10:00') },
      { employeeId: e, from: at('00:00'), to: at('00:00', nextDay(DAY, 100)) },
      { from: at('10:00'), to: at('12:00') },
    ])
      expect(await ownerA.post(`${P}/leave/add`, body)).toMatchObject({ code: 2001 });
    expect(await ownerB.post(`${P}/leave/add`, { employeeId: e, from: at('10:00'), to: at('12:00') })).toMatchObject({
      code: 2002,
    });
  });

  it('derives 休假 and 服务中 in the employee answers from the schedule', async () => {
    const e = await employee(t, shopId);
    const now = Date.now();
    expect(
      await ownerA.post(`${P}/leave/add`, {
        employeeId: e,
        from: new Date(now - 3600_000).toISOString(),
        to: new Date(now + 3600_000).toISOString(),
      }),
    ).toMatchObject({ code: 200 });
    const detail = await ownerA.get(`app/jiazheng/yuangong/findById/${e}`);
    expect(detail.result.workState).toBe(3);
    const onLeave = await ownerA.get('app/jiazheng/yuangong/weapp/findAllByPage', { workState: 3, pageSize: 100 });
    expect(onLeave.result.records.map((r: { id: number }) => r.id)).toContain(e);
    // 空闲 by hand ends the leave now.
    expect(await ownerA.post('app/jiazheng/yuangong/edit', { id: e, workState: 1 })).toMatchObject({ code: 200 });
    expect((await ownerA.get(`app/jiazheng/yuangong/findById/${e}`)).result.workState).toBe(1);
    // An order being served (服务中) makes the employee 服务中.
    const o = await order(t, shopId, '10:00', 60);
    await assign(o.id, e);
    await t.db.updateTable('serviceOrder').set({ status: 40 }).where('id', '=', o.id).execute();
    expect((await ownerA.get(`app/jiazheng/yuangong/findById/${e}`)).result.workState).toBe(2);
  });
});
