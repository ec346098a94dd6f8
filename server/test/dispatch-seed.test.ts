import type { BoardResult } from '@jz/contracts/dispatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDispatchWeek } from '../src/modules/merchant/order/order-dispatch-demo.seed.ts';
import type { DemoIds } from '../src/modules/types.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';

/** The dispatch demo week (docs/dispatch.md) on its own copy of the demo database: a board that looks like a shop. */
let t: TestApp;
let ownerA: Api;
let demo: DemoIds;

beforeAll(async () => {
  t = await buildTestApp();
  ownerA = api(t.app, await loginAs(t.app, PHONES.ownerA));
  const main = await t.db
    .selectFrom('shop')
    .innerJoin('merchant', 'merchant.id', 'shop.merchantId')
    .select(['shop.id', 'shop.merchantId'])
    .where('shop.name', '=', '运城洁家家政（总店）')
    .executeTakeFirstOrThrow();
  const owner = await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.ownerA).executeTakeFirstOrThrow();
  demo = { merchantA: { id: main.merchantId, ownerId: owner.id, mainShopId: main.id } } as unknown as DemoIds;
});
afterAll(() => t?.close());

describe('the dispatch demo week', () => {
  it('gives the main shop a week of assigned jobs without overlaps, waiting orders, hours and leave', async () => {
    const { assigned } = await seedDispatchWeek(t.db, demo);
    expect(assigned).toBeGreaterThan(40);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const r = await ownerA.get<BoardResult>('app/jiazheng/paidan/board', { date: today, days: 7 });
    expect(r.code).toBe(200);
    const rows = r.result.employees;
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const e of rows) {
      const blocks = e.blocks
        .filter((b) => b.status === 30 || b.status === 40)
        .sort((a, b) => (a.from < b.from ? -1 : 1));
      for (let i = 1; i < blocks.length; i++) expect(blocks[i].from >= blocks[i - 1].bufferTo).toBe(true);
    }
    expect(rows.filter((e) => e.blocks.length >= 5).length).toBeGreaterThanOrEqual(4);
    expect(r.result.unassigned.length).toBeGreaterThan(5);
    expect(rows.some((e) => e.leaves.length > 0)).toBe(true);
    expect(rows.find((e) => e.name === '马红梅')!.hours[0].ranges).toHaveLength(2);
    expect(rows.find((e) => e.name === '马红梅')!.workState).toBe(2); // serving now
  });
});
