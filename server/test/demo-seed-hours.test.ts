import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_STATUS } from '@jz/contracts/order';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextDay, shanghaiDay } from '@jz/contracts/dispatch';
import { SHELF_STATE } from '@jz/contracts/goods';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DB, openDb } from '../src/db/client.ts';
import { seedDispatchWeek } from '../src/modules/merchant/order/order-dispatch-demo.seed.ts';
import type { DemoIds } from '../src/modules/types.ts';
import { bootstrapDatabase } from '../src/startup/bootstrap.ts';
import { testDbKind } from './helpers/db.ts';
import { pgAdmin, pgTarget, pgUrlFor } from './pg-target.ts';

/**
 * The demo seed places its orders by the booking rules (lead time, slots, capacity), so what it can book depends on
 * the hour it runs at. It once failed from 15:00 Shanghai time on (本店需提前 2 小时预约 …): CI runs at any hour.
 * Here it runs on an empty database with the clock set to hours that broke it, on the database kind of this run.
 */
const kind = testDbKind();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'always' });
const quiet = { info: () => {}, warn: () => {} };
let dir: string;
const dropDbs: string[] = [];
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'jz-seed-hours-'));
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (dropDbs.length) await pgAdmin(pgTarget(), ...dropDbs.map((d) => `DROP DATABASE IF EXISTS ${d} WITH (FORCE)`));
});

async function emptyDatabase() {
  const id = randomBytes(4).toString('hex');
  if (kind === 'postgres') {
    const name = `jz_seedh_${id}`;
    await pgAdmin(pgTarget(), `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
    dropDbs.push(name);
    return openDb({ kind: 'postgres', url: pgUrlFor(pgTarget(), name), max: 3 });
  }
  return openDb({ kind: 'sqlite', file: path.join(dir, `seed_${id}.db`) });
}

/** The main shop's demo ids, as dispatch-seed.test.ts finds them. */
async function mainShopDemo(db: DB): Promise<DemoIds> {
  const main = await db
    .selectFrom('shop')
    .select(['id', 'merchantId'])
    .where('name', '=', '运城洁家家政（总店）')
    .executeTakeFirstOrThrow();
  const owner = await db.selectFrom('user').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
  return { merchantA: { id: main.merchantId, ownerId: owner.id, mainShopId: main.id } } as unknown as DemoIds;
}

/**
 * What a visitor trying the customer side finds for the main shop's 日常保洁 over the next 7 days (customer/slots):
 * of the starts refused for no time rule (lead time, hours), the share still bookable, and the days with any.
 */
async function dailyCleaningCapacity(handle: Awaited<ReturnType<typeof emptyDatabase>>) {
  const demo = await mainShopDemo(handle.db);
  const goods = await handle.db
    .selectFrom('goods')
    .select('id')
    .where('shopId', '=', demo.merchantA.mainShopId)
    .where('name', '=', '日常保洁 3 小时')
    .where('shelfState', '=', SHELF_STATE.ON)
    .executeTakeFirstOrThrow();
  const app = await buildApp(config, { db: handle, logger: false, jobs: false });
  try {
    let offered = 0;
    let open = 0;
    let daysWithRoom = 0;
    for (let d = 0; d < 7; d++) {
      const date = nextDay(shanghaiDay(Date.now()), d);
      const res = await app.inject({ url: `/tmpl/api/app/jiazheng/customer/slots?goodsId=${goods.id}&date=${date}` });
      const slots = (res.json().result?.slots ?? []) as { available: boolean; reason: string | null }[];
      const byCapacity = slots.filter((x) => x.available || x.reason === '已约满');
      offered += byCapacity.length;
      const free = byCapacity.filter((x) => x.available).length;
      open += free;
      if (free > 0) daysWithRoom++;
    }
    return { offered, open, share: offered ? open / offered : 0, daysWithRoom };
  } finally {
    await app.close();
  }
}

/**
 * Seeds a new database with the clock at `shanghai` (wall time, today) and counts its orders by status; with
 * `dispatch`, also the dispatch demo week (skipped under NODE_ENV=test) and what customers can still book.
 */
async function seedAt(shanghai: string, dispatch = false) {
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${today}T${shanghai}:00+08:00`), shouldAdvanceTime: true });
  const handle = await emptyDatabase();
  try {
    await bootstrapDatabase(handle.db, config, quiet);
    const week = dispatch ? await seedDispatchWeek(handle.db, await mainShopDemo(handle.db)) : null;
    const capacity = dispatch ? await dailyCleaningCapacity(handle) : null;
    const now = Date.now();
    const rows = await handle.db.selectFrom('serviceOrder').select(['status', 'appointmentAt']).execute();
    const byStatus: Record<number, number> = {};
    for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    const waitingInPast = rows.filter(
      (r) =>
        [ORDER_STATUS.UNPAID, ORDER_STATUS.WAITING, ORDER_STATUS.TO_SERVE].includes(r.status as 10) &&
        Date.parse(r.appointmentAt) < now,
    ).length;
    return { byStatus, waitingInPast, assigned: week?.assigned ?? 0, capacity };
  } finally {
    await handle.close();
  }
}

describe('the demo seed at any hour', () => {
  it('seeds the same orders at 00:05, 15:27 and 23:55 Shanghai time, none still to serve in the past', async () => {
    const night = await seedAt('00:05');
    expect(night.waitingInPast).toBe(0);
    for (const hm of ['15:27', '23:55']) {
      const r = await seedAt(hm);
      expect(r.byStatus, hm).toEqual(night.byStatus);
      expect(r.waitingInPast, hm).toBe(0);
    }
  }, 120_000);
});

describe('the demo week leaves room for customers', () => {
  it('keeps most of 日常保洁’s starts bookable on most days while the board stays busy, at 07:10, 15:27 and 23:55', async () => {
    for (const hm of ['07:10', '15:27', '23:55']) {
      const r = await seedAt(hm, true);
      const c = r.capacity!;
      expect(c.offered, hm).toBeGreaterThan(40);
      expect(c.share, `${hm}: ${c.open}/${c.offered}`).toBeGreaterThanOrEqual(0.4);
      expect(c.daysWithRoom, hm).toBeGreaterThanOrEqual(6);
      // still a believable busy week on the board
      expect(r.assigned, hm).toBeGreaterThan(30);
    }
  }, 240_000);
});
