import { REPLY_WINDOW_DAYS } from '@jz/contracts/review';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { shopAllowed, type Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import './review.tables.ts';
import '../employee/employee.tables.ts';

// What other modules may do with reviews (the customer's review, the demo seed) and the merchant's reply: the writes
// and their rules. Reads for the console are review.repo.ts.

const WINDOW_MS = REPLY_WINDOW_DAYS * 24 * 3600_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * shangjiahuifu: one reply per review, written or edited while the review is younger than 7 days. The window is in
 * the conditional update itself, so a reply at the deadline cannot slip through.
 */
export async function reply(db: DB, t: Tenant, id: number, text: string) {
  const r = await db
    .selectFrom('review')
    .select(['id', 'shopId', 'createdAt', 'merchantReply'])
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  // A limited sub-account replies only to its shops' reviews.
  if (!r || !shopAllowed(t, r.shopId)) throw notFound('评价不存在');
  const now = nowIso();
  const since = new Date(Date.now() - WINDOW_MS).toISOString();
  const u = await db
    .updateTable('review')
    .set({ merchantReply: text, repliedAt: now, replyUserId: t.user.id, updatedAt: now })
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .where('createdAt', '>', since)
    .executeTakeFirst();
  if (Number(u.numUpdatedRows) !== 1) throw business(`评价已超过 ${REPLY_WINDOW_DAYS} 天，不能再回复或修改`);
  return { id, edited: r.merchantReply !== null };
}

/** Writes a customer's review (in the transaction of the 50 -> 60 transition) and refreshes the averages. */
export async function insertReview(
  trx: Transaction<Database>,
  o: { id: number; merchantId: number; shopId: number; goodsId: number; employeeId: number | null; customerId: number },
  v: { nickname: string; rating: number; content: string; images: string[]; anonymous: number },
  at = nowIso(),
) {
  const row = await trx
    .insertInto('review')
    .values({
      orderId: o.id,
      merchantId: o.merchantId,
      shopId: o.shopId,
      goodsId: o.goodsId,
      employeeId: o.employeeId,
      customerId: o.customerId,
      customerNickname: v.nickname,
      rating: v.rating,
      content: v.content,
      images: JSON.stringify(v.images),
      anonymous: v.anonymous,
      merchantReply: null,
      repliedAt: null,
      replyUserId: null,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshRatings(trx, o);
  return row;
}

/** Average ratings of the shop, the goods item and the employee, recomputed from their reviews. */
export async function refreshRatings(
  db: DB | Transaction<Database>,
  o: { shopId: number; goodsId: number; employeeId: number | null },
) {
  const avg = async (col: 'shopId' | 'goodsId' | 'employeeId', id: number) => {
    const r = await db
      .selectFrom('review')
      .select([sql<number>`avg(rating)`.as('a'), sql<number>`count(*)`.as('n')])
      .where(col, '=', id)
      .executeTakeFirstOrThrow();
    return { rating: round1(Number(r.a ?? 5)), n: Number(r.n) };
  };
  const now = nowIso();
  // The employee row before the shop row: the order in which completing an order (confirmDone) takes them. The other
  // way round, a review and a completion of two orders of one employee deadlocked on PostgreSQL (seen under the
  // cluster load, scripts/cluster.mjs; test/order-concurrency.test.ts).
  if (o.employeeId) {
    const e = await avg('employeeId', o.employeeId);
    await db.updateTable('employee').set({ rating: e.rating }).where('id', '=', o.employeeId).execute();
  }
  const shop = await avg('shopId', o.shopId);
  await db.updateTable('shop').set({ rating: shop.rating }).where('id', '=', o.shopId).execute();
  const goods = await avg('goodsId', o.goodsId);
  await db
    .insertInto('goodsRating')
    .values({ goodsId: o.goodsId, rating: goods.rating, reviewCount: goods.n, createdAt: now, updatedAt: now })
    .onConflict((oc) =>
      oc.column('goodsId').doUpdateSet({ rating: goods.rating, reviewCount: goods.n, updatedAt: now }),
    )
    .execute();
}

/** The stored average of a goods item (null before its first review). */
export async function goodsRating(db: DB, goodsId: number) {
  const r = await db
    .selectFrom('goodsRating')
    .select(['rating', 'reviewCount'])
    .where('goodsId', '=', goodsId)
    .executeTakeFirst();
  return r ? { rating: Number(r.rating), reviewCount: r.reviewCount } : null;
}
