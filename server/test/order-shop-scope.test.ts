import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';

/**
 * A shop id named by the caller in the order calls must be one of its own merchant's shops: another merchant's shop
 * (or one that does not exist) is answered 2002 店铺不存在, never an empty list that confirms nothing, and never a
 * stream ticket for it. Own shops and 'all' keep working.
 */
const D = 'app/jiazheng/pay/dingdan';

let t: TestApp;
let ownerA: Api;
let shopOfA: number;
let shopOfB: number;

beforeAll(async () => {
  t = await buildTestApp();
  ownerA = api(t.app, await loginAs(t.app, PHONES.ownerA));
  const shopOf = async (phone: string) => {
    const u = await t.db.selectFrom('user').select('merchantId').where('phone', '=', phone).executeTakeFirstOrThrow();
    return (
      await t.db
        .selectFrom('shop')
        .select('id')
        .where('merchantId', '=', u.merchantId!)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  shopOfA = await shopOf(PHONES.ownerA);
  shopOfB = await shopOf(PHONES.ownerB);
});
afterAll(() => t?.close());

const CALLS: [string, (a: Api, shopId: number) => ReturnType<Api['get']>][] = [
  ['findAllByPage', (a, s) => a.get(`${D}/findAllByPage`, { pageNum: 1, pageSize: 10, shopId: s })],
  [
    'weapp findAllByPage',
    (a, s) => a.get(`${D}/weapp/shangjia/findAllByPage`, { pageNum: 1, pageSize: 10, shopId: s }),
  ],
  ['yanquan/findAllByPage', (a, s) => a.get(`${D}/yanquan/findAllByPage`, { pageNum: 1, pageSize: 10, shopId: s })],
  ['jiedan/findAllByList', (a, s) => a.get(`${D}/jiedan/findAllByList`, { shopId: s })],
  ['findDaijiedanCount', (a, s) => a.get(`${D}/findDaijiedanCount`, { shopId: s })],
  // A CSV file (not an envelope) when allowed: taken as 200.
  [
    'export',
    (a, s) =>
      a.post(`${D}/export`, { shopId: s, format: 'csv' }).catch((e: Error) => {
        if (/HTTP 200\): \uFEFF?订单号/.test(e.message)) return { code: 200, message: 'csv' } as never;
        throw e;
      }),
  ],
  ['stream/ticket', (a, s) => a.post(`${D}/stream/ticket`, { shopId: s })],
];

describe('order calls with a shop id of another merchant', () => {
  for (const [name, call] of CALLS) {
    it(`${name}: another merchant's shop and an unknown shop are 2002 店铺不存在`, async () => {
      for (const s of [shopOfB, 999_999]) {
        const r = await call(ownerA, s);
        expect(r.code, `${name} shop ${s}`).toBe(2002);
        expect(r.message).toBe('店铺不存在');
      }
    });
    it(`${name}: the caller's own shop still works`, async () => {
      const r = await call(ownerA, shopOfA);
      expect(r.code, `${name}: ${r.message}`).toBe(200);
    });
  }

  it("'all' lists every shop of the caller's merchant only", async () => {
    const r = await ownerA.get(`${D}/findAllByPage`, { pageNum: 1, pageSize: 100, shopId: 'all' });
    expect(r.code).toBe(200);
    const own = await t.db
      .selectFrom('shop')
      .select('id')
      .where(
        'merchantId',
        '=',
        (await t.db.selectFrom('shop').select('merchantId').where('id', '=', shopOfA).executeTakeFirstOrThrow())
          .merchantId,
      )
      .execute();
    for (const o of r.result.records) expect(own.map((s) => s.id)).toContain(o.shopId);
  });
});
