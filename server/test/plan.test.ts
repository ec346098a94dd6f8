/**
 * 周期服务 (docs/customers.md "周期服务"): a weekly rule books the right Shanghai days whatever the hour (an injected
 * "now" at 00:05, 15:27 and 23:55 Shanghai), through the booking rules; refusals kept with their reasons (the whole
 * shop on leave, lead time, a 次卡 used up); the preferred employee assigned when free, the suggestion otherwise; two
 * runs at once book each day once; a plan failing in the job fails alone (logged, counted, retried next run); pause /
 * skip / change / end / retry / resolve; per-visit payment deadlines; isolation between merchants and a shop-limited
 * sub-account; bad input. SQLite and PostgreSQL (TEST_DB=postgres).
 */
import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { ORDER_STATUS } from '@jz/contracts/order';
import { type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DB } from '../src/db/client.ts';
import { expireUnpaid } from '../src/modules/merchant/order/order-transition.service.ts';
import type { App } from '../src/lib/app-type.ts';
import { bookAllPlans, bookPlan } from '../src/modules/merchant/plan/plan-booking.ts';
import { planJobs } from '../src/modules/merchant/plan/plan.jobs.ts';
import type { JobSpec } from '../src/lib/scheduler/scheduler.ts';
import {
  type Api,
  addLeave,
  api,
  buildTestApp,
  demoMerchantA,
  demoUsers,
  expectEvery,
  loginAs,
  PHONES,
  type TestApp,
} from './helpers/index.ts';
import { pointIn } from './helpers/appointment.ts';
import { timesCardSold } from './helpers/card-client.ts';
import { freeEmployee } from './helpers/order-flow.ts';

const Z = 'app/jiazheng/shangjia/zhouqi';
const K = 'app/jiazheng/kehu';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let merchantA: number;
let mainShop: number;
let branchShop: number;
let goodsId: number;
let point: { lat?: number; lng?: number };
const today = () => shanghaiDay(Date.now());

let seq = 0;
const phone = () => `1378${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;

/** A client made by hand (no customer account) with one address inside the main shop's area. */
async function addClient(by: Api = ownerA) {
  const r = await by.post(`${K}/add`, {
    name: `周期客户${seq}`,
    phone: phone(),
    address: JSON.stringify({ detail: '运城市盐湖区河东东街 88 号 3 单元 501', areaM2: 90, ...point }),
  });
  expect(r.code, r.message).toBe(200);
  const d = await by.get(`${K}/findById/${r.result.id}`);
  return { id: r.result.id as number, addressId: d.result.addresses[0].id as number };
}

/** A 次卡 of the goods with `visits` visits, sold offline to the client (helpers/card-client.ts); answers its id. */
const cardFor = (clientId: number, visits: number) => timesCardSold(ownerA, { goodsId, clientId, visits });

async function addPlan(body: Record<string, unknown>, by: Api = ownerA) {
  const r = await by.post(`${Z}/add`, {
    goodsId,
    ruleKind: 'weekly',
    weekdays: JSON.stringify([2, 4]),
    startTime: '09:00',
    payMode: 'visit',
    ...body,
  });
  return r;
}

const EVERY_DAY = '[1,2,3,4,5,6,7]';

/**
 * A plan of a client (a fresh one unless given) at its address, starting `inDays` days from today; addPlan's rule and
 * payment unless `body` says otherwise. Starting past the 14-day horizon, creating it books nothing.
 */
async function clientPlan(
  inDays: number,
  body: Record<string, unknown> = {},
  client?: { id: number; addressId: number },
) {
  const c = client ?? (await addClient());
  const start = nextDay(today(), inDays);
  const r = await addPlan({ clientId: c.id, clientAddressId: c.addressId, startDate: start, ...body });
  return { c, r, start, id: r.result?.id as number };
}

/** The booking run of a plan starting past the horizon: the day before its start, at noon (Shanghai). */
const dayBefore = (start: string) => wallMs(nextDay(start, -1), '12:00');

const setCardExpiry = (cardId: number, expiresAt: string) =>
  t.db.updateTable('card').set({ expiresAt }).where('id', '=', cardId).execute();

/**
 * Every day refused: a fresh client's 1-visit plan of every day from 20 days ahead, paid by the client's 1-visit 次卡,
 * that card then expired. `renewCard` gives the card its validity back.
 */
async function planOnExpiredCard() {
  const c = await addClient();
  const card = await cardFor(c.id, 1);
  const plan = await clientPlan(20, { visitCount: 1, weekdays: EVERY_DAY, payMode: 'card', cardId: card }, c);
  expect(plan.r.code, plan.r.message).toBe(200);
  const { expiresAt } = await t.db
    .selectFrom('card')
    .select('expiresAt')
    .where('id', '=', card)
    .executeTakeFirstOrThrow();
  await setCardExpiry(card, new Date(Date.now() - 1000).toISOString());
  return { ...plan, renewCard: () => setCardExpiry(card, expiresAt) };
}

/** A visit row of the plan's day (09:00) as an earlier run left it: a claim, or an exception refused with 已约满. */
const leftVisit = (planId: number, day: string, status: 'pending' | 'exception', at = new Date().toISOString()) => ({
  planId,
  merchantId: merchantA,
  shopId: mainShop,
  day,
  appointmentAt: new Date(wallMs(day, '09:00')).toISOString(),
  status,
  orderId: null,
  reason: status === 'exception' ? '已约满' : null,
  note: null,
  attempts: 1,
  createdAt: at,
  updatedAt: at,
});

const visitsOf = (planId: number) =>
  t.db
    .selectFrom('planVisit')
    .leftJoin('serviceOrder', 'serviceOrder.id', 'planVisit.orderId')
    .select([
      'planVisit.id',
      'planVisit.day',
      'planVisit.status',
      'planVisit.reason',
      'planVisit.orderId',
      'serviceOrder.status as orderStatus',
      'serviceOrder.appointmentAt',
      'serviceOrder.employeeId',
      'serviceOrder.customerId',
      'serviceOrder.clientId',
    ])
    .where('planVisit.planId', '=', planId)
    .orderBy('planVisit.day')
    .execute();

/** How many queries `call` sends to the database. */
async function queriesOf(call: (db: DB) => Promise<unknown>) {
  let n = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs) => {
      n++;
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs) => args.result,
  };
  await call(t.db.withPlugin(counter));
  return n;
}

/** The days of [from, to] falling on the weekdays (1 = 周一 … 7 = 周日), computed without the code under test. */
function weekdaysBetween(from: string, to: string, weekdays: number[]) {
  const out: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += 86_400_000) {
    const js = new Date(ms).getUTCDay(); // 0 = Sunday
    if (weekdays.includes(js === 0 ? 7 : js)) out.push(new Date(ms).toISOString().slice(0, 10));
  }
  return out;
}

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  ({ merchantId: merchantA, mainShop, branchShop, goodsId } = await demoMerchantA(t));
  point = await pointIn(t.db, mainShop);
  // Capacity is not what refuses here unless a test takes the staff away (the "full" case).
  for (let i = 0; i < 10; i++) await freeEmployee(t, mainShop);
});
afterAll(() => t?.close());

describe('booking through the rules', () => {
  it.each([
    ['00:05', 20],
    ['15:27', 22],
    ['23:55', 24],
  ])('a weekly rule books the right Shanghai days when the run is at %s', async (hm, offset) => {
    // Starts past the 14-day horizon, so creating it books nothing; the run below is "the day before at hm".
    const { c, r, start } = await clientPlan(offset, { visitCount: 50 });
    expect(r.code, r.message).toBe(200);
    expect(r.result.book.booked).toBe(0);
    const now = wallMs(nextDay(start, -1), hm);
    const res = await bookPlan(t.db, r.result.id, now);
    const want = weekdaysBetween(start, nextDay(shanghaiDay(now), 14), [2, 4]);
    const visits = await visitsOf(r.result.id);
    expect(visits.map((v) => v.day)).toEqual(want);
    expect(res.booked).toBe(want.length);
    expectEvery(
      visits,
      (v) =>
        v.status === 'booked' &&
        v.orderStatus === ORDER_STATUS.UNPAID &&
        Date.parse(v.appointmentAt ?? '') === wallMs(v.day, '09:00'),
      'booked at 09:00 Shanghai of its day, awaiting payment',
    );
    // The orders are the customer's: the client made by hand got the account of its phone.
    const client = await t.db
      .selectFrom('client')
      .select('customerId')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(client.customerId).not.toBeNull();
    expectEvery(visits, (v) => v.customerId === client.customerId && v.clientId === c.id, 'for the client');
  });

  it('a day inside the lead time is an exception with the rule as its reason', async () => {
    const lead = await t.db
      .selectFrom('shopSetting')
      .select('bookingLeadHours')
      .where('shopId', '=', mainShop)
      .executeTakeFirstOrThrow();
    const start = nextDay(today(), 26);
    const { r } = await clientPlan(26, { endDate: start, weekdays: EVERY_DAY });
    expect(r.code, r.message).toBe(200);
    // The run comes a little less than the lead time before the visit.
    const now = wallMs(start, '09:00') - Math.max(1, lead.bookingLeadHours) * 3_600_000 + 60_000;
    await bookPlan(t.db, r.result.id, now);
    const [v] = await visitsOf(r.result.id);
    if (lead.bookingLeadHours > 0) {
      expect(v.status).toBe('exception');
      expect(v.reason).toMatch(/提前/);
    } else expect(v.status).toBe('booked');
  });

  it('the whole shop on leave: the visit is listed with 已约满, counted, then retried once they are back', async () => {
    const day = nextDay(today(), 45);
    const staff = await t.db
      .selectFrom('employee')
      .select(['id', 'merchantId'])
      .where('shopId', '=', mainShop)
      .execute();
    await addLeave(
      t,
      staff,
      new Date(wallMs(day, '00:00')).toISOString(),
      new Date(wallMs(day, '24:00')).toISOString(),
      '团建',
    );
    const { r } = await clientPlan(45, { endDate: day, weekdays: EVERY_DAY, horizonDays: 60 });
    expect(r.code, r.message).toBe(200);
    expect(r.result.book).toMatchObject({ booked: 0, exceptions: 1 });
    const [v] = await visitsOf(r.result.id);
    expect(v.status).toBe('exception');
    expect(v.reason).toMatch(/已约满/);
    const count = await ownerA.get(`${Z}/exceptionCount`);
    expect(count.result.count).toBeGreaterThanOrEqual(1);
    const listed = await ownerA.get(`${Z}/findAllByPage`, { withExceptions: 'true', pageSize: 50 });
    expect(listed.result.records.map((p: { id: number }) => p.id)).toContain(r.result.id);
    const d = await ownerA.get(`${Z}/findById/${r.result.id}`);
    expect(d.result.visits[0]).toMatchObject({ status: 'exception', date: day });
    // Still on leave: the retry is refused again, with the reason kept.
    const again = await ownerA.post(`${Z}/chongshi`, { visitId: v.id });
    expect(again.code, again.message).toBe(200);
    expect(again.result.exceptions).toBe(1);
    await t.db.deleteFrom('employeeLeave').where('reason', '=', '团建').execute();
    const ok = await ownerA.post(`${Z}/chongshi`, { visitId: v.id });
    expect(ok.result.booked).toBe(1);
    expect((await visitsOf(r.result.id))[0]).toMatchObject({ status: 'booked', orderStatus: ORDER_STATUS.UNPAID });
    // Only an exception may be retried or resolved.
    expect((await ownerA.post(`${Z}/chongshi`, { visitId: v.id })).code).toBe(2004);
    expect((await ownerA.post(`${Z}/chuli`, { visitId: v.id })).code).toBe(2004);
  });

  it('paid by a 次卡: visits are paid at booking, the preferred employee is assigned unless on leave, the card used up is the reason', async () => {
    const c = await addClient();
    const card = await cardFor(c.id, 3);
    const e = await freeEmployee(t, mainShop, { workHours: null });
    const start = nextDay(today(), 2);
    const days = weekdaysBetween(start, nextDay(today(), 14), [1, 2, 3, 4, 5, 6, 7]).slice(0, 5);
    // The preferred employee is on leave on the first day.
    await addLeave(
      t,
      [{ id: e.id, merchantId: merchantA }],
      new Date(wallMs(days[0], '00:00')).toISOString(),
      new Date(wallMs(days[0], '24:00')).toISOString(),
      '事假',
    );
    const { r } = await clientPlan(
      2,
      { endDate: days[4], weekdays: EVERY_DAY, payMode: 'card', cardId: card, employeeId: e.id },
      c,
    );
    expect(r.code, r.message).toBe(200);
    expect(r.result.book).toMatchObject({ booked: 3, exceptions: 2 });
    const visits = await visitsOf(r.result.id);
    expect(visits.map((v) => v.day)).toEqual(days);
    const booked = visits.filter((v) => v.status === 'booked');
    expectEvery(
      booked,
      (v) => v.orderStatus === ORDER_STATUS.TO_SERVE || v.orderStatus === ORDER_STATUS.WAITING,
      'paid',
    );
    expect(booked[0].employeeId).not.toBe(e.id); // on leave: the suggestion chose
    expect(booked[0].employeeId).not.toBeNull();
    expect(booked.slice(1).map((v) => v.employeeId)).toEqual([e.id, e.id]);
    const rest = visits.filter((v) => v.status !== 'booked');
    expectEvery(rest, (v) => v.status === 'exception' && /次卡剩余次数不足/.test(v.reason ?? ''), 'card used up');
    const left = await t.db
      .selectFrom('card')
      .select('remainingVisits')
      .where('id', '=', card)
      .executeTakeFirstOrThrow();
    expect(left.remainingVisits).toBe(0);
    // Skipping a paid day (asked first) cancels its order and gives the visit back to the card.
    const first = booked[1];
    const ask = await ownerA.post(`${Z}/tiaoguo`, { id: r.result.id, date: first.day });
    expect(ask.code).toBe(2004);
    const skipped = await ownerA.post(`${Z}/tiaoguo`, { id: r.result.id, date: first.day, cancelOrder: true });
    expect(skipped.code, skipped.message).toBe(200);
    expect(skipped.result.cancelledOrderId).toBe(first.orderId);
    const back = await t.db
      .selectFrom('card')
      .select('remainingVisits')
      .where('id', '=', card)
      .executeTakeFirstOrThrow();
    expect(back.remainingVisits).toBe(1);
    // The card has a visit again: retrying an exception books it.
    const retried = await ownerA.post(`${Z}/chongshi`, { visitId: rest[0].id });
    expect(retried.result.booked, retried.message).toBe(1);
  });
});

describe('idempotency', () => {
  it('two runs at once (and a rerun) book every day once', async () => {
    const { r, start } = await clientPlan(30, { visitCount: 20, weekdays: '[1,3,5]' });
    const now = dayBefore(start);
    const [a, b] = await Promise.all([bookPlan(t.db, r.result.id, now), bookPlan(t.db, r.result.id, now)]);
    const visits = await visitsOf(r.result.id);
    expect(visits.length).toBeGreaterThan(3);
    expect(a.booked + b.booked).toBe(visits.length);
    expect(new Set(visits.map((v) => v.orderId)).size).toBe(visits.length);
    const orders = await t.db
      .selectFrom('orderTimeline')
      .innerJoin('planVisit', 'planVisit.orderId', 'orderTimeline.orderId')
      .select('orderTimeline.orderId')
      .where('planVisit.planId', '=', r.result.id)
      .where('orderTimeline.action', '=', '周期服务下单')
      .execute();
    expect(orders.length).toBe(visits.length);
    const rerun = await bookAllPlans(t.db, undefined, now);
    expect((await visitsOf(r.result.id)).length).toBe(visits.length);
    expect(rerun.unchanged).toBeGreaterThanOrEqual(visits.length);
  });

  it('a number of visits stops the booking', async () => {
    const { r } = await clientPlan(1, { visitCount: 2, weekdays: EVERY_DAY });
    expect(r.result.book.booked).toBe(2);
    expect((await ownerA.post(`${Z}/paiqi/${r.result.id}`)).result.booked).toBe(0);
  });

  it('the job reads plans with nothing to book in the same number of queries however many there are', async () => {
    const now = Date.now();
    // Plans whose visits are all booked at creation: nothing left for the job to do with them.
    const bookedPlans = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const { r } = await clientPlan(1, { visitCount: 2, weekdays: EVERY_DAY });
        expect(r.result.book.booked + r.result.book.exceptions, r.message).toBe(2);
      }
    };
    await bookedPlans(1);
    await bookAllPlans(t.db, undefined, now);
    const before = await queriesOf((db) => bookAllPlans(db, undefined, now));
    await bookedPlans(3);
    expect(await queriesOf((db) => bookAllPlans(db, undefined, now))).toBe(before);
    // A plan whose horizon now reaches a day it has not booked (编辑 books nothing) is booked by the job.
    const start = nextDay(today(), 30);
    const { r } = await clientPlan(30, { endDate: start, weekdays: EVERY_DAY });
    expect(r.result.book.booked).toBe(0);
    await t.db.updateTable('servicePlan').set({ horizonDays: 60 }).where('id', '=', r.result.id).execute();
    const run = await bookAllPlans(t.db, undefined, now);
    expect(run.booked).toBe(1);
    expect((await visitsOf(r.result.id)).map((v) => [v.day, v.status])).toEqual([[start, 'booked']]);
  });
});

describe('one plan failing in the job', () => {
  /** The database refuses every visit row of this plan (an error of the database, not a refusal of the booking). */
  async function refuseVisitsOf(planId: number) {
    if (t.dbKind === 'postgres') {
      await sql`CREATE FUNCTION plan_visit_refused() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not write plan_visit'; END $$`.execute(t.db);
      await sql`CREATE TRIGGER plan_visit_refused BEFORE INSERT ON plan_visit FOR EACH ROW
        WHEN (NEW.plan_id = ${sql.raw(String(planId))}) EXECUTE FUNCTION plan_visit_refused()`.execute(t.db);
      return async () => {
        await sql`DROP TRIGGER plan_visit_refused ON plan_visit`.execute(t.db);
        await sql`DROP FUNCTION plan_visit_refused()`.execute(t.db);
      };
    }
    await sql`CREATE TRIGGER plan_visit_refused BEFORE INSERT ON plan_visit
      WHEN NEW.plan_id = ${sql.raw(String(planId))} BEGIN SELECT RAISE(ABORT, 'could not write plan_visit'); END`.execute(
      t.db,
    );
    return async () => {
      await sql`DROP TRIGGER plan_visit_refused`.execute(t.db);
    };
  }

  it('is logged and counted, the later plans are still booked, and the next run tries it again', async () => {
    const failing = await clientPlan(40, { visitCount: 1, weekdays: EVERY_DAY });
    const other = await clientPlan(40, { visitCount: 1, weekdays: EVERY_DAY });
    expect(failing.r.result.book.booked + other.r.result.book.booked).toBe(0);
    expect(failing.id).toBeLessThan(other.id);
    const now = dayBefore(failing.start);
    const allow = await refuseVisitsOf(failing.id);
    const errors: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      error: (obj: unknown, msg?: unknown) =>
        void errors.push({ obj: obj as Record<string, unknown>, msg: String(msg) }),
    };
    try {
      const run = await bookAllPlans(t.db, undefined, now, log);
      expect(run.failed).toBe(1);
      expect(run.booked).toBeGreaterThanOrEqual(1);
      expect((await visitsOf(other.id)).map((v) => [v.day, v.status])).toEqual([[other.start, 'booked']]);
      expect(await visitsOf(failing.id)).toEqual([]);
      expect(errors.map((e) => [e.obj.planId, e.obj.merchantId, e.msg])).toEqual([
        [failing.id, merchantA, 'plan_booking: a plan failed to book'],
      ]);
      expect(String(errors[0].obj.err)).toContain('could not write plan_visit');

      // The scheduled job (at that same hour) tries the plan again, and its run ends as failed: counted by the scheduler.
      let job: JobSpec | undefined;
      planJobs({ db: t.db, log, scheduler: { add: (j: JobSpec) => (job = j) } } as unknown as App);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      try {
        await expect(job?.run(new AbortController().signal)).rejects.toThrow('1 plan(s) failed to book');
      } finally {
        vi.useRealTimers();
      }
      expect(errors.map((e) => e.obj.planId)).toEqual([failing.id, failing.id]);
      expect((await visitsOf(other.id)).length).toBe(1);
    } finally {
      await allow();
    }

    // Once the database takes its rows again, the next run books it.
    const next = await bookAllPlans(t.db, undefined, now, log);
    expect(next.failed).toBe(0);
    expect(next.booked).toBe(1);
    expect((await visitsOf(failing.id)).map((v) => [v.day, v.status])).toEqual([[failing.start, 'booked']]);
    expect(errors.length).toBe(2);
  });
});

describe('a number of visits counts its open exceptions', () => {
  /**
   * Visits holding one of the plan's visits: booked (order not cancelled), being booked, an open exception, or one the
   * dispatcher handled by hand (已处理).
   */
  const held = (vs: Awaited<ReturnType<typeof visitsOf>>) =>
    vs.filter(
      (v) =>
        v.status === 'pending' ||
        v.status === 'exception' ||
        v.status === 'resolved' ||
        (v.status === 'booked' && v.orderStatus !== ORDER_STATUS.CANCELLED),
    );

  it('a 1-visit plan refused every day lists one exception; 跳过 owes the visit again; 重试 books that one', async () => {
    // Starts past the horizon, so creating it books nothing; every run below is the day before its start.
    const { id, start, renewCard } = await planOnExpiredCard();
    const now = dayBefore(start);

    // Every day of the horizon is refused (the card expired), yet only one visit is owed: one exception.
    expect(await bookPlan(t.db, id, now)).toMatchObject({ booked: 0, exceptions: 1 });
    let visits = await visitsOf(id);
    expect(visits.map((v) => [v.day, v.status])).toEqual([[start, 'exception']]);
    expect(visits[0].reason).toMatch(/过期/);
    const detail = async () => (await ownerA.get(`${Z}/findById/${id}`)).result;
    expect((await detail()).upcoming).toEqual([]);
    expect((await detail()).exceptionCount).toBe(1);
    // Rerun and 立即排期: nothing more.
    expect(await bookPlan(t.db, id, now)).toMatchObject({ booked: 0, exceptions: 0 });
    expect(await visitsOf(id)).toHaveLength(1);

    // 跳过 the exception: the visit is owed again, so the detail shows the next day and the next run books it.
    const skipped = await ownerA.post(`${Z}/tiaoguo`, { id, date: start });
    expect(skipped.code, skipped.message).toBe(200);
    expect((await detail()).upcoming.map((u: { date: string }) => u.date)).toEqual([nextDay(start, 1)]);
    expect(await bookPlan(t.db, id, now)).toMatchObject({ booked: 0, exceptions: 1 });
    visits = await visitsOf(id);
    expect(visits.map((v) => v.status)).toEqual(['skipped', 'exception']);
    expect(visits[1].day).toBe(nextDay(start, 1));

    expect(held(visits)).toHaveLength(1);

    // The card is valid again: 重试 books the open exception, and it is the plan's one visit.
    await renewCard();
    const retried = await ownerA.post(`${Z}/chongshi`, { visitId: visits[1].id });
    expect(retried.code, retried.message).toBe(200);
    expect(retried.result.booked).toBe(1);
    expect(await bookPlan(t.db, id, now)).toMatchObject({ booked: 0, exceptions: 0 });
    visits = await visitsOf(id);
    expect(held(visits).map((v) => v.status)).toEqual(['booked']);
    expect((await detail()).upcoming).toEqual([]);
  });

  it('已处理 (handled by hand) uses the visit: a 1-visit plan books nothing more and lists no further day', async () => {
    const { id, start } = await planOnExpiredCard();
    const now = dayBefore(start);
    expect(await bookPlan(t.db, id, now)).toMatchObject({ booked: 0, exceptions: 1 });
    const [exception] = await visitsOf(id);
    expect((await ownerA.post(`${Z}/chuli`, { visitId: exception.id, note: '已电话约好，另行下单' })).code).toBe(200);
    expect(await bookPlan(t.db, id, now)).toMatchObject({ booked: 0, exceptions: 0 });
    const visits = await visitsOf(id);
    expect(visits.map((v) => v.status)).toEqual(['resolved']);
    expect(held(visits)).toHaveLength(1);
    expect((await ownerA.get(`${Z}/findById/${id}`)).result.upcoming).toEqual([]);
  });

  it('a plan of N visits never holds more than N booked and exception visits, a day refused among booked ones', async () => {
    const { r, id, start } = await clientPlan(40, { visitCount: 3, weekdays: EVERY_DAY });
    expect(r.code, r.message).toBe(200);
    // Past the horizon when made: nothing booked yet. Its first day was refused before (the whole shop on leave
    // then): an open exception already holds one of its visits.
    await t.db
      .insertInto('planVisit')
      .values(leftVisit(id, start, 'exception'))
      .execute();
    expect(await bookPlan(t.db, id, dayBefore(start))).toMatchObject({ booked: 2, exceptions: 0 });
    const visits = await visitsOf(id);
    expect(held(visits)).toHaveLength(3);
    expect(visits.map((v) => v.status)).toEqual(['exception', 'booked', 'booked']);
    expect((await ownerA.get(`${Z}/findById/${id}`)).result.upcoming).toEqual([]);
  });

  it('a claim left by a dead run is taken again without booking one visit more; 重试 past the number is refused', async () => {
    const { id, start } = await clientPlan(50, { visitCount: 2, weekdays: EVERY_DAY });
    // Left 20 minutes ago: older than a claim may be held.
    const old = new Date(Date.now() - 20 * 60_000).toISOString();
    await t.db
      .insertInto('planVisit')
      .values(leftVisit(id, start, 'pending', old))
      .execute();
    expect(await bookPlan(t.db, id, dayBefore(start))).toMatchObject({ booked: 2, exceptions: 0 });
    const visits = await visitsOf(id);
    expect(visits.map((v) => [v.day, v.status])).toEqual([
      [start, 'booked'],
      [nextDay(start, 1), 'booked'],
    ]);
    // An exception listed before exceptions counted (more of them than visits left): 重试 cannot book a third.
    await t.db
      .insertInto('planVisit')
      .values(leftVisit(id, nextDay(start, 2), 'exception', old))
      .execute();
    const extra = (await visitsOf(id)).find((v) => v.status === 'exception');
    const refused = await ownerA.post(`${Z}/chongshi`, { visitId: extra?.id });
    expect(refused.code).toBe(2004);
    expect(refused.message).toContain('服务次数已全部下单（共 2 次）');
    expect(held(await visitsOf(id)).filter((v) => v.status === 'booked')).toHaveLength(2);
  });
});

describe('changes', () => {
  it('pause, resume, skip, change the time from a date on, end keeping or cancelling', async () => {
    const { id } = await clientPlan(1, { endDate: nextDay(today(), 40) });
    const before = await visitsOf(id);
    expect(before.length).toBeGreaterThanOrEqual(3);

    expect((await ownerA.post(`${Z}/zanting/${id}`)).code).toBe(200);
    expect((await ownerA.post(`${Z}/zanting/${id}`)).code).toBe(2004);
    expect((await ownerA.post(`${Z}/paiqi/${id}`)).result.booked).toBe(0);
    expect((await ownerA.post(`${Z}/huifu/${id}`)).code).toBe(200);

    // A day past the horizon is skipped ahead; a day the rule does not have is refused.
    const later = weekdaysBetween(nextDay(today(), 20), nextDay(today(), 30), [2])[0];
    expect((await ownerA.post(`${Z}/tiaoguo`, { id, date: later })).code).toBe(200);
    const notRule = weekdaysBetween(nextDay(today(), 20), nextDay(today(), 30), [1])[0];
    expect((await ownerA.post(`${Z}/tiaoguo`, { id, date: notRule })).code).toBe(2004);
    // An unpaid booked day skipped: its order is cancelled and the day never booked again.
    const s = await ownerA.post(`${Z}/tiaoguo`, { id, date: before[0].day, cancelOrder: true });
    expect(s.code, s.message).toBe(200);
    const o = await t.db
      .selectFrom('serviceOrder')
      .select('status')
      .where('id', '=', before[0].orderId as number)
      .executeTakeFirstOrThrow();
    expect(o.status).toBe(ORDER_STATUS.CANCELLED);
    await ownerA.post(`${Z}/paiqi/${id}`);
    expect((await visitsOf(id)).find((v) => v.day === before[0].day)?.status).toBe('skipped');

    // From the third booked day on: Wednesdays at 14:00. Booked orders stay and are listed; new days follow.
    const from = before[2].day;
    const ch = await ownerA.post(`${Z}/gaishijian`, {
      id,
      fromDate: from,
      ruleKind: 'weekly',
      weekdays: '[3]',
      startTime: '14:00',
    });
    expect(ch.code, ch.message).toBe(200);
    const d = await ownerA.get(`${Z}/findById/${id}`);
    const off = d.result.visits.filter((v: { offRule: boolean }) => v.offRule).map((v: { date: string }) => v.date);
    expect(off).toEqual(before.filter((v) => v.day >= from).map((v) => v.day));
    expect(ch.result.offRule).toBe(off.length);
    const wed = (await visitsOf(id)).filter((v) => v.day >= from && !off.includes(v.day));
    expectEvery(
      wed,
      (v) =>
        weekdaysBetween(v.day, v.day, [3]).length === 1 && Date.parse(v.appointmentAt ?? '') === wallMs(v.day, '14:00'),
      'Wednesday 14:00',
    );
    expect(d.result.rules.at(-1)).toMatchObject({ fromDate: from, text: '每周三 14:00' });

    // End, cancelling the future orders.
    const end = await ownerA.post(`${Z}/jieshu`, { id, cancelFuture: true, reason: '客户搬家' });
    expect(end.code, end.message).toBe(200);
    const after = await visitsOf(id);
    expectEvery(
      after.filter((v) => v.orderId),
      (v) => v.orderStatus === ORDER_STATUS.CANCELLED,
      'cancelled',
    );
    expect(end.result.cancelled).toBeGreaterThan(0);
    expectEvery(
      after.filter((v) => v.orderId && v.status !== 'skipped'),
      (v) => v.status === 'cancelled',
      'its visit closed with its order',
    );
    expect((await ownerA.post(`${Z}/jieshu`, { id, cancelFuture: true })).code).toBe(2004);
    expect((await ownerA.post(`${Z}/huifu/${id}`)).code).toBe(2004);
  });

  it('end keeping the booked orders', async () => {
    const { r } = await clientPlan(1, { visitCount: 3 });
    const end = await ownerA.post(`${Z}/jieshu`, { id: r.result.id, cancelFuture: false });
    expect(end.result).toEqual({ cancelled: 0, kept: 3 });
    expectEvery(await visitsOf(r.result.id), (v) => v.orderStatus === ORDER_STATUS.UNPAID, 'kept');
  });

  it('a per-visit order waits for its own deadline, not the 30 minutes', async () => {
    const { r } = await clientPlan(3, { visitCount: 1 });
    const [v] = await visitsOf(r.result.id);
    const id = v.orderId as number;
    expect(await expireUnpaid(t.db, 30, Date.now() + 31 * 60_000, [id])).toBe(0);
    expect(await expireUnpaid(t.db, 30, Date.parse(v.appointmentAt as string) - 60_000, [id])).toBe(1);
  });
});

describe('isolation, shop limits and bad input', () => {
  it("merchant B sees and changes nothing of A's plans, nor uses A's client", async () => {
    const { c, id } = await clientPlan(1, { visitCount: 1 });
    expect((await ownerB.get(`${Z}/findById/${id}`)).code).toBe(2002);
    expect((await ownerB.post(`${Z}/zanting/${id}`)).code).toBe(2002);
    expect((await ownerB.post(`${Z}/jieshu`, { id, cancelFuture: true })).code).toBe(2002);
    expect((await ownerB.get(`${Z}/findAllByPage`)).result.total).toBe(0);
    expect((await ownerB.get(`${Z}/exceptionCount`)).result.count).toBe(0);
    const [v] = await visitsOf(id);
    expect((await ownerB.post(`${Z}/chuli`, { visitId: v.id })).code).toBe(2002);
    const stolen = await addPlan(
      { clientId: c.id, clientAddressId: c.addressId, startDate: nextDay(today(), 1), visitCount: 1 },
      ownerB,
    );
    expect(stolen.code).toBe(2002);
    expect((await api(t.app).get(`${Z}/findAllByPage`)).code).toBe(401);
  });

  it('a sub-account limited to the branch sees none of the main shop plans', async () => {
    const sub = await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.subA).executeTakeFirstOrThrow();
    await t.db.deleteFrom('userShop').where('userId', '=', sub.id).execute();
    await t.db.insertInto('userShop').values({ userId: sub.id, shopId: branchShop, merchantId: merchantA }).execute();
    await t.db.updateTable('user').set({ currentShopId: branchShop, allShops: 0 }).where('id', '=', sub.id).execute();
    const subA = api(t.app, await loginAs(t.app, PHONES.subA, { fresh: true }));
    const list = await subA.get(`${Z}/findAllByPage`, { pageSize: 50 });
    expect(list.code, list.message).toBe(200);
    expect(list.result.total).toBe(0);
    const any = await t.db
      .selectFrom('servicePlan')
      .select('id')
      .where('shopId', '=', mainShop)
      .executeTakeFirstOrThrow();
    expect((await subA.get(`${Z}/findById/${any.id}`)).code).toBe(2002);
    expect((await subA.post(`${Z}/paiqi/${any.id}`)).code).toBe(2002);
    // Nor can it make a plan of the main shop's goods.
    const c = await addClient();
    const made = await addPlan(
      { clientId: c.id, clientAddressId: c.addressId, startDate: nextDay(today(), 1), visitCount: 1 },
      subA,
    );
    expect(made.code).toBe(2002);
  });

  it('refuses bad input with 2001 and foreign ids with 2002', async () => {
    const c = await addClient();
    const base = { clientId: c.id, clientAddressId: c.addressId, startDate: nextDay(today(), 1), visitCount: 2 };
    for (const bad of [
      { weekdays: '[]' },
      { weekdays: '[8]' },
      { startTime: '25:00' },
      { visitCount: undefined },
      { endDate: today(), visitCount: undefined, startDate: nextDay(today(), 3) },
      { payMode: 'card' },
      { ruleKind: 'monthly' },
      { horizonDays: 99 },
      { startDate: '2026-02-30' },
    ]) {
      const r = await addPlan({ ...base, ...bad });
      expect(r.code, JSON.stringify(bad)).toBe(2001);
    }
    expect((await addPlan({ ...base, startDate: nextDay(today(), -1) })).code).toBe(2004);
    expect((await addPlan({ ...base, clientAddressId: 999999 })).code).toBe(2002);
    expect((await addPlan({ ...base, goodsId: 999999 })).code).toBe(2002);
    expect((await addPlan({ ...base, payMode: 'card', cardId: 999999 })).code).toBe(2002);
    expect((await ownerA.get(`${Z}/findById/abc`)).code).toBe(2001);
    expect((await ownerA.post(`${Z}/tiaoguo`, { id: 1, date: 'x' })).code).toBe(2001);
  });
});
