import { REPLY_WINDOW_DAYS, type Review, type ReviewPage } from '@jz/contracts/review';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { ownRow, ownShopId } from '../../../lib/owned.ts';
import { paginate } from '../../../lib/paging.ts';
import { shopFilter, type Tenant } from '../../../lib/tenant.ts';
import { dayEndIso, dayStartIso } from '../../../lib/time.ts';
import './review.tables.ts';
import '../order/order.tables.ts';
import '../employee/employee.tables.ts';

const WINDOW_MS = REPLY_WINDOW_DAYS * 24 * 3600_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

type Filter = {
  shopId?: 'all' | number;
  rating?: number;
  replied?: number;
  goodsId?: number;
  employeeId?: number;
  startDate?: string;
  endDate?: string;
};

function filtered(db: DB, t: Tenant, f: Filter) {
  const shopId = shopFilter(t, f.shopId);
  let q = db.selectFrom('review').where('review.merchantId', '=', t.merchantId);
  if (shopId !== null) q = q.where('review.shopId', '=', shopId);
  if (f.rating) q = q.where('review.rating', '=', f.rating);
  if (f.replied === 1) q = q.where('review.merchantReply', 'is not', null);
  if (f.replied === 0) q = q.where('review.merchantReply', 'is', null);
  if (f.goodsId) q = q.where('review.goodsId', '=', f.goodsId);
  if (f.employeeId) q = q.where('review.employeeId', '=', f.employeeId);
  if (f.startDate) q = q.where('review.createdAt', '>=', dayStartIso(f.startDate));
  if (f.endDate) q = q.where('review.createdAt', '<', dayEndIso(f.endDate));
  return q;
}

const parseImages = (s: string) => {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export async function pageReviews(
  db: DB,
  t: Tenant,
  f: Filter & { pageNum: number; pageSize: number },
): Promise<ReviewPage> {
  await ownShopId(db, t, f.shopId);
  await ownRow(db, t, 'goods', f.goodsId, '商品不存在');
  await ownRow(db, t, 'employee', f.employeeId, '员工不存在');
  const base = filtered(db, t, f);
  const page = await paginate(
    base,
    (q) =>
      q
        .innerJoin('serviceOrder', 'serviceOrder.id', 'review.orderId')
        .innerJoin('shop', 'shop.id', 'review.shopId')
        .leftJoin('employee', 'employee.id', 'review.employeeId')
        .select([
          'review.id',
          'review.orderId',
          'serviceOrder.orderNo',
          'review.shopId',
          'shop.name as shopName',
          'review.goodsId',
          'serviceOrder.goodsName',
          'review.employeeId',
          'employee.name as employeeName',
          'review.customerNickname',
          'review.rating',
          'review.content',
          'review.images',
          'review.anonymous',
          'review.merchantReply',
          'review.repliedAt',
          'review.createdAt',
        ])
        .orderBy('review.createdAt', 'desc')
        .orderBy('review.id', 'desc'),
    f,
  );
  const now = Date.now();
  const records = page.records.map((r): Review => {
    const deadline = Date.parse(r.createdAt) + WINDOW_MS;
    return {
      ...r,
      // An anonymous reviewer shows as 匿名用户 to the merchant too.
      customerNickname: r.anonymous ? '匿名用户' : r.customerNickname,
      images: parseImages(r.images),
      replyDeadline: new Date(deadline).toISOString(),
      canReply: deadline > now,
    };
  });
  const s = await base
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(avg(rating), 0)`.as('avg'),
      sql<number>`sum(case when merchant_reply is null then 1 else 0 end)`.as('unreplied'),
    ])
    .executeTakeFirstOrThrow();
  const shopId = shopFilter(t, f.shopId);
  const shop = shopId
    ? await db
        .selectFrom('shop')
        .select('rating')
        .select((eb) =>
          eb
            .selectFrom('review')
            .select(eb.fn.countAll<number>().as('n'))
            .where('review.shopId', '=', shopId)
            .as('reviews'),
        )
        .where('id', '=', shopId)
        .where('merchantId', '=', t.merchantId)
        .executeTakeFirst()
    : undefined;
  return {
    records,
    total: page.total,
    summary: {
      count: Number(s.n),
      average: round1(Number(s.avg)),
      unreplied: Number(s.unreplied ?? 0),
      // Null (暂无评分) until the shop has a review: the stored rating starts at 5.0.
      shopRating: shop && Number(shop.reviews) > 0 ? round1(Number(shop.rating)) : null,
    },
  };
}
