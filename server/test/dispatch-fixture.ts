import { nextDay, shanghaiDay, wallMs, type WeeklyHours } from '@jz/contracts/dispatch';
import { freeEmployee, paidOrder } from './helpers/order-flow.ts';
import { demoUsers, type TestApp } from './helpers/index.ts';

/**
 * Builders for the dispatch tests (docs/dispatch.md): employees and paid orders of the demo shop whose schedule fields the
 * test sets directly, on a day 55 days ahead (no demo order is then, and after every start helpers/appointment.ts gives).
 */
export const DAY = shanghaiDay(Date.now() + 55 * 86_400_000);
export const at = (hm: string, day = DAY) => new Date(wallMs(day, hm)).toISOString();
export { nextDay };

/** The demo's merchant A main shop (运城洁家家政（总店）), its branch, and both merchants' owners signed in. */
export async function dispatchScene(t: TestApp) {
  const { ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB');
  const shops = await t.db.selectFrom('shop').select(['id', 'merchantId', 'name']).execute();
  const main = shops.find((s) => s.name === '运城洁家家政（总店）')!;
  const branchId = shops.find((s) => s.merchantId === main.merchantId && s.id !== main.id)!.id;
  return { ownerA, ownerB, shopId: main.id, merchantId: main.merchantId, branchId };
}

/**
 * A free employee of the shop with only the schedule fields the test gives: no skills, no working hours (always
 * available) and no base unless set, whatever the copied demo employee has.
 */
export async function employee(
  t: TestApp,
  shopId: number,
  o: { fuwuIds?: number[]; workHours?: WeeklyHours | null; base?: { lat: number; lng: number } | null } = {},
) {
  const e = await freeEmployee(t, shopId, { fuwuIds: [], workHours: null, base: null, ...o });
  return e.id;
}

/** A paid (待接单) order of the shop at `hm` on DAY lasting `minutes`, at a point. */
export async function order(
  t: TestApp,
  shopId: number,
  hm: string,
  minutes: number,
  where: { lat: number; lng: number } | null = null,
  day = DAY,
) {
  const o = await paidOrder(t, shopId);
  await t.db
    .updateTable('serviceOrder')
    .set({ appointmentAt: at(hm, day), durationMinutes: minutes, lat: where?.lat ?? null, lng: where?.lng ?? null })
    .where('id', '=', o.id)
    .execute();
  return { ...o, hm };
}

/** The goods' service category of an order (what skills are checked against). */
export async function fuwuOf(t: TestApp, orderId: number) {
  const r = await t.db
    .selectFrom('serviceOrder')
    .innerJoin('goods', 'goods.id', 'serviceOrder.goodsId')
    .select('goods.fuwuId')
    .where('serviceOrder.id', '=', orderId)
    .executeTakeFirstOrThrow();
  return r.fuwuId;
}
