import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;
/** A transaction on the database: what a step that must commit with others takes. */
export type Trx = Transaction<Database>;
export type DbKind = 'sqlite' | 'postgres';

// COUNT(*) and bigint money come back from pg as strings; every such value here fits in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * LIKE with backslash escapes on SQLite, as PostgreSQL has by default, so `likeContains()` (which escapes % and _)
 * means the same on both databases. SQLite's native LIKE has no escape character without an ESCAPE clause.
 * Case-insensitive, like SQLite's own LIKE.
 */
const likeCache = new Map<string, RegExp>();
export function likeToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) re += pattern[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') re += '[\\s\\S]*';
    else if (c === '_') re += '[\\s\\S]';
    else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 'i');
}
function sqliteLike(pattern: unknown, value: unknown) {
  if (pattern === null || value === null || pattern === undefined || value === undefined) return null;
  const p = String(pattern);
  let re = likeCache.get(p);
  if (!re) {
    if (likeCache.size > 1000) likeCache.clear();
    re = likeToRegExp(p);
    likeCache.set(p, re);
  }
  return re.test(String(value)) ? 1 : 0;
}

/** Told of every query's duration (ms) and outcome: the app's metrics (plugins/metrics.ts). */
export type QueryObserver = (durationMs: number, failed: boolean) => void;
interface ObserverSlot {
  fn?: QueryObserver;
}

/**
 * Query timing, done where the driver runs the statement rather than through Kysely's `log` option: that one wraps each
 * query in three more async functions, a measurable share of a fast SQLite call. Here a SQLite statement (synchronous)
 * costs two clock reads; a PostgreSQL query one promise reaction. Nothing at all while no observer is attached.
 */
interface TimedStatement {
  reader: boolean;
  all(params: unknown): unknown[];
  run(params: unknown): SQLite.RunResult;
  iterate(params: unknown): IterableIterator<unknown>;
}
function timedStatement(stmt: SQLite.Statement, slot: ObserverSlot): TimedStatement {
  // Written out twice rather than through a callback: no closure per query on the hottest path of the server.
  return {
    reader: stmt.reader,
    all(params) {
      const fn = slot.fn;
      if (!fn) return stmt.all(params);
      const started = performance.now();
      let rows: unknown[];
      try {
        rows = stmt.all(params);
      } catch (err) {
        fn(performance.now() - started, true);
        throw err;
      }
      fn(performance.now() - started, false);
      return rows;
    },
    run(params) {
      const fn = slot.fn;
      if (!fn) return stmt.run(params);
      const started = performance.now();
      let result: SQLite.RunResult;
      try {
        result = stmt.run(params);
      } catch (err) {
        fn(performance.now() - started, true);
        throw err;
      }
      fn(performance.now() - started, false);
      return result;
    },
    iterate: (params) => stmt.iterate(params),
  };
}

function timePgQueries(client: pg.PoolClient, slot: ObserverSlot) {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const fn = slot.fn;
    const started = fn && performance.now();
    // pool.query (the prepared statements, db/prepared.ts) passes a callback and gets no promise: time the callback.
    const last = args.length - 1;
    const cb = args[last];
    if (fn && typeof cb === 'function')
      args[last] = (err: unknown, res: unknown) => {
        fn(performance.now() - started!, Boolean(err));
        return (cb as (e: unknown, r: unknown) => unknown)(err, res);
      };
    const result = query.apply(this, args);
    // Kysely's queries answer a promise; a cursor (streamed query) is left alone.
    if (fn && result instanceof Promise)
      result.then(
        () => fn(performance.now() - started!, false),
        () => fn(performance.now() - started!, true),
      );
    return result;
  } as typeof client.query;
}

/**
 * Kysely's SQLite driver prepares every statement again on each call (~20 % of a simple request's CPU): keep the
 * prepared statements by SQL text. Safe because better-sqlite3 runs a statement synchronously to completion (nothing
 * here streams with iterate()), and a schema change makes SQLite re-prepare a cached statement by itself.
 */
function withStatementCache(sqlite: SQLite.Database, slot: ObserverSlot): SQLite.Database {
  const cache = new Map<string, TimedStatement>();
  const prepare = (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      if (cache.size >= 2000) cache.clear(); // generated SQL (IN lists of many lengths) must not grow it for ever
      try {
        stmt = timedStatement(sqlite.prepare(sql), slot);
      } catch (err) {
        // A statement SQLite refuses to prepare (syntax, a missing table) is a failed query too.
        slot.fn?.(0, true);
        throw err;
      }
      cache.set(sql, stmt);
    }
    return stmt;
  };
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') return prepare;
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

// Per Kysely instance: the observer slot its driver reads, and (PostgreSQL) its pool for the pool gauges.
const observers = new WeakMap<DB, ObserverSlot>();
const pools = new WeakMap<DB, pg.Pool>();

/** Sets (or clears) who hears of the queries of a handle opened by openDb(); a no-op for any other Kysely. */
export function observeQueries(db: DB, fn: QueryObserver | undefined) {
  const slot = observers.get(db);
  if (slot) slot.fn = fn;
}

/** The pg pool behind a PostgreSQL handle opened by openDb() (undefined on SQLite). */
export function poolOf(db: DB | undefined): pg.Pool | undefined {
  return db && pools.get(db);
}

export interface DbHandle {
  db: DB;
  kind: DbKind;
  close: () => Promise<void>;
}

/** Opens SQLite (a file path or ':memory:') or PostgreSQL (postgres:// URL). */
export function openDb(
  target: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; max?: number },
): DbHandle {
  const plugins = [new CamelCasePlugin()];
  const slot: ObserverSlot = {};
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.max ?? 10 });
    // An idle client that loses its connection (database restart, terminated backend) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on('error', (err) => console.error(`postgres pool: idle client error: ${err.message}`));
    // A checked-out client whose backend is terminated emits 'error' too; unhandled, that would end the process. The
    // query in flight fails (a 500 envelope) and the pool discards the broken client on release.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error(`postgres client error: ${err.message}`));
      timePgQueries(client, slot);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    observers.set(db, slot);
    pools.set(db, pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.function('like', { deterministic: true }, sqliteLike);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, slot) }),
    plugins,
  });
  observers.set(db, slot);
  return { db, kind: 'sqlite', close: () => db.destroy() };
}
