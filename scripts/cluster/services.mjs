// The shared services of the cluster: one fresh PostgreSQL database per run (created on the admin URL, dropped after)
// and Redis (the global rate limit's shared counters). Both are probed first, so a machine without them skips.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

export const PG_ADMIN = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function withClient(url, fn) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => {});
  }
}

export async function pgReachable() {
  try {
    await withClient(PG_ADMIN, (c) => c.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

/** PING over a bare socket: answers true on +PONG (or -NOAUTH: a Redis is there, it wants a password). */
export function redisReachable(url = REDIS_URL) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 6379), u.hostname);
    const timer = setTimeout(() => {
      s.destroy();
      resolve(false);
    }, 2000);
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => {
      clearTimeout(timer);
      s.destroy();
      resolve(/^(\+PONG|-NOAUTH)/.test(String(d)));
    });
    s.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

/** A fresh, empty database: the first instance (or the release's migrate command) migrates and seeds it. */
export async function createDatabase() {
  const name = `jz_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  await withClient(PG_ADMIN, (c) => c.query(`CREATE DATABASE ${name}`));
  const u = new URL(PG_ADMIN);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

export async function dropDatabase(name) {
  await withClient(PG_ADMIN, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** A small pool on the run's database for the checks (read-only use). */
export function openPool(url) {
  return new pg.Pool({ connectionString: url, max: 3 });
}

/** One Redis command over a bare socket (RESP): answers a bulk string, an integer or null. */
export function redisCommand(args, url = REDIS_URL) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(u.port || 6379), u.hostname);
    let buf = '';
    const done = (v) => {
      s.destroy();
      resolve(v);
    };
    s.once('connect', () =>
      s.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('')}`),
    );
    s.on('data', (d) => {
      buf += d;
      const line = buf.indexOf('\r\n');
      if (line < 0) return;
      const head = buf.slice(0, line);
      if (head[0] === ':') return done(Number(head.slice(1)));
      if (head[0] === '-') return reject(new Error(head.slice(1)));
      if (head[0] === '$') {
        const n = Number(head.slice(1));
        if (n < 0) return done(null);
        if (buf.length >= line + 2 + n) done(buf.slice(line + 2, line + 2 + n));
      }
    });
    s.once('error', reject);
  });
}
