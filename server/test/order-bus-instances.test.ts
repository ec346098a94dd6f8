import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DbHandle, openDb } from '../src/db/client.ts';
import { sendMessage } from '../src/modules/merchant/message/message.service.ts';
import { busOf, notifyMerchants } from '../src/lib/order-bus.ts';
import type { App } from '../src/modules/types.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp, testDbKind } from './helpers/index.ts';
import { placedOrder } from './helpers/order-flow.ts';

/**
 * Two app instances on ONE PostgreSQL database (docs/performance.md; live orders): the order bus of each instance LISTENs on
 * `jz_order_events`, so an order paid through instance 1 wakes the merchant's streams on instance 2 within a second
 * (instance 2's own poll is 3 s, so only the NOTIFY can be this fast). PostgreSQL only: SQLite is one process.
 */
const D = 'app/jiazheng/pay/dingdan';
const C = 'app/jiazheng/customer';

let t: TestApp;
let handle2: DbHandle;
let app2: App;
let ownerA: Api;
let shop: { id: number; merchantId: number };
let other: { merchantId: number };

describe.skipIf(testDbKind() !== 'postgres')('order bus across two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    handle2 = openDb({ kind: 'postgres', url: t.app.config.DATABASE_URL!, max: 2 });
    app2 = await buildApp(t.app.config, { db: handle2, logger: false });
    ownerA = api(t.app, await loginAs(t.app, PHONES.ownerA));
    shop = await t.db
      .selectFrom('shop')
      .select(['id', 'merchantId'])
      .where('name', '=', '运城洁家家政（总店）')
      .executeTakeFirstOrThrow();
    other = await t.db
      .selectFrom('merchant')
      .select('id as merchantId')
      .where('id', '!=', shop.merchantId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await Promise.all([busOf(t.db).ready(), busOf(app2.db).ready()]);
  });
  afterAll(async () => {
    await app2?.close();
    await handle2?.close();
    await t?.close();
  });

  /** Places and pays an order through an instance (the real customer API); answers the id and when pay returned. */
  async function payThrough(app: App) {
    const placed = await placedOrder(t, shop.id, { app, customerName: '多实例' });
    const started = performance.now();
    const paid = await placed.customer.post(`${C}/order/pay`, { id: placed.id });
    expect(paid.code).toBe(200);
    return { id: placed.id, started, returned: performance.now() };
  }

  /** The next wake-up of a merchant on an instance's bus, as a performance.now() time (rejects after `ms`). */
  function nextWake(app: App, merchantId: number, ms = 3000) {
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`no wake-up for merchant ${merchantId} within ${ms} ms`));
      }, ms);
      const off = busOf(app.db).subscribe(merchantId, () => {
        clearTimeout(timer);
        off();
        resolve(performance.now());
      });
    });
  }

  it("a merchant on instance 2's bus is woken within 1 s by an order paid through instance 1", async () => {
    const woken = nextWake(app2, shop.merchantId);
    const o = await payThrough(t.app);
    const at = await woken;
    expect(at - o.returned).toBeLessThan(1000);
    expect(at - o.started).toBeLessThan(1500);
  });

  it('the other direction too, and another merchant is not woken', async () => {
    let strangerWoken = false;
    const off = busOf(t.app.db).subscribe(other.merchantId, () => {
      strangerWoken = true;
    });
    try {
      const woken = nextWake(t.app, shop.merchantId);
      const o = await payThrough(app2);
      expect((await woken) - o.returned).toBeLessThan(1000);
      expect(strangerWoken).toBe(false);
    } finally {
      off();
    }
  });

  it("the merchant's event stream on instance 2 receives the order paid through instance 1 within 1 s", async () => {
    await app2.listen({ port: 0, host: '127.0.0.1' });
    const port = (app2.server.address() as AddressInfo).port;
    // The ticket is a database row: issued by instance 1, consumed by instance 2.
    const ticket = (await ownerA.post(`${D}/stream/ticket`, { shopId: 'all' })).result.ticket as string;
    const ctrl = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/tmpl/api/${D}/stream?ticket=${ticket}`, { signal: ctrl.signal });
    const reader = res.body!.getReader();
    let buf = '';
    let at = 0;
    const read = async (needle: string, ms: number) => {
      const end = Date.now() + ms;
      while (!buf.includes(needle) && Date.now() < end) {
        const c = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 50))]);
        if (c && !c.done) {
          buf += new TextDecoder().decode(c.value);
          at = performance.now();
        }
      }
      return buf.includes(needle);
    };
    try {
      expect(await read('event: hello', 10_000), `no hello: ${buf}`).toBe(true);
      const o = await payThrough(t.app);
      const found = await read(`"orderId":${o.id}`, 1500);
      expect(
        found,
        `order ${o.id} not on the stream ${(performance.now() - o.returned) | 0} ms after pay: ${buf}`,
      ).toBe(true);
      expect(Math.max(0, at - o.returned)).toBeLessThan(1000);
      expect(buf).toMatch(new RegExp(`event: order\\ndata: \\{[^\\n]*"kind":"new"[^\\n]*"orderId":${o.id}`));
    } finally {
      ctrl.abort();
    }
  });

  it('messages: the NOTIFY of sendMessage is transactional, several merchants ride in one notification', async () => {
    // committed: instance 2 hears of it
    let woken = nextWake(app2, shop.merchantId);
    await t.db.transaction().execute(async (trx) => {
      await sendMessage(trx, { merchantId: shop.merchantId, type: 'system', title: '多实例消息', content: 'x' });
      // not before the commit
      const early = await Promise.race([woken.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))]);
      expect(early).toBe(false);
    });
    const committed = performance.now();
    expect((await woken) - committed).toBeLessThan(1000);

    // rolled back: nobody is woken (and no message exists)
    woken = nextWake(app2, shop.merchantId, 800);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sendMessage(trx, { merchantId: shop.merchantId, type: 'system', title: '回滚消息', content: 'x' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await expect(woken).rejects.toThrow(/no wake-up/);

    // one notification for several merchants wakes each of them
    const both = Promise.all([nextWake(app2, shop.merchantId), nextWake(app2, other.merchantId)]);
    await notifyMerchants(t.db, [shop.merchantId, other.merchantId]);
    await both;
  });

  it('a broadcast through instance 1 reaches the owner’s stream on instance 2 as `event: message` within 1 s', async () => {
    if (!app2.server.listening) await app2.listen({ port: 0, host: '127.0.0.1' });
    const port = (app2.server.address() as AddressInfo).port;
    const admin = api(t.app, await loginAs(t.app, PHONES.admin));
    const ticket = (await ownerA.post(`${D}/stream/ticket`, { shopId: 'all' })).result.ticket as string;
    const ctrl = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/tmpl/api/${D}/stream?ticket=${ticket}`, { signal: ctrl.signal });
    const reader = res.body!.getReader();
    let buf = '';
    let pending: ReturnType<typeof reader.read> | undefined;
    const read = async (needle: string, ms: number) => {
      const end = Date.now() + ms;
      while (!buf.includes(needle) && Date.now() < end) {
        pending ??= reader.read();
        const c = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), 50))]);
        if (!c) continue;
        pending = undefined;
        if (c.done) break;
        buf += new TextDecoder().decode(c.value);
      }
      return buf.includes(needle);
    };
    try {
      expect(await read('event: hello', 10_000), `no hello: ${buf}`).toBe(true);
      const started = performance.now();
      const b = await admin.post('app/xiaoxi/add', { title: '多实例公告', content: '实时角标' });
      expect(b.code, b.message).toBe(200);
      expect(await read('event: message', 1500), `no message event: ${buf}`).toBe(true);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      ctrl.abort();
    }
  });

  it('a LISTEN connection that dies is replaced, and instance 2 is woken again within 1 s', async () => {
    const listeners = () =>
      sql<{ pid: number }>`select pid from pg_stat_activity
        where datname = current_database() and application_name = 'jz-order-bus'`
        .execute(t.db)
        .then((r) => r.rows.map((x) => Number(x.pid)));
    const before = await listeners();
    expect(before.length).toBe(2);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = 'jz-order-bus'`.execute(t.db);
    // A payment meanwhile is not held up by the dead listener (its NOTIFY falls back to the pool).
    const meanwhile = await payThrough(t.app);
    expect(meanwhile.returned - meanwhile.started).toBeLessThan(3000);
    // Both buses notice, wait their 1 s and LISTEN again on new connections.
    const end = Date.now() + 10_000;
    let now = await listeners();
    while ((now.length < 2 || now.some((p) => before.includes(p))) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      now = await listeners();
    }
    expect(now.length).toBe(2);
    await Promise.all([busOf(t.db).ready(), busOf(app2.db).ready()]);
    const woken = nextWake(app2, shop.merchantId);
    const o = await payThrough(t.app);
    expect((await woken) - o.returned).toBeLessThan(1000);
  });
});
