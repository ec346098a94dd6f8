import { EventEmitter } from 'node:events';
import { PostgresAdapter, sql } from 'kysely';
import { type DB, type DbHandle, openDb } from '../db/client.ts';
import { PgListener } from './pg-listener.ts';

/**
 * Wakes the live order streams of a merchant after an order event (or a message, `notifyMerchants`) was committed.
 *
 * The events themselves live in the `order_event` table (written in the transaction of each transition), so a stream
 * only needs to know "merchant M has something new" and reads the rows after its last sent id. On SQLite (one process)
 * the wake-up is an in-process emitter. On PostgreSQL it is `pg_notify('jz_order_events', '<merchantId>')` and every
 * instance LISTENs on a dedicated connection, so an order paid through instance A reaches a console connected to
 * instance B. Streams also poll every few seconds, so a lost notification (a reconnecting listener) delays an event,
 * never loses it; after a reconnect every stream is woken at once, since notifications sent meanwhile are gone.
 */
export interface OrderBus {
  publish(merchantId: number): Promise<void>;
  /** Calls `fn` when merchant `merchantId` has something new (or when anything may have been missed). */
  subscribe(merchantId: number, fn: () => void): () => void;
  /** Resolves once notifications are being received (at once in process; on PostgreSQL when LISTEN is live). */
  ready(): Promise<void>;
  /**
   * Where streams read their events: on PostgreSQL two connections of their own, so a merchant's new order is not
   * queued behind the API's queries when the main pool is busy; undefined: the app's handle.
   */
  readonly reader: DB | undefined;
  close(): Promise<void>;
}

const CHANNEL = 'jz_order_events';
/** Event name that wakes every subscriber (after a reconnect). */
const ALL = 'all';
const buses = new WeakMap<DB, OrderBus>();
/** The in-process buses (SQLite), woken by `notifyMerchants` whatever handle or transaction it was given. */
const localBuses = new Set<LocalBus>();

/** The bus of a database handle (created by the order module at start); a no-op bus before that. */
export function busOf(db: DB): OrderBus {
  return buses.get(db) ?? noopBus;
}

const noopBus: OrderBus = {
  publish: async () => {},
  subscribe: () => () => {},
  ready: async () => {},
  reader: undefined,
  close: async () => {},
};

class LocalBus implements OrderBus {
  // One event name per merchant: a notification costs one listener lookup, not a call per open stream.
  protected emitter = new EventEmitter().setMaxListeners(0);
  async publish(merchantId: number) {
    this.emitter.emit(`m${merchantId}`);
  }
  /** Wakes the streams of these merchants (null: every stream). */
  wake(merchantIds: readonly number[] | null) {
    if (merchantIds === null) this.emitter.emit(ALL);
    else for (const id of new Set(merchantIds)) this.emitter.emit(`m${id}`);
  }
  subscribe(merchantId: number, fn: () => void) {
    const key = `m${merchantId}`;
    this.emitter.on(key, fn);
    this.emitter.on(ALL, fn);
    return () => {
      this.emitter.off(key, fn);
      this.emitter.off(ALL, fn);
    };
  }
  async ready() {}
  get reader(): DB | undefined {
    return undefined;
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

class PgBus extends LocalBus {
  private listener: PgListener;
  private live!: Promise<void>;
  private markLive!: () => void;
  private readHandle: DbHandle;

  constructor(
    private db: DB,
    url: string,
    log: { warn: (o: object, m: string) => void },
  ) {
    super();
    this.readHandle = openDb({ kind: 'postgres', url, max: 2 });
    this.pending();
    this.listener = new PgListener(url, CHANNEL, 'jz-order-bus', log, {
      // Payload: a merchant id, several (comma-separated, from notifyMerchants), or 'all'.
      onNotify: (payload) => {
        if (payload === ALL) return void this.emitter.emit(ALL);
        for (const part of payload.split(',')) {
          const id = Number(part);
          if (part && Number.isInteger(id)) this.emitter.emit(`m${id}`);
        }
      },
      onLive: (again) => {
        this.markLive();
        // Notifications sent while we were not listening are gone: let every stream look now, not at its next poll.
        if (again) this.emitter.emit(ALL);
      },
      onLost: () => this.pending(),
    });
  }

  private pending() {
    this.live = new Promise((r) => {
      this.markLive = r;
    });
  }

  /**
   * The notification goes through PostgreSQL to every instance, this one included. It is sent on the listening
   * connection, which is idle between notifications: on a busy server a pooled connection can be seconds away, queued
   * behind the API's queries. Without a live listener (reconnecting), or if that fails (the listener then reconnects),
   * through the pool.
   */
  override async publish(merchantId: number) {
    if (this.listener.live)
      try {
        await this.listener.query('select pg_notify($1, $2)', [CHANNEL, String(merchantId)]);
        return;
      } catch {
        // logged by the listener; the pool sends it instead
      }
    await sql`select pg_notify(${CHANNEL}, ${String(merchantId)})`.execute(this.db);
  }

  override ready() {
    return this.live;
  }

  override get reader() {
    return this.readHandle.db;
  }

  override async close() {
    this.markLive();
    await this.listener.close();
    await this.readHandle.close().catch(() => {});
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
  if (!(bus instanceof PgBus)) localBuses.add(bus);
  buses.set(db, bus);
  return bus;
}

export function stopBus(db: DB, bus: OrderBus) {
  if (buses.get(db) === bus) buses.delete(db);
  if (bus instanceof LocalBus) localBuses.delete(bus);
  return bus.close();
}

/** pg_notify payloads are limited to 8000 bytes: merchant ids go in chunks well below that. */
const NOTIFY_CHUNK = 500;

/**
 * "Merchants M… have something new" (messages) from any handle or transaction, so the streams re-read.
 * Pass the transaction that wrote the news: on PostgreSQL the NOTIFY is transactional, so it reaches every instance
 * only once the transaction commits (and never if it rolls back). On SQLite the in-process streams are woken at once;
 * their read waits for the single connection, i.e. for the writer's transaction to end, so they see the committed
 * rows. `null`: every merchant (a broadcast to all).
 */
export async function notifyMerchants(db: DB, merchantIds: readonly number[] | null): Promise<void> {
  if (merchantIds && merchantIds.length === 0) return;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const payloads: string[] = [];
    if (merchantIds === null) payloads.push(ALL);
    else {
      const ids = [...new Set(merchantIds)];
      for (let i = 0; i < ids.length; i += NOTIFY_CHUNK) payloads.push(ids.slice(i, i + NOTIFY_CHUNK).join(','));
    }
    for (const p of payloads) await sql`select pg_notify(${CHANNEL}, ${p})`.execute(db);
    return;
  }
  for (const bus of localBuses) bus.wake(merchantIds);
}
