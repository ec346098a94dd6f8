import type { CardProductRow } from '@jz/contracts/card';
import type { z } from 'zod';
import type { cardProductAddBody, cardProductQuery } from '@jz/contracts/card';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { business, forbidden, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { shopAllowed, shopsFilter, type Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import './card.tables.ts';
import '../goods/goods.tables.ts';
import '../goods/goods-spec.tables.ts';
import '../shop/shop.tables.ts';

type ProductInput = z.infer<typeof cardProductAddBody>;

/** Card products of the caller's merchant, inside its shop limit (in the query); deleted ones are gone. */
function base(db: DB, t: Tenant) {
  let q = db
    .selectFrom('cardProduct as p')
    .innerJoin('shop', 'shop.id', 'p.shopId')
    .where('p.merchantId', '=', t.merchantId)
    .where('p.deletedAt', 'is', null);
  const shops = shopsFilter(t);
  if (shops) q = q.where('p.shopId', 'in', shops);
  return q;
}

const COLUMNS = [
  'p.id',
  'p.shopId',
  'shop.name as shopName',
  'p.kind',
  'p.name',
  'p.goodsId',
  'p.specId',
  'p.visits',
  'p.price',
  'p.bonus',
  'p.validityDays',
  'p.refundFeeType',
  'p.refundFeeValue',
  'p.onSale',
  'p.description',
  'p.createdAt',
] as const;

const withNames = (q: ReturnType<typeof base>) =>
  q
    .leftJoin('goods', 'goods.id', 'p.goodsId')
    .leftJoin('goodsSpec', 'goodsSpec.id', 'p.specId')
    .select([...COLUMNS, 'goods.name as goodsName', 'goodsSpec.name as specName'])
    .select(sql<number>`(select count(*) from card where card.product_id = p.id)`.as('soldCount'));

const toRow = (r: Record<string, unknown>): CardProductRow =>
  ({
    ...r,
    price: Number(r.price),
    bonus: Number(r.bonus),
    refundFeeValue: Number(r.refundFeeValue),
    soldCount: Number(r.soldCount),
  }) as CardProductRow;

export async function pageProducts(db: DB, t: Tenant, f: z.infer<typeof cardProductQuery>) {
  let q = base(db, t);
  if (f.name) q = q.where('p.name', 'like', likeContains(f.name));
  if (f.kind) q = q.where('p.kind', '=', f.kind);
  if (f.onSale !== undefined) q = q.where('p.onSale', '=', f.onSale);
  const page = await paginate(q, (x) => withNames(x).orderBy('p.id', 'desc'), f);
  return { total: page.total, records: page.records.map(toRow) };
}

/** Products on sale at a shop (the customer side): only an open product of that shop. */
export async function productsOnSale(db: DB, shopId: number) {
  const rows = await withNames(
    db
      .selectFrom('cardProduct as p')
      .innerJoin('shop', 'shop.id', 'p.shopId')
      .where('p.shopId', '=', shopId)
      .where('p.deletedAt', 'is', null)
      .where('p.onSale', '=', 1),
  )
    .orderBy('p.id')
    .execute();
  return rows.map((r) => {
    const { soldCount: _, ...rest } = toRow(r);
    return rest;
  });
}

export async function productOf(db: DB, t: Tenant, id: number) {
  const p = await base(db, t).selectAll('p').where('p.id', '=', id).executeTakeFirst();
  if (!p) throw notFound('卡项不存在');
  return p;
}

/**
 * The checks against the merchant's data: a 次卡's goods item (and specification) of the caller's merchant, inside its
 * shop limit; the product then belongs to the goods' shop. A 储值卡 belongs to the current shop.
 */
async function placeOf(db: DB, t: Tenant, v: ProductInput) {
  if (v.kind === 'value') {
    if (!t.shopId) throw business('请先创建店铺');
    return { shopId: t.shopId, goodsId: null, specId: null, visits: null, bonus: v.bonus ?? 0 };
  }
  const g = await db
    .selectFrom('goods')
    .select(['id', 'shopId'])
    .where('id', '=', v.goodsId as number)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!g || !shopAllowed(t, g.shopId)) throw notFound('商品不存在');
  if (v.specId) {
    const s = await db
      .selectFrom('goodsSpec')
      .select('id')
      .where('id', '=', v.specId)
      .where('goodsId', '=', g.id)
      .where('merchantId', '=', t.merchantId)
      .executeTakeFirst();
    if (!s) throw notFound('该商品没有这个规格');
  }
  return { shopId: g.shopId, goodsId: g.id, specId: v.specId ?? null, visits: v.visits ?? 1, bonus: 0 };
}

const terms = (v: ProductInput) => ({
  kind: v.kind,
  name: v.name,
  price: v.price,
  validityDays: v.validityDays,
  refundFeeType: v.refundFeeType,
  refundFeeValue: v.refundFeeType === 'none' ? 0 : (v.refundFeeValue ?? 0),
  description: v.description ?? null,
});

export async function addProduct(db: DB, t: Tenant, v: ProductInput) {
  const place = await placeOf(db, t, v);
  const now = nowIso();
  const row = await db
    .insertInto('cardProduct')
    .values({
      merchantId: t.merchantId,
      ...place,
      ...terms(v),
      onSale: v.onSale ?? 1,
      createdBy: t.user.id,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** Sold cards keep the terms they were sold with; the kind of a product does not change. */
export async function editProduct(db: DB, t: Tenant, id: number, v: ProductInput) {
  const p = await productOf(db, t, id);
  if (p.kind !== v.kind) throw business('卡类型不能修改，请新建卡项');
  const place = await placeOf(db, t, v);
  if (place.shopId !== p.shopId) throw business('不能把卡项移到其他门店的商品，请新建卡项');
  await db
    .updateTable('cardProduct')
    .set({ ...place, ...terms(v), ...(v.onSale !== undefined ? { onSale: v.onSale } : {}), updatedAt: nowIso() })
    .where('id', '=', p.id)
    .where('merchantId', '=', t.merchantId)
    .execute();
}

export async function setOnSale(db: DB, t: Tenant, id: number, onSale: number) {
  const p = await productOf(db, t, id);
  await db.updateTable('cardProduct').set({ onSale, updatedAt: nowIso() }).where('id', '=', p.id).execute();
}

/** Soft delete: sold cards name their product. Every id must be the caller's (else 2002, nothing deleted). */
export async function deleteProducts(db: DB, t: Tenant, ids: number[]) {
  const found = await base(db, t).select('p.id').where('p.id', 'in', ids).execute();
  if (found.length !== ids.length) throw notFound('卡项不存在');
  const r = await db
    .updateTable('cardProduct')
    .set({ deletedAt: nowIso(), onSale: 0, updatedAt: nowIso() })
    .where('id', 'in', ids)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  return { deleted: Number(r.numUpdatedRows) };
}

/** A product the caller may sell: its own, in its shops, on sale. */
export async function sellableProduct(db: DB, t: Tenant, id: number) {
  const p = await productOf(db, t, id);
  if (!shopAllowed(t, p.shopId)) throw forbidden('无权操作该店铺');
  if (p.onSale !== 1) throw business('该卡项已停售');
  return p;
}

/** A product a customer may buy: on sale, not deleted (any merchant's: the customer chooses the shop). */
export async function productForSale(db: DB, id: number) {
  const p = await db
    .selectFrom('cardProduct')
    .selectAll()
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .where('onSale', '=', 1)
    .executeTakeFirst();
  if (!p) throw notFound('卡项不存在或已停售');
  return p;
}
