import type { Kysely } from 'kysely';
import { isPg, sql } from '../migration-kit.ts';

/**
 * PostgreSQL: the order counter triggers of 1301 fire at COMMIT instead of at each UPDATE (deferred constraint
 * triggers). Taken at the UPDATE, the counter-row locks were held while the transition went on to lock other rows,
 * and two transitions that share an employee deadlocked: assigning E to order A (employee row E, then the counters)
 * against cancelling E's order B (the counters, then employee row E). At commit a transaction has taken every other
 * lock already and only waits for counter rows, which every transaction takes in the same order (lower status first,
 * status table before day table), so no cycle can form. The counts stay exact: the queued events carry the OLD and
 * NEW rows of each change. SQLite has one writer at a time and keeps its plain triggers.
 */
export async function up(db: Kysely<any>) {
  if (!isPg(db)) return;
  await sql`DROP TRIGGER IF EXISTS service_order_count_ins ON service_order`.execute(db);
  await sql`DROP TRIGGER IF EXISTS service_order_count_upd ON service_order`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER service_order_count_ins AFTER INSERT OR DELETE ON service_order
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_count_trigger()`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER service_order_count_upd AFTER UPDATE OF status, shop_id, merchant_id, created_at
    ON service_order DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.shop_id IS DISTINCT FROM NEW.shop_id
      OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION order_count_trigger()`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (!isPg(db)) return;
  await sql`DROP TRIGGER IF EXISTS service_order_count_ins ON service_order`.execute(db);
  await sql`DROP TRIGGER IF EXISTS service_order_count_upd ON service_order`.execute(db);
  await sql`CREATE TRIGGER service_order_count_ins AFTER INSERT OR DELETE ON service_order
    FOR EACH ROW EXECUTE FUNCTION order_count_trigger()`.execute(db);
  await sql`CREATE TRIGGER service_order_count_upd AFTER UPDATE OF status, shop_id, merchant_id, created_at
    ON service_order FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.shop_id IS DISTINCT FROM NEW.shop_id
      OR OLD.merchant_id IS DISTINCT FROM NEW.merchant_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION order_count_trigger()`.execute(db);
}
