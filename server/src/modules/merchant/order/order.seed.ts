import { ORDER_STATUS } from '@jz/contracts/order';
import type { DB } from '../../../db/client.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import { openCustomerSession } from '../../customer/customer.service.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import { insertReview, reply } from '../review/review.service.ts';
import { createOrder } from './order-create.repo.ts';
import {
  type Actor,
  assignEmployee,
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

  for (const [i, p] of plans.entries()) {
    const shopId = m.shops[p.shop];
    const goods = await db
      .selectFrom('goods')
      .select(['id', 'minQuantity'])
      .where('shopId', '=', shopId)
      .where('shelfState', '=', 1)
      .orderBy('id')
      .execute();
    if (!goods.length) continue;
    const g = goods[i % goods.length];
    const who = people[i % people.length];
    const customer = (await openCustomerSession(db, who.phone, `${who.name.replace(/(女士|先生)$/, '')}家`)).customer;
    // An unpaid order stays recent, or the expiry job would cancel it at the first run.
    const delta = p.to === 10 ? 0 : -p.days * DAY - (i % 5) * 3600_000;
    const start = nowIso();
    const order = await createOrder(db, customer.id, {
      goodsId: g.id,
      quantity: Math.max(1, g.minQuantity),
      customerName: who.name,
      customerPhone: who.phone,
      address: who.address,
      lat: who.lat,
      lng: who.lng,
      appointmentAt: new Date(Date.now() + (2 + (i % 4)) * DAY).toISOString(),
      remark: i % 3 === 0 ? '家里有宠物，请提前电话联系' : undefined,
    });
    const cust: Actor = { type: 'customer', id: customer.id, name: customer.nickname };

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
        const e = await db
          .selectFrom('employee')
          .select('id')
          .where('shopId', '=', shopId)
          .where('deletedAt', 'is', null)
          .where('workState', 'in', [1, 2])
          .orderBy('workState')
          .orderBy('id')
          .offset(i % 2)
          .limit(1)
          .executeTakeFirst();
        if (e) await assignEmployee(db, m.merchantId, order.id, e.id, actor);
      }
      if (p.to === 70 && p.cancel) await merchantCancel(db, m.merchantId, order.id, p.cancel, actor);
      if (p.to >= 40 && p.to !== 70) await verifyByCode(db, m.merchantId, now.verifyCode, actor);
      if (p.to >= 50 && p.to !== 70)
        await confirmDone(db, m.merchantId, order.id, actor, { now: new Date(Date.now() + delta).toISOString() });
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
    await backdate(db, order.id, start, delta);
  }
}

/** Moves the times this seed just wrote (those after `start`) by `delta` ms; earlier ones were dated on purpose. */
async function backdate(db: DB, orderId: number, start: string, delta: number) {
  if (!delta) return;
  const shift = (iso: string | null) => (iso && iso >= start ? new Date(Date.parse(iso) + delta).toISOString() : iso);
  const o = await db.selectFrom('serviceOrder').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  await db
    .updateTable('serviceOrder')
    .set({
      createdAt: shift(o.createdAt)!,
      updatedAt: shift(o.updatedAt)!,
      appointmentAt: new Date(Date.parse(o.appointmentAt) + delta).toISOString(),
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
