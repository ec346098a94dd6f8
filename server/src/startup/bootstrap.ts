import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { discoverModules } from '../modules/discover.ts';
import type { DB } from '../db/client.ts';
import { migrateToLatest, pendingMigrations } from '../db/migrate.ts';
import { isPg } from '../db/migration-kit.ts';
import { markSeeded, seededWith, seedFingerprint } from './seed/fingerprint.ts';
import { hasMerchants, runSeeds } from './seed/run.ts';
import { requireAdminPhone } from './production-guard.ts';

type Log = Pick<FastifyBaseLogger, 'info'> & Partial<Pick<FastifyBaseLogger, 'warn'>>;

export interface BootstrapOptions {
  /**
   * false: migrate nothing, only refuse to go on when migrations are pending (upgrades run `migrate` once, then start
   * the instances with MIGRATE_ON_START=false). Default: MIGRATE_ON_START from the environment, true when unset.
   */
  migrate?: boolean;
}

/** MIGRATE_ON_START: true (default) | false. Read here rather than in config.ts, whose schema another change owns. */
export function migrateOnStart(env: Record<string, string | undefined> = process.env): boolean {
  const v = (env.MIGRATE_ON_START ?? '').trim().toLowerCase();
  if (v === '' || v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new Error(`Invalid configuration:\n  MIGRATE_ON_START: must be true or false (got "${env.MIGRATE_ON_START}")`);
}

/**
 * Migrates, runs every module's base seed, and seeds demo data when the database has no merchant yet. The base seeds
 * are skipped when this database was last seeded by the same sources (seed/fingerprint.ts): a restart of an unchanged
 * server writes nothing. A migration applied in this run forces them too.
 *
 * Several instances starting together on one database take turns (withBootstrapLock): the first migrates and seeds,
 * the others wait, then find nothing pending and the catalogue seeded by the same build.
 */
export async function bootstrapDatabase(db: DB, config: Config, log: Log, opts: BootstrapOptions = {}) {
  if (!(opts.migrate ?? migrateOnStart())) return checkMigrated(db, log);
  await withBootstrapLock(db, log, async () => {
    await requireAdminPhone(db, config);
    const applied = await migrateToLatest(db);
    if (applied.length) log.info({ applied }, 'migrations applied');
    const demo = config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && !(await hasMerchants(db)));
    const fingerprint = seedFingerprint();
    if (!demo && !applied.length && (await seededWith(db, fingerprint))) {
      log.info('seed catalogue unchanged: base seeds skipped');
      return;
    }
    await runSeeds(db, await discoverModules(), { demo });
    await markSeeded(db, fingerprint);
    if (demo && config.NODE_ENV === 'production')
      log.warn?.('SEED_DEMO=always in production: demo data seeded (demo merchants, orders, customers)');
    else if (demo) log.info('demo data seeded');
  });
}

/** MIGRATE_ON_START=false: the schema must already be this code's; stale base seeds are only worth a warning. */
async function checkMigrated(db: DB, log: Log) {
  const pending = await pendingMigrations(db);
  if (pending.length)
    throw new Error(
      `MIGRATE_ON_START=false, but ${pending.length} migration(s) are pending (${pending.slice(0, 3).join(', ')}` +
        `${pending.length > 3 ? ', …' : ''}): run the migrate command once (node server.mjs migrate, or ` +
        'npm run db:migrate), then start the instances',
    );
  if (!(await seededWith(db, seedFingerprint())))
    log.warn?.('base seeds (menus, dictionaries, roles) were not run by this build: run the migrate command once');
  log.info('MIGRATE_ON_START=false: schema up to date, migrations not run at start');
}

/**
 * One bootstrap at a time per database, across processes and machines.
 * PostgreSQL: a session advisory lock held on one pooled connection while the work runs on the others (the pool needs
 * at least two connections; it is released by the server if this process dies).
 * SQLite: a lock row written under BEGIN IMMEDIATE (kysely_bootstrap_lock, beside Kysely's own bookkeeping tables),
 * with an expiry kept fresh while the work runs; a row left by a dead process on this host, or expired, is taken over.
 */
export async function withBootstrapLock<T>(db: DB, log: Log, work: () => Promise<T>): Promise<T> {
  return isPg(db) ? withPgLock(db, log, work) : withSqliteLock(db, log, work);
}

/** 'jzboot' as a number: the key of this lock (Kysely's own migration lock uses another). */
const PG_LOCK_KEY = sql.raw(String(0x6a7a626f6f74));

async function withPgLock<T>(db: DB, log: Log, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${PG_LOCK_KEY}) as got`.execute(conn);
    if (!rows[0]?.got) {
      log.info('another instance is migrating this database: waiting for it');
      await sql`select pg_advisory_lock(${PG_LOCK_KEY})`.execute(conn);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${PG_LOCK_KEY})`.execute(conn);
    }
  });
}

const SQLITE_LOCK_TTL_MS = 10 * 60_000;
const SQLITE_LOCK_BEAT_MS = 15_000;

async function withSqliteLock<T>(db: DB, log: Log, work: () => Promise<T>): Promise<T> {
  await sql`create table if not exists kysely_bootstrap_lock (
    id integer primary key check (id = 1), owner text not null, expires integer not null)`.execute(db);
  const owner = `${hostname()} ${process.pid} ${randomUUID()}`;
  for (let waited = false; ; waited = true) {
    const holder = await takeSqliteLock(db, owner);
    if (holder === undefined) break;
    if (!waited) log.info({ holder }, 'another process is migrating this database: waiting for it');
    await new Promise((r) => setTimeout(r, 200));
  }
  // Refreshed between the work's queries (the one SQLite connection is busy during a migration): the TTL is long.
  const beat = setInterval(() => {
    sql`update kysely_bootstrap_lock set expires = ${Date.now() + SQLITE_LOCK_TTL_MS} where owner = ${owner}`
      .execute(db)
      .catch(() => {});
  }, SQLITE_LOCK_BEAT_MS);
  beat.unref();
  try {
    return await work();
  } finally {
    clearInterval(beat);
    await sql`delete from kysely_bootstrap_lock where owner = ${owner}`.execute(db);
  }
}

/** Takes the lock row when free; answers undefined when taken, else who holds it ('busy': the write lock was held). */
async function takeSqliteLock(db: DB, owner: string): Promise<string | undefined> {
  return db.connection().execute(async (conn) => {
    try {
      await sql`begin immediate`.execute(conn);
    } catch (err) {
      // Another process held SQLite's write lock past busy_timeout (a long migration statement): try again later.
      if (String((err as { code?: string }).code).startsWith('SQLITE_BUSY')) return 'busy';
      throw err;
    }
    try {
      const row = (
        await sql<{ owner: string; expires: number }>`select owner, expires from kysely_bootstrap_lock`.execute(conn)
      ).rows[0];
      const free = !row || row.expires < Date.now() || deadOnThisHost(row.owner);
      if (free)
        await sql`insert or replace into kysely_bootstrap_lock (id, owner, expires)
          values (1, ${owner}, ${Date.now() + SQLITE_LOCK_TTL_MS})`.execute(conn);
      await sql`commit`.execute(conn);
      return free ? undefined : row.owner;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    }
  });
}

/** Whether the lock's owner was a process of this host that no longer exists (it died holding the lock). */
function deadOnThisHost(owner: string): boolean {
  const [host, pidText] = owner.split(' ');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
