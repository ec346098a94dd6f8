import type { DB } from '../db/client.ts';
import type { AuthUser } from './caller.ts';
import { PgListener } from './pg-listener.ts';

/**
 * The signed-in caller kept in process on PostgreSQL (docs/performance.md), so a repeat request sends no session query.
 *
 * Never stale, across instances too:
 * - Every change to a user row or a session (sign-out, token deleted, user disabled, any change to its rights, which
 *   raises its auth_version) sends `pg_notify('jz_auth', '<user id>')` from a trigger in the writing transaction
 *   (migration 2040), delivered at commit, never on rollback. Each instance LISTENs on a connection of its own (lib/pg-listener.ts,
 *   as the order bus does) and drops that user's callers.
 * - A hit is answered only after a `select 1` on that same connection, started after the request arrived, has returned.
 *   PostgreSQL signals the listeners before it tells the writer its commit is done, and a listening backend sends the
 *   notifications it was signalled before it answers the next query on its connection; so any change whose commit
 *   returned before this request arrived has been applied to the cache by then. Concurrent hits share one such check
 *   (one in flight, the next queued), so under load it costs far less than a session query per request.
 * - A look-up that read the database stores its answer only if nothing was dropped meanwhile (`epoch`): a notification
 *   that overtook the read cannot be undone by it.
 * - While the connection is down or reconnecting, the cache is empty and bypassed (the round trip, as on SQLite), since
 *   notifications sent meanwhile are lost; a 30 s TTL and the session's own expiry are the backstop.
 */
const CHANNEL = 'jz_auth';
const TTL_MS = 30_000;
/** A bound so a flood of distinct tokens cannot grow it for ever. */
const MAX_ENTRIES = 50_000;

interface Entry {
  user: AuthUser;
  /** When the session expires (ms). */
  expiresAt: number;
  storedAt: number;
}

type Log = { warn: (o: object, m: string) => void };

export class CallerCache {
  private byToken = new Map<string, Entry>();
  private byUser = new Map<number, Set<string>>();
  /** Raised by every drop: a look-up begun before it must not store what it read. */
  private epoch = 0;
  private listener: PgListener;
  /** The check in flight, and the one queued behind it for requests that arrived after it was sent. */
  private inFlight: Promise<boolean> | undefined;
  private queued: Promise<boolean> | undefined;

  constructor(url: string, log: Log) {
    // The listener's health check is the same `select 1` a hit waits for: a dead connection is noticed and replaced.
    this.listener = new PgListener(url, CHANNEL, 'jz-caller-cache', log, {
      onNotify: (payload) => {
        const id = Number(payload);
        if (payload !== '*' && payload !== '' && Number.isInteger(id)) this.dropUser(id);
        else this.clear();
      },
      // Nothing is kept while not listening (store refuses then); start from empty all the same.
      onLive: () => this.clear(),
      // Notifications sent from now until LISTEN is back are lost: nothing kept may be trusted.
      onLost: () => this.clear(),
    });
  }

  /** Listening now: what is read may be kept. */
  get live() {
    return this.listener.live;
  }

  /** Taken before reading the caller from the database; `store` keeps the answer only if nothing was dropped since. */
  ticket(): number | undefined {
    return this.listener.live ? this.epoch : undefined;
  }

  store(ticket: number | undefined, tokenHash: string, user: AuthUser, expiresAt: string) {
    if (ticket === undefined || ticket !== this.epoch || !this.listener.live) return;
    if (this.byToken.size >= MAX_ENTRIES) this.clear();
    this.byToken.set(tokenHash, { user, expiresAt: Date.parse(expiresAt), storedAt: Date.now() });
    const tokens = this.byUser.get(user.id);
    if (tokens) tokens.add(tokenHash);
    else this.byUser.set(user.id, new Set([tokenHash]));
  }

  /** The cached caller of a token, once no change committed before this call can still be on its way; else undefined. */
  async get(tokenHash: string): Promise<AuthUser | undefined> {
    const e = this.byToken.get(tokenHash);
    if (!e || !this.listener.live) return undefined;
    const now = Date.now();
    if (now - e.storedAt > TTL_MS || now >= e.expiresAt) {
      this.forget(tokenHash, e.user.id);
      return undefined;
    }
    if (!(await this.caughtUp())) return undefined;
    // Dropped while we waited (a notification, a reconnect): the round trip answers.
    return this.byToken.get(tokenHash) === e ? e.user : undefined;
  }

  private forget(tokenHash: string, userId: number) {
    this.byToken.delete(tokenHash);
    const tokens = this.byUser.get(userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byUser.delete(userId);
  }

  private dropUser(userId: number) {
    this.epoch++;
    for (const t of this.byUser.get(userId) ?? []) this.byToken.delete(t);
    this.byUser.delete(userId);
  }

  private clear() {
    this.epoch++;
    this.byToken.clear();
    this.byUser.clear();
  }

  /** Resolves true once a check sent after this call returned on the listening connection. */
  private caughtUp(): Promise<boolean> {
    if (!this.inFlight) return this.startPing();
    // The one in flight may have been sent before this request arrived: wait for the next.
    this.queued ??= this.inFlight.then(() => {
      this.queued = undefined;
      return this.startPing();
    });
    return this.queued;
  }

  private startPing(): Promise<boolean> {
    const p: Promise<boolean> = this.listener.ping().finally(() => {
      if (this.inFlight === p) this.inFlight = undefined;
    });
    this.inFlight = p;
    return p;
  }

  /** For tests: the listening connection's backend pid (to kill it), undefined when not listening. */
  async listenerPid(): Promise<number | undefined> {
    if (!this.listener.live) return undefined;
    return (await this.listener.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
  }

  async close() {
    await this.listener.close();
    this.clear();
  }
}

const caches = new WeakMap<DB, CallerCache>();

/** The cache of a database handle; undefined on SQLite or before the app started it. */
export function callerCacheOf(db: DB): CallerCache | undefined {
  return caches.get(db);
}

export function startCallerCache(db: DB, url: string, log: Log): CallerCache {
  const cache = new CallerCache(url, log);
  caches.set(db, cache);
  return cache;
}

export function stopCallerCache(db: DB, cache: CallerCache) {
  if (caches.get(db) === cache) caches.delete(db);
  return cache.close();
}
