import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { ORDER_STATUS } from '@jz/contracts/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, expectEvery, type TestApp } from './helpers/index.ts';
import { freeEmployee } from './helpers/order-flow.ts';
import { roleWith, subWith } from './security/authority.ts';
import { assignedTo, shopIdOf, staffMember } from './staff-fixture.ts';

/**
 * A change of an employee's weekly hours checked against the orders already assigned to her (docs/dispatch.md §1.2):
 * checkHours lists those the new hours leave outside them; the edit is refused (2004, naming them, nothing changed)
 * unless it confirms. Another merchant, a role without 编辑员工, a staff token and bad input are refused. Both databases.
 */
let t: TestApp;
let owner: Api;
let ownerB: Api;
let shopA: number;

const Y = 'app/jiazheng/yuangong';
const today = () => shanghaiDay(Date.now());
const at = (days: number, hm: string) => new Date(wallMs(nextDay(today(), days), hm)).toISOString();
const week = (from: string, to: string) => JSON.stringify(Array.from({ length: 7 }, () => [{ from, to }]));
const DAY = week('08:00', '20:00');
const AFTERNOON = week('14:00', '20:00');
const LONG = week('06:00', '23:00');

/** A new employee of shop A working 08:00–20:00 every day, with one order assigned at 10:00 three days from now. */
async function withJob() {
  const e = await freeEmployee(t, shopA);
  await t.db.updateTable('employee').set({ workHours: DAY }).where('id', '=', e.id).execute();
  const o = await assignedTo(t, owner, shopA, e.id, at(3, '10:00'));
  return { e, o };
}

const hoursOf = async (id: number) =>
  (await t.db.selectFrom('employee').select(['workHours', 'updatedAt']).where('id', '=', id).executeTakeFirstOrThrow())
    .workHours;

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA: owner, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  shopA = await shopIdOf(t);
});
afterAll(() => t?.close());

describe('weekly hours against assigned orders', () => {
  it('checkHours names the orders the new hours leave outside them: number, time, customer with the phone masked', async () => {
    const { e, o } = await withJob();
    const r = await owner.get(`${Y}/checkHours`, { id: e.id, workHours: AFTERNOON });
    expect(r).toMatchObject({ code: 200 });
    expect(r.result.orders).toEqual([
      {
        orderId: o.id,
        orderNo: expect.any(String),
        status: ORDER_STATUS.TO_SERVE,
        goodsName: o.goods,
        from: at(3, '10:00'),
        to: expect.any(String),
        time: expect.stringContaining('10:00–'),
        customerName: '测试顾客',
        customerPhoneMasked: `${o.phone.slice(0, 3)}****${o.phone.slice(-4)}`,
      },
    ]);
    expect(JSON.stringify(r.result)).not.toContain(o.phone);
    // hours that still hold it, the same hours, and a finished order: nothing to name
    expect((await owner.get(`${Y}/checkHours`, { id: e.id, workHours: LONG })).result.orders).toEqual([]);
    expect((await owner.get(`${Y}/checkHours`, { id: e.id, workHours: DAY })).result.orders).toEqual([]);
    await t.db.updateTable('serviceOrder').set({ status: ORDER_STATUS.DONE }).where('id', '=', o.id).execute();
    expect((await owner.get(`${Y}/checkHours`, { id: e.id, workHours: AFTERNOON })).result.orders).toEqual([]);
  });

  it('the edit is refused (2004, naming the orders, nothing changed) unless it confirms; confirmed, the hours are saved', async () => {
    const { e, o } = await withJob();
    const orderNo = (
      await t.db.selectFrom('serviceOrder').select('orderNo').where('id', '=', o.id).executeTakeFirstOrThrow()
    ).orderNo;
    const before = await hoursOf(e.id);
    const refused = await owner.post(`${Y}/edit`, { id: e.id, workHours: AFTERNOON, name: '改了名字' });
    expect(refused).toMatchObject({ code: 2004, status: 409, result: null });
    expect(refused.message).toContain(orderNo);
    expect(refused.message).toContain('请先改派，或确认后再保存');
    const row = await t.db
      .selectFrom('employee')
      .select(['name', 'workHours'])
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(row.workHours).toBe(before);
    expect(row.name).not.toBe('改了名字');
    // confirmHours=false is no confirmation
    expect(await owner.post(`${Y}/edit`, { id: e.id, workHours: AFTERNOON, confirmHours: false })).toMatchObject({
      code: 2004,
    });

    expect(await owner.post(`${Y}/edit`, { id: e.id, workHours: AFTERNOON, confirmHours: true })).toMatchObject({
      code: 200,
    });
    expect(JSON.parse((await hoursOf(e.id))!)).toEqual(JSON.parse(AFTERNOON));
    // the order stays hers (the dispatcher moves it); the detail shows the new hours
    const order = await t.db
      .selectFrom('serviceOrder')
      .select('employeeId')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(order.employeeId).toBe(e.id);
  });

  it('not this change’s doing: an order already outside the old hours, a day with its own hours, other edits', async () => {
    const { e, o } = await withJob();
    // a dated exception on the order's day keeps it inside whatever the weekly hours say
    const day = shanghaiDay(Date.parse(at(3, '10:00')));
    expect(
      await owner.post('app/jiazheng/paidan/shiftException/save', {
        employeeId: e.id,
        day,
        ranges: JSON.stringify([{ from: '08:00', to: '20:00' }]),
      }),
    ).toMatchObject({ code: 200 });
    expect((await owner.get(`${Y}/checkHours`, { id: e.id, workHours: AFTERNOON })).result.orders).toEqual([]);
    expect(await owner.post(`${Y}/edit`, { id: e.id, workHours: AFTERNOON })).toMatchObject({ code: 200 });
    // now outside the weekly hours already (the exception aside): a narrower change does not name it
    await t.db.deleteFrom('employeeShiftException').where('employeeId', '=', e.id).execute();
    expect((await owner.get(`${Y}/checkHours`, { id: e.id, workHours: week('15:00', '20:00') })).result.orders).toEqual(
      [],
    );
    // an edit that leaves the hours as they are, and one without hours, are not checked
    expect(await owner.post(`${Y}/edit`, { id: e.id, workHours: AFTERNOON, intro: '认真' })).toMatchObject({
      code: 200,
    });
    expect(await owner.post(`${Y}/edit`, { id: e.id, intro: '细心' })).toMatchObject({ code: 200 });
    // the shop's business hours ('' = none of her own) are checked like any others
    await t.db.updateTable('employee').set({ workHours: LONG }).where('id', '=', e.id).execute();
    await t.db
      .updateTable('serviceOrder')
      .set({ appointmentAt: at(3, '19:00'), durationMinutes: 120 })
      .where('id', '=', o.id)
      .execute();
    const shop = await owner.get(`${Y}/checkHours`, { id: e.id, workHours: '' });
    // the demo shop keeps 08:00–20:00: the 19:00–21:00 order falls outside it
    const shopHours = await t.db.selectFrom('shop').select('businessHours').where('id', '=', shopA).executeTakeFirst();
    expect(shopHours?.businessHours).toBe('08:00-20:00');
    expect(shop.result.orders.map((x: { orderId: number }) => x.orderId)).toEqual([o.id]);
    expect(await owner.post(`${Y}/edit`, { id: e.id, workHours: '' })).toMatchObject({ code: 2004 });
  });

  it('several orders: all listed, in time order, each with its number', async () => {
    const { e, o } = await withJob();
    const second = await assignedTo(t, owner, shopA, e.id, at(5, '09:00'));
    const r = await owner.get(`${Y}/checkHours`, { id: e.id, workHours: AFTERNOON });
    expect(r.result.orders.map((x: { orderId: number }) => x.orderId)).toEqual([o.id, second.id]);
    expectEvery(r.result.orders, (x: { orderNo: string; time: string }) => !!x.orderNo && !!x.time, 'listed orders');
  });

  it('another merchant: 2002 on the check and the edit, nothing changed', async () => {
    const { e } = await withJob();
    const before = await hoursOf(e.id);
    expect(await ownerB.get(`${Y}/checkHours`, { id: e.id, workHours: AFTERNOON })).toMatchObject({
      code: 2002,
      result: null,
    });
    expect(await ownerB.post(`${Y}/edit`, { id: e.id, workHours: AFTERNOON, confirmHours: true })).toMatchObject({
      code: 2002,
    });
    expect(await hoursOf(e.id)).toBe(before);
  });

  it('wrong role: a sub-account without 编辑员工 (301), a staff token and no token (401); nothing changed', async () => {
    const { e } = await withJob();
    const before = await hoursOf(e.id);
    const roleId = await roleWith(t, owner, '仅看员工', (p) => p === 'merchant:employee:list');
    const viewer = await subWith(t, owner, '13900028801', roleId, 'all');
    expect(await viewer.api.get(`${Y}/checkHours`, { id: e.id, workHours: AFTERNOON })).toMatchObject({ code: 301 });
    expect(await viewer.api.post(`${Y}/edit`, { id: e.id, workHours: AFTERNOON, confirmHours: true })).toMatchObject({
      code: 301,
    });
    const s = await staffMember(t, shopA);
    expect(await s.api.get(`${Y}/checkHours`, { id: e.id, workHours: AFTERNOON })).toMatchObject({ code: 401 });
    expect(await api(t.app).get(`${Y}/checkHours`, { id: e.id, workHours: AFTERNOON })).toMatchObject({ code: 401 });
    expect(await hoursOf(e.id)).toBe(before);
  });

  it('bad input: 2001 for what is not an id or not hours, 2002 for an id nobody has', async () => {
    const { e } = await withJob();
    for (const id of ['abc', '0', '-3', '99999999999999999999']) {
      expect(await owner.get(`${Y}/checkHours`, { id, workHours: AFTERNOON }), id).toMatchObject({ code: 2001 });
    }
    expect(await owner.get(`${Y}/checkHours`, { workHours: AFTERNOON })).toMatchObject({ code: 2001 });
    for (const workHours of ['{', '[1,2]', week('20:00', '08:00'), JSON.stringify([[]])]) {
      expect(await owner.get(`${Y}/checkHours`, { id: e.id, workHours }), workHours).toMatchObject({ code: 2001 });
    }
    expect(await owner.get(`${Y}/checkHours`, { id: 2147483000, workHours: AFTERNOON })).toMatchObject({ code: 2002 });
    expect(await owner.post(`${Y}/edit`, { id: e.id, workHours: AFTERNOON, confirmHours: 'maybe' })).toMatchObject({
      code: 2001,
    });
  });
});
