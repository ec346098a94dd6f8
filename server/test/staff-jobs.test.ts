import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, PHONES, type TestApp } from './helpers/index.ts';
import { freeEmployee } from './helpers/order-flow.ts';
import { assignedTo, S, shopIdOf, staffMember } from './staff-fixture.ts';

/**
 * Her jobs, the phone reveal, her schedule and leave requests (docs/staff.md). Another employee's or another merchant's
 * order answers 2002 and nothing of it. Both databases.
 */
let t: TestApp;
let owner: Api;
let ownerB: Api;
let shopA: number;
let shopB: number;

const today = () => shanghaiDay(Date.now());
const at = (days: number, hm: string) => new Date(wallMs(nextDay(today(), days), hm)).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA: owner, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  shopA = await shopIdOf(t);
  shopB = (
    await t.db
      .selectFrom('shop')
      .innerJoin('user', 'user.merchantId', 'shop.merchantId')
      .select('shop.id')
      .where('user.phone', '=', PHONES.ownerB)
      .orderBy('shop.id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

describe('her jobs', () => {
  it('lists only the orders assigned to her, in time order, with what she needs at the door', async () => {
    const s = await staffMember(t, shopA);
    const other = await freeEmployee(t, shopA);
    const late = await assignedTo(t, owner, shopA, s.id, at(1, '14:00'));
    const early = await assignedTo(t, owner, shopA, s.id, at(1, '08:00'));
    await assignedTo(t, owner, shopA, other.id, at(1, '10:00'));
    const r = await s.api.get(`${S}/jobs`, { date: nextDay(today()) });
    expect(r.code).toBe(200);
    expect(r.result.jobs.map((j: { orderId: number }) => j.orderId)).toEqual([early.id, late.id]);
    const j = r.result.jobs[0];
    expect(j).toMatchObject({
      orderId: early.id,
      status: 30,
      step: 'assigned',
      startsAt: at(1, '08:00'),
      goodsName: early.goods,
      quantityLabel: expect.any(String),
      customerName: '测试顾客',
      customerPhoneMasked: `${early.phone.slice(0, 3)}****${early.phone.slice(-4)}`,
      phoneCallable: true,
      address: '山西省运城市盐湖区测试路 8 号',
      sheetText: expect.stringContaining('08:00'),
      departedAt: null,
      photos: [],
    });
    expect(j.sheetText).toContain('测试顾客');
    expect(JSON.stringify(r.result)).not.toContain(early.phone); // masked everywhere
    expect(JSON.stringify(r.result)).not.toContain(early.code); // never the code
    expect(await s.api.get(`${S}/jobs/${early.id}`)).toMatchObject({ code: 200, result: { orderId: early.id } });
  });

  it('another employee’s and another merchant’s order: 2002, never data', async () => {
    const s = await staffMember(t, shopA);
    const other = await freeEmployee(t, shopA);
    const theirs = await assignedTo(t, owner, shopA, other.id);
    const eB = await freeEmployee(t, shopB);
    const ofB = await assignedTo(t, ownerB, shopB, eB.id);
    for (const id of [theirs.id, ofB.id]) {
      for (const r of [
        await s.api.get(`${S}/jobs/${id}`),
        await s.api.post(`${S}/jobs/${id}/phone`),
        await s.api.post(`${S}/jobs/${id}/depart`),
        await s.api.post(`${S}/jobs/${id}/arrive`, { lat: 35, lng: 111 }),
        await s.api.post(`${S}/jobs/${id}/start`, { code: '123456789012' }),
        await s.api.post(`${S}/jobs/${id}/finish`),
      ]) {
        expect(r).toMatchObject({ code: 2002, result: null });
      }
    }
    expect(
      await t.db.selectFrom('orderStaffProgress').selectAll().where('orderId', 'in', [theirs.id, ofB.id]).execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('staffPhoneReveal').selectAll().where('employeeId', '=', s.id).execute()).toEqual([]);
  });

  it('refuses a span over 14 days', async () => {
    const s = await staffMember(t, shopA);
    expect(await s.api.get(`${S}/jobs`, { from: today(), to: nextDay(today(), 14) })).toMatchObject({ code: 2001 });
    expect(await s.api.get(`${S}/jobs`, { from: today(), to: nextDay(today(), 13) })).toMatchObject({ code: 200 });
  });
});

describe('phone reveal', () => {
  it('answers the full phone from the day before the job until 24 h after it ends, and records each reveal', async () => {
    const s = await staffMember(t, shopA);
    const o = await assignedTo(t, owner, shopA, s.id, at(1, '09:00'));
    const r = await s.api.post(`${S}/jobs/${o.id}/phone`);
    expect(r).toMatchObject({ code: 200, result: { phone: o.phone } });
    await s.api.post(`${S}/jobs/${o.id}/phone`);
    const rows = await t.db.selectFrom('staffPhoneReveal').selectAll().where('orderId', '=', o.id).execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ employeeId: s.id, orderId: o.id });
  });

  it('refuses (2004) before the day before the job and more than 24 h after its end; nothing recorded', async () => {
    const s = await staffMember(t, shopA);
    const ahead = await assignedTo(t, owner, shopA, s.id, at(2, '09:00'));
    const r = await s.api.post(`${S}/jobs/${ahead.id}/phone`);
    expect(r).toMatchObject({ code: 2004, message: '服务前一天起才能查看顾客完整电话' });
    const job = await s.api.get(`${S}/jobs/${ahead.id}`);
    expect(job.result).toMatchObject({ phoneCallable: false });
    const past = await assignedTo(t, owner, shopA, s.id);
    await t.db
      .updateTable('serviceOrder')
      .set({ appointmentAt: at(-4, '09:00'), durationMinutes: 180 })
      .where('id', '=', past.id)
      .execute();
    expect(await s.api.post(`${S}/jobs/${past.id}/phone`)).toMatchObject({
      code: 2004,
      message: '服务结束已超过 24 小时，不能再查看顾客电话',
    });
    expect(
      await t.db.selectFrom('staffPhoneReveal').selectAll().where('orderId', 'in', [ahead.id, past.id]).execute(),
    ).toEqual([]);
  });
});

describe('schedule and leave requests', () => {
  it('her hours per day come from scheduling, with leave and job counts', async () => {
    const s = await staffMember(t, shopA);
    await assignedTo(t, owner, shopA, s.id, at(1, '09:00'));
    const week = [[{ from: '08:00', to: '12:00' }], [], [], [], [], [], []];
    await t.db
      .updateTable('employee')
      .set({ workHours: JSON.stringify(week) })
      .where('id', '=', s.id)
      .execute();
    const from = today();
    const to = nextDay(from, 6);
    const r = await s.api.get(`${S}/schedule`, { from, to });
    expect(r.code).toBe(200);
    expect(r.result.days).toHaveLength(7);
    const monday = r.result.days.find((d: { date: string }) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 1);
    expect(monday.hours).toEqual([{ from: '08:00', to: '12:00' }]);
    const tomorrow = r.result.days.find((d: { date: string }) => d.date === nextDay(from));
    expect(tomorrow.jobs).toBe(1);
  });

  it('a request is approved by the dispatcher (the leave is created) or refused with a reply', async () => {
    const s = await staffMember(t, shopA);
    const req = await s.api.post(`${S}/leave`, { from: at(5, '08:00'), to: at(6, '20:00'), reason: '家里有事' });
    expect(req).toMatchObject({ code: 200, result: { status: 0, reason: '家里有事', employeeId: s.id } });
    // a second pending request over the same time is refused
    expect(
      await s.api.post(`${S}/leave`, { from: at(6, '08:00'), to: at(6, '10:00'), reason: '又有事' }),
    ).toMatchObject({ code: 2004 });
    const list = await owner.get('app/jiazheng/paidan/leaveRequest/findAllByPage', { shopId: shopA, status: 0 });
    expect(list.result.records.map((x: { id: number }) => x.id)).toContain(req.result.id);
    // another merchant cannot see or decide it
    expect(
      (await ownerB.get('app/jiazheng/paidan/leaveRequest/findAllByPage', {})).result.records.map(
        (x: { id: number }) => x.id,
      ),
    ).not.toContain(req.result.id);
    expect(
      await ownerB.post('app/jiazheng/paidan/leaveRequest/decide', { id: req.result.id, approve: true }),
    ).toMatchObject({
      code: 2002,
    });
    const ok = await owner.post('app/jiazheng/paidan/leaveRequest/decide', {
      id: req.result.id,
      approve: true,
      reply: '好的',
    });
    expect(ok).toMatchObject({ code: 200, result: { status: 1, reply: '好的', decidedAt: expect.any(String) } });
    const leave = await t.db.selectFrom('employeeLeave').selectAll().where('employeeId', '=', s.id).execute();
    expect(leave).toHaveLength(1);
    expect(leave[0]).toMatchObject({ startsAt: at(5, '08:00'), endsAt: at(6, '20:00') });
    expect(
      await owner.post('app/jiazheng/paidan/leaveRequest/decide', { id: req.result.id, approve: false }),
    ).toMatchObject({ code: 2004, message: '该申请已处理' });
    // she sees the answer and the leave on her schedule
    const sch = await s.api.get(`${S}/schedule`, { from: nextDay(today(), 5), to: nextDay(today(), 6) });
    expect(sch.result.requests[0]).toMatchObject({ id: req.result.id, status: 1, reply: '好的' });
    expect(sch.result.days[0].leaves).toHaveLength(1);

    const req2 = await s.api.post(`${S}/leave`, { from: at(9, '08:00'), to: at(9, '12:00'), reason: '看病' });
    const no = await owner.post('app/jiazheng/paidan/leaveRequest/decide', {
      id: req2.result.id,
      approve: false,
      reply: '那天人手不够',
    });
    expect(no).toMatchObject({ code: 200, result: { status: 2, reply: '那天人手不够' } });
    expect(await t.db.selectFrom('employeeLeave').selectAll().where('employeeId', '=', s.id).execute()).toHaveLength(1);
  });

  it('approval is refused while the leave overlaps her assigned jobs; the request stays pending', async () => {
    const s = await staffMember(t, shopA);
    await assignedTo(t, owner, shopA, s.id, at(3, '10:00'));
    const req = await s.api.post(`${S}/leave`, { from: at(3, '08:00'), to: at(3, '18:00'), reason: '请假' });
    const r = await owner.post('app/jiazheng/paidan/leaveRequest/decide', { id: req.result.id, approve: true });
    expect(r.code).toBe(2004);
    expect(r.message).toContain('请先改派');
    const row = await t.db
      .selectFrom('staffLeaveRequest')
      .select('status')
      .where('id', '=', req.result.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(0);
  });
});

describe('month and me', () => {
  it('me answers her; the month lists what she completed', async () => {
    const s = await staffMember(t, shopA);
    expect(await s.api.get(`${S}/me`)).toMatchObject({ code: 200, result: { id: s.id, shopId: shopA } });
    const r = await s.api.get(`${S}/completed`);
    expect(r).toMatchObject({ code: 200, result: { month: today().slice(0, 7), completed: 0, jobs: [] } });
    expect(await api(t.app).get(`${S}/completed`)).toMatchObject({ code: 401 });
  });
});
