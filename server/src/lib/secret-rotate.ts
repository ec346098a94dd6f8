import { type Kysely, sql } from 'kysely';
import { blindIndex, dataKeys, isSealed, type KeyRing, keyIdOf, open, SecretError, seal } from './secret-box.ts';

/** A sealed column (camelCase names, as the app's Kysely sees them) and its keyed-hash column, if it has one. */
export interface SecretField {
  table: string;
  column: string;
  purpose: string;
  hash?: { column: string; normalize: (plain: string) => string };
}

export interface RotateReport {
  table: string;
  column: string;
  /** Rows looked at (those not already sealed and hashed under the current key). */
  scanned: number;
  /** Re-sealed (or re-hashed) under the current key. */
  resealed: number;
  /** Of those, values that were stored in clear (written before migration 1700, or by an old instance). */
  fromPlaintext: number;
  /** Ids of rows whose value did not open (altered, or under a key no longer in the ring): left as they are. */
  failed: number[];
}

/**
 * Brings every value of one field under the ring's current key, in batches of `batch` rows (one transaction each),
 * by id order. Rows already under the current key are not selected, so a second run does nothing (idempotent), and an
 * interrupted run resumes where it stopped. Each update is conditional on the value read: a row the application
 * rewrote meanwhile is left to it (it is then under the current key already). Runs on SQLite and PostgreSQL; inside a
 * migration's transaction it uses that transaction.
 */
export async function rotateField(
  db: Kysely<any>,
  f: SecretField,
  opts: { ring?: KeyRing; batch?: number } = {},
): Promise<RotateReport> {
  const ring = opts.ring ?? dataKeys();
  const cur = ring.current.id;
  const batch = opts.batch ?? 500;
  const report: RotateReport = {
    table: f.table,
    column: f.column,
    scanned: 0,
    resealed: 0,
    fromPlaintext: 0,
    failed: [],
  };
  const inTx = <T>(fn: (tx: Kysely<any>) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  let after = 0;
  for (;;) {
    const cols = ['id', f.column, ...(f.hash ? [f.hash.column] : [])];
    const rows = (await db
      .selectFrom(f.table)
      .select(cols)
      .where('id', '>', after)
      .where(f.column, 'is not', null)
      // '' = no value (an employee added without an ID number): nothing to seal, and no hash (it would collide).
      .where(f.column, '!=', '')
      .where((eb) => {
        // Key ids are lowercase letters, digits and '-': no LIKE wildcard, and SQLite's case-blind LIKE cannot confuse two.
        const stale = [eb(f.column, 'not like', `enc:v1:${cur}:%`)];
        if (f.hash) stale.push(eb(f.hash.column, 'is', null), eb(f.hash.column, 'not like', `${cur}:%`));
        return eb.or(stale);
      })
      .orderBy('id')
      .limit(batch)
      .execute()) as Record<string, unknown>[];
    if (!rows.length) break;
    after = Number(rows[rows.length - 1].id);
    await inTx(async (tx) => {
      for (const r of rows) {
        report.scanned++;
        const value = r[f.column] as string;
        let plain: string;
        if (isSealed(value)) {
          try {
            plain = open(f.purpose, value, { table: f.table, id: Number(r.id) }, ring);
          } catch (err) {
            if (!(err instanceof SecretError)) throw err;
            report.failed.push(Number(r.id));
            continue;
          }
        } else {
          plain = value;
          report.fromPlaintext++;
        }
        const set: Record<string, string> = {};
        if (keyIdOf(value) !== cur) set[f.column] = seal(f.purpose, plain, ring);
        if (f.hash) {
          const h = blindIndex(f.purpose, f.hash.normalize(plain), ring);
          if (r[f.hash.column] !== h) set[f.hash.column] = h;
        }
        if (!Object.keys(set).length) continue;
        const u = await tx
          .updateTable(f.table)
          .set(set)
          .where('id', '=', r.id as number)
          .where(f.column, '=', value)
          .executeTakeFirst();
        if (Number(u.numUpdatedRows) === 1) report.resealed++;
      }
    });
  }
  return report;
}

/** Values of a field still not under the current key (for reports and tests). */
export async function staleCount(db: Kysely<any>, f: SecretField, ring: KeyRing = dataKeys()) {
  const r = await db
    .selectFrom(f.table)
    .select(sql<number>`count(*)`.as('n'))
    .where(f.column, 'is not', null)
    .where(f.column, '!=', '')
    .where(f.column, 'not like', `enc:v1:${ring.current.id}:%`)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
