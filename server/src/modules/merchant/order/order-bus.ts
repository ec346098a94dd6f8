import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';

/**
 * Wakes the live order streams of a merchant after an order event was committed.
 *
 * The events themselves live in the `order_event` table (written in the transaction of each transition), so a stream
 * only needs to know "merchant M has something new" and reads the rows after its last sent id. On SQLite (one process)
 * the wake-up is an in-process emitter. On PostgreSQL it is `pg_notify('jz_order_events', '<merchantId>')` and every
 * instance LISTENs on a dedicated connection, so an order paid through instance A reaches a console connected to
 * instance B. Streams also poll every few seconds, so a lost notification (a reconnecting listener) delays an event,
 * never loses it.
 */
export interface OrderBus {
  publish(merchantId: number): Promise<void>;
  subscribe(fn: (merchantId: number) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'jz_order_events';
const buses = new WeakMap<DB, OrderBus>();

/** The bus of a database handle (created by the order module at start); a no-op bus before that. */
export function busOf(db: DB): OrderBus {
  return buses.get(db) ?? noopBus;
}

const noopBus: OrderBus = {
  publish: async () => {},
  subscribe: () => () => {},
  close: async () => {},
};

class LocalBus implements OrderBus {
  protected emitter = new EventEmitter().setMaxListeners(0);
  async publish(merchantId: number) {
    this.emitter.emit('m', merchantId);
  }
  subscribe(fn: (merchantId: number) => void) {
    this.emitter.on('m', fn);
    return () => void this.emitter.off('m', fn);
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

class PgBus extends LocalBus {
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private db: DB,
    private url: string,
    private log: { warn: (o: object, m: string) => void },
  ) {
    super();
    void this.connect();
  }

  private async connect() {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      const id = Number(n.payload);
      if (Number.isInteger(id)) this.emitter.emit('m', id);
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'order bus: LISTEN connection lost, reconnecting');
      this.reconnect(client);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed) await client.end();
      else this.client = client;
    } catch (err) {
      this.log.warn({ err }, 'order bus: cannot LISTEN, retrying');
      this.reconnect(client);
    }
  }

  private reconnect(old: pg.Client) {
    old.end().catch(() => {});
    if (this.client === old) this.client = undefined;
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, 1000);
    this.retry.unref();
  }

  /** The notification goes through PostgreSQL to every instance, this one included. */
  override async publish(merchantId: number) {
    await sql`select pg_notify(${CHANNEL}, ${String(merchantId)})`.execute(this.db);
  }

  override async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.client?.end().catch(() => {});
    await super.close();
  }
}

export function startBus(
  db: DB,
  kind: 'sqlite' | 'postgres',
  url: string | undefined,
  log: { warn: (o: object, m: string) => void },
): OrderBus {
  const bus = kind === 'postgres' && url ? new PgBus(db, url, log) : new LocalBus();
  buses.set(db, bus);
  return bus;
}

export function stopBus(db: DB, bus: OrderBus) {
  if (buses.get(db) === bus) buses.delete(db);
  return bus.close();
}
