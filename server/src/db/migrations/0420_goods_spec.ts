import type { CreateTableBuilder, Kysely } from 'kysely';
import { bigint, sql, withId, withTimes } from '../migration-kit.ts';

/**
 * The order's snapshot of its specification (nullable: orders before 0420 are backfilled, where their goods allow).
 * No foreign key: a specification may be deleted, the order keeps what it was sold as.
 */
const SNAPSHOT_COLUMNS = [
  ['spec_id', 'integer'],
  ['spec_name', 'text'],
  // 'fixed' | 'area_band' | 'per_unit'
  ['spec_mode', 'text'],
  // fen: the specification's price when ordered
  ['unit_price', bigint],
  // whole ㎡ for area-priced specifications
  ['area', 'integer'],
  // the job's total minutes as quoted (what dispatch blocks)
  ['duration_minutes', 'integer'],
] as const;

/** service_order's snapshot columns on its CREATE TABLE (0600, on a new database). */
export const specSnapshotColumns = <T extends string, C extends string>(tb: CreateTableBuilder<T, C>) =>
  SNAPSHOT_COLUMNS.reduce((b, [name, type]) => b.addColumn(name, type), tb as CreateTableBuilder<T, string>);

/**
 * Goods specifications (规格, issue 25; docs/goods-specifications.md). A goods item sells one or more specifications,
 * each with its pricing mode (fixed package / area band / per unit), price in fen, minutes, limits, stock or daily
 * capacity, on/off state and order. Orders snapshot the chosen specification.
 *
 * Existing data: every goods item without a specification gets the one it implicitly had (the rule of
 * `legacySpecOf` in packages/contracts/src/goods-pricing.ts, written here in SQL so the migration stays what it was
 * when it ran): units 小时 and 平方米 are measured quantities (per_unit, named '1小时' / '1平方米'; an hour lasts 60
 * minutes, minutes per ㎡ are unknown: null), 次/天/月 are packages (fixed, named after the goods item, the goods'
 * minutes per package). The amount stays price × quantity either way. Existing orders get their snapshot from what
 * they recorded (goods_price, quantity, unit): area = quantity for per-㎡ orders, minutes = the job's total where it
 * is known (60 × hours; the goods' minutes × packages), null for per-㎡ orders.
 *
 * Demo goods are seeded after the migrations, so on a new database they have no specification from here: the goods
 * module creates the specifications of what it adds or seeds. `backfillGoodsSpecs` only fills what is missing, so it
 * may run again at any time without duplicating anything.
 */
export async function up(db: Kysely<any>) {
  await withTimes(
    withId(db, db.schema.createTable('goods_spec'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id'))
      .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // 'fixed' | 'area_band' | 'per_unit'
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      // fen: package price (fixed), band price (area_band), unit price (per_unit)
      .addColumn('price', bigint, (c) => c.notNull())
      .addColumn('original_price', bigint)
      .addColumn('min_quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('max_quantity', 'integer')
      // fen, per_unit only
      .addColumn('min_charge', bigint)
      // whole ㎡, area_band only, inclusive
      .addColumn('area_min', 'integer')
      .addColumn('area_max', 'integer')
      // per unit (per_unit) or per job (fixed: per package; area_band)
      .addColumn('duration_minutes', 'integer')
      // orders left to sell (null = unlimited) / orders per appointment day (null = unlimited)
      .addColumn('stock', 'integer')
      .addColumn('daily_capacity', 'integer')
      // 1 启用 / 0 停用
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('goods_spec_goods_idx').on('goods_spec').columns(['goods_id', 'sort']).execute();
  await db.schema.createIndex('goods_spec_merchant_idx').on('goods_spec').column('merchant_id').execute();

  // Migrations run in name order: on a new database service_order does not exist yet here, and 0600 creates it with
  // these columns; where 0600 ran before this one (every existing database) they are added now.
  const order = (await db.introspection.getTables()).find((t) => t.name === 'service_order');
  if (order) {
    const have = new Set(order.columns.map((c) => c.name));
    for (const [name, type] of SNAPSHOT_COLUMNS)
      if (!have.has(name)) await db.schema.alterTable('service_order').addColumn(name, type).execute();
  }

  await backfillGoodsSpecs(db, new Date().toISOString());
}

/**
 * Gives every goods item without a specification its legacy one, then snapshots every order without one. Idempotent:
 * goods that have specifications and orders that have a snapshot are left alone.
 */
export async function backfillGoodsSpecs(db: Kysely<any>, now: string) {
  const perUnit = sql`g.unit in ('小时', '平方米')`;
  await sql`
    insert into goods_spec (merchant_id, goods_id, name, mode, unit, price, original_price, min_quantity, max_quantity,
      min_charge, area_min, area_max, duration_minutes, stock, daily_capacity, status, sort, created_at, updated_at)
    select g.merchant_id, g.id,
      case when ${perUnit} then '1' || g.unit else g.name end,
      case when ${perUnit} then 'per_unit' else 'fixed' end,
      g.unit, g.price, g.original_price, g.min_quantity, null,
      null, null, null,
      case when g.unit = '小时' then 60 when g.unit = '平方米' then null else g.duration_minutes end,
      null, null, 1, 0, ${now}, ${now}
    from goods g
    where not exists (select 1 from goods_spec s where s.goods_id = g.id)
    order by g.id`.execute(db);

  if (!(await db.introspection.getTables()).some((t) => t.name === 'service_order')) return;
  // From what the order recorded (its goods may have changed or gone since); the spec id where the goods still has
  // exactly the migrated specification.
  const orderPerUnit = sql`service_order.unit in ('小时', '平方米')`;
  await sql`
    update service_order set
      spec_id = (select min(s.id) from goods_spec s where s.goods_id = service_order.goods_id),
      spec_name = case when ${orderPerUnit} then '1' || service_order.unit else service_order.goods_name end,
      spec_mode = case when ${orderPerUnit} then 'per_unit' else 'fixed' end,
      unit_price = service_order.goods_price,
      area = case when service_order.unit = '平方米' then service_order.quantity end,
      duration_minutes = case
        when service_order.unit = '小时' then 60 * service_order.quantity
        when service_order.unit = '平方米' then null
        else (select g.duration_minutes from goods g where g.id = service_order.goods_id) * service_order.quantity
      end
    where spec_mode is null`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const [name] of [...SNAPSHOT_COLUMNS].reverse())
    await db.schema.alterTable('service_order').dropColumn(name).execute();
  await db.schema.dropTable('goods_spec').ifExists().execute();
}
