import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { STAFF_LEAVE_STATUS } from '@jz/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, expectEvery, PHONES, type TestApp } from './helpers/index.ts';
import { S, shopIdOf, staffMember } from './staff-fixture.ts';

/**
 * 撤回 of a leave request on the staff page (docs/staff.md): only her own, while pending or approved and not begun
 * (the approved leave goes with it); every refusal is an envelope error and changes nothing. Both databases.
 */
let t: TestApp;
let owner: Api;
let ownerB: Api;
let shopA: number;
let shopB: number;

const R = 'app/jiazheng/paidan/leaveRequest';
const today = () => shanghaiDay(Date.now());
const at = (days: number, hm: string) => new Date(wallMs(nextDay(today(), days), hm)).toISOString();

/** The request row and the leave periods of an employee, to prove a refusal changed nothing. */
async function stateOf(requestId: number, employeeId: number) {
  const request = await t.db
    .selectFrom('staffLeaveRequest')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const leaves = await t.db
    .selectFrom('employeeLeave')
    .selectAll()
    .where('employeeId', '=', employeeId)
    .orderBy('id')
    .execute();
  return { request, leaves };
}

async function ask(s: { api: Api }, days: number, reason = '家里有事') {
  const r = await s.api.post(`${S}/leave`, { from: at(days, '08:00'), to: at(days, '18:00'), reason });
  expect(r).toMatchObject({ code: 200, result: { status: STAFF_LEAVE_STATUS.pending, withdrawable: true } });
  return r.result as { id: number };
}

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

describe('撤回 of her leave request', () => {
  it('a pending request: withdrawn, shown so to the dispatcher, no longer answerable, a new one over the same time allowed', async () => {
    const s = await staffMember(t, shopA);
    const req = await ask(s, 4);
    const r = await s.api.post(`${S}/leave/${req.id}/withdraw`);
    expect(r).toMatchObject({
      code: 200,
      message: '请假申请已撤回',
      result: {
        id: req.id,
        status: STAFF_LEAVE_STATUS.withdrawn,
        withdrawnAt: expect.any(String),
        withdrawable: false,
        decidedAt: null,
      },
    });
    // the dispatcher's list says 已撤回 (status withdrawn, when) and the request cannot be answered any more
    const list = await owner.get(`${R}/findAllByPage`, { employeeId: s.id });
    expect(list.result.records).toEqual([
      expect.objectContaining({ id: req.id, status: STAFF_LEAVE_STATUS.withdrawn, withdrawnAt: expect.any(String) }),
    ]);
    const withdrawnOnly = await owner.get(`${R}/findAllByPage`, {
      shopId: shopA,
      status: STAFF_LEAVE_STATUS.withdrawn,
    });
    expectEvery(
      withdrawnOnly.result.records,
      (x: { status: number }) => x.status === STAFF_LEAVE_STATUS.withdrawn,
      'withdrawn filter',
    );
    expect(await owner.post(`${R}/decide`, { id: req.id, approve: true })).toMatchObject({
      code: 2004,
      message: '该申请已处理',
    });
    expect(await t.db.selectFrom('employeeLeave').selectAll().where('employeeId', '=', s.id).execute()).toEqual([]);
    // her schedule lists it withdrawn; the same time may be asked for again
    const sch = await s.api.get(`${S}/schedule`, { from: today(), to: nextDay(today(), 6) });
    expect(sch.result.requests[0]).toMatchObject({
      id: req.id,
      status: STAFF_LEAVE_STATUS.withdrawn,
      withdrawable: false,
    });
    await ask(s, 4, '还是要请假');
  });

  it('an approved leave not begun yet: the request withdrawn and the leave period removed with it', async () => {
    const s = await staffMember(t, shopA);
    const req = await ask(s, 6);
    expect(await owner.post(`${R}/decide`, { id: req.id, approve: true, reply: '好' })).toMatchObject({ code: 200 });
    const sch = await s.api.get(`${S}/schedule`, { from: today(), to: nextDay(today(), 6) });
    expect(sch.result.requests[0]).toMatchObject({
      id: req.id,
      status: STAFF_LEAVE_STATUS.approved,
      withdrawable: true,
    });
    expect(await t.db.selectFrom('employeeLeave').select('id').where('employeeId', '=', s.id).execute()).toHaveLength(
      1,
    );

    const r = await s.api.post(`${S}/leave/${req.id}/withdraw`);
    expect(r).toMatchObject({
      code: 200,
      result: { status: STAFF_LEAVE_STATUS.withdrawn, reply: '好', decidedAt: expect.any(String), withdrawable: false },
    });
    expect(await t.db.selectFrom('employeeLeave').select('id').where('employeeId', '=', s.id).execute()).toEqual([]);
    const after = await s.api.get(`${S}/schedule`, { from: nextDay(today(), 6), to: nextDay(today(), 6) });
    expect(after.result.days[0].leaves).toEqual([]);
  });

  it('an approved leave whose period the dispatcher already deleted: still withdrawn', async () => {
    const s = await staffMember(t, shopA);
    const req = await ask(s, 8);
    await owner.post(`${R}/decide`, { id: req.id, approve: true });
    const [leave] = await t.db.selectFrom('employeeLeave').select('id').where('employeeId', '=', s.id).execute();
    expect(await owner.del(`app/jiazheng/paidan/leave/del/${leave.id}`)).toMatchObject({ code: 200 });
    expect(await s.api.post(`${S}/leave/${req.id}/withdraw`)).toMatchObject({
      code: 200,
      result: { status: STAFF_LEAVE_STATUS.withdrawn },
    });
  });

  it('refused (2004, nothing changed): a leave already begun, a refused request, one withdrawn already', async () => {
    const s = await staffMember(t, shopA);
    // approved, then its start moved into the past (as time passing would)
    const begun = await ask(s, 2);
    await owner.post(`${R}/decide`, { id: begun.id, approve: true });
    const past = new Date(Date.now() - 3_600_000).toISOString();
    await t.db.updateTable('staffLeaveRequest').set({ startsAt: past }).where('id', '=', begun.id).execute();
    await t.db.updateTable('employeeLeave').set({ startsAt: past }).where('employeeId', '=', s.id).execute();
    const refused = await ask(s, 3);
    await owner.post(`${R}/decide`, { id: refused.id, approve: false, reply: '人手不够' });
    const twice = await ask(s, 5);
    expect(await s.api.post(`${S}/leave/${twice.id}/withdraw`)).toMatchObject({ code: 200 });

    const cases: [number, string][] = [
      [begun.id, '休假已开始，不能撤回；如需提前结束请联系调度'],
      [refused.id, '该申请已被拒绝，无需撤回'],
      [twice.id, '该申请已撤回'],
    ];
    for (const [id, message] of cases) {
      const before = await stateOf(id, s.id);
      const r = await s.api.post(`${S}/leave/${id}/withdraw`);
      expect(r, message).toMatchObject({ code: 2004, status: 409, message, result: null });
      expect(await stateOf(id, s.id)).toEqual(before);
    }
    const sch = await s.api.get(`${S}/schedule`, { from: today(), to: nextDay(today(), 6) });
    expectEvery(sch.result.requests, (x: { withdrawable: boolean }) => !x.withdrawable, 'her answered requests');
  });

  it('another employee’s (same merchant) and another merchant’s request: 2002, nothing changed', async () => {
    const s = await staffMember(t, shopA);
    const colleague = await staffMember(t, shopA);
    const ofColleague = await ask(colleague, 4);
    const sB = await staffMember(t, shopB);
    const ofB = await ask(sB, 4);
    for (const [id, who] of [
      [ofColleague.id, colleague.id],
      [ofB.id, sB.id],
    ] as const) {
      const before = await stateOf(id, who);
      expect(await s.api.post(`${S}/leave/${id}/withdraw`)).toMatchObject({
        code: 2002,
        message: '请假申请不存在',
        result: null,
      });
      expect(await stateOf(id, who)).toEqual(before);
    }
    // and the other merchant's employee cannot withdraw A's either
    const before = await stateOf(ofColleague.id, colleague.id);
    expect(await sB.api.post(`${S}/leave/${ofColleague.id}/withdraw`)).toMatchObject({ code: 2002 });
    expect(await stateOf(ofColleague.id, colleague.id)).toEqual(before);
  });

  it('wrong role: no token, either owner’s console token, a revoked staff session: 401, nothing changed', async () => {
    const s = await staffMember(t, shopA);
    const req = await ask(s, 4);
    const before = await stateOf(req.id, s.id);
    expect(await api(t.app).post(`${S}/leave/${req.id}/withdraw`)).toMatchObject({ code: 401, status: 401 });
    expect(await owner.post(`${S}/leave/${req.id}/withdraw`)).toMatchObject({ code: 401, status: 401 });
    expect(await ownerB.post(`${S}/leave/${req.id}/withdraw`)).toMatchObject({ code: 401, status: 401 });
    expect(await s.api.post(`${S}/logout`)).toMatchObject({ code: 200 });
    expect(await s.api.post(`${S}/leave/${req.id}/withdraw`)).toMatchObject({ code: 401 });
    expect(await stateOf(req.id, s.id)).toEqual(before);
  });

  it('bad ids: 2001 for what is not an id, 2002 for an id nobody has', async () => {
    const s = await staffMember(t, shopA);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect(await s.api.post(`${S}/leave/${id}/withdraw`), id).toMatchObject({ code: 2001, result: null });
    }
    expect(await s.api.post(`${S}/leave/2147483000/withdraw`)).toMatchObject({ code: 2002 });
  });
});
