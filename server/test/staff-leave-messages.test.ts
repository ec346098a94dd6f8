import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { STAFF_LEAVE_STATUS } from '@jz/contracts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildTestApp, demoUsers, PHONES, type TestApp } from './helpers/index.ts';
import { roleWith, subWith } from './security/authority.ts';
import { dispatchScene } from './dispatch-fixture.ts';
import { S, staffMember } from './staff-fixture.ts';

/**
 * A leave request on the staff page and its withdrawal tell, in the message centre, the users of the request's shop
 * who answer leave requests (docs/messages.md): owners and sub-accounts holding merchant:dispatch:assign there; not a
 * sub-account limited to another shop nor one without that code; nothing when the request is refused. The text
 * states the times in Shanghai wall time. Both databases.
 */
let t: TestApp;
let owner: Api;
let ids: { owner: number; decider: number; otherShop: number; viewer: number };
let decider: Api;
let shopA: number;

const R = 'app/jiazheng/paidan/leaveRequest';
const today = () => shanghaiDay(Date.now());
const at = (days: number, hm: string) => new Date(wallMs(nextDay(today(), days), hm)).toISOString();
/** '12月5日', written independently of the server's helper. */
const dayText = (days: number) => {
  const d = nextDay(today(), days);
  return `${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;
};

/** The leave-request messages about one request, per recipient. */
async function told(requestId: number) {
  const rows = await t.db
    .selectFrom('message')
    .select(['userId', 'type', 'title', 'content'])
    .where('refType', '=', 'leaveRequest')
    .where('refId', '=', requestId)
    .orderBy('id')
    .execute();
  const of = (userId: number) => rows.filter((r) => r.userId === userId);
  return { rows, of };
}
const leaveMessageCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('message')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('refType', '=', 'leaveRequest')
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await buildTestApp();
  const scene = await dispatchScene(t);
  ({ ownerA: owner } = await demoUsers(t, 'ownerA'));
  shopA = scene.shopId;
  const deciders = await roleWith(
    t,
    owner,
    '请假审批',
    (p) => p.startsWith('merchant:dispatch:') || p.startsWith('merchant:message:'),
  );
  const viewers = await roleWith(
    t,
    owner,
    '排班查看',
    (p) => p === 'merchant:dispatch:view' || p.startsWith('merchant:message:'),
  );
  const d = await subWith(t, owner, '13900051001', deciders, [shopA]);
  const o = await subWith(t, owner, '13900051002', deciders, [scene.branchId]);
  const v = await subWith(t, owner, '13900051003', viewers, [shopA]);
  decider = d.api;
  const ownerRow = await t.db
    .selectFrom('user')
    .select('id')
    .where('phone', '=', PHONES.ownerA)
    .executeTakeFirstOrThrow();
  ids = { owner: ownerRow.id, decider: d.id, otherShop: o.id, viewer: v.id };
});
afterAll(() => t?.close());

describe('请假申请 and 请假撤回 in the message centre', () => {
  it('a request tells the owner and the shop’s deciders once, in Shanghai time; not another shop’s nor a viewer', async () => {
    const s = await staffMember(t, shopA);
    const r = await s.api.post(`${S}/leave`, { from: at(5, '08:00'), to: at(6, '18:00'), reason: '家里有事' });
    expect(r).toMatchObject({ code: 200 });
    const m = await told(r.result.id);
    const text = `${s.name} 申请请假 ${dayText(5)} 08:00 至 ${dayText(6)} 18:00（事由：家里有事），请及时审批`;
    for (const u of [ids.owner, ids.decider])
      expect(m.of(u)).toEqual([{ userId: u, type: 'system', title: '请假申请', content: text }]);
    for (const u of [ids.otherShop, ids.viewer]) expect(m.of(u)).toEqual([]);
    // the decider reads it in its message centre (its role may see the subject)
    const list = await decider.get('app/jiazheng/xiaoxi/findAllByPage', { pageNum: 1, pageSize: 10 });
    expect(list.result.records).toContainEqual(
      expect.objectContaining({ title: '请假申请', refType: 'leaveRequest', refId: r.result.id, content: text }),
    );
  });

  it('withdrawing a pending request tells them once more (无需再审批)', async () => {
    const s = await staffMember(t, shopA);
    const r = await s.api.post(`${S}/leave`, { from: at(4, '09:30'), to: at(4, '17:00'), reason: '看病' });
    expect(await s.api.post(`${S}/leave/${r.result.id}/withdraw`)).toMatchObject({ code: 200 });
    const m = await told(r.result.id);
    const text = `${s.name} 撤回了请假申请 ${dayText(4)} 09:30 至 ${dayText(4)} 17:00，无需再审批`;
    for (const u of [ids.owner, ids.decider])
      expect(m.of(u).map((x) => [x.title, x.content])).toEqual([
        ['请假申请', expect.stringContaining('请及时审批')],
        ['请假撤回', text],
      ]);
    for (const u of [ids.otherShop, ids.viewer]) expect(m.of(u)).toEqual([]);
  });

  it('withdrawing an approved leave says the leave was cancelled with it', async () => {
    const s = await staffMember(t, shopA);
    const r = await s.api.post(`${S}/leave`, { from: at(7, '08:00'), to: at(7, '12:00'), reason: '办事' });
    expect(await owner.post(`${R}/decide`, { id: r.result.id, approve: true })).toMatchObject({ code: 200 });
    expect(await s.api.post(`${S}/leave/${r.result.id}/withdraw`)).toMatchObject({ code: 200 });
    const m = await told(r.result.id);
    const text = `${s.name} 撤回了已批准的请假 ${dayText(7)} 08:00 至 ${dayText(7)} 12:00，该休假已随之取消，这段时间照常上班`;
    for (const u of [ids.owner, ids.decider]) expect(m.of(u).map((x) => x.title)).toEqual(['请假申请', '请假撤回']);
    expect(m.of(ids.owner)[1].content).toBe(text);
    for (const u of [ids.otherShop, ids.viewer]) expect(m.of(u)).toEqual([]);
  });

  it('a refused request or withdrawal sends nothing', async () => {
    const s = await staffMember(t, shopA);
    const before = await leaveMessageCount();
    // validation errors: past, reversed, too long
    expect(
      await s.api.post(`${S}/leave`, { from: at(-2, '08:00'), to: at(-1, '08:00'), reason: '过去' }),
    ).toMatchObject({ code: 2001 });
    expect(await s.api.post(`${S}/leave`, { from: at(3, '18:00'), to: at(3, '08:00'), reason: '倒了' })).toMatchObject({
      code: 2001,
    });
    expect(await s.api.post(`${S}/leave`, { from: at(1, '08:00'), to: at(40, '08:00'), reason: '太长' })).toMatchObject(
      { code: 2001 },
    );
    expect(await leaveMessageCount()).toBe(before);
    // an overlap with her pending request (2004): only the first one told anyone
    const first = await s.api.post(`${S}/leave`, { from: at(9, '08:00'), to: at(9, '18:00'), reason: '一' });
    expect(first).toMatchObject({ code: 200 });
    const afterFirst = await leaveMessageCount();
    expect(afterFirst).toBeGreaterThan(before);
    expect(await s.api.post(`${S}/leave`, { from: at(9, '10:00'), to: at(9, '12:00'), reason: '二' })).toMatchObject({
      code: 2004,
    });
    // a refused request cannot be withdrawn, and its refusal of the withdrawal tells nobody
    expect(await owner.post(`${R}/decide`, { id: first.result.id, approve: false, reply: '人手不够' })).toMatchObject({
      code: 200,
    });
    expect(await s.api.post(`${S}/leave/${first.result.id}/withdraw`)).toMatchObject({ code: 2004 });
    expect(await leaveMessageCount()).toBe(afterFirst);
  });

  it('a withdrawal refused inside its transaction (the leave began meanwhile) changes nothing and tells nobody', async () => {
    const s = await staffMember(t, shopA);
    const r = await s.api.post(`${S}/leave`, { from: at(8, '08:00'), to: at(8, '12:00'), reason: '回老家' });
    await owner.post(`${R}/decide`, { id: r.result.id, approve: true });
    // the period began while the request still says it has not: the check inside the transaction refuses
    await t.db
      .updateTable('employeeLeave')
      .set({ startsAt: new Date(Date.now() - 60_000).toISOString() })
      .where('employeeId', '=', s.id)
      .execute();
    const before = (await told(r.result.id)).rows.length;
    expect(await s.api.post(`${S}/leave/${r.result.id}/withdraw`)).toMatchObject({ code: 2004 });
    expect((await told(r.result.id)).rows).toHaveLength(before);
    expect((await told(r.result.id)).rows.map((x) => x.title)).not.toContain('请假撤回');
    const row = await t.db
      .selectFrom('staffLeaveRequest')
      .select('status')
      .where('id', '=', r.result.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(STAFF_LEAVE_STATUS.approved);
  });
});
