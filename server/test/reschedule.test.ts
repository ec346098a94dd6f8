import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLeave, type Api, api, buildTestApp, demoUsers, type TestApp } from './helpers/index.ts';
import { freeEmployee, paidOrder } from './helpers/order-flow.ts';

/**
 * 改约 (docs/dispatch.md "Rescheduling") and the early-验券 warning: the merchant and the customer
 * move an order under the booking rules; the employee is kept when free then, else released to 待接单. Both databases.
 */
const D = 'app/jiazheng/pay/dingdan';
const C = 'app/jiazheng/customer';

let t: TestApp;
let owner: Api;
let ownerB: Api;
let shopA: number;

const at = (daysAhead: number, hm: string) =>
  new Date(wallMs(nextDay(shanghaiDay(Date.now()), daysAhead), hm)).toISOString();
const timeline = (orderId: number) =>
  t.db
    .selectFrom('orderTimeline')
    .select(['action', 'remark', 'fromStatus', 'toStatus'])
    .where('orderId', '=', orderId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const orderRow = (id: number) =>
  t.db
    .selectFrom('serviceOrder')
    .select(['status', 'employeeId', 'appointmentAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA: owner, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  shopA = (
    await t.db.selectFrom('shop').select('id').where('name', '=', '运城洁家家政（总店）').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

/** A paid order of shop A assigned to a new free employee (待服务). */
async function assigned(phone?: string) {
  const o = await paidOrder(t, shopA, { phone });
  const e = await freeEmployee(t, shopA);
  expect(await owner.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id })).toMatchObject({ code: 200 });
  return { ...o, employeeId: e.id };
}

describe('改约 by the merchant', () => {
  it('needs a reason: none, blank or too long is refused and nothing moves', async () => {
    const o = await assigned();
    const before = await orderRow(o.id);
    for (const reason of [undefined, '   ', '因'.repeat(61)]) {
      const r = await owner.post(`${D}/reschedule`, { id: o.id, appointmentAt: at(30, '10:00'), reason });
      expect(r.code).toBe(2001);
      expect(r.message).toMatch(/改约原因/);
    }
    expect(await orderRow(o.id)).toEqual(before);
  });

  it('keeps the employee when free at the new time; the timeline and the customer hear of it', async () => {
    const o = await assigned('13955550001');
    const before = await orderRow(o.id);
    const to = at(30, '10:00');
    const r = await owner.post(`${D}/reschedule`, { id: o.id, appointmentAt: to, reason: '客户临时有事' });
    expect(r).toMatchObject({
      code: 200,
      message: expect.stringMatching(/^已改约为 \d+月\d+日 10:00$/),
      result: { id: o.id, appointmentAt: to, status: 30, employeeReleased: false },
    });
    expect(await orderRow(o.id)).toMatchObject({ status: 30, employeeId: o.employeeId, appointmentAt: to });
    const tl = await timeline(o.id);
    expect(tl).toMatchObject({ action: '商家改约', fromStatus: 30, toStatus: 30 });
    expect(tl.remark).toMatch(/^\d+月\d+日 \d\d:\d\d → \d+月\d+日 10:00；原因：客户临时有事$/);
    expect(tl.remark).toContain(`${Number(shanghaiDay(before.appointmentAt).slice(5, 7))}月`);
    const seen = await o.customer.get(`${C}/order/findById/${o.id}`);
    expect(seen.result.notice).toBe(`商家已改约：${tl.remark?.split('；')[0]}`);
    expect(seen.result.appointmentAt).toBe(to);
  });

  it('releases the employee to 待接单 when they are busy at the new time, naming them and why', async () => {
    const a = await assigned();
    const b = await paidOrder(t, shopA);
    // the same employee serves b at its own time
    expect(await owner.post(`${D}/setYuangong`, { id: b.id, yuangongId: a.employeeId })).toMatchObject({ code: 200 });
    const bAt = (await orderRow(b.id)).appointmentAt;
    const r = await owner.post(`${D}/reschedule`, { id: a.id, appointmentAt: bAt, reason: '客户临时有事' });
    expect(r).toMatchObject({ code: 200, result: { status: 20, employeeReleased: true } });
    expect(r.message).toMatch(/原服务人员 测试员工\d+ 该时段不能服务，订单已退回待接单$/);
    expect(await orderRow(a.id)).toMatchObject({ status: 20, employeeId: null, appointmentAt: bAt });
    expect(await orderRow(b.id)).toMatchObject({ status: 30, employeeId: a.employeeId });
    const tl = await timeline(a.id);
    expect(tl).toMatchObject({ action: '商家改约', fromStatus: 30, toStatus: 20 });
    expect(tl.remark).toMatch(/已有订单 \d+/);
    const msg = await t.db
      .selectFrom('message')
      .select(['title', 'content'])
      .where('refId', '=', a.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(msg.title).toBe('订单改约，需重新派单');
  });

  it('applies the booking rules; bad input, a served order and another merchant change nothing', async () => {
    const o = await assigned();
    const before = await orderRow(o.id);
    const move = (appointmentAt: string, who = owner) =>
      who.post(`${D}/reschedule`, { id: o.id, appointmentAt, reason: '客户临时有事' });
    expect(await move(at(5, '03:00'))).toMatchObject({
      code: 2004,
      message: expect.stringContaining('不在本店可预约时段内'),
    });
    expect(await move(new Date(Date.now() + 3600_000).toISOString())).toMatchObject({
      code: 2004,
      message: expect.stringMatching(/^本店需提前 2 小时预约/),
    });
    expect(await move(at(5, '17:30'))).toMatchObject({
      code: 2004,
      message: expect.stringContaining('超出本店营业时间'),
    });
    expect(await move(before.appointmentAt)).toMatchObject({ code: 2004, message: '新的预约时间与原时间相同' });
    expect(await move('tomorrow')).toMatchObject({ code: 2001 });
    expect(await move(at(30, '10:00'), ownerB)).toMatchObject({ code: 2002 });
    expect(await orderRow(o.id)).toEqual(before);
    // once served, an order stays where it is
    expect(await owner.post(`${D}/shangjiaYanquan`, { code: o.code })).toMatchObject({ code: 200 });
    expect(await move(at(30, '10:00'))).toMatchObject({ code: 2004, message: '订单当前状态为「服务中」，不能改约' });
  });

  it('a paid order waiting for an employee moves only to a time with a free place', async () => {
    const o = await paidOrder(t, shopA);
    const day = nextDay(shanghaiDay(Date.now()), 40);
    const staff = await t.db
      .selectFrom('employee')
      .select(['id', 'merchantId'])
      .where('shopId', '=', shopA)
      .where('deletedAt', 'is', null)
      .execute();
    await addLeave(
      t,
      staff,
      new Date(wallMs(day, '00:00')).toISOString(),
      new Date(wallMs(nextDay(day), '00:00')).toISOString(),
      '测试：全店休假',
    );
    expect(
      await owner.post(`${D}/reschedule`, { id: o.id, appointmentAt: at(40, '10:00'), reason: '客户临时有事' }),
    ).toMatchObject({
      code: 2004,
      message: expect.stringContaining('已约满'),
    });
    expect(
      await owner.post(`${D}/reschedule`, { id: o.id, appointmentAt: at(41, '10:00'), reason: '客户临时有事' }),
    ).toMatchObject({
      code: 200,
      result: { status: 20 },
    });
  });
});

describe('改约 dialog times (pay/dingdan/rescheduleSlots)', () => {
  it('offers a full time to an assigned order whose employee is free then, and counts no order against itself', async () => {
    const o = await assigned();
    const waiting = await paidOrder(t, shopA);
    // Past the fixtures' appointment sequence (days +2 to +51, helpers/appointment.ts), inside the 60-day horizon: on a
    // day of the sequence, o's employee may hold another file's 09:00 job in this worker, and 10:00 is then full.
    const day = nextDay(shanghaiDay(Date.now()), 55);
    // everyone but o's employee is off that day; then a waiting order at 10:00 takes the one place left
    const others = await t.db
      .selectFrom('employee')
      .select(['id', 'merchantId'])
      .where('shopId', '=', shopA)
      .where('id', '!=', o.employeeId)
      .execute();
    await addLeave(
      t,
      others,
      new Date(wallMs(day, '00:00')).toISOString(),
      new Date(wallMs(nextDay(day), '00:00')).toISOString(),
      '测试：只留一人',
    );
    const ten = at(55, '10:00');
    expect(
      await owner.post(`${D}/reschedule`, { id: waiting.id, appointmentAt: ten, reason: '客户临时有事' }),
    ).toMatchObject({
      code: 200,
      result: { status: 20 },
    });
    const timesOf = async (id: number) => {
      const r = await owner.get(`${D}/rescheduleSlots`, { id, date: day });
      expect(r).toMatchObject({ code: 200, result: { date: day, shopId: shopA } });
      return r.result.slots.find((s: { at: string }) => s.at === ten);
    };
    // o keeps its employee at 10:00 though no place is left for anyone else
    expect(await timesOf(o.id)).toMatchObject({ capacity: 0, available: true, reason: null, keepsEmployee: true });
    // the waiting order does not count against itself
    const own = await timesOf(waiting.id);
    expect(own).toMatchObject({ capacity: 1, available: true });
    expect(own.keepsEmployee).toBeUndefined();
    expect(await owner.post(`${D}/reschedule`, { id: o.id, appointmentAt: ten, reason: '客户临时有事' })).toMatchObject(
      {
        code: 200,
        result: { status: 30, employeeReleased: false },
      },
    );
  });

  it("answers only the caller's movable orders; bad input is 2001", async () => {
    const o = await assigned();
    const day = nextDay(shanghaiDay(Date.now()), 46);
    expect(await ownerB.get(`${D}/rescheduleSlots`, { id: o.id, date: day })).toMatchObject({ code: 2002 });
    expect(await owner.get(`${D}/rescheduleSlots`, { id: 99_999_999, date: day })).toMatchObject({ code: 2002 });
    expect(await owner.get(`${D}/rescheduleSlots`, { id: o.id, date: '2026-13-40' })).toMatchObject({ code: 2001 });
    expect(await owner.get(`${D}/rescheduleSlots`, { id: 'x', date: day })).toMatchObject({ code: 2001 });
    expect(
      await owner.get(`${D}/rescheduleSlots`, { id: o.id, date: nextDay(shanghaiDay(Date.now()), 90) }),
    ).toMatchObject({ code: 2001, message: '只能查询今天起 60 天内的可预约时间' });
    expect(await owner.post(`${D}/shangjiaYanquan`, { code: o.code })).toMatchObject({ code: 200 });
    expect(await owner.get(`${D}/rescheduleSlots`, { id: o.id, date: day })).toMatchObject({
      code: 2004,
      message: '订单当前状态为「服务中」，不能改约',
    });
  });
});

describe('改约 by the customer', () => {
  it('moves their own order; another customer cannot', async () => {
    const o = await paidOrder(t, shopA, { phone: '13955550002' });
    const other = await paidOrder(t, shopA, { phone: '13955550003' });
    const to = at(33, '14:30');
    expect(await o.customer.post(`${C}/order/reschedule`, { id: o.id, appointmentAt: to })).toMatchObject({
      code: 200,
      result: { appointmentAt: to, status: 20 },
    });
    expect(await timeline(o.id)).toMatchObject({ action: '用户改约' });
    expect(
      await other.customer.post(`${C}/order/reschedule`, { id: o.id, appointmentAt: at(34, '10:00') }),
    ).toMatchObject({
      code: 2002,
    });
    expect(await api(t.app).post(`${C}/order/reschedule`, { id: o.id, appointmentAt: to })).toMatchObject({
      code: 2001,
    });
  });
});

describe('验券 long before the appointment', () => {
  it('succeeds and warns, naming the appointment', async () => {
    const o = await assigned();
    const r = await owner.post(`${D}/shangjiaYanquan`, { code: o.code });
    expect(r).toMatchObject({ code: 200 });
    expect(r.message).toMatch(
      /^验券成功，订单开始服务（注意：预约时间为 \d+月\d+日 \d\d:\d\d，还有约 \d+ (小时|天)，请确认是否提前上门服务）$/,
    );
  });
});
