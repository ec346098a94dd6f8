import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignEmployee } from '../src/modules/merchant/order/order-assign.ts';
import { SYSTEM } from '../src/modules/merchant/order/order-transition.steps.ts';
import { type Api, buildTestApp, demoUsers, type TestApp } from './helpers/index.ts';
import { at, DAY, employee, fuwuOf, nextDay, order } from './dispatch-fixture.ts';

/**
 * Assignment by time (docs/dispatch.md): overlap with the travel buffer, working hours, leave, skill,
 * and two dispatchers at once. Runs on SQLite and PostgreSQL (TEST_DB=postgres).
 */
const P = 'app/jiazheng/paidan';
let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let shopId: number;
let merchantId: number;

const assign = (orderId: number, employeeId: number) => assignEmployee(t.db, merchantId, orderId, employeeId, SYSTEM);
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as { code: number; message: string };
  }
  throw new Error('expected a refusal');
};

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  const shop = await t.db
    .selectFrom('shop')
    .select(['id', 'merchantId'])
    .where('name', '=', '运城洁家家政（总店）')
    .executeTakeFirstOrThrow();
  shopId = shop.id;
  merchantId = shop.merchantId;
  await t.db.updateTable('shop').set({ businessHours: '08:00-20:00' }).where('id', '=', shopId).execute();
  await t.db.updateTable('shopSetting').set({ travelBufferMinutes: 30 }).where('shopId', '=', shopId).execute();
});
afterAll(() => t?.close());

describe('overlap with the travel buffer', () => {
  it('refuses a job inside another one or its buffer, naming it; the buffer edges are free', async () => {
    const e = await employee(t, shopId);
    const first = await order(t, shopId, '10:00', 120); // 10:00–12:00, buffer to 12:30
    await assign(first.id, e);
    const inside = await order(t, shopId, '11:00', 60);
    const r = await refusal(assign(inside.id, e));
    expect(r.code).toBe(2004);
    expect(r.message).toContain(first.orderNo);
    expect(r.message).toContain('10:00–12:00');
    expect(r.message).toContain('时间冲突');
    const inBuffer = await order(t, shopId, '12:10', 60);
    expect((await refusal(assign(inBuffer.id, e))).message).toContain('30 分钟路程');
    // Its own buffer reaching into the next job counts too: 08:40–09:40 + 30 > 10:00.
    const before = await order(t, shopId, '08:40', 60);
    expect((await refusal(assign(before.id, e))).code).toBe(2004);
    // Exactly at the edges: 12:30 after, and 08:00–09:30 (+30 = 10:00) before.
    await assign((await order(t, shopId, '12:30', 60)).id, e);
    await assign((await order(t, shopId, '08:00', 90)).id, e);
  });

  it('re-assigning an order does not conflict with itself, and a cancelled job frees its time', async () => {
    const [e1, e2] = [await employee(t, shopId), await employee(t, shopId)];
    const o = await order(t, shopId, '14:00', 60);
    await assign(o.id, e1);
    await assign(o.id, e2); // 30 -> 30 to another employee
    await assign((await order(t, shopId, '14:00', 60)).id, e1); // e1 is free again at 14:00
    const c = await order(t, shopId, '16:00', 60);
    await assign(c.id, e2);
    expect(
      await ownerA.post('app/jiazheng/pay/dingdan/shangjiaCancel', { id: c.id, reason: '顾客临时有事' }),
    ).toMatchObject({ code: 200 });
    await assign((await order(t, shopId, '16:00', 60)).id, e2);
  });
});

describe('working hours, leave and skill', () => {
  it('refuses a job outside the employee’s hours (or the shop’s when they set none)', async () => {
    const off = await employee(t, shopId, { workHours: Array.from({ length: 7 }, () => []) });
    const r = await refusal(assign((await order(t, shopId, '10:00', 60)).id, off));
    expect(r.code).toBe(2004);
    expect(r.message).toContain('不在');
    expect(r.message).toContain('休息');
    const shopHours = await employee(t, shopId);
    const late = await order(t, shopId, '19:00', 120); // ends 21:00 > the shop's 20:00
    expect((await refusal(assign(late.id, shopHours))).message).toContain('08:00–20:00');
    const split = await employee(t, shopId, {
      workHours: Array.from({ length: 7 }, () => [
        { from: '08:00', to: '12:00' },
        { from: '13:00', to: '17:00' },
      ]),
    });
    expect((await refusal(assign((await order(t, shopId, '11:00', 120)).id, split))).code).toBe(2004);
    await assign((await order(t, shopId, '13:00', 240)).id, split);
  });

  it('refuses an employee on leave then', async () => {
    const e = await employee(t, shopId);
    const add = await ownerA.post(`${P}/leave/add`, {
      employeeId: e,
      from: at('00:00'),
      to: at('23:59'),
      reason: '回老家',
    });
    expect(add).toMatchObject({ code: 200 });
    const r = await refusal(assign((await order(t, shopId, '10:00', 60)).id, e));
    expect(r.code).toBe(2004);
    expect(r.message).toContain('休假');
  });

  it('refuses an employee whose service categories lack the service (a parent category covers its children)', async () => {
    const o = await order(t, shopId, '09:00', 60);
    const fuwuId = await fuwuOf(t, o.id);
    const other = await t.db
      .selectFrom('fuwu')
      .select('id')
      .where('id', '!=', fuwuId)
      .where('parentId', 'is not', null)
      .executeTakeFirstOrThrow();
    const unskilled = await employee(t, shopId, { fuwuIds: [other.id] });
    const r = await refusal(assign(o.id, unskilled));
    expect(r.code).toBe(2004);
    expect(r.message).toContain('服务类目不含');
    const parent = await t.db.selectFrom('fuwu').select('parentId').where('id', '=', fuwuId).executeTakeFirstOrThrow();
    const skilled = await employee(t, shopId, { fuwuIds: [parent.parentId ?? fuwuId] });
    await assign(o.id, skilled);
  });
});

describe('订单管理’s 指派 (setYuangong) is the same assignment by time', () => {
  const D = 'app/jiazheng/pay/dingdan';
  const setYuangong = (id: number, yuangongId: number) => ownerA.post(`${D}/setYuangong`, { id, yuangongId });

  it('refuses an overlapping job with 2004 naming the other order and its time', async () => {
    const e = await employee(t, shopId);
    const first = await order(t, shopId, '10:00', 120, null, nextDay(DAY, 1));
    expect(await setYuangong(first.id, e)).toMatchObject({ code: 200 });
    const clash = await order(t, shopId, '11:00', 60, null, nextDay(DAY, 1));
    const r = await setYuangong(clash.id, e);
    expect(r.code).toBe(2004);
    expect(r.message).toContain(first.orderNo);
    expect(r.message).toContain('10:00–12:00');
    expect(r.message).toContain('时间冲突');
    expect(
      await t.db
        .selectFrom('serviceOrder')
        .select(['status', 'employeeId'])
        .where('id', '=', clash.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 20, employeeId: null });
    // re-assigning (30 -> 30) is checked too
    const other = await employee(t, shopId);
    const busy = await order(t, shopId, '15:00', 60, null, nextDay(DAY, 1));
    expect(await setYuangong(busy.id, other)).toMatchObject({ code: 200 });
    expect(await setYuangong(busy.id, e)).toMatchObject({ code: 200 }); // e is free at 15:00
    expect((await setYuangong(clash.id, other)).code).toBe(200); // other is free at 11:00 now
  });

  it('refuses an off-duty time and a missing skill', async () => {
    const off = await employee(t, shopId, {
      workHours: Array.from({ length: 7 }, () => [{ from: '08:00', to: '12:00' }]),
    });
    const afternoon = await order(t, shopId, '14:00', 60, null, nextDay(DAY, 1));
    const r = await setYuangong(afternoon.id, off);
    expect(r.code).toBe(2004);
    expect(r.message).toMatch(/不在 .* 的工作时间内（当天 08:00–12:00）/);
    const fuwuId = await fuwuOf(t, afternoon.id);
    const other = await t.db
      .selectFrom('fuwu')
      .select('id')
      .where('id', '!=', fuwuId)
      .where('parentId', 'is not', null)
      .executeTakeFirstOrThrow();
    const unskilled = await employee(t, shopId, { fuwuIds: [other.id] });
    const s = await setYuangong(afternoon.id, unskilled);
    expect(s.code).toBe(2004);
    expect(s.message).toContain('服务类目不含');
  });
});

describe('two dispatchers at once', () => {
  it('one employee, two overlapping orders, assigned at the same moment: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const e = await employee(t, shopId);
      const [a, b] = [await order(t, shopId, '15:00', 120), await order(t, shopId, '16:00', 60)];
      const res = await Promise.allSettled([assign(a.id, e), assign(b.id, e)]);
      expect(res.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
      const failed = res.find((x) => x.status === 'rejected') as PromiseRejectedResult;
      expect(failed.reason.code).toBe(2004);
      const mine = await t.db.selectFrom('serviceOrder').select('id').where('employeeId', '=', e).execute();
      expect(mine).toHaveLength(1);
    }
  });

  it('through the route (POST paidan/assign) as well', async () => {
    const e = await employee(t, shopId);
    const [a, b] = [await order(t, shopId, '10:00', 120), await order(t, shopId, '11:00', 60)];
    const res = await Promise.all([
      ownerA.post(`${P}/assign`, { orderId: a.id, employeeId: e }),
      ownerA.post(`${P}/assign`, { orderId: b.id, employeeId: e }),
    ]);
    expect(res.map((r) => r.code).sort()).toEqual([200, 2004]);
  });

  it('refuses another merchant (2002) and bad input (2001) on the route', async () => {
    const e = await employee(t, shopId);
    const o = await order(t, shopId, '10:00', 60);
    expect(await ownerB.post(`${P}/assign`, { orderId: o.id, employeeId: e })).toMatchObject({ code: 2002 });
    expect(await ownerA.post(`${P}/assign`, { orderId: 'x', employeeId: e })).toMatchObject({ code: 2001 });
    // neither refusal assigned anyone: the order still waits, and the right owner can assign it
    expect(
      await t.db.selectFrom('serviceOrder').select(['status', 'employeeId']).where('id', '=', o.id).executeTakeFirst(),
    ).toEqual({ status: 20, employeeId: null });
    expect(await ownerA.post(`${P}/assign`, { orderId: o.id, employeeId: e })).toMatchObject({ code: 200 });
  });
});
