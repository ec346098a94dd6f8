import type { Kysely } from 'kysely';
import { isPg, sql } from '../migration-kit.ts';

/**
 * Performance (issue 13): maintained order counters, so the order list's status tabs and total never count a
 * merchant's orders. `order_status_count` holds the number of orders per (merchant, shop, status) — the unfiltered
 * tabs; `order_day_count` the same per Shanghai calendar day of created_at — the tabs under a date filter (a sum over
 * the filter's days, exact because the filter is in whole days).
 *
 * Triggers on service_order keep both in step inside the writing transaction: every insert, status/shop/merchant/
 * created_at change and delete, from any code path (order creation, the state machine, seeds, bench data, tests).
 * PostgreSQL upserts lock the counter rows until commit, so concurrent transitions of one merchant serialise on them
 * and stay exact; transitions only raise the status (10 → … → 70), and the triggers touch the lower status first.
 * Fired at each UPDATE these triggers could still deadlock against other row locks of a transition (an employee
 * row): 1302 makes them fire at commit. Rows that fall to 0 are kept.
 *
 * Shanghai has no daylight saving: on SQLite the day is date(created_at, '+8 hours'); on PostgreSQL the same via
 * AT TIME ZONE 'Asia/Shanghai' (lib/time.ts TZ). The backfill below groups the existing orders the same way.
 */
const SQLITE_DAY = (row: 'NEW' | 'OLD') => `date(${row}.created_at, '+8 hours')`;

/** The statements that add `d` (1 or -1) to both counters for `row`. */
function sqliteBump(row: 'NEW' | 'OLD', d: 1 | -1) {
  const v = d === 1 ? 1 : -1;
  return `
    INSERT INTO order_status_count (merchant_id, shop_id, status, n) VALUES (${row}.merchant_id, ${row}.shop_id, ${row}.status, ${v})
      ON CONFLICT (merchant_id, shop_id, status) DO UPDATE SET n = n + (${v});
    INSERT INTO order_day_count (merchant_id, day, shop_id, status, n)
      VALUES (${row}.merchant_id, ${SQLITE_DAY(row)}, ${row}.shop_id, ${row}.status, ${v})
      ON CONFLICT (merchant_id, day, shop_id, status) DO UPDATE SET n = n + (${v});`;
}

/** SQLite: rows stored in primary-key order (WITHOUT ROWID), so a range of the key reads its counts directly. */
const clustered =
  (db: Kysely<any>) =>
  <T extends { modifyEnd: (s: ReturnType<typeof sql.raw>) => T }>(tb: T) =>
    isPg(db) ? tb : tb.modifyEnd(sql.raw('WITHOUT ROWID'));

const KEY_CHANGED =
  'OLD.status IS NOT NEW.status OR OLD.shop_id IS NOT NEW.shop_id OR OLD.merchant_id IS NOT NEW.merchant_id OR OLD.created_at IS NOT NEW.created_at';

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('order_status_count')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_status_count_pk', ['merchant_id', 'shop_id', 'status'])
    .$call(clustered(db))
    .execute();
  // Day first after the merchant: a date filter is a range on it, with or without a shop.
  await db.schema
    .createTable('order_day_count')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_day_count_pk', ['merchant_id', 'day', 'shop_id', 'status'])
    .$call(clustered(db))
    .execute();

  if (isPg(db)) {
    await sql`CREATE FUNCTION order_count_bump(m integer, s integer, st integer, created text, d integer)
      RETURNS void AS $$
      BEGIN
        INSERT INTO order_status_count AS c (merchant_id, shop_id, status, n) VALUES (m, s, st, d)
          ON CONFLICT (merchant_id, shop_id, status) DO UPDATE SET n = c.n + d;
        INSERT INTO order_day_count AS c (merchant_id, day, shop_id, status, n)
          VALUES (m, to_char(created::timestamptz AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD'), s, st, d)
          ON CONFLICT (merchant_id, day, shop_id, status) DO UPDATE SET n = c.n + d;
      END; $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE FUNCTION order_count_trigger() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM order_count_bump(NEW.merchant_id, NEW.shop_id, NEW.status, NEW.created_at, 1);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM order_count_bump(OLD.merchant_id, OLD.shop_id, OLD.status, OLD.created_at, -1);
        ELSIF OLD.status < NEW.status THEN
          PERFORM order_count_bump(OLD.merchant_id, OLD.shop_id, OLD.status, OLD.created_at, -1);
          PERFORM order_count_bump(NEW.merchant_id, NEW.shop_id, NEW.status, NEW.created_at, 1);
        ELSE
          PERFORM order_count_bump(NEW.merchant_id, NEW.shop_id, NEW.status, NEW.created_at, 1);
          PERFORM order_count_bump(OLD.merchant_id, OLD.shop_id, OLD.status, OLD.created_at, -1);
        END IF;
        RETURN NULL;
      END; $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER service_order_count_ins AFTER INSERT OR DELETE ON service_order
      FOR EACH ROW EXECUTE FUNCTION order_count_trigger()`.execute(db);
    await sql`CREATE TRIGGER service_order_count_upd AFTER UPDATE OF status, shop_id, merchant_id, created_at
      ON service_order FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.shop_id IS DISTINCT FROM NEW.shop_id
        OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
      EXECUTE FUNCTION order_count_trigger()`.execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER service_order_count_ins AFTER INSERT ON service_order BEGIN ${sqliteBump('NEW', 1)} END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER service_order_count_del AFTER DELETE ON service_order BEGIN ${sqliteBump('OLD', -1)} END`)
      .execute(db);
    // SQLite writers are serialised: the order of the two bumps does not matter here.
    await sql
      .raw(
        `CREATE TRIGGER service_order_count_upd AFTER UPDATE OF status, shop_id, merchant_id, created_at ON service_order
         WHEN ${KEY_CHANGED} BEGIN ${sqliteBump('OLD', -1)} ${sqliteBump('NEW', 1)} END`,
      )
      .execute(db);
  }

  // Backfill from the orders already there (same transaction as the triggers' creation on PostgreSQL; SQLite runs
  // migrations one at a time with no concurrent writer at start-up).
  const day = isPg(db)
    ? sql`to_char(created_at::timestamptz AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`
    : sql`date(created_at, '+8 hours')`;
  await sql`INSERT INTO order_status_count (merchant_id, shop_id, status, n)
    SELECT merchant_id, shop_id, status, count(*) FROM service_order GROUP BY merchant_id, shop_id, status`.execute(db);
  await sql`INSERT INTO order_day_count (merchant_id, day, shop_id, status, n)
    SELECT merchant_id, ${day}, shop_id, status, count(*) FROM service_order
    GROUP BY merchant_id, ${day}, shop_id, status`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (isPg(db)) {
    await sql`DROP TRIGGER IF EXISTS service_order_count_ins ON service_order`.execute(db);
    await sql`DROP TRIGGER IF EXISTS service_order_count_upd ON service_order`.execute(db);
    await sql`DROP FUNCTION IF EXISTS order_count_trigger()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS order_count_bump(integer, integer, integer, text, integer)`.execute(db);
  } else
    for (const t of ['service_order_count_ins', 'service_order_count_del', 'service_order_count_upd'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await db.schema.dropTable('order_day_count').ifExists().execute();
  await db.schema.dropTable('order_status_count').ifExists().execute();
}
