/**
 * The customer side of goods: only on-shelf goods of open (营业中), approved shops, as the mini-program and the
 * public shop page read them. The merchant's own goods are goods.repo.ts.
 */
import type { Page } from '@jz/contracts/envelope';
import { type PublicGoods, SHELF_STATE } from '@jz/contracts/goods';
import { SHOP_AUDIT_STATUS, SHOP_OPEN_STATE } from '@jz/contracts/shop';
import type { DB } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { pricingOf, publicSpecs, specsOf } from './goods-spec.repo.ts';
import { parseArr, soldOrders } from './goods.repo.ts';
import '../shop/shop.tables.ts';
import '../fuwu/fuwu.tables.ts';

const visible = (db: DB) =>
  db
    .selectFrom('goods')
    .innerJoin('shop', 'shop.id', 'goods.shopId')
    .leftJoin('fuwu', 'fuwu.id', 'goods.fuwuId')
    .where('goods.shelfState', '=', SHELF_STATE.ON)
    .where('shop.auditStatus', '=', SHOP_AUDIT_STATUS.APPROVED)
    .where('shop.yingyeState', '=', SHOP_OPEN_STATE.OPEN);

const PUBLIC_COLS = [
  'goods.id',
  'goods.shopId',
  'goods.fuwuId',
  'goods.name',
  'goods.coverUrl',
  'goods.images',
  'goods.price',
  'goods.originalPrice',
  'goods.unit',
  'goods.durationMinutes',
  'goods.minQuantity',
  'goods.tags',
  'goods.shelfState',
  'goods.sort',
  'goods.createdAt',
  'goods.updatedAt',
  'shop.name as shopName',
  'fuwu.name as fuwuName',
] as const;

const toPublic = (r: Record<string, unknown>) =>
  ({
    ...r,
    sales: Number(r.sales),
    price: Number(r.price),
    originalPrice: Number(r.originalPrice),
    images: parseArr(r.images as string),
    tags: parseArr(r.tags as string),
  }) as Omit<PublicGoods, 'specs' | 'priceLabel' | 'perUnit'>;

/** Adds each item's on-sale specifications and price label (with the unit a per-unit price counts per), read for all the items in one query. */
async function withPublicSpecs(db: DB, rows: Record<string, unknown>[]): Promise<PublicGoods[]> {
  const goods = rows.map(toPublic);
  const specs = await specsOf(
    db,
    goods.map((g) => g.id),
  );
  return goods.map((g) => {
    const on = publicSpecs(specs.get(g.id) ?? []);
    return { ...g, specs: on, ...pricingOf(specs.get(g.id) ?? [], g.price) };
  });
}

export async function pagePublicGoods(
  db: DB,
  f: { name?: string; fuwuId?: number; shangjiaInfoId?: number; cityCode?: string; pageNum: number; pageSize: number },
): Promise<Page<PublicGoods>> {
  let q = visible(db);
  if (f.name) q = q.where('goods.name', 'like', likeContains(f.name));
  if (f.fuwuId) q = q.where((eb) => eb.or([eb('goods.fuwuId', '=', f.fuwuId!), eb('fuwu.parentId', '=', f.fuwuId!)]));
  if (f.shangjiaInfoId) q = q.where('goods.shopId', '=', f.shangjiaInfoId);
  if (f.cityCode) q = q.where('shop.cityCode', '=', f.cityCode);
  const page = await paginate(
    q,
    (b) =>
      b
        .select(PUBLIC_COLS)
        .select((eb) => soldOrders(eb).as('sales'))
        .orderBy('sales', 'desc')
        .orderBy('goods.id', 'desc'),
    f,
  );
  return { total: page.total, records: await withPublicSpecs(db, page.records as Record<string, unknown>[]) };
}

/** A shop's on-shelf goods (empty when the shop is closed, unapproved or unknown). */
export async function publicGoodsOfShop(db: DB, shopId: number, withIntro = false) {
  const rows = await visible(db)
    .select(PUBLIC_COLS)
    .select((eb) => soldOrders(eb).as('sales'))
    .$if(withIntro, (q) => q.select('goods.intro'))
    .where('goods.shopId', '=', shopId)
    .orderBy('goods.sort')
    .orderBy('goods.id', 'desc')
    .execute();
  return withPublicSpecs(db, rows as Record<string, unknown>[]);
}

/** shangjiaDetail/shangpinlist: the shop's public card and its goods grouped by category. */
export async function publicShopDetail(db: DB, shopId: number) {
  const shop = await db
    .selectFrom('shop')
    .select([
      'id',
      'name',
      'logoUrl',
      'images',
      'phone',
      'address',
      'lat',
      'lng',
      'businessHours',
      'rating',
      'orderCount',
      'intro',
      'provinceCode',
      'cityCode',
      'districtCode',
    ])
    .where('id', '=', shopId)
    .where('auditStatus', '=', SHOP_AUDIT_STATUS.APPROVED)
    .where('yingyeState', '=', SHOP_OPEN_STATE.OPEN)
    .executeTakeFirst();
  if (!shop) throw notFound('店铺不存在或未营业');
  const goods = await publicGoodsOfShop(db, shopId);
  const groups = new Map<number, { fuwuId: number; fuwuName: string; goods: PublicGoods[] }>();
  for (const g of goods) {
    const grp = groups.get(g.fuwuId) ?? { fuwuId: g.fuwuId, fuwuName: g.fuwuName ?? '', goods: [] };
    grp.goods.push(g);
    groups.set(g.fuwuId, grp);
  }
  return {
    shop: { ...shop, images: parseArr(shop.images), rating: Number(shop.rating) },
    fuwuList: [...groups.values()],
    total: goods.length,
  };
}
