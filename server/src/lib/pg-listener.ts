import pg from 'pg';

type Log = { warn: (o: object, m: string) => void };

export interface ListenerHooks {
  /** A notification on the channel (payload as sent, '' when none). */
  onNotify(payload: string): void;
  /** Listening: the first time, or `again` after a reconnect (notifications sent meanwhile are gone). */
  onLive?(again: boolean): void;
  /** The listening connection was given up on: notifications from now until the next onLive are lost. */
  onLost?(): void;
}

const RETRY_MS = 1000;
/** How often the idle connection is checked: a silently dead one would otherwise go unnoticed. */
const HEALTH_MS = 30_000;

/**
 * One PostgreSQL LISTEN connection kept alive: connected on its own (never a pooled connection, which the pool would
 * hand to other queries), checked every 30 s, replaced a second after it fails. The order bus and the caller cache
 * each hold one; what they do with a notification, and with a gap in them, is theirs (hooks).
 */
export class PgListener {
  private client: pg.Client | undefined;
  private closed = false;
  private connectedOnce = false;
  private retry: NodeJS.Timeout | undefined;
  /** Clients already given up on: a late error or failed check of one must not start a second listener. */
  private dropped = new WeakSet<pg.Client>();
  private health: NodeJS.Timeout;

  constructor(
    private url: string,
    private channel: string,
    /** application_name of the connection, and the prefix of its log lines. */
    private name: string,
    private log: Log,
    private hooks: ListenerHooks,
  ) {
    this.health = setInterval(() => void this.ping(), HEALTH_MS);
    this.health.unref();
    void this.connect();
  }

  /** LISTEN is in place now. */
  get live() {
    return this.client !== undefined;
  }

  /**
   * A query on the listening connection, which is idle between notifications (a pooled one can be queued behind the
   * API's). A failure replaces the connection and is thrown; without a connection it throws at once.
   */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]) {
    const c = this.client;
    if (!c) throw new Error(`${this.name}: not listening`);
    try {
      return await c.query<R>(text, values);
    } catch (err) {
      this.log.warn({ err }, `${this.name}: query on the LISTEN connection failed, reconnecting`);
      this.reconnect(c);
      throw err;
    }
  }

  /**
   * `select 1` on the listening connection: true once it returned on the connection still in use. A listening backend
   * sends every notification it was signalled before it answers, so on true those are delivered.
   */
  async ping(): Promise<boolean> {
    const c = this.client;
    if (!c || this.closed) return false;
    try {
      await c.query('select 1');
      return this.client === c;
    } catch (err) {
      this.log.warn({ err }, `${this.name}: LISTEN connection unhealthy, reconnecting`);
      this.reconnect(c);
      return false;
    }
  }

  private async connect() {
    if (this.closed) return;
    // keepAlive: a peer that vanished without a FIN (a NAT, a failover) is noticed by the OS instead of never.
    // query_timeout: a check or a NOTIFY on a connection that hangs fails fast instead of holding a request.
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      query_timeout: 2000,
      application_name: this.name,
    });
    client.on('notification', (n) => {
      if (n.channel === this.channel) this.hooks.onNotify(n.payload ?? '');
    });
    client.on('error', (err) => {
      this.log.warn({ err }, `${this.name}: LISTEN connection lost, reconnecting`);
      this.reconnect(client);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      this.hooks.onLive?.(this.connectedOnce);
      this.connectedOnce = true;
    } catch (err) {
      this.log.warn({ err }, `${this.name}: cannot LISTEN, retrying`);
      this.reconnect(client);
    }
  }

  private reconnect(old: pg.Client) {
    if (this.dropped.has(old)) return;
    this.dropped.add(old);
    old.end().catch(() => {});
    if (this.client === old) {
      this.client = undefined;
      this.hooks.onLost?.();
    }
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, RETRY_MS);
    this.retry.unref();
  }

  async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    clearInterval(this.health);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => {});
  }
}
