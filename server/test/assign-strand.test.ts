import { type BoardResult, shanghaiDay, type SuggestResult, type WeeklyHours } from '@jz/contracts/dispatch';
import { WORK_STATE } from '@jz/contracts/employee';
import { ORDER_STATUS } from '@jz/contracts/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxMatching } from '../src/modules/merchant/scheduling/matching.ts';
import { type Api, buildTestApp, type TestApp } from './helpers/index.ts';
import { at, DAY, dispatchScene, employee, nextDay, order } from './dispatch-fixture.ts';
import { freeEmployee } from './helpers/order-flow.ts';

/**
 * docs/dispatch.md §3.1: a choice that strands another waiting order is named in the suggestions; 空闲 / 服务中 / 休假 are the
 * schedule's in every answer (board, 公司员工, 员工数据, the 指派 list); the board counts orders waiting on other days.
 * SQLite and PostgreSQL (TEST_DB=postgres).
 */
const P = 'app/jiazheng/paidan';
let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let shopId: number;
let merchantId: number;

/** 08:00–11:00 every day: on duty for a 10:00 one-hour job, not for one at 11:00. */
const MORNINGS: WeeklyHours = Array.from({ length: 7 }, () => [{ from: '08:00', to: '11:00' }]);

/** Every employee the shop has now goes on leave over the day, so only the test's own can take its orders. */
async function clearDay(day: string) {
  const staff = await t.db.selectFrom('employee').select('id').where('shopId', '=', shopId).execute();
  const now = new Date().toISOString();
  for (const e of staff)
    await t.db
      .insertInto('employeeLeave')
      .values({
        merchantId,
        employeeId: e.id,
        startsAt: at('00:00', day),
        endsAt: at('00:00', nextDay(day)),
        reason: 'test',
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
}

/** A free employee with a name the employee list can be searched by (no skills, hours or base). */
const named = async (name: string) =>
  (await freeEmployee(t, shopId, { name, fuwuIds: [], workHours: null, base: null })).id;
const suggest = (orderId: number) => ownerA.get<SuggestResult>(`${P}/suggest`, { orderId });
const pick = (r: SuggestResult, id: number) => r.suggestions.find((s) => s.employeeId === id)!;

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, shopId, merchantId } = await dispatchScene(t));
  await t.db.updateTable('shop').set({ businessHours: '08:00-20:00' }).where('id', '=', shopId).execute();
  await t.db.updateTable('shopSetting').set({ travelBufferMinutes: 30 }).where('shopId', '=', shopId).execute();
});
afterAll(() => t?.close());

describe('maxMatching', () => {
  it('serves as many demands as distinct employees allow, moving earlier ones along augmenting paths', () => {
    expect(maxMatching([])).toBe(0);
    expect(maxMatching([[1], [1]])).toBe(1);
    expect(maxMatching([[1, 2], [1]])).toBe(2);
    expect(maxMatching([[1], [], [2]])).toBe(2);
  });
});

describe('suggestions name the orders a choice would strand (paidan/suggest)', () => {
  it('the only employee who could take a waiting order at the same time is flagged with it and ranked last', async () => {
    const day = nextDay(DAY, 11);
    await clearDay(day);
    const allDay = await employee(t, shopId);
    const mornings = await employee(t, shopId, { workHours: MORNINGS });
    const target = await order(t, shopId, '10:00', 60, null, day);
    const other = await order(t, shopId, '11:00', 60, null, day); // overlaps 10:00–11:30 (job + 30 min buffer)

    const r = await suggest(target.id);
    expect(r.code).toBe(200);
    expect(pick(r.result, allDay)).toMatchObject({
      strandCount: 1,
      strands: [{ orderId: other.id, orderNo: other.orderNo, from: at('11:00', day), to: at('12:00', day) }],
    });
    expect(pick(r.result, allDay).reasons.join('；')).toContain('1 单待派订单无人可派');
    expect(pick(r.result, mornings)).toMatchObject({ strandCount: 0, strands: [] });
    // the safe choice first, whatever the scores
    expect(r.result.suggestions.map((s) => s.employeeId)).toEqual([mornings, allDay]);

    // From the other order's side: 08:00–11:00 is off duty at 11:00 (said why), and taking the all-day employee
    // strands nothing (the 10:00 order keeps the morning one).
    const back = await suggest(other.id);
    expect(back.result.excluded.find((x) => x.employeeId === mornings)).toMatchObject({ code: 'off_duty' });
    expect(pick(back.result, allDay)).toMatchObject({ strandCount: 0, strands: [] });

    // Once the 10:00 order is taken by the morning employee, nothing is left at risk.
    expect(await ownerA.post(`${P}/assign`, { orderId: target.id, employeeId: mornings })).toMatchObject({
      code: 200,
    });
    const after = await suggest(other.id);
    expect(after.result.suggestions.map((s) => [s.employeeId, s.strandCount])).toEqual([[allDay, 0]]);
  });

  it('counts a loss the matching sees even when no single order is left with nobody', async () => {
    const day = nextDay(DAY, 12);
    await clearDay(day);
    const a = await employee(t, shopId);
    const c = await employee(t, shopId);
    const b = await employee(t, shopId, { workHours: MORNINGS });
    const target = await order(t, shopId, '10:00', 60, null, day);
    await order(t, shopId, '11:00', 60, null, day);
    await order(t, shopId, '11:00', 60, null, day);
    // Two waiting 11:00 orders need a and c; taking either for 10:00 leaves one of them unserved.
    const r = await suggest(target.id);
    expect(pick(r.result, a)).toMatchObject({ strandCount: 1, strands: [] });
    expect(pick(r.result, c)).toMatchObject({ strandCount: 1, strands: [] });
    expect(pick(r.result, b)).toMatchObject({ strandCount: 0 });
    expect(r.result.suggestions[0].employeeId).toBe(b);
  });

  it('another merchant’s order is not found (2002); bad input 2001', async () => {
    const o = await order(t, shopId, '09:00', 60, null, nextDay(DAY, 13));
    expect(await ownerB.get(`${P}/suggest`, { orderId: o.id })).toMatchObject({ code: 2002 });
    expect(await ownerA.get(`${P}/suggest`, { orderId: '-1' })).toMatchObject({ code: 2001 });
  });
});

describe('空闲 / 服务中 / 休假 are the schedule’s in every answer', () => {
  it('board, 公司员工, 员工数据 and the 指派 list agree, whatever the stored flag says', async () => {
    const free = await named('状态空闲');
    const serving = await named('状态服务中');
    const away = await named('状态请假');
    // The stale flag of the issue: stored 服务中 (2) for someone with no job now.
    await t.db.updateTable('employee').set({ workState: WORK_STATE.BUSY }).where('id', '=', free).execute();
    const job = await order(t, shopId, '10:00', 60, null, nextDay(DAY, 14));
    await t.db
      .updateTable('serviceOrder')
      .set({
        status: ORDER_STATUS.TO_SERVE,
        employeeId: serving,
        appointmentAt: new Date(Date.now() - 30 * 60_000).toISOString(),
        durationMinutes: 120,
      })
      .where('id', '=', job.id)
      .execute();
    const now = new Date().toISOString();
    await t.db
      .insertInto('employeeLeave')
      .values({
        merchantId,
        employeeId: away,
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        reason: 'test',
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const want = { [free]: WORK_STATE.FREE, [serving]: WORK_STATE.BUSY, [away]: WORK_STATE.LEAVE };
    const ours = (rows: { id: number; workState: number }[]) =>
      Object.fromEntries(rows.filter((r) => r.id in want).map((r) => [r.id, r.workState]));

    const board = await ownerA.get<BoardResult>(`${P}/board`, { date: shanghaiDay(Date.now()) });
    expect(ours(board.result.employees)).toEqual(want);

    const list = await ownerA.get<{ records: { id: number; workState: number }[] }>(
      'app/jiazheng/yuangong/weapp/findAllByPage',
      { name: '状态', pageSize: 50 },
    );
    expect(ours(list.result.records)).toEqual(want);

    const stats = await ownerA.get<{ rows: { employeeId: number; workState: number }[] }>(
      'app/jiazheng/tongji/yuangong',
      {},
    );
    expect(ours(stats.result.rows.map((r) => ({ id: r.employeeId, workState: r.workState })))).toEqual(want);

    // 订单管理's 指派 list (findYuangong): the stale 2 reads 空闲 there too.
    const waiting = await order(t, shopId, '15:00', 60, null, nextDay(DAY, 15));
    const pickable = await ownerA.get<{ id: number; workState: number }[]>('app/jiazheng/pay/dingdan/findYuangong', {
      id: waiting.id,
    });
    expect(pickable.result.find((r) => r.id === free)?.workState).toBe(WORK_STATE.FREE);

    // Another merchant reads none of them.
    const b = await ownerB.get<{ rows: { employeeId: number }[] }>('app/jiazheng/tongji/yuangong', { shopId: 'all' });
    expect(b.result.rows.some((r) => r.employeeId in want)).toBe(false);
  });
});

describe('the board counts the orders waiting on other days (paidan/board waitingElsewhere)', () => {
  it('an empty day says how many wait after it and the first such day; a day with them counts the ones before', async () => {
    const empty = nextDay(DAY, 20);
    const first = nextDay(DAY, 22);
    const board = (date: string) => ownerA.get<BoardResult>(`${P}/board`, { date });
    const before = (await board(empty)).result.waitingElsewhere;
    const a = await order(t, shopId, '09:00', 60, null, first);
    await order(t, shopId, '14:00', 60, null, nextDay(DAY, 25));
    // A cancelled one does not wait; an assigned one does not either.
    const gone = await order(t, shopId, '10:00', 60, null, nextDay(DAY, 23));
    await t.db.updateTable('serviceOrder').set({ status: ORDER_STATUS.CANCELLED }).where('id', '=', gone.id).execute();

    const r = (await board(empty)).result;
    expect(r.unassigned).toEqual([]);
    expect(r.waitingElsewhere.after).toBe(before.after + 2);
    expect(r.waitingElsewhere.firstAfter).toBe(first);

    const onFirst = (await board(first)).result;
    expect(onFirst.unassigned.map((u) => u.orderId)).toContain(a.id);
    expect(onFirst.waitingElsewhere.before).toBeGreaterThanOrEqual(before.before);
    expect(onFirst.waitingElsewhere.after).toBe(before.after + 1);

    // Another merchant's owner cannot read this shop's board.
    expect(await ownerB.get(`${P}/board`, { date: empty, shopId })).toMatchObject({ code: 2002 });
  });
});
