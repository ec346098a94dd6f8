import { SHELF_STATE } from '@jz/contracts/goods';
import {
  compactYuan,
  type GoodsSpec,
  type GoodsSpecInput,
  goodsSummary,
  legacySpecOf,
  type PricedSpec,
  type PublicGoodsSpec,
  priceRange,
  SPEC_STATUS,
  specListProblems,
} from '@jz/contracts/goods-pricing';
import { type Insertable, type Selectable, sql } from 'kysely';
import { isPg } from '../../../db/migration-kit.ts';
import type { DB, Trx } from '../../../db/client.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import type { GoodsSpecTable } from './goods-spec.tables.ts';
import type { GoodsTable } from './goods.tables.ts';
import './goods-spec.tables.ts';
import './goods.tables.ts';

/**
 * Persistence of goods specifications (规格; docs/goods-specifications.md §1): the list written in the
 * form's order (sort 0, 10, 20 …) and the goods item's summary columns (price, original price, unit, minutes, minimum
 * quantity) rewritten from it by `goodsSummary`, always in the caller's transaction so the item and its
 * specifications never disagree.
 */

export type { Trx };
type Exec = DB | Trx;
/** Whose goods: the merchant and the shop (goods.repo.ts ShopScope). */
export type SpecScope = { merchantId: number; shopId: number };

/** A specification to write: the validated goodsSpecInput (id = an existing specification of the same item). */
export type SpecInput = GoodsSpecInput;

/** The goods columns a caller writes besides the summary (what describes the service). */
export type GoodsValues = {
  fuwuId: number;
  name: string;
  coverUrl: string;
  /** JSON string[] (goods.images). */
  images?: string;
  /** JSON string[] (goods.tags). */
  tags?: string;
  /** Already sanitised rich text. */
  intro?: string | null;
  sort?: number;
  shelfState?: number;
};

const money = (v: number | string | null) => (v === null ? null : Number(v));

/** A goods_spec row as the answers list it (bigint money as numbers on both databases). */
export function toSpec(r: Selectable<GoodsSpecTable>): GoodsSpec & { updatedAt: string } {
  return {
    id: r.id,
    goodsId: r.goodsId,
    name: r.name,
    mode: r.mode,
    unit: r.unit,
    price: Number(r.price),
    originalPrice: money(r.originalPrice),
    minQuantity: r.minQuantity,
    maxQuantity: r.maxQuantity,
    minCharge: money(r.minCharge),
    areaMin: r.areaMin,
    areaMax: r.areaMax,
    durationMinutes: r.durationMinutes,
    stock: r.stock,
    dailyCapacity: r.dailyCapacity,
    status: r.status,
    sort: r.sort,
    updatedAt: r.updatedAt,
  };
}

/** The specifications of some goods items in one query, each item's in its order (sort, then id). */
export async function specsOf(db: Exec, goodsIds: number[]) {
  const out = new Map<number, ReturnType<typeof toSpec>[]>();
  if (!goodsIds.length) return out;
  const rows = await db
    .selectFrom('goodsSpec')
    .selectAll()
    .where('goodsId', 'in', [...new Set(goodsIds)])
    .orderBy('goodsId')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.goodsId) ?? [];
    list.push(toSpec(r));
    out.set(r.goodsId, list);
  }
  return out;
}

type Priced = readonly Pick<PricedSpec, 'mode' | 'unit' | 'price' | 'status'>[];

/**
 * '¥60 起' (priceLabel) and the unit a per-unit price counts per (perUnit) from the on-sale specifications; with none on
 * sale, from all of them; an item without any (none should exist) reads its own price, per order.
 */
export function pricingOf(specs: Priced, price: number): { priceLabel: string; perUnit: string | null } {
  const r = priceRange(specs) ?? priceRange(specs.map((s) => ({ ...s, status: SPEC_STATUS.ON })));
  return r ? { priceLabel: r.label, perUnit: r.perUnit } : { priceLabel: compactYuan(price), perUnit: null };
}

/** The customer's view of an item's specifications: 启用 only, in order, 售罄 instead of the stock count. */
export function publicSpecs(specs: readonly (GoodsSpec & { updatedAt?: string })[]): PublicGoodsSpec[] {
  return specs
    .filter((s) => s.status === SPEC_STATUS.ON)
    .map(({ stock, dailyCapacity: _c, status: _s, updatedAt: _u, ...s }) => ({ ...s, soldOut: stock === 0 }));
}

/**
 * The item's specifications as one scalar subquery of a goods list (the merchant's page stays one statement):
 * a JSON array of [sort, id, mode, unit, price, status] per specification, ordered in JS by `parseSpecSummary`.
 */
export function specSummaryJson(db: DB) {
  return isPg(db)
    ? sql<unknown>`(select json_agg(json_build_array(s.sort, s.id, s.mode, s.unit, s.price, s.status)) from goods_spec s where s.goods_id = goods.id)`
    : sql<unknown>`(select json_group_array(json_array(s.sort, s.id, s.mode, s.unit, s.price, s.status)) from goods_spec s where s.goods_id = goods.id)`;
}

/** PostgreSQL's driver answers json parsed, SQLite a string; an item without specifications is null (PostgreSQL). */
export function parseSpecSummary(value: unknown) {
  const rows = ((typeof value === 'string' ? JSON.parse(value) : value) ?? []) as [
    number,
    number,
    PricedSpec['mode'],
    string,
    number | string,
    number,
  ][];
  return rows
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , mode, unit, price, status]) => ({ mode, unit, price: Number(price), status: Number(status) }));
}

function specColumns(s: SpecInput, sort: number) {
  return {
    name: s.name,
    mode: s.mode,
    unit: s.unit,
    price: s.price,
    originalPrice: s.originalPrice,
    minQuantity: s.minQuantity,
    maxQuantity: s.maxQuantity,
    minCharge: s.minCharge,
    areaMin: s.areaMin,
    areaMax: s.areaMax,
    durationMinutes: s.durationMinutes,
    stock: s.stock,
    dailyCapacity: s.dailyCapacity,
    status: s.status,
    sort,
  };
}

/** The summary columns of the goods item (goodsSummary): what every older answer of the item keeps reading. */
export function summaryColumns(specs: readonly (PricedSpec & { originalPrice?: number | null })[]) {
  const s = goodsSummary(specs);
  if (!s) throw invalid('请至少添加一个规格');
  return s;
}

/** The list rules again (the body schema checked them; an import or a direct caller may not have). */
function assertList(specs: readonly SpecInput[]) {
  const problems = specListProblems(specs);
  if (problems.length) throw invalid(problems[0]);
  const ids = specs.map((s) => s.id).filter((id): id is number => id !== undefined);
  if (new Set(ids).size !== ids.length) throw invalid('规格重复');
}

/**
 * Replaces the specifications of goods item `goodsId` (which the caller has checked is the scope's) by `specs`, in
 * their order: an `id` must name one of THIS item's specifications (another item's, or an unknown one: 2002), listed
 * ones are updated, the item's others deleted, ones without id inserted. Then the item's summary columns are
 * rewritten. Orders keep their snapshots (no foreign key on service_order.spec_id).
 */
export async function writeSpecs(trx: Trx, scope: SpecScope, goodsId: number, specs: readonly SpecInput[]) {
  assertList(specs);
  const now = nowIso();
  const existing = await trx
    .selectFrom('goodsSpec')
    .select('id')
    .where('goodsId', '=', goodsId)
    .where('merchantId', '=', scope.merchantId)
    .execute();
  const mine = new Set(existing.map((r) => r.id));
  for (const s of specs) if (s.id !== undefined && !mine.has(s.id)) throw notFound('规格不存在');
  const kept = new Set(specs.map((s) => s.id).filter((id): id is number => id !== undefined));
  const gone = [...mine].filter((id) => !kept.has(id));
  if (gone.length) await trx.deleteFrom('goodsSpec').where('goodsId', '=', goodsId).where('id', 'in', gone).execute();
  const inserts: Insertable<GoodsSpecTable>[] = [];
  for (const [i, s] of specs.entries()) {
    const cols = specColumns(s, i * 10);
    if (s.id !== undefined)
      await trx
        .updateTable('goodsSpec')
        .set({ ...cols, updatedAt: now })
        .where('id', '=', s.id)
        .where('goodsId', '=', goodsId)
        .execute();
    else inserts.push({ ...cols, merchantId: scope.merchantId, goodsId, createdAt: now, updatedAt: now });
  }
  if (inserts.length) await trx.insertInto('goodsSpec').values(inserts).execute();
  await trx
    .updateTable('goods')
    .set({ ...summaryColumns(specs), updatedAt: now })
    .where('id', '=', goodsId)
    .where('merchantId', '=', scope.merchantId)
    .where('shopId', '=', scope.shopId)
    .execute();
}

/**
 * Inserts one goods item of the scope's shop with its specifications, inside the caller's transaction (the goods
 * form's add, the Excel import of goods rows, §7). The summary columns come from `specs`; `values` are the
 * descriptive columns, already validated by the caller (category offered by the shop, cover, sanitised intro): this
 * function checks only the specification list (specListProblems → 2001). Specification ids are ignored (new item).
 * Answers the new goods id.
 */
export async function insertGoodsWithSpecs(
  trx: Trx,
  scope: SpecScope,
  values: GoodsValues,
  specs: readonly SpecInput[],
) {
  const list = specs.map(({ id: _id, ...s }) => s);
  assertList(list);
  const now = nowIso();
  const row: Insertable<GoodsTable> = {
    images: '[]',
    tags: '[]',
    intro: null,
    sort: 0,
    shelfState: SHELF_STATE.OFF,
    // an absent optional value keeps its default
    ...(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as GoodsValues),
    ...summaryColumns(list),
    merchantId: scope.merchantId,
    shopId: scope.shopId,
    sales: 0,
    createdAt: now,
    updatedAt: now,
  };
  const { id } = await trx.insertInto('goods').values(row).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('goodsSpec')
    .values(
      list.map((s, i) => ({
        ...specColumns(s, i * 10),
        merchantId: scope.merchantId,
        goodsId: id,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
  return { id };
}

/**
 * Writes an existing goods item's descriptive columns and its specifications in the caller's transaction (the goods
 * form's edit; an import updating items would use it too). `goodsId` must be the scope's (checked here: 2002).
 */
export async function writeGoodsWithSpecs(
  trx: Trx,
  scope: SpecScope,
  goodsId: number,
  values: Partial<GoodsValues>,
  specs: readonly SpecInput[],
) {
  const found = await trx
    .selectFrom('goods')
    .select('id')
    .where('id', '=', goodsId)
    .where('merchantId', '=', scope.merchantId)
    .where('shopId', '=', scope.shopId)
    .executeTakeFirst();
  if (!found) throw notFound('商品不存在');
  if (Object.keys(values).length)
    await trx
      .updateTable('goods')
      .set({ ...values, updatedAt: nowIso() })
      .where('id', '=', goodsId)
      .where('merchantId', '=', scope.merchantId)
      .execute();
  await writeSpecs(trx, scope, goodsId, specs);
}

/** The legacy fields of an edit without specifications (a single-price item's price, unit and limits). */
export type LegacyChange = {
  name?: string;
  price?: number;
  originalPrice?: number;
  unit?: string;
  durationMinutes?: number;
  minQuantity?: number;
};

/**
 * An edit without `specs` (old clients, the spec's calls): the goods columns are written as before by the caller;
 * here the item's one specification follows them. An item with several specifications refuses a change of price,
 * unit, original price, minutes or minimum quantity (2004): which specification would it be? A value equal to the
 * item's current one is no change (an old client sending its whole form back). An item without any specification
 * gets its legacy one.
 */
export async function syncLegacySpec(
  trx: Trx,
  scope: SpecScope,
  cur: Selectable<GoodsTable>,
  next: Required<Omit<LegacyChange, 'name'>> & { name: string },
  change: LegacyChange,
) {
  const priced = (['price', 'originalPrice', 'unit', 'durationMinutes', 'minQuantity'] as const).filter(
    (k) => change[k] !== undefined && change[k] !== (k === 'price' || k === 'originalPrice' ? Number(cur[k]) : cur[k]),
  );
  const renamed = change.name !== undefined && change.name !== cur.name;
  if (!priced.length && !renamed) return;
  const specs = await trx.selectFrom('goodsSpec').selectAll().where('goodsId', '=', cur.id).orderBy('sort').execute();
  const now = nowIso();
  if (!specs.length) {
    await trx
      .insertInto('goodsSpec')
      .values({
        ...legacySpecOf(next),
        merchantId: scope.merchantId,
        goodsId: cur.id,
        sort: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return;
  }
  if (specs.length > 1) {
    if (priced.length) throw business('该商品有多个规格，请在规格表中修改价格');
    return;
  }
  const [spec] = specs;
  // A fixed specification named after the item (the legacy one) follows the item's new name.
  const name = renamed && spec.mode === 'fixed' && spec.name === cur.name ? legacySpecOf(next).name : spec.name;
  if (!priced.length) {
    if (name !== spec.name)
      await trx.updateTable('goodsSpec').set({ name, updatedAt: now }).where('id', '=', spec.id).execute();
    return;
  }
  // A new unit changes what the quantity counts: the specification becomes the legacy one of that unit.
  const reshaped = change.unit !== undefined && change.unit !== spec.unit;
  const legacy = legacySpecOf(next);
  await trx
    .updateTable('goodsSpec')
    .set({
      ...(reshaped
        ? { name: legacy.name, mode: legacy.mode, unit: legacy.unit, durationMinutes: legacy.durationMinutes }
        : { name }),
      price: next.price,
      originalPrice: next.originalPrice,
      ...(spec.mode !== 'area_band' && { minQuantity: next.minQuantity }),
      ...(!reshaped &&
        spec.mode !== 'per_unit' &&
        change.durationMinutes !== undefined && { durationMinutes: next.durationMinutes }),
      updatedAt: now,
    })
    .where('id', '=', spec.id)
    .execute();
}

/**
 * 复制店铺商品 (fuzhi): copies the goods of one shop of the merchant into another, off the shelf and without sales,
 * each with its specifications (new ids, same order, stock and state). Runs in the caller's transaction; answers the
 * copied goods' categories and their count.
 */
export async function copyShopGoods(trx: Trx, merchantId: number, fromShopId: number, toShopId: number) {
  const goods = await trx
    .selectFrom('goods')
    .selectAll()
    .where('shopId', '=', fromShopId)
    .where('merchantId', '=', merchantId)
    .orderBy('id')
    .execute();
  const specs = await specsOf(
    trx,
    goods.map((g) => g.id),
  );
  const now = nowIso();
  for (const { id, ...g } of goods) {
    const copy = await trx
      .insertInto('goods')
      .values({ ...g, shopId: toShopId, shelfState: SHELF_STATE.OFF, sales: 0, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // An item without specifications (none should exist since 0420) gets its legacy one.
    const list = specs.get(id) ?? [
      { ...legacySpecOf({ ...g, price: Number(g.price), originalPrice: Number(g.originalPrice) }), sort: 0 },
    ];
    await trx
      .insertInto('goodsSpec')
      .values(
        list.map((spec) => {
          const {
            id: _id,
            goodsId: _g,
            updatedAt: _u,
            ...s
          } = spec as typeof spec & {
            id?: number;
            goodsId?: number;
            updatedAt?: string;
          };
          return {
            ...s,
            merchantId,
            goodsId: copy.id,
            createdAt: now,
            updatedAt: now,
          };
        }),
      )
      .execute();
  }
  return { count: goods.length, fuwuIds: goods.map((g) => g.fuwuId) };
}
