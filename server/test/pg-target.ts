import pg from 'pg';

/** The PostgreSQL server the postgres run uses; each run creates and drops its own databases there. */
export const pgTarget = () => process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The same server, another database. */
export function pgUrlFor(adminUrl: string, database: string) {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Undefined when a connection succeeds within 3 s, else why not. */
export async function pgReachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs statements on the admin database with a short-lived connection (CREATE/DROP DATABASE cannot share a pool). */
export async function pgAdmin(url: string, ...statements: string[]) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const out = [];
    for (const s of statements) out.push(await client.query(s));
    return out;
  } finally {
    await client.end();
  }
}
