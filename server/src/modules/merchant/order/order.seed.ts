import { WORK_STATE } from '@jz/contracts/employee';
import { SHELF_STATE } from '@jz/contracts/goods';
import { isOnDuty, LIVE_IN_MINUTES, nextDay, parseBusinessHours, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { AREA_UNIT } from '@jz/contracts/goods-pricing';
import { ORDER_STATUS } from '@jz/contracts/order';
import { type GeoPoint, pointInPolygon } from '@jz/contracts/shop-location';
import type { DB } from '../../../db/client.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import { openCustomerSession } from '../../customer/customer.service.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import { assignEmployee } from './order-assign.ts';
import { categoryParents, minutesOf, parseJson, skillOk } from '../scheduling/schedule.ts';
import { insertReview, reply } from '../review/review.service.ts';
import { createOrder } from './order-create.repo.ts';
import {
  type Actor,
  confirmDone,
  expireUnpaid,
  markPaid,
  markReviewed,
  merchantCancel,
  verifyByCode,
} from './order-transition.service.ts';

const DAY = 24 * 3600_000;
const ADDRESSES = [
  {
    name: '王女士',
    phone: '13935900001',
    address: '山西省运城市盐湖区河东东街 88 号 3 单元 502',
    lat: 35.0265,
    lng: 111.0072,
  },
  {
    name: '李先生',
    phone: '13935900002',
    address: '山西省运城市盐湖区学苑路 16 号 水岸东方 7-1-201',
    lat: 35.0411,
    lng: 111.0213,
  },
  {
    name: '赵女士',
    phone: '13935900003',
    address: '山西省运城市盐湖区解放南路 120 号 阳光花园 2-302',
    lat: 35.0188,
    lng: 110.9986,
  },
  {
    name: '陈先生',
    phone: '13935900004',
    address: '山西省运城市盐湖区人民北路 9 号 金色家园 5-1101',
    lat: 35.0352,
    lng: 111.0101,
  },
];
const ADDRESSES_B = [
  {
    name: '孙女士',
    phone: '13935900011',
    address: '山西省太原市小店区长风街 66 号 龙城花园 4-802',
    lat: 37.8157,
    lng: 112.5591,
  },
  {
    name: '周先生',
    phone: '13935900012',
    address: '山西省太原市迎泽区五一路 200 号 5-3-601',
    lat: 37.8621,
    lng: 112.5665,
  },
];
const REVIEWS = [
  { rating: 5, content: '阿姨很细心，厨房油污清理得特别干净，准时到达，下次还约。' },
  { rating: 4, content: '整体满意，窗户缝隙还可以再仔细一点。' },
  { rating: 5, content: '服务专业，工具齐全，收纳整理也做得很好。' },
  { rating: 3, content: '打扫还行，但比预约时间晚到了二十分钟。' },
  { rating: 5, content: '空调清洗后出风明显干净了，师傅讲解很耐心。' },
];

/** The lifecycle a demo order goes through, in the state it should end in. */
type Plan = { to: number; days: number; shop: 'main' | 'branch'; review?: number; replied?: boolean; cancel?: string };

/** The dictionaries the order pages render: the order status and the refund status. */
export async function seedOrderDicts({ db }: SeedCtx) {
  await ensureDict(db, 'order_status', '订单状态', [
    { label: '待付款', value: '10', tag: 'default' },
    { label: '待接单', value: '20', tag: 'warning' },
    { label: '待服务', value: '30', tag: 'processing' },
    { label: '服务中', value: '40', tag: 'cyan' },
    { label: '已完成', value: '50', tag: 'success' },
    { label: '已评价', value: '60', tag: 'purple' },
    { label: '已取消', value: '70', tag: 'error' },
  ]);
  await ensureDict(db, 'order_refund_status', '订单退款状态', [
    { label: '无', value: '0', tag: 'default' },
    { label: '退款中', value: '1', tag: 'processing' },
    { label: '已退款', value: '2', tag: 'success' },
    { label: '退款失败', value: '3', tag: 'error' },
  ]);
}

/**
 * Demo orders in every status for both merchants, made through the real code paths (place, pay, assign, verify,
 * confirm, review, cancel, expire), so timelines, settlements, employee states, ratings and messages all agree.
 * Each order is then moved back in time by its `days` (the completion time is passed to confirmDone, so the
 * settlement is dated with it).
 */
export async function seedOrderDemo({ db, demo }: SeedCtx & { demo: DemoIds }) {
  const a = demo.merchantA;
  const b = demo.merchantB;
  await seedMerchant(
    db,
    { merchantId: a.id, ownerId: a.ownerId, shops: { main: a.mainShopId, branch: a.branchShopId } },
    ADDRESSES,
    [
      { to: 70, days: 6, shop: 'main' }, // expired unpaid (first: the expiry below only sees this one)
      { to: 10, days: 0, shop: 'main' },
      { to: 20, days: 0, shop: 'main' },
      { to: 20, days: 0, shop: 'main' },
      { to: 30, days: 0, shop: 'main' },
      { to: 30, days: 1, shop: 'branch' },
      { to: 40, days: 0, shop: 'main' },
      { to: 50, days: 2, shop: 'main' },
      { to: 50, days: 9, shop: 'branch' },
      { to: 60, days: 12, shop: 'main', review: 0, replied: true },
      { to: 60, days: 3, shop: 'main', review: 1 },
      { to: 60, days: 1, shop: 'branch', review: 2 },
      { to: 60, days: 2, shop: 'main', review: 3 },
      { to: 70, days: 4, shop: 'main', cancel: '客户临时有事，协商取消' },
      { to: 70, days: 1, shop: 'main', cancel: '服务区域外，无法上门' },
    ],
  );
  await seedMerchant(
    db,
    { merchantId: b.id, ownerId: b.ownerId, shops: { main: b.mainShopId, branch: b.mainShopId } },
    ADDRESSES_B,
    [
      { to: 70, days: 5, shop: 'main' },
      { to: 10, days: 0, shop: 'main' },
      { to: 20, days: 0, shop: 'main' },
      { to: 30, days: 0, shop: 'main' },
      { to: 40, days: 0, shop: 'main' },
      { to: 50, days: 3, shop: 'main' },
      { to: 60, days: 10, shop: 'main', review: 4, replied: true },
      { to: 60, days: 2, shop: 'main', review: 1 },
      { to: 70, days: 2, shop: 'main', cancel: '员工排班已满，与客户协商取消' },
    ],
  );
}

async function seedMerchant(
  db: DB,
  m: { merchantId: number; ownerId: number; shops: { main: number; branch: number } },
  people: typeof ADDRESSES,
  plans: Plan[],
) {
  const owner = await db
    .selectFrom('user')
    .select(['id', 'nickName'])
    .where('id', '=', m.ownerId)
    .executeTakeFirstOrThrow();
  const actor: Actor = { type: 'merchant', id: owner.id, name: owner.nickName };
  const tenant = { merchantId: m.merchantId, shopId: m.shops.main, user: { id: owner.id } } as unknown as Tenant;

  for (const shopId of new Set(Object.values(m.shops))) await staffServeShop(db, shopId);
  const cursor = new Map<number, number>();
  for (const [i, p] of plans.entries()) {
    const shopId = m.shops[p.shop];
    const goods = await db
      .selectFrom('goods')
      .select(['id', 'minQuantity', 'unit', 'durationMinutes'])
      .where('shopId', '=', shopId)
      .where('shelfState', '=', SHELF_STATE.ON)
      .orderBy('id')
      .execute();
    if (!goods.length) continue;
    const g = goods[i % goods.length];
    const who = people[i % people.length];
    const customer = (await openCustomerSession(db, who.phone, `${who.name.replace(/(女士|先生)$/, '')}家`)).customer;
    const rules = await shopRules(db, shopId);
    // An unpaid order stays recent, or the expiry job would cancel it at the first run.
    let delta = p.to === 10 ? 0 : -p.days * DAY - (i % 5) * 3600_000;
    const start = nowIso();
    // Placed (and assigned) at a future start inside the shop's slots from tomorrow on, each order still to come at its
    // own (the API tests book from day +2: helpers/appointment.ts); a live-in job (月嫂, 住家保姆: a month) still to come
    // is booked after the weeks the tests book in. Orders that end in the past are moved there once done.
    const liveIn = g.durationMinutes >= LIVE_IN_MINUTES;
    const ahead = liveIn && p.to !== 10 && p.to <= 30 ? LIVE_IN_AHEAD_DAYS : 1;
    const stays = p.to <= 30;
    // Placed a day back, as its customer did (its times are backdated below): the lead time holds at any hour.
    const order = await placeAtFirstFree(rules, cursor, ahead, stays, (at) =>
      createOrder(
        db,
        customer.id,
        {
          goodsId: g.id,
          ...(g.unit === AREA_UNIT ? { area: 60 + ((i * 15) % 61) } : { quantity: Math.max(1, g.minQuantity) }),
          customerName: who.name,
          customerPhone: who.phone,
          address: who.address,
          ...pointInArea(rules.area, who),
          appointmentAt: new Date(at).toISOString(),
          remark: i % 3 === 0 ? '家里有宠物，请提前电话联系' : undefined,
        },
        Date.now() - DAY,
      ),
    );
    const cust: Actor = { type: 'customer', id: customer.id, name: customer.nickname };
    const { appointmentAt, minutes } = await keepBookedLength(db, order.id, g.durationMinutes);
    const placedAt = Date.parse(appointmentAt);
    // Where the appointment ends up: still to come (10–30), the days before its cancellation (70), or begun and
    // done before the completion time (40–60), always on a start the shop offers.
    let appointment = p.to === 70 ? placedAt - p.days * DAY : placedAt;
    if (p.to === 40) {
      // Being served now: begun at the last offered start; a live-in job ends before the next days' bookings.
      const bound = liveIn
        ? Math.min(Date.now(), wallMs(nextDay(shanghaiDay(Date.now()), 2), '08:00') - (minutes + 30) * 60_000)
        : Date.now();
      appointment = lastStartBefore(rules, bound, liveIn ? 0 : minutes);
      delta = Math.min(delta, appointment - Date.now());
    } else if (p.to === 50 || p.to === 60) {
      appointment = lastStartBefore(rules, Date.now() + delta - minutes * 60_000, minutes);
    }

    if (p.to === 70 && !p.cancel) {
      // Unpaid past its 30 minutes: the expiry job cancels it.
      await expireUnpaid(db, 30, Date.now() + 31 * 60_000, [order.id]);
    } else if (p.to >= 20) {
      await markPaid(db, customer.id, order.id, cust);
      const now = await db
        .selectFrom('serviceOrder')
        .select(['status', 'employeeId', 'verifyCode'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      const wantAssigned = (p.to >= 30 && p.to !== 70) || (p.to === 70 && i % 2 === 0);
      if (wantAssigned && now.status === ORDER_STATUS.WAITING) {
        // By time (order/order-assign.ts): the first of the shop's staff, from the plan's one on, free then.
        const staff = await db
          .selectFrom('employee')
          .select('id')
          .where('shopId', '=', shopId)
          .where('deletedAt', 'is', null)
          .where('workState', 'in', [WORK_STATE.FREE, WORK_STATE.BUSY])
          .orderBy('workState')
          .orderBy('id')
          .execute();
        const turn = [...staff.slice(i % 2), ...staff.slice(0, i % 2)];
        let done = false;
        for (const e of turn) {
          try {
            await assignEmployee(db, m.merchantId, order.id, e.id, actor);
            done = true;
            break;
          } catch {
            // busy then: the next one
          }
        }
        if (!done) throw new Error(`demo order ${order.orderNo}: nobody of shop ${shopId} is free at ${appointmentAt}`);
      }
      if (p.to === 70 && p.cancel) await merchantCancel(db, m.merchantId, order.id, p.cancel, actor);
      if (p.to >= 40 && p.to !== 70) await verifyByCode(db, m.merchantId, now.verifyCode, actor);
      if (p.to >= 50 && p.to !== 70) {
        // Done after its visit (确认完成 opens two hours before the appointment): the past appointment first.
        await db
          .updateTable('serviceOrder')
          .set({ appointmentAt: new Date(appointment).toISOString() })
          .where('id', '=', order.id)
          .execute();
        await confirmDone(db, m.merchantId, order.id, actor, { now: new Date(Date.now() + delta).toISOString() });
      }
      if (p.to === 60 && p.review !== undefined) {
        const r = REVIEWS[p.review];
        let reviewId = 0;
        await markReviewed(db, customer.id, order.id, cust, async (trx, o) => {
          reviewId = (
            await insertReview(trx, o, {
              nickname: customer.nickname,
              rating: r.rating,
              content: r.content,
              images: [],
              anonymous: i % 4 === 3 ? 1 : 0,
            })
          ).id;
        });
        if (p.replied) await reply(db, tenant, reviewId, '感谢您的认可，我们会继续保持，期待再次为您服务！');
      }
    }
    await backdate(db, order.id, start, delta, new Date(appointment).toISOString());
  }
}

/**
 * Skills bind (an employee is assigned, and a time is bookable, only for the service categories they
 * have): a category the shop sells on the shelf that none of its working staff has is given to all of them, so the
 * demo shop can serve what it sells (merchant B's 保姆 and 月嫂, the main shop's 开荒保洁).
 */
async function staffServeShop(db: DB, shopId: number) {
  const sold = await db
    .selectFrom('goods')
    .select('fuwuId')
    .where('shopId', '=', shopId)
    .where('shelfState', '=', SHELF_STATE.ON)
    .execute();
  const staff = await db
    .selectFrom('employee')
    .select(['id', 'fuwuIds'])
    .where('shopId', '=', shopId)
    .where('deletedAt', 'is', null)
    .where('workState', 'in', [WORK_STATE.FREE, WORK_STATE.BUSY])
    .execute();
  const parents = await categoryParents(db);
  const has = staff.map((e) => ({ id: e.id, fuwuIds: parseJson<number[]>(e.fuwuIds, []) }));
  const missing = [...new Set(sold.map((g) => g.fuwuId))].filter(
    (f) => !has.some((e) => skillOk(e.fuwuIds, f, parents)),
  );
  if (!missing.length) return;
  for (const e of has)
    await db
      .updateTable('employee')
      .set({ fuwuIds: JSON.stringify([...e.fuwuIds, ...missing.filter((f) => !e.fuwuIds.includes(f))]) })
      .where('id', '=', e.id)
      .execute();
}

/** Future live-in jobs (a month long) start this many days ahead: after every start the API tests book (day +2 on). */
const LIVE_IN_AHEAD_DAYS = 44;

/**
 * The demo seeds place orders before the demo's specifications exist (seedGoodsSpecDemo runs last), so an order of a
 * per-㎡ item is quoted without a length and falls back to the goods' — which the specification seed then turns into
 * minutes per ㎡ (a 61 ㎡ 开荒 would read as a 5-minute job). Keeps the length its booking and assignment were checked
 * with as the order's own.
 */
export async function keepBookedLength(db: DB, orderId: number, goodsMinutes: number | null) {
  const row = await db
    .selectFrom('serviceOrder')
    .select(['appointmentAt', 'durationMinutes'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const { minutes } = minutesOf({ durationMinutes: row.durationMinutes, goodsMinutes });
  if (row.durationMinutes == null)
    await db.updateTable('serviceOrder').set({ durationMinutes: minutes }).where('id', '=', orderId).execute();
  return { appointmentAt: row.appointmentAt, minutes };
}

/** What the demo reads of a shop to book like a customer: its arrival windows, business hours and service area. */
async function shopRules(db: DB, shopId: number) {
  const s = await db
    .selectFrom('shop')
    .leftJoin('shopSetting', 'shopSetting.shopId', 'shop.id')
    .select(['shop.businessHours', 'shop.serviceArea', 'shopSetting.serviceTimeSlots'])
    .where('shop.id', '=', shopId)
    .executeTakeFirstOrThrow();
  const shopHours = parseBusinessHours(s.businessHours);
  const slots = parseJson<string[]>(s.serviceTimeSlots, [])
    .map((w) => /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(w.trim()))
    .filter((x) => x !== null)
    .map((x) => ({ from: x[1], to: x[2] }));
  const windows = slots.length ? slots : [shopHours ?? { from: '08:00', to: '18:00' }];
  // The start of each window and an hour later (when still inside it), Shanghai wall time.
  const starts = windows
    .flatMap((w) => [w.from, addHour(w.from)].filter((hm) => hm < w.to))
    .sort()
    .filter((hm, k, all) => all.indexOf(hm) === k);
  return { shopId, shopHours, starts, area: parseJson<GeoPoint[]>(s.serviceArea, []) };
}
type ShopRules = Awaited<ReturnType<typeof shopRules>>;

const addHour = (hm: string) => `${String(Number(hm.slice(0, 2)) + 1).padStart(2, '0')}${hm.slice(2)}`;

/**
 * Places the order at the shop's next offered start from `ahead` days on (its cursor: each order of the shop that
 * `stays` there gets its own); a start the booking rules refuse (lead time, hours for a long job, capacity) is skipped
 * for the next one.
 */
async function placeAtFirstFree<T>(
  r: ShopRules,
  cursor: Map<number, number>,
  ahead: number,
  stays: boolean,
  place: (at: number) => Promise<T>,
): Promise<T> {
  const today = shanghaiDay(Date.now());
  // An order that stays at its start keeps to tomorrow, then today (from day +2 on the API tests book); one moved
  // away once done, or a live-in job booked far ahead, goes on from `ahead` days.
  // Today's starts still to come depend on the hour the seed runs at, so tomorrow's are offered again after them (a
  // start takes as many orders as it has free staff): the seed succeeds at any hour, 00:05 as at 23:55.
  const near = stays && ahead === 1;
  const days = near ? [1, 0, 1, 1] : Array.from({ length: 10 }, (_, n) => ahead + n);
  const now = Date.now();
  const candidates = days.flatMap((d) => r.starts.map((hm) => wallMs(nextDay(today, d), hm))).filter((at) => at > now);
  let last: unknown = new Error(`no start left for a demo order of shop ${r.shopId}`);
  for (let k = near ? (cursor.get(r.shopId) ?? 0) : 0; k < candidates.length; k++) {
    try {
      const placed = await place(candidates[k]);
      if (near) cursor.set(r.shopId, k + 1);
      return placed;
    } catch (err) {
      if ((err as { code?: number }).code !== 2004) throw err;
      last = err;
    }
  }
  throw last;
}

/** The latest offered start at or before `bound` at which a job of `minutes` ends inside the business hours. */
function lastStartBefore(r: ShopRules, bound: number, minutes: number) {
  for (let day = shanghaiDay(bound), guard = 0; guard < 62; guard++, day = nextDay(day, -1))
    for (const hm of [...r.starts].reverse()) {
      const at = wallMs(day, hm);
      if (at > bound) continue;
      const long = minutes >= LIVE_IN_MINUTES;
      if (minutes && !long && r.shopHours && !isOnDuty(null, r.shopHours, at, at + minutes * 60_000)) continue;
      return at;
    }
  return bound;
}

/** The address's point, moved inside the shop's service area when it lies outside (the demo's homes are examples). */
function pointInArea(area: GeoPoint[], p: { lat: number; lng: number }) {
  if (area.length < 3 || pointInPolygon(p, area)) return { lat: p.lat, lng: p.lng };
  const lats = area.map((a) => a.lat);
  const lngs = area.map((a) => a.lng);
  const clamp = (v: number, lo: number, hi: number) =>
    Math.min(hi - (hi - lo) * 0.1, Math.max(lo + (hi - lo) * 0.1, v));
  const q = {
    lat: clamp(p.lat, Math.min(...lats), Math.max(...lats)),
    lng: clamp(p.lng, Math.min(...lngs), Math.max(...lngs)),
  };
  if (pointInPolygon(q, area)) return q;
  return { lat: lats.reduce((a, b) => a + b, 0) / lats.length, lng: lngs.reduce((a, b) => a + b, 0) / lngs.length };
}
export { pointInArea as demoPointInArea };

/**
 * Sets the order's final appointment, and moves the times this seed just wrote (those after `start`) by `delta` ms;
 * earlier ones were dated on purpose.
 */
async function backdate(db: DB, orderId: number, start: string, delta: number, appointmentAt: string) {
  await db.updateTable('serviceOrder').set({ appointmentAt }).where('id', '=', orderId).execute();
  if (!delta) return;
  const shift = (iso: string | null) => (iso && iso >= start ? new Date(Date.parse(iso) + delta).toISOString() : iso);
  const o = await db.selectFrom('serviceOrder').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  await db
    .updateTable('serviceOrder')
    .set({
      createdAt: shift(o.createdAt)!,
      updatedAt: shift(o.updatedAt)!,
      paidAt: shift(o.paidAt),
      acceptedAt: shift(o.acceptedAt),
      verifiedAt: shift(o.verifiedAt),
      reviewedAt: shift(o.reviewedAt),
      cancelledAt: shift(o.cancelledAt),
    })
    .where('id', '=', orderId)
    .execute();
  for (const t of await db
    .selectFrom('orderTimeline')
    .select(['id', 'createdAt'])
    .where('orderId', '=', orderId)
    .execute())
    if (t.createdAt >= start)
      await db
        .updateTable('orderTimeline')
        .set({ createdAt: shift(t.createdAt)! })
        .where('id', '=', t.id)
        .execute();
  const r = await db
    .selectFrom('review')
    .select(['id', 'createdAt', 'repliedAt'])
    .where('orderId', '=', orderId)
    .executeTakeFirst();
  if (r)
    await db
      .updateTable('review')
      .set({ createdAt: shift(r.createdAt)!, updatedAt: shift(r.createdAt)!, repliedAt: shift(r.repliedAt) })
      .where('id', '=', r.id)
      .execute();
}
