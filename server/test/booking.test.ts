import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openCustomerSession } from '../src/modules/customer/customer.repo.ts';
import { type Api, addCategory, api, buildTestApp, type TestApp } from './helpers/index.ts';
import { specIdOf } from './helpers/order-flow.ts';

/**
 * Booking rules (docs/dispatch.md "Booking rules"): area, lead time, slots, business hours and
 * capacity at order placement, and customer/slots. On both databases (TEST_DB).
 */
const C = 'app/jiazheng/customer';

let t: TestApp;
let customer: Api;
let shopA: number;
let goods: { id: number; specId?: number };
let shopB: number;
let goodsB: { id: number; specId?: number };

/** A Shanghai day `n` days ahead and an instant on it. */
const dayAhead = (n: number) => nextDay(shanghaiDay(Date.now()), n);
const at = (day: string, hm: string) => new Date(wallMs(day, hm)).toISOString();

const firstGoods = async (shopId: number) => {
  const g = await t.db
    .selectFrom('goods')
    .select('id')
    .where('shopId', '=', shopId)
    .where('shelfState', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { id: g.id, specId: await specIdOf(t, g.id) };
};

beforeAll(async () => {
  t = await buildTestApp();
  const s = await openCustomerSession(t.db, '13944440001', '约单顾客');
  customer = api(t.app, undefined, { headers: { 'x-customer-token': s.token } });
  const shop = (name: string) =>
    t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  shopA = (await shop('运城洁家家政（总店）')).id;
  shopB = (await shop('太原安心家政')).id;
  goods = await firstGoods(shopA);
  goodsB = await firstGoods(shopB);
});
afterAll(() => t?.close());

/** An order of shop A's first goods (its 2-hour specification) in its area, at `appointmentAt`. */
const body = (over: Record<string, string | number | undefined> = {}) => ({
  goodsId: goods.id,
  specId: goods.specId,
  customerName: '约单顾客',
  customerPhone: '13944440001',
  address: '山西省运城市盐湖区约单路 1 号',
  lat: 35.03,
  lng: 111.0,
  appointmentAt: at(dayAhead(5), '10:00'),
  ...over,
});
const place = (over: Record<string, string | number | undefined> = {}) => customer.post(`${C}/order/add`, body(over));
const slots = (q: Record<string, string | number | undefined>) =>
  customer.get(`${C}/slots`, Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as never);
const ordersOfShop = async () =>
  Number(
    (
      await t.db
        .selectFrom('serviceOrder')
        .select((e) => e.fn.countAll().as('n'))
        .where('shopId', '=', shopA)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('booking rules at order placement', () => {
  it('refuses a Beijing address at 03:00 from a 运城 shop open 08:00–20:00 (the issue case), and changes nothing', async () => {
    const before = await ordersOfShop();
    const night = await place({
      lat: 39.9087,
      lng: 116.3975,
      address: '北京市东城区长安街 1 号',
      appointmentAt: at(dayAhead(5), '03:00'),
    });
    expect(night).toMatchObject({ code: 2004, message: '服务地址不在本店服务范围内' });
    // inside the area, at 03:00: outside every time slot
    expect(await place({ appointmentAt: at(dayAhead(5), '03:00') })).toMatchObject({
      code: 2004,
      message: expect.stringMatching(
        /^预约时间 03:00 不在本店可预约时段内（08:00–10:00、10:00–12:00、14:00–16:00、16:00–18:00）$/,
      ),
    });
    // no point at all, while the shop has drawn its area
    expect(await place({ lat: undefined, lng: undefined })).toMatchObject({
      code: 2001,
      message: expect.stringContaining('请在地图上选择服务地址的位置'),
    });
    expect(await ordersOfShop()).toBe(before);
  });

  it('refuses a job that would end after business hours, and one inside the lead time', async () => {
    // 17:30 is inside the 16:00–18:00 slot; the 3-hour job then ends at 20:30, past 20:00
    expect(await place({ appointmentAt: at(dayAhead(5), '17:30') })).toMatchObject({
      code: 2004,
      message: expect.stringMatching(/17:30–20:30 超出本店营业时间（08:00–20:00）$/),
    });
    // 太原安心家政 books 24 hours ahead: two hours from now is refused, naming the earliest time
    const soon = new Date(Date.now() + 2 * 3600_000).toISOString();
    const r = await customer.post(`${C}/order/add`, {
      ...body({ goodsId: goodsB.id, specId: goodsB.specId, appointmentAt: soon }),
      lat: 37.82,
      lng: 112.55,
      address: '山西省太原市小店区约单路 2 号',
    });
    expect(r).toMatchObject({
      code: 2004,
      message: expect.stringMatching(/^本店需提前 24 小时预约，最早可约 \d+月\d+日 \d\d:\d\d$/),
    });
    // beyond the 60-day horizon
    expect(await place({ appointmentAt: at(dayAhead(70), '10:00') })).toMatchObject({
      code: 2004,
      message: '最多可预约 60 天内的服务',
    });
  });

  /** Places and pays an order at `at`; answers the payment's envelope. */
  const placeAndPay = async (at: string, who = customer, phone = '13944440001') => {
    const placed = await who.post(`${C}/order/add`, body({ appointmentAt: at, customerPhone: phone }));
    expect(placed).toMatchObject({ code: 200 });
    return { id: placed.result.id as number, paid: await who.post(`${C}/order/pay`, { id: placed.result.id }) };
  };

  it('paid orders take the places of a time; then placing is refused 已约满 and slots show the count going down', async () => {
    const day = dayAhead(20); // past the demo's week of jobs
    const q = { goodsId: goods.id, specId: goods.specId, date: day };
    const first = await slots(q);
    expect(first).toMatchObject({ code: 200, result: { date: day, shopId: shopA, minutes: 180 } });
    const ten = first.result.slots.find((s: { time: string }) => s.time === '10:00');
    expect(ten).toMatchObject({ window: '10:00–12:00', available: true, reason: null });
    const cap = ten.capacity as number;
    expect(cap).toBeGreaterThan(0);
    // an unpaid order holds no place
    expect(await place({ appointmentAt: ten.at })).toMatchObject({ code: 200 });
    expect((await slots(q)).result.slots.find((s: { time: string }) => s.time === '10:00').capacity).toBe(cap);
    for (let i = 0; i < cap; i++) expect((await placeAndPay(ten.at)).paid).toMatchObject({ code: 200 });
    const full = await place({ appointmentAt: ten.at });
    expect(full).toMatchObject({
      code: 2004,
      message: expect.stringMatching(/10:00 已约满（没有空闲的服务人员），请选择其他时间$/),
    });
    const after = (await slots(q)).result.slots;
    expect(after.find((s: { time: string }) => s.time === '10:00')).toMatchObject({
      capacity: 0,
      available: false,
      reason: '已约满',
    });
    // a 3-hour job at 10:00 + the 30-minute buffer overlaps 11:30 starts too; 14:00 is untouched
    expect(after.find((s: { time: string }) => s.time === '11:30')).toMatchObject({ available: false });
    expect(after.find((s: { time: string }) => s.time === '14:00')).toMatchObject({ capacity: cap, available: true });
  });

  it('paying for a time that filled up meanwhile is refused, not charged, and the order stays unpaid', async () => {
    const day = dayAhead(23);
    const slot = (await slots({ goodsId: goods.id, specId: goods.specId, date: day })).result.slots.find(
      (s: { time: string }) => s.time === '09:00',
    );
    const late = await place({ appointmentAt: slot.at });
    for (let i = 0; i < slot.capacity; i++) expect((await placeAndPay(slot.at)).paid).toMatchObject({ code: 200 });
    expect(await customer.post(`${C}/order/pay`, { id: late.result.id })).toMatchObject({
      code: 2004,
      message: expect.stringContaining('已约满'),
    });
    const row = await t.db
      .selectFrom('serviceOrder')
      .select(['status', 'payNo'])
      .where('id', '=', late.result.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 10, payNo: null });
  });

  it('two customers paying for the last place at once: exactly one succeeds', async () => {
    const day = dayAhead(21);
    const q = { goodsId: goods.id, specId: goods.specId, date: day };
    const slot = (await slots(q)).result.slots.find((s: { time: string }) => s.time === '14:00');
    for (let i = 0; i < slot.capacity - 1; i++) expect((await placeAndPay(slot.at)).paid).toMatchObject({ code: 200 });
    const s2 = await openCustomerSession(t.db, '13944440002', '另一位顾客');
    const other = api(t.app, undefined, { headers: { 'x-customer-token': s2.token } });
    const a = await place({ appointmentAt: slot.at });
    const b = await other.post(`${C}/order/add`, body({ appointmentAt: slot.at, customerPhone: '13944440002' }));
    const both = await Promise.all([
      customer.post(`${C}/order/pay`, { id: a.result.id }),
      other.post(`${C}/order/pay`, { id: b.result.id }),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([200, 2004]);
    const paid = await t.db
      .selectFrom('serviceOrder')
      .select('status')
      .where('id', 'in', [a.result.id, b.result.id])
      .execute();
    expect(paid.map((r) => r.status).sort()).toEqual([10, 20]);
  });
});

describe('capacity across services', () => {
  /** A waiting (paid, unassigned) order of shop A for `goodsId` at `appointmentAt`, as a row (no one may book it now). */
  async function waitingOrder(goodsId: number, appointmentAt: string) {
    const { id: _id, ...src } = await t.db
      .selectFrom('serviceOrder')
      .selectAll()
      .where('shopId', '=', shopA)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await t.db
      .insertInto('serviceOrder')
      .values({
        ...src,
        orderNo: `JZT${n}`,
        verifyCode: `T${n}`,
        goodsId,
        status: 20,
        employeeId: null,
        appointmentAt,
        durationMinutes: 180,
      })
      .execute();
  }

  it('a waiting order takes a place only when serving it needs one of the free staff (matching)', async () => {
    const day = dayAhead(26);
    const q = { goodsId: goods.id, specId: goods.specId, date: day };
    const tenOf = async () =>
      (await slots(q)).result.slots.find((s: { time: string }) => s.time === '10:00') as { capacity: number };
    const cap = (await tenOf()).capacity;
    expect(cap).toBeGreaterThan(0);
    const other = { id: await addCategory(t, '测试·宠物护理') };
    const { id: _gid, ...g } = await t.db
      .selectFrom('goods')
      .selectAll()
      .where('id', '=', goods.id)
      .executeTakeFirstOrThrow();
    const pets = await t.db
      .insertInto('goods')
      .values({ ...g, name: '测试·上门喂猫', fuwuId: other.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await waitingOrder(pets.id, at(day, '10:00'));
    expect((await tenOf()).capacity).toBe(cap);
    const { fuwuId } = await t.db
      .selectFrom('goods')
      .select('fuwuId')
      .where('id', '=', goods.id)
      .executeTakeFirstOrThrow();
    const staff = (
      await t.db
        .selectFrom('employee')
        .select(['id', 'fuwuIds'])
        .where('shopId', '=', shopA)
        .where('workState', 'in', [1, 2])
        .execute()
    ).map((e) => ({ id: e.id, fuwuIds: JSON.parse(e.fuwuIds) as number[] }));
    const cleaners = staff.filter((e) => e.fuwuIds.includes(fuwuId));
    const others = staff.filter((e) => !e.fuwuIds.includes(fuwuId));
    expect(cleaners.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    const skill = (e: (typeof staff)[number], extra: number[]) =>
      t.db
        .updateTable('employee')
        .set({ fuwuIds: JSON.stringify([...e.fuwuIds, ...extra]) })
        .where('id', '=', e.id)
        .execute();
    try {
      // everyone feeds cats: the waiting order can go to a colleague who does no 保洁, so no place is gone
      for (const e of staff) await skill(e, [other.id]);
      expect((await tenOf()).capacity).toBe(cap);
      // only the cleaners do: the waiting order needs one of them, so a place is gone
      for (const e of others) await skill(e, []);
      expect((await tenOf()).capacity).toBe(cap - 1);
    } finally {
      for (const e of staff) await skill(e, []);
    }
  });
});

describe('customer/slots', () => {
  it('offers half-hour starts inside the slots; past ones and those inside the lead time say why', async () => {
    const r = await slots({ goodsId: goods.id, specId: goods.specId, date: dayAhead(6) });
    expect(r.code).toBe(200);
    const times = r.result.slots.map((s: { time: string }) => s.time);
    expect(times.slice(0, 4)).toEqual(['08:00', '08:30', '09:00', '09:30']);
    expect(times).not.toContain('12:00');
    expect(times).not.toContain('18:00');
    expect(r.result.leadHours).toBe(2);
    // today at 10:00 Shanghai (a fixed clock, so the check holds at any hour the suite runs): every start before
    // 12:00 is refused with the lead-time rule, past ones included
    const day = shanghaiDay(Date.now());
    const now = Date.parse(`${day}T10:00:00+08:00`);
    vi.useFakeTimers({ toFake: ['Date'], now });
    let today: Awaited<ReturnType<typeof slots>>;
    try {
      today = await slots({ goodsId: goods.id, specId: goods.specId, date: day });
    } finally {
      vi.useRealTimers();
    }
    type Slot = { at: string; time: string; available: boolean; reason: string | null };
    const early = (today.result.slots as Slot[]).filter((s) => Date.parse(s.at) < now + 2 * 3600_000);
    expect(early.map((s) => s.time)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    for (const s of early) {
      expect(s.available).toBe(false);
      expect(s.reason).toMatch(/^本店需提前 2 小时预约/);
    }
  });

  it('bad input is 2001; an unknown goods item 2002; the job length follows the specification', async () => {
    expect(await slots({ goodsId: goods.id, date: '2026-13-40' })).toMatchObject({ code: 2001 });
    expect(await slots({ goodsId: goods.id })).toMatchObject({ code: 2001 });
    expect(await slots({ goodsId: goods.id, date: dayAhead(90) })).toMatchObject({ code: 2001 });
    expect(await slots({ goodsId: 99_999_999, date: dayAhead(3) })).toMatchObject({ code: 2002 });
    // 全屋深度保洁 by area band: 85 ㎡ is the 60-90㎡ band ([60, 90)), 7 hours
    const deep = await t.db
      .selectFrom('goods')
      .select('id')
      .where('shopId', '=', shopA)
      .where('name', 'like', '全屋深度保洁%')
      .executeTakeFirstOrThrow();
    const band = await t.db
      .selectFrom('goodsSpec')
      .select(['id', 'durationMinutes'])
      .where('goodsId', '=', deep.id)
      .where('name', '=', '60-90㎡')
      .executeTakeFirstOrThrow();
    const r = await slots({ goodsId: deep.id, specId: band.id, area: 85, date: dayAhead(6) });
    expect(r.result.minutes).toBe(band.durationMinutes);
    // 7 hours from 14:00 ends 21:00: past business hours; from 08:00 it fits
    expect(r.result.slots.find((s: { time: string }) => s.time === '14:00')).toMatchObject({
      available: false,
      reason: expect.stringContaining('超出本店营业时间'),
    });
    expect(r.result.slots.find((s: { time: string }) => s.time === '08:00')).toMatchObject({ reason: null });
  });
});
