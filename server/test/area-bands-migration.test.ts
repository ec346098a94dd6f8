import { inAreaBand } from '@jz/contracts/goods-pricing';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/client.ts';
import { down, up } from '../src/db/migrations/1970_area_bands_half_open.ts';
import '../src/modules/merchant/goods/goods-spec.tables.ts';
import { cloneDatabase, type TestDb } from './helpers/db.ts';
import { expectEvery } from './helpers/expect-every.ts';

/**
 * Migration 1970 (docs/goods-specifications.md): area bands were stored with both bounds counting; they are half-open now. A stored band
 * must keep holding the same areas. Proven on the seeded database (whose demo bands are written half-open): rolled
 * back to the inclusive form (down), with inclusive bands as a merchant saved them before, then applied (up).
 */
let d: TestDb;
let db: DB;
const raw = () => db as unknown as Kysely<any>;

beforeAll(async () => {
  d = await cloneDatabase();
  db = d.handle.db;
});
afterAll(() => d?.dispose());

const bands = () =>
  db
    .selectFrom('goodsSpec')
    .select(['id', 'name', 'areaMin', 'areaMax'])
    .where('mode', '=', 'area_band')
    .orderBy('id')
    .execute();
/** Both bounds counting, as stored before 1970. */
const inInclusive = (b: { areaMin: number | null; areaMax: number | null }, a: number) =>
  (b.areaMin === null || a >= b.areaMin) && (b.areaMax === null || a <= b.areaMax);

describe('migration 1970: inclusive area bands become half-open', () => {
  it('every band holds the same whole ㎡ before and after; an upper bound of 10 000 ㎡ becomes open-ended', async () => {
    await down(raw());
    const template = await db
      .selectFrom('goodsSpec')
      .selectAll()
      .where('mode', '=', 'area_band')
      .executeTakeFirstOrThrow();
    const { id: _id, ...rest } = template;
    // as a merchant saved them before: ≤60, 61–90, 91–10000 (both ends counting), and a disabled one
    for (const [name, areaMin, areaMax, status] of [
      ['旧≤60', null, 60, 1],
      ['旧61–90', 61, 90, 1],
      ['旧91–10000', 91, 10_000, 1],
      ['旧停用 50–70', 50, 70, 0],
    ] as const)
      await db
        .insertInto('goodsSpec')
        .values({ ...rest, name, areaMin, areaMax, status, sort: 900 })
        .execute();
    const before = await bands();
    expect(before.length).toBeGreaterThanOrEqual(8);

    await up(raw());
    const after = new Map((await bands()).map((b) => [b.id, b]));
    for (const b of before) {
      const now = after.get(b.id)!;
      for (let a = 1; a <= 10_000; a += a < 200 ? 1 : 97)
        expect(inAreaBand(now, a), `${b.name} at ${a} ㎡`).toBe(inInclusive(b, a));
      expect(inAreaBand(now, 10_000)).toBe(inInclusive(b, 10_000));
    }
    const byName = (n: string) => [...after.values()].find((b) => b.name === n);
    expect(byName('旧≤60')).toMatchObject({ areaMin: null, areaMax: 61 });
    expect(byName('旧61–90')).toMatchObject({ areaMin: 61, areaMax: 91 });
    expect(byName('旧91–10000')).toMatchObject({ areaMin: 91, areaMax: null });
    expect(byName('旧停用 50–70')).toMatchObject({ areaMin: 50, areaMax: 71 });
    // the demo's bands, seeded half-open, are back where the seed wrote them
    const demo = (await bands()).filter((b) => ['60㎡以下', '60-90㎡', '90-120㎡', '120㎡以上'].includes(b.name));
    expect(demo.length).toBeGreaterThanOrEqual(4);
    expect(demo.slice(0, 4).map((b) => [b.areaMin, b.areaMax])).toEqual([
      [null, 60],
      [60, 90],
      [90, 120],
      [120, null],
    ]);
  });

  it('leaves specifications of other modes alone', async () => {
    const others = await db
      .selectFrom('goodsSpec')
      .select(['areaMin', 'areaMax'])
      .where('mode', '!=', 'area_band')
      .execute();
    expect(others.length).toBeGreaterThan(0);
    expectEvery(others, (s) => s.areaMin === null && s.areaMax === null, 'specifications of other goods');
  });
});
