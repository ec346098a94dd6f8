import { createHash } from 'node:crypto';
import { CamelCasePlugin, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import { type DB, poolOf } from './client.ts';
import { isPg } from './migration-kit.ts';

/**
 * Hot statements built and compiled once, then run with new parameters (docs/performance.md: Kysely's building, plugin
 * transforms and compiling were a fifth of the order list's CPU).
 *
 *   const rows = await runPrepared(db, 'auth.caller', { tokenHash, now }, (p) =>
 *     db.selectFrom('session').select(...).where('session.tokenHash', '=', p.tokenHash)...);
 *
 * The builder runs once per key and database kind, with placeholders for the named parameters (`p.tokenHash`);
 * constants written in the builder stay constants. One key is one SQL text: a query whose shape varies (an optional
 * filter, a nullable shop) puts the shape in its key, and tenant and shop limits stay in the SQL as parameters.
 * Parameters must be scalars (an `in` list has a variable length: give it its own key per length, or do not prepare).
 *
 * Execution: on PostgreSQL outside a transaction, a named statement on the pool (parsed and planned once per
 * connection, not per call); in a transaction, or on SQLite, through Kysely's executor with the compiled query (the
 * SQLite driver keeps its prepared statements by SQL text, db/client.ts; its one connection stays serialised by
 * Kysely). Rows are camelCased by the same plugin as every other query. A handle with other plugins (tests' query
 * recorders) runs the query built afresh with this call's values, through its plugins.
 */

type Params = object;
interface Template {
  compiled: CompiledQuery;
  /** Per parameter position: the named parameter it takes, or undefined for a constant of the builder. */
  names: (string | undefined)[];
  /** The PostgreSQL statement name: a hash of the SQL, so one name never stands for two texts. */
  pgName: string;
}

const PLACEHOLDER = '\u0000jz-param:';
const camel = new CamelCasePlugin();
/** Per database kind (the SQL differs); bounded, since a key per shape cannot grow without limit in practice. */
const templates = { pg: new Map<string, Template>(), sqlite: new Map<string, Template>() };
const MAX_TEMPLATES = 1000;

function compile<P extends Params>(key: string, build: (p: P) => Compilable<unknown>): Template {
  const placeholders = new Proxy({} as P, {
    get: (_, name) => (typeof name === 'string' ? PLACEHOLDER + name : undefined),
  });
  const compiled = build(placeholders).compile();
  const names = compiled.parameters.map((v) =>
    typeof v === 'string' && v.startsWith(PLACEHOLDER) ? v.slice(PLACEHOLDER.length) : undefined,
  );
  // A placeholder the builder transformed (wrapped in %…%, parsed as a date) would be sent as text: refuse it.
  for (const v of compiled.parameters)
    if (typeof v === 'string' && v.includes(PLACEHOLDER) && !v.startsWith(PLACEHOLDER))
      throw new Error(`prepared ${key}: a parameter was transformed inside the builder; pass the final value`);
  const pgName = `jz_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 24)}`;
  return { compiled, names, pgName };
}

function templateOf<P extends Params>(db: DB, key: string, build: (p: P) => Compilable<unknown>) {
  const cache = isPg(db) ? templates.pg : templates.sqlite;
  let t = cache.get(key);
  if (!t) {
    if (cache.size >= MAX_TEMPLATES) cache.clear();
    t = compile(key, build);
    cache.set(key, t);
  }
  return t;
}

/** The compiled SQL of a key (tests: what a prepared statement sends). */
export function preparedSql(db: DB, key: string) {
  return (isPg(db) ? templates.pg : templates.sqlite).get(key)?.compiled.sql;
}

/** Runs the statement `key` (built by `build` the first time) with `values`; answers its rows. */
export async function runPrepared<P extends Params, O>(
  db: DB,
  key: string,
  values: P,
  build: (p: P) => Compilable<O>,
): Promise<O[]> {
  // A handle with plugins of its own (a test's recorder, a query log) gets the query built for this call, so its
  // plugins see it as they see every other query.
  if (db.getExecutor().plugins.some((p) => !(p instanceof CamelCasePlugin)))
    return (await db.executeQuery(build(values))).rows;
  const t = templateOf(db, key, build);
  const parameters = t.names.map((name, i) => {
    if (name === undefined) return t.compiled.parameters[i];
    const v = (values as Record<string, unknown>)[name];
    if (v === undefined) throw new Error(`prepared ${key}: no value for ${name}`);
    return v;
  });
  const pool = db.isTransaction ? undefined : poolOf(db);
  if (pool) {
    const result = await pool.query({ name: t.pgName, text: t.compiled.sql, values: parameters });
    const mapped = await camel.transformResult({
      queryId: t.compiled.queryId,
      result: { rows: result.rows } as QueryResult<Record<string, unknown>>,
    });
    return mapped.rows as O[];
  }
  const result = await db.executeQuery<O>({ ...t.compiled, parameters } as CompiledQuery<O>);
  return result.rows;
}
