import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_STATUS } from '@jz/contracts/order';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
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

/** Seeds a new database with the clock at `shanghai` (wall time, today) and counts its orders by status. */
async function seedAt(shanghai: string) {
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${today}T${shanghai}:00+08:00`), shouldAdvanceTime: true });
  const handle = await emptyDatabase();
  try {
    await bootstrapDatabase(handle.db, config, quiet);
    const now = Date.now();
    const rows = await handle.db.selectFrom('serviceOrder').select(['status', 'appointmentAt']).execute();
    const byStatus: Record<number, number> = {};
    for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    const waitingInPast = rows.filter(
      (r) =>
        [ORDER_STATUS.UNPAID, ORDER_STATUS.WAITING, ORDER_STATUS.TO_SERVE].includes(r.status as 10) &&
        Date.parse(r.appointmentAt) < now,
    ).length;
    return { byStatus, waitingInPast };
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
