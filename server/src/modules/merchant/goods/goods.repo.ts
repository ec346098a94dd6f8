import { STATUS_FLAG } from '@jz/contracts/common';
import { SHOP_AUDIT_STATUS, SHOP_OPEN_STATE } from '@jz/contracts/shop';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { Page } from '@jz/contracts/envelope';
import { GOODS_DEFAULTS, type Goods, SHELF_STATE } from '@jz/contracts/goods';
import { legacySpecOf } from '@jz/contracts/goods-pricing';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import {
  insertGoodsWithSpecs,
  parseSpecSummary,
  pricingOf,
  type SpecInput,
  specSummaryJson,
  specsOf,
  syncLegacySpec,
  writeGoodsWithSpecs,
} from './goods-spec.repo.ts';
import type { GoodsTable } from './goods.tables.ts';
import '../shop/shop.tables.ts';
import '../fuwu/fuwu.tables.ts';
import '../order/order.tables.ts';
import '../review/review.tables.ts';

/**
 * 销量 (the row's `sales`): the item's orders paid and not cancelled, counted from the orders on every read (one probe
 * of service_order_goods_status_idx per item, which never reads the order rows: migration 2030), so it can never
 * disagree with them. The stored goods.sales column is neither read nor written any more (it grew at payment and
 * never shrank on a cancellation).
 */
export const SOLD_STATUSES = [
  ORDER_STATUS.WAITING,
  ORDER_STATUS.TO_SERVE,
  ORDER_STATUS.SERVING,
  ORDER_STATUS.DONE,
  ORDER_STATUS.REVIEWED,
];
export const soldOrders = (eb: ExpressionBuilder<Database, 'goods'>) =>
  eb
    .selectFrom('serviceOrder')
    .select((o) => o.fn.countAll<number>().as('n'))
    .whereRef('serviceOrder.goodsId', '=', 'goods.id')
    .where('serviceOrder.status', 'in', SOLD_STATUSES);

/** Goods calls work on the caller's current shop; a merchant without a shop has nothing to manage yet. */
export type ShopScope = { merchantId: number; shopId: number };
export function shopScope(t: Tenant): ShopScope {
  if (!t.shopId) throw business('请先创建店铺');
  return { merchantId: t.merchantId, shopId: t.shopId };
}

export const parseArr = (s: string) => {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) ? (v as string[]) : [];
  } catch {
    return [];
  }
};

export function toGoods<T extends Selectable<GoodsTable>>(r: T) {
  return {
    ...r,
    price: Number(r.price),
    originalPrice: Number(r.originalPrice),
    images: parseArr(r.images),
    tags: parseArr(r.tags),
  };
}

export type GoodsInput = {
  fuwuId?: number;
  name?: string;
  coverUrl?: string;
  images?: string[];
  price?: number;
  originalPrice?: number;
  unit?: string;
  durationMinutes?: number;
  minQuantity?: number;
  tags?: string[];
  intro?: string | null;
  sort?: number;
  shelfState?: number;
  /** 规格 in the form's order; absent = a single-price body (price/unit), see addGoods/editGoods. */
  specs?: SpecInput[];
};

function columns(v: Omit<GoodsInput, 'specs'>) {
  const { images, tags, intro, ...rest } = v;
  return {
    ...rest,
    ...(images !== undefined && { images: JSON.stringify(images) }),
    ...(tags !== undefined && { tags: JSON.stringify([...new Set(tags)]) }),
    ...(intro !== undefined && { intro: intro === null ? null : sanitizeRichText(intro) }),
  };
}

/** The category must be one the shop offers (shangjia/fuwu/findSelect) and still enabled. */
async function assertShopCategory(db: DB, s: ShopScope, fuwuId: number) {
  const shop = await db
    .selectFrom('shop')
    .select('fuwuIds')
    .where('id', '=', s.shopId)
    .where('merchantId', '=', s.merchantId)
    .executeTakeFirstOrThrow();
  const offered = JSON.parse(shop.fuwuIds) as number[];
  const f = await db.selectFrom('fuwu').select(['id', 'status']).where('id', '=', fuwuId).executeTakeFirst();
  if (f?.status !== STATUS_FLAG.ENABLED) throw invalid('服务类目不存在或已停用');
  if (!offered.includes(fuwuId)) throw invalid('当前店铺未开通该服务类目，请先在店铺信息中添加');
}

export async function findOwnGoods(db: DB, s: ShopScope, id: number) {
  const g = await db
    .selectFrom('goods')
    .selectAll()
    .where('id', '=', id)
    .where('merchantId', '=', s.merchantId)
    .where('shopId', '=', s.shopId)
    .executeTakeFirst();
  if (!g) throw notFound('商品不存在');
  return g;
}

const ACTIVE = [ORDER_STATUS.WAITING, ORDER_STATUS.TO_SERVE, ORDER_STATUS.SERVING];
const COMPLETED = [ORDER_STATUS.DONE, ORDER_STATUS.REVIEWED];
/** Statuses inlined as SQL literals: the query text stays what it was, with no parameters added. */
const statusList = (statuses: readonly number[]) => sql.join(statuses.map((s) => sql.lit(s)));

/** Orders and reviews of one goods item, for its detail page. */
async function goodsStats(db: DB, s: ShopScope, id: number) {
  const o = await db
    .selectFrom('serviceOrder')
    .select([
      sql<number>`coalesce(sum(case when status in (${statusList(ACTIVE)}) then 1 else 0 end), 0)`.as('activeOrders'),
      sql<number>`coalesce(sum(case when status in (${statusList(COMPLETED)}) then 1 else 0 end), 0)`.as(
        'completedOrders',
      ),
      sql<number>`coalesce(sum(case when status in (${statusList(COMPLETED)}) then pay_amount else 0 end), 0)`.as(
        'revenue',
      ),
    ])
    .where('goodsId', '=', id)
    .where('merchantId', '=', s.merchantId)
    .executeTakeFirstOrThrow();
  const reviews = db.selectFrom('review').where('goodsId', '=', id).where('merchantId', '=', s.merchantId);
  const dist = await reviews
    .select(['rating', sql<number>`count(*)`.as('n')])
    .groupBy('rating')
    .execute();
  const unreplied = await reviews
    .select(sql<number>`count(*)`.as('n'))
    .where('merchantReply', 'is', null)
    .executeTakeFirstOrThrow();
  const latest = await reviews
    .select(['id', 'customerNickname', 'anonymous', 'rating', 'content', 'merchantReply', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(3)
    .execute();
  const count = dist.reduce((a, d) => a + Number(d.n), 0);
  const sum = dist.reduce((a, d) => a + Number(d.n) * d.rating, 0);
  return {
    orders: {
      active: Number(o.activeOrders),
      completed: Number(o.completedOrders),
      revenue: Number(o.revenue),
      /** 销量: the same rule as the list (SOLD_STATUSES), so the detail's figure equals the row's. */
      sold: Number(o.activeOrders) + Number(o.completedOrders),
    },
    reviews: {
      count,
      average: count ? Math.round((sum / count) * 10) / 10 : null,
      distribution: [5, 4, 3, 2, 1].map((r) => ({
        rating: r,
        count: Number(dist.find((d) => d.rating === r)?.n ?? 0),
      })),
      unreplied: Number(unreplied.n),
      latest: latest.map(({ anonymous, customerNickname, ...r }) => ({
        ...r,
        customerNickname: anonymous ? '匿名用户' : customerNickname,
      })),
    },
  };
}

export async function goodsDetail(db: DB, s: ShopScope, id: number) {
  const g = toGoods(await findOwnGoods(db, s, id));
  const f = await db.selectFrom('fuwu').select('name').where('id', '=', g.fuwuId).executeTakeFirst();
  const shop = await db
    .selectFrom('shop')
    .select(['name', 'yingyeState', 'auditStatus', 'rating'])
    .select((eb) =>
      eb
        .selectFrom('review')
        .select(eb.fn.countAll<number>().as('n'))
        .where('review.shopId', '=', s.shopId)
        .as('reviewCount'),
    )
    .where('id', '=', s.shopId)
    .executeTakeFirstOrThrow();
  const stats = await goodsStats(db, s, id);
  const specs = (await specsOf(db, [id])).get(id) ?? [];
  const perSpec = await db
    .selectFrom('serviceOrder')
    .select(['specId', sql<number>`count(*)`.as('n')])
    .where('goodsId', '=', id)
    .where('merchantId', '=', s.merchantId)
    .where('status', 'in', SOLD_STATUSES)
    .where('specId', 'is not', null)
    .groupBy('specId')
    .execute();
  const ordersOf = new Map(perSpec.map((r) => [r.specId, Number(r.n)]));
  return {
    ...g,
    ...pricingOf(specs, g.price),
    specCount: specs.length,
    specs: specs.map(({ updatedAt: _u, ...spec }) => ({ ...spec, orderCount: ordersOf.get(spec.id) ?? 0 })),
    sales: stats.orders.sold,
    fuwuName: f?.name ?? null,
    shopName: shop.name,
    /** Whether a customer can see and book it right now, and why not. */
    visibleToCustomers:
      g.shelfState === SHELF_STATE.ON &&
      shop.yingyeState === SHOP_OPEN_STATE.OPEN &&
      shop.auditStatus === SHOP_AUDIT_STATUS.APPROVED,
    invisibleReason:
      g.shelfState !== SHELF_STATE.ON
        ? '商品未上架'
        : shop.auditStatus !== SHOP_AUDIT_STATUS.APPROVED
          ? '店铺未通过审核'
          : shop.yingyeState !== SHOP_OPEN_STATE.OPEN
            ? '店铺休息中'
            : null,
    /** Null (暂无评分) until the shop has a review: the stored rating starts at 5.0. */
    shopRating: Number(shop.reviewCount) > 0 ? Number(shop.rating) : null,
    orders: { active: stats.orders.active, completed: stats.orders.completed, revenue: stats.orders.revenue },
    reviews: stats.reviews,
  };
}

export type GoodsFilter = {
  name?: string;
  fuwuId?: number;
  shelfState?: number;
  orderBy?: 'sort' | 'price' | 'sales' | 'createdAt';
  pageNum: number;
  pageSize: number;
};

export async function pageGoods(db: DB, s: ShopScope, f: GoodsFilter): Promise<Page<Goods>> {
  let q = db
    .selectFrom('goods')
    .leftJoin('fuwu', 'fuwu.id', 'goods.fuwuId')
    .where('goods.merchantId', '=', s.merchantId)
    .where('goods.shopId', '=', s.shopId);
  if (f.name) q = q.where('goods.name', 'like', likeContains(f.name));
  if (f.fuwuId) q = q.where((eb) => eb.or([eb('goods.fuwuId', '=', f.fuwuId!), eb('fuwu.parentId', '=', f.fuwuId!)]));
  if (f.shelfState !== undefined) q = q.where('goods.shelfState', '=', f.shelfState);
  const order = f.orderBy ?? 'sort';
  const page = await paginate(
    q,
    (b) => {
      const sel = b
        .selectAll('goods')
        .select('fuwu.name as fuwuName')
        .select((eb) => soldOrders(eb).as('soldOrders'))
        // the specifications ride along as one JSON value per row: the list stays one statement
        .select(specSummaryJson(db).as('specSummary'));
      const sorted =
        order === 'sort'
          ? sel.orderBy('goods.sort', 'asc')
          : order === 'sales'
            ? sel.orderBy('soldOrders', 'desc')
            : sel.orderBy(`goods.${order}`, 'desc');
      return sorted.orderBy('goods.id', 'desc');
    },
    f,
  );
  return {
    total: page.total,
    records: page.records.map((row) => {
      const { soldOrders, specSummary, ...r } = row as unknown as Selectable<GoodsTable> & {
        soldOrders: number;
        specSummary: unknown;
      };
      const specs = parseSpecSummary(specSummary);
      const g = toGoods(r);
      return {
        ...g,
        sales: Number(soldOrders),
        ...pricingOf(specs, g.price),
        specCount: specs.length,
      } as Goods;
    }),
  };
}

/**
 * Adds a goods item of the current shop. With `specs` the item's price, unit, minutes and minimum quantity come from
 * them (goodsSummary); without, it is a single-price item (price and unit required) written with its one legacy
 * specification (legacySpecOf). Item and specifications are written in one transaction.
 */
export async function addGoods(
  db: DB,
  s: ShopScope,
  v: GoodsInput & { fuwuId: number; name: string; coverUrl: string },
) {
  await assertShopCategory(db, s, v.fuwuId);
  const { specs, price, originalPrice, unit, durationMinutes, minQuantity, ...rest } = v;
  let list: SpecInput[];
  if (specs) list = specs;
  else {
    if (price === undefined || unit === undefined) throw invalid('请输入价格或填写规格');
    const legacy = legacySpecOf({
      name: v.name,
      price,
      originalPrice: originalPrice ?? price,
      unit,
      durationMinutes: durationMinutes ?? GOODS_DEFAULTS.durationMinutes,
      minQuantity: minQuantity ?? GOODS_DEFAULTS.minQuantity,
    });
    list = [{ ...legacy, unit: legacy.unit as SpecInput['unit'], durationMinutes: legacy.durationMinutes as number }];
  }
  const cols = columns({ ...GOODS_DEFAULTS, ...rest });
  return db.transaction().execute(async (trx) => {
    const added = await insertGoodsWithSpecs(
      trx,
      s,
      { ...cols, fuwuId: v.fuwuId, name: v.name, coverUrl: v.coverUrl },
      list,
    );
    // A single-price item keeps the minutes it was given (per job, as before): a per-㎡ specification's are unknown.
    if (!specs)
      await trx
        .updateTable('goods')
        .set({ durationMinutes: durationMinutes ?? GOODS_DEFAULTS.durationMinutes })
        .where('id', '=', added.id)
        .execute();
    return added;
  });
}

/**
 * Edits a goods item of the current shop. With `specs` the list replaces the item's specifications (ids of this
 * item's kept and updated, others deleted, new ones inserted) and the summary columns are rewritten from it; the body's
 * price/unit fields are then ignored. Without, the fields are written as before and the item's one specification
 * follows them (several specifications: 2004, see syncLegacySpec).
 */
export async function editGoods(db: DB, s: ShopScope, id: number, v: GoodsInput) {
  const cur = await findOwnGoods(db, s, id);
  if (v.fuwuId !== undefined && v.fuwuId !== cur.fuwuId) await assertShopCategory(db, s, v.fuwuId);
  const { specs, ...fields } = v;
  if (specs) {
    const { price: _p, originalPrice: _o, unit: _u, durationMinutes: _d, minQuantity: _m, ...rest } = fields;
    await db.transaction().execute((trx) => writeGoodsWithSpecs(trx, s, id, columns(rest), specs));
    return;
  }
  const price = v.price ?? Number(cur.price);
  const originalPrice =
    v.originalPrice ??
    (v.price !== undefined && v.originalPrice === undefined
      ? Math.max(Number(cur.originalPrice), price)
      : Number(cur.originalPrice));
  if (originalPrice < price) throw invalid('原价不能低于售价');
  await db.transaction().execute(async (trx) => {
    await syncLegacySpec(
      trx,
      s,
      cur,
      {
        name: v.name ?? cur.name,
        price,
        originalPrice,
        unit: v.unit ?? cur.unit,
        durationMinutes: v.durationMinutes ?? cur.durationMinutes,
        minQuantity: v.minQuantity ?? cur.minQuantity,
      },
      fields,
    );
    await trx
      .updateTable('goods')
      .set({
        ...columns(fields),
        ...(v.price !== undefined || v.originalPrice !== undefined ? { originalPrice } : {}),
        updatedAt: nowIso(),
      })
      .where('id', '=', id)
      .where('merchantId', '=', s.merchantId)
      .where('shopId', '=', s.shopId)
      .execute();
  });
}

/** An item a batch action left alone, and why (in Chinese, for the merchant). */
export interface Skipped {
  id: number;
  name: string;
  reason: string;
  /** The item's own state refuses the action (a single-item call answers 2004 with it); false: nothing to do. */
  refused: boolean;
}
export interface BatchOutcome {
  changed: number;
  skipped: Skipped[];
}
const inOrderOf = (ids: number[], list: Skipped[]) => list.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

/**
 * On/off shelf for a set of the current shop's goods; every id must be the shop's, else nothing changes (2002). Each
 * item is changed or skipped with its reason: already in that state (also when a concurrent request changed it first),
 * or, for 上架, a category that is closed or that the shop no longer offers (customers could not book it).
 */
export async function setShelf(db: DB, s: ShopScope, ids: number[], state: number): Promise<BatchOutcome> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('goods')
      .leftJoin('fuwu', 'fuwu.id', 'goods.fuwuId')
      .select(['goods.id', 'goods.name', 'goods.fuwuId', 'fuwu.status as fuwuStatus'])
      .where('goods.id', 'in', ids)
      .where('goods.merchantId', '=', s.merchantId)
      .where('goods.shopId', '=', s.shopId)
      .execute();
    if (found.length !== ids.length) throw notFound(ids.length > 1 ? '部分商品不存在' : '商品不存在');
    const skipped: Skipped[] = [];
    let candidates = found;
    if (state === SHELF_STATE.ON) {
      const shop = await trx
        .selectFrom('shop')
        .select('fuwuIds')
        .where('id', '=', s.shopId)
        .where('merchantId', '=', s.merchantId)
        .executeTakeFirstOrThrow();
      const offered = parseNums(shop.fuwuIds);
      candidates = found.filter((g) => {
        const reason =
          g.fuwuStatus !== STATUS_FLAG.ENABLED
            ? '服务类目已停用，不能上架'
            : !offered.includes(g.fuwuId)
              ? '当前店铺未开通该服务类目，请先在店铺信息中添加'
              : null;
        if (reason) skipped.push({ id: g.id, name: g.name, reason, refused: true });
        return !reason;
      });
    }
    const changed = candidates.length
      ? await trx
          .updateTable('goods')
          .set({ shelfState: state, updatedAt: nowIso() })
          .where(
            'id',
            'in',
            candidates.map((g) => g.id),
          )
          .where('merchantId', '=', s.merchantId)
          .where('shopId', '=', s.shopId)
          .where('shelfState', '!=', state)
          .returning('id')
          .execute()
      : [];
    const moved = new Set(changed.map((r) => r.id));
    for (const g of candidates)
      if (!moved.has(g.id))
        skipped.push({
          id: g.id,
          name: g.name,
          reason: state === SHELF_STATE.ON ? '已是上架状态' : '已是下架状态',
          refused: false,
        });
    return { changed: moved.size, skipped: inOrderOf(ids, skipped) };
  });
}

const parseNums = (s: string) => {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) ? (v as number[]) : [];
  } catch {
    return [];
  }
};

/**
 * Deletes goods of the current shop; every id must be the shop's, else nothing changes (2002). Items on the shelf
 * (take them off first) and items with unfinished orders are skipped with their reason; the others are deleted.
 */
export async function deleteGoods(db: DB, s: ShopScope, ids: number[]): Promise<BatchOutcome> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('goods')
      .select(['id', 'shelfState', 'name'])
      .where('id', 'in', ids)
      .where('merchantId', '=', s.merchantId)
      .where('shopId', '=', s.shopId)
      .execute();
    if (found.length !== ids.length) throw notFound(ids.length > 1 ? '部分商品不存在' : '商品不存在');
    const busy = new Set(
      (
        await trx
          .selectFrom('serviceOrder')
          .select('goodsId')
          .distinct()
          .where('goodsId', 'in', ids)
          .where('merchantId', '=', s.merchantId)
          .where('status', 'in', [
            ORDER_STATUS.UNPAID,
            ORDER_STATUS.WAITING,
            ORDER_STATUS.TO_SERVE,
            ORDER_STATUS.SERVING,
          ])
          .execute()
      ).map((r) => r.goodsId),
    );
    const skipped: Skipped[] = [];
    const deletable: number[] = [];
    for (const g of found) {
      const reason =
        g.shelfState === SHELF_STATE.ON
          ? '在售中，请先下架再删除'
          : busy.has(g.id)
            ? '还有未完成的订单，不能删除'
            : null;
      if (reason) skipped.push({ id: g.id, name: g.name, reason, refused: true });
      else deletable.push(g.id);
    }
    const gone = deletable.length
      ? await trx
          .deleteFrom('goods')
          .where('id', 'in', deletable)
          .where('merchantId', '=', s.merchantId)
          .where('shopId', '=', s.shopId)
          // put back on the shelf meanwhile: skipped, not deleted from under a customer
          .where('shelfState', '=', SHELF_STATE.OFF)
          .returning('id')
          .execute()
      : [];
    const deleted = new Set(gone.map((r) => r.id));
    for (const g of found)
      if (deletable.includes(g.id) && !deleted.has(g.id))
        skipped.push({ id: g.id, name: g.name, reason: '在售中，请先下架再删除', refused: true });
    return { changed: deleted.size, skipped: inOrderOf(ids, skipped) };
  });
}
