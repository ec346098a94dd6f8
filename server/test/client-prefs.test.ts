import type { ClientDetail } from '@jz/contracts/client';
import type { SuggestResult } from '@jz/contracts/dispatch';
import type { WeeklyHours } from '@jz/contracts/dispatch';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, DAY, dispatchScene, employee, nextDay, order } from './dispatch-fixture.ts';
import { type Api, buildTestApp, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { api } from './helpers/api.ts';
import { freeEmployee } from './helpers/order-flow.ts';

/**
 * docs/dispatch.md §3.2: a client's preferred and blocked employees (客户详情 › 员工偏好) count in assignment. A blocked one is
 * excluded from the suggestions with 客户不希望再派此员工 and refused by every assignment call; a preferred one is
 * ranked first among the safe choices with 客户偏好; another merchant's preferences never count; a shop-limited
 * account names only employees of its shops. SQLite and PostgreSQL (TEST_DB=postgres).
 */
const P = 'app/jiazheng/paidan';
const K = 'app/jiazheng/kehu';
const D = 'app/jiazheng/pay/dingdan';
const BLOCKED = '客户不希望再派此员工';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let shopId: number;
let branchId: number;
let merchantId: number;

const suggest = (by: Api, orderId: number) => by.get<SuggestResult>(`${P}/suggest`, { orderId });
const clientOf = async (orderId: number) =>
  (await t.db.selectFrom('serviceOrder').select('clientId').where('id', '=', orderId).executeTakeFirstOrThrow())
    .clientId!;
const setPrefs = (by: Api, clientId: number, preferred: number[], blocked: number[]) =>
  by.post(`${K}/prefs`, { clientId, preferred: JSON.stringify(preferred), blocked: JSON.stringify(blocked) });
const assignee = async (orderId: number) =>
  (await t.db.selectFrom('serviceOrder').select('employeeId').where('id', '=', orderId).executeTakeFirstOrThrow())
    .employeeId;

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

/** The order's point and bases 0 km and about 5.5 km from it: the near one scores higher. */
const HERE = { lat: 35.0264, lng: 111.0073 };
const FAR = { lat: 35.0764, lng: 111.0073 };

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
  ({ ownerA, ownerB, shopId, merchantId, branchId } = await dispatchScene(t));
  await t.db.updateTable('shop').set({ businessHours: '08:00-20:00' }).where('id', '=', shopId).execute();
  await t.db.updateTable('shopSetting').set({ travelBufferMinutes: 30 }).where('shopId', '=', shopId).execute();
});
afterAll(() => t?.close());

describe('suggestions and assignment read the order’s client’s preferences', () => {
  it('a blocked employee is excluded and refused; a preferred one comes first with 客户偏好', async () => {
    const day = nextDay(DAY, 21);
    await clearDay(day);
    const near = await employee(t, shopId, { base: HERE });
    const far = await employee(t, shopId, { base: FAR });
    const blocked = await employee(t, shopId, { base: HERE });
    const o = await order(t, shopId, '10:00', 60, HERE, day);
    const clientId = await clientOf(o.id);

    // Before any preference: the near ones lead, the blocked one is a plain candidate.
    const before = await suggest(ownerA, o.id);
    expect(before.code).toBe(200);
    expect(before.result.suggestions.map((s) => s.employeeId)).toEqual([near, blocked, far]);
    expectEvery(before.result.suggestions, (s) => s.preferred === false, 'suggestions before any preference');

    expect((await setPrefs(ownerA, clientId, [far], [blocked])).code).toBe(200);
    const r = await suggest(ownerA, o.id);
    expect(r.result.suggestions.map((s) => s.employeeId)).toEqual([far, near]);
    const first = r.result.suggestions[0];
    expect(first).toMatchObject({ preferred: true, reasons: expect.arrayContaining(['客户偏好']) });
    expect(first.reasons[0]).toBe('客户偏好');
    expect(first.score).toBeLessThan(r.result.suggestions[1].score); // first by preference, not by score
    expect(r.result.suggestions[1]).toMatchObject({ preferred: false });
    expect(r.result.suggestions[1].reasons).not.toContain('客户偏好');
    expect(r.result.excluded.find((x) => x.employeeId === blocked)).toMatchObject({ code: 'blocked', reason: BLOCKED });

    // Refused by the board's assign and by 订单管理's 指派, with the reason; nothing changes.
    const viaBoard = await ownerA.post(`${P}/assign`, { orderId: o.id, employeeId: blocked });
    expect(viaBoard.code).toBe(2004);
    expect(viaBoard.message).toContain(BLOCKED);
    const viaList = await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: blocked });
    expect(viaList.code).toBe(2004);
    expect(viaList.message).toContain(BLOCKED);
    expect(await assignee(o.id)).toBeNull();

    // The preferred one is assigned; 改派 to the blocked one is refused as well.
    expect((await ownerA.post(`${P}/assign`, { orderId: o.id, employeeId: far })).code).toBe(200);
    const again = await ownerA.post(`${P}/assign`, { orderId: o.id, employeeId: blocked });
    expect(again.code).toBe(2004);
    expect(again.message).toContain(BLOCKED);
    expect(await assignee(o.id)).toBe(far);

    // Once the client's 不派 is removed she can be chosen again.
    expect((await setPrefs(ownerA, clientId, [far], [])).code).toBe(200);
    expect((await ownerA.post(`${P}/assign`, { orderId: o.id, employeeId: blocked })).code).toBe(200);
  });

  it('a waiting order’s own client’s 不派 counts for what a choice would strand', async () => {
    const day = nextDay(DAY, 22);
    await clearDay(day);
    const MORNINGS: WeeklyHours = Array.from({ length: 7 }, () => [{ from: '08:00', to: '11:00' }]);
    const allDay = await employee(t, shopId);
    const mornings = await employee(t, shopId, { workHours: MORNINGS });
    const target = await order(t, shopId, '10:00', 60, null, day);
    const other = await order(t, shopId, '11:00', 60, null, day);
    // Only the all-day employee could take the 11:00 order: choosing her for 10:00 strands it…
    const before = await suggest(ownerA, target.id);
    expect(before.result.suggestions.find((s) => s.employeeId === allDay)).toMatchObject({ strandCount: 1 });
    // …until its client blocks her: then nobody could, and no choice strands it.
    expect((await setPrefs(ownerA, await clientOf(other.id), [], [allDay])).code).toBe(200);
    const after = await suggest(ownerA, target.id);
    // (equal scores: by id)
    expect(after.result.suggestions.map((s) => [s.employeeId, s.strandCount])).toEqual([
      [allDay, 0],
      [mornings, 0],
    ]);
    // The 10:00 order's client did not block her.
    expect(after.result.excluded.find((x) => x.employeeId === allDay)).toBeUndefined();
  });

  it('another merchant’s preferences never count; another merchant cannot ask', async () => {
    const day = nextDay(DAY, 23);
    await clearDay(day);
    const e = await employee(t, shopId);
    const o = await order(t, shopId, '10:00', 60, null, day);
    const clientId = await clientOf(o.id);
    const merchantB = (
      await t.db.selectFrom('shop').select('merchantId').where('merchantId', '!=', merchantId).executeTakeFirstOrThrow()
    ).merchantId;
    // A row of merchant B naming A's client id (as if ids were shared by accident) is not A's client's.
    await t.db
      .insertInto('clientEmployeePref')
      .values({ clientId, merchantId: merchantB, employeeId: e, kind: 'blocked', createdAt: new Date().toISOString() })
      .execute();
    const r = await suggest(ownerA, o.id);
    expect(r.result.suggestions.map((s) => s.employeeId)).toContain(e);
    expect(r.result.excluded.find((x) => x.employeeId === e)).toBeUndefined();
    expect((await suggest(ownerB, o.id)).code).toBe(2002);
    expect((await setPrefs(ownerB, clientId, [], [e])).code).toBe(2002);
    expect((await ownerB.post(`${P}/assign`, { orderId: o.id, employeeId: e })).code).toBe(2002);
    expect((await ownerA.post(`${P}/assign`, { orderId: o.id, employeeId: e })).code).toBe(200);
  });
});

describe('kehu/prefs for a shop-limited account', () => {
  it('names only employees of its shops; other shops’ stored ones stay as they are', async () => {
    const sub = await t.db
      .selectFrom('user')
      .select(['id', 'merchantId'])
      .where('phone', '=', PHONES.subA)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('userShop').where('userId', '=', sub.id).execute();
    await t.db.insertInto('userShop').values({ userId: sub.id, shopId: branchId, merchantId }).execute();
    await t.db
      .updateTable('user')
      .set({ currentShopId: branchId, allShops: 0, authVersion: sql`auth_version + 1` })
      .where('id', '=', sub.id)
      .execute();
    try {
      const subA = api(t.app, await loginAs(t.app, PHONES.subA, { fresh: true }));
      const o = await order(t, branchId, '10:00', 60, null, nextDay(DAY, 24));
      const clientId = await clientOf(o.id);
      const atMain = (await freeEmployee(t, shopId, { name: '总店阿姨' })).id;
      const atMain2 = (await freeEmployee(t, shopId, { name: '总店阿姨二' })).id;
      const atBranch = (await freeEmployee(t, branchId, { name: '分店阿姨' })).id;

      // An employee outside its shops is not one it may name (2002), in either list; nothing is stored.
      expect((await setPrefs(subA, clientId, [atMain], [])).code).toBe(2002);
      expect((await setPrefs(subA, clientId, [], [atMain])).code).toBe(2002);
      expect(
        await t.db.selectFrom('clientEmployeePref').select('id').where('clientId', '=', clientId).execute(),
      ).toEqual([]);
      expect((await setPrefs(subA, clientId, [atBranch], [])).code).toBe(200);

      // The owner blocks a main-shop employee; the limited account sends it back unchanged with its own change.
      expect((await setPrefs(ownerA, clientId, [atBranch], [atMain])).code).toBe(200);
      expect((await setPrefs(subA, clientId, [], [atMain, atBranch])).code).toBe(200);
      const d = await subA.get<ClientDetail>(`${K}/findById/${clientId}`);
      expect(d.result.prefs.map((p) => [p.employeeId, p.kind]).sort()).toEqual(
        [
          [atMain, 'blocked'],
          [atBranch, 'blocked'],
        ].sort(),
      );
      // Leaving it out, or moving it to the other list, is refused (2004) and changes nothing; a new outside one 2002.
      const dropped = await setPrefs(subA, clientId, [], [atBranch]);
      expect(dropped.code).toBe(2004);
      expect(dropped.message).toContain('总店阿姨');
      expect((await setPrefs(subA, clientId, [atMain], [atBranch])).code).toBe(2004);
      expect((await setPrefs(subA, clientId, [atMain2], [atMain, atBranch])).code).toBe(2002);
      const rows = await t.db
        .selectFrom('clientEmployeePref')
        .select(['employeeId', 'kind'])
        .where('clientId', '=', clientId)
        .orderBy('employeeId')
        .execute();
      expect(rows).toEqual(
        [
          { employeeId: atMain, kind: 'blocked' },
          { employeeId: atBranch, kind: 'blocked' },
        ].sort((a, b) => a.employeeId - b.employeeId),
      );
      // The owner (every shop) may change it.
      expect((await setPrefs(ownerA, clientId, [atMain2], [atBranch])).code).toBe(200);
    } finally {
      await t.db
        .updateTable('user')
        .set({ allShops: 1, currentShopId: shopId, authVersion: sql`auth_version + 1` })
        .where('id', '=', sub.id)
        .execute();
    }
  });
});
