import { legacySpecOf, quoteSpec } from '@jz/contracts/goods-pricing';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/client.ts';
import { backfillGoodsSpecs, down, up } from '../src/db/migrations/0420_goods_spec.ts';
import '../src/modules/merchant/goods/goods-spec.tables.ts';
import '../src/modules/merchant/goods/goods.tables.ts';
import '../src/modules/merchant/order/order.tables.ts';
import '../src/modules/merchant/finance/finance.tables.ts';
import { cloneDatabase, type TestDb } from './helpers/db.ts';

/**
 * Migration 0420 (docs/goods-specifications.md): goods_spec, the order's specification snapshot, and the
 * backfill of what a database already holds. Demo goods are seeded after the migrations, so the migration is proven
 * the way an upgrade meets it: on the seeded database with 0420 rolled back (down), then applied again (up).
 */
let d: TestDb;
let db: DB;
const raw = () => db as unknown as Kysely<any>;
const now = new Date().toISOString();

beforeAll(async () => {
  d = await cloneDatabase();
  db = d.handle.db;
});
afterAll(() => d?.dispose());

const goodsRows = () =>
  db
    .selectFrom('goods')
    .select(['id', 'merchantId', 'name', 'price', 'originalPrice', 'unit', 'durationMinutes', 'minQuantity'])
    .orderBy('id')
    .execute();
const specRows = () => db.selectFrom('goodsSpec').selectAll().orderBy('id').execute();
const snapshots = () =>
  db
    .selectFrom('serviceOrder')
    .select([
      'id',
      'goodsId',
      'goodsName',
      'goodsPrice',
      'quantity',
      'unit',
      'amount',
      'specId',
      'specName',
      'specMode',
      'unitPrice',
      'area',
      'durationMinutes',
    ])
    .orderBy('id')
    .execute();

/** A legacy order copied from an existing one, for another goods item or a goods item that no longer exists. */
async function legacyOrder(
  from: number,
  over: { goodsId: number; goodsName: string; price: number; unit: string; quantity: number },
) {
  const o = await db.selectFrom('serviceOrder').selectAll().where('id', '=', from).executeTakeFirstOrThrow();
  const { id: _id, specId: _a, specName: _b, specMode: _c, unitPrice: _d, area: _e, durationMinutes: _f, ...rest } = o;
  const suffix = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  return (
    await db
      .insertInto('serviceOrder')
      .values({
        ...rest,
        orderNo: `${o.orderNo.slice(0, 14)}9${suffix.slice(1)}`,
        verifyCode: `9${suffix}${suffix.slice(0, 5)}`,
        goodsId: over.goodsId,
        goodsName: over.goodsName,
        goodsPrice: over.price,
        quantity: over.quantity,
        unit: over.unit,
        amount: over.price * over.quantity,
        payAmount: over.price * over.quantity,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

describe('on a new database', () => {
  it('goods_spec and the order snapshot columns exist, with the indexes', async () => {
    await db.selectFrom('goodsSpec').select(['id', 'goodsId', 'mode', 'dailyCapacity']).limit(1).execute();
    await db
      .selectFrom('serviceOrder')
      .select(['specId', 'specName', 'specMode', 'unitPrice', 'area', 'durationMinutes'])
      .limit(1)
      .execute();
    const names =
      d.handle.kind === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'goods_spec'`.execute(db)
        : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'goods_spec'`.execute(
            db,
          );
    expect(names.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['goods_spec_goods_idx', 'goods_spec_merchant_idx']),
    );
  });

  it('every specification belongs to an existing goods item of the same merchant (the seeds add goods after it)', async () => {
    const goods = new Map((await goodsRows()).map((g) => [g.id, g]));
    for (const s of await specRows()) expect(goods.get(s.goodsId)?.merchantId).toBe(s.merchantId);
  });
});

describe('upgrading a database that holds goods and orders', () => {
  let ids: { hour: number; sqm: number; gone: number };

  beforeAll(async () => {
    await down(raw());
    // Orders of the demo are for packages (次/天/月); add a per-hour, a per-㎡ one, and one whose goods was deleted.
    const g = await goodsRows();
    const hourGoods = g.find((x) => x.unit === '小时')!;
    const sqmGoods = g.find((x) => x.unit === '平方米')!;
    const first = (await db.selectFrom('serviceOrder').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    ids = {
      hour: await legacyOrder(first, {
        goodsId: hourGoods.id,
        goodsName: hourGoods.name,
        price: Number(hourGoods.price),
        unit: '小时',
        quantity: 3,
      }),
      sqm: await legacyOrder(first, {
        goodsId: sqmGoods.id,
        goodsName: sqmGoods.name,
        price: Number(sqmGoods.price),
        unit: '平方米',
        quantity: 120,
      }),
      gone: await legacyOrder(first, {
        goodsId: 2_000_000_000,
        goodsName: '已删除的商品',
        price: 9_900,
        unit: '次',
        quantity: 2,
      }),
    };
    await up(raw());
  });

  it('every goods item gets one specification: the legacy rule, with the goods price', async () => {
    const goods = await goodsRows();
    const specs = await specRows();
    expect(goods.length).toBeGreaterThan(5);
    expect(specs).toHaveLength(goods.length);
    for (const g of goods) {
      const mine = specs.filter((s) => s.goodsId === g.id);
      expect(mine).toHaveLength(1);
      const s = mine[0];
      const want = legacySpecOf({ ...g, price: Number(g.price), originalPrice: Number(g.originalPrice) });
      expect({
        merchantId: s.merchantId,
        name: s.name,
        mode: s.mode,
        unit: s.unit,
        price: Number(s.price),
        originalPrice: Number(s.originalPrice),
        minQuantity: s.minQuantity,
        maxQuantity: s.maxQuantity,
        minCharge: s.minCharge,
        areaMin: s.areaMin,
        areaMax: s.areaMax,
        durationMinutes: s.durationMinutes,
        stock: s.stock,
        dailyCapacity: s.dailyCapacity,
        status: s.status,
        sort: s.sort,
      }).toEqual({ ...want, merchantId: g.merchantId, sort: 0 });
      expect(Number(s.price)).toBe(Number(g.price));
    }
    // The seed's units: packages and measured quantities both present.
    expect(new Set(specs.map((s) => s.mode))).toEqual(new Set(['fixed', 'per_unit']));
    const name = (unit: string) => specs.find((s) => s.unit === unit)?.name;
    expect([name('小时'), name('平方米')]).toEqual(['1小时', '1平方米']);
  });

  it('every order gets its snapshot from what it recorded; the quoted amount is the amount it was charged', async () => {
    const goods = new Map((await goodsRows()).map((g) => [g.id, g]));
    const specOf = new Map((await specRows()).map((s) => [s.goodsId, s]));
    const orders = await snapshots();
    expect(orders.length).toBeGreaterThan(10);
    for (const o of orders) {
      expect(o.specMode).not.toBeNull();
      expect(Number(o.unitPrice)).toBe(Number(o.goodsPrice));
      const g = goods.get(o.goodsId);
      if (!g) continue;
      const s = specOf.get(g.id)!;
      expect(o.specId).toBe(s.id);
      // The specification prices the order as it was charged (the demo's prices did not change since).
      const q = quoteSpec({ ...s, price: Number(s.price), minCharge: null }, { quantity: o.quantity, area: o.area });
      expect(q.ok && q.amountFen).toBe(Number(o.amount));
      if (o.unit !== '小时' && o.unit !== '平方米') {
        expect(o).toMatchObject({ specName: o.goodsName, specMode: 'fixed', area: null });
        expect(o.durationMinutes).toBe(g.durationMinutes * o.quantity);
        expect(q.ok && q.durationMinutes).toBe(o.durationMinutes);
      }
    }
    const byId = new Map(orders.map((o) => [o.id, o]));
    expect(byId.get(ids.hour)).toMatchObject({
      specName: '1小时',
      specMode: 'per_unit',
      area: null,
      durationMinutes: 180,
    });
    expect(byId.get(ids.sqm)).toMatchObject({
      specName: '1平方米',
      specMode: 'per_unit',
      area: 120,
      durationMinutes: null,
    });
    expect(byId.get(ids.gone)).toMatchObject({
      specId: null,
      specName: '已删除的商品',
      specMode: 'fixed',
      unitPrice: 9_900,
      area: null,
      durationMinutes: null,
    });
  });

  it("settlements of completed orders equal the snapshot's quoted amount", async () => {
    const settled = await db
      .selectFrom('financeSettlement')
      .innerJoin('serviceOrder', 'serviceOrder.id', 'financeSettlement.orderId')
      .select([
        'financeSettlement.orderAmount',
        'serviceOrder.unitPrice',
        'serviceOrder.quantity',
        'serviceOrder.specMode',
      ])
      .execute();
    expect(settled.length).toBeGreaterThan(0);
    for (const r of settled) expect(Number(r.orderAmount)).toBe(Number(r.unitPrice) * r.quantity);
  });

  it('is idempotent: the backfill again adds nothing, and leaves goods that already have specifications alone', async () => {
    const before = { specs: await specRows(), orders: await snapshots() };
    await backfillGoodsSpecs(raw(), now);
    expect(await specRows()).toEqual(before.specs);
    expect(await snapshots()).toEqual(before.orders);

    // A goods item the goods module created with its own two specifications, and one created without any.
    const g = await db.selectFrom('goods').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const { id: _id, ...rest } = g;
    const withSpecs = (
      await db
        .insertInto('goods')
        .values({ ...rest, name: '日常保洁（多规格）' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const bare = (
      await db
        .insertInto('goods')
        .values({ ...rest, name: '钟点工（新）', unit: '小时', price: 5_000, originalPrice: 5_000 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const spec = (name: string, price: number, sort: number) => ({
      merchantId: g.merchantId,
      goodsId: withSpecs,
      name,
      mode: 'fixed' as const,
      unit: '次',
      price,
      originalPrice: null,
      minQuantity: 1,
      maxQuantity: null,
      minCharge: null,
      areaMin: null,
      areaMax: null,
      durationMinutes: sort * 60,
      stock: null,
      dailyCapacity: null,
      status: 1,
      sort,
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insertInto('goodsSpec')
      .values([spec('2小时', 11_900, 2), spec('3小时', 15_900, 3)])
      .execute();

    await backfillGoodsSpecs(raw(), now);
    const after = await specRows();
    expect(after.filter((s) => s.goodsId === withSpecs).map((s) => s.name)).toEqual(['2小时', '3小时']);
    expect(
      after.filter((s) => s.goodsId === bare).map((s) => [s.name, s.mode, Number(s.price), s.durationMinutes]),
    ).toEqual([['1小时', 'per_unit', 5_000, 60]]);
    expect(after).toHaveLength(before.specs.length + 3);
    expect(await snapshots()).toEqual(before.orders);
  });

  it('deleting a goods item deletes its specifications; orders keep their snapshot', async () => {
    const g = await db.selectFrom('goods').select('id').where('name', '=', '钟点工（新）').executeTakeFirstOrThrow();
    await db.deleteFrom('goods').where('id', '=', g.id).execute();
    expect(await db.selectFrom('goodsSpec').select('id').where('goodsId', '=', g.id).execute()).toEqual([]);
  });

  it('rolls back and applies again (down, up) on this database', async () => {
    await down(raw());
    await expect(db.selectFrom('goodsSpec').select('id').execute()).rejects.toThrow();
    await up(raw());
    expect((await specRows()).length).toBe((await goodsRows()).length);
  });
});
