/**
 * 客户档案 with prepaid cards and orders (docs/customers.md "Card balances", "Records from orders"): the list's card
 * balances in one grouped query (no statement per row), only valid cards at the caller's shops; an order paid with a
 * card is linked to its record like a paid order; the order detail names its record. SQLite and PostgreSQL.
 */
import type { ClientDetail, ClientRow } from '@jz/contracts/client';
import type { Page } from '@jz/contracts/envelope';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeQueries } from '../src/db/client.ts';
import {
  type Api,
  api,
  buildTestApp,
  demoMerchantA,
  demoUsers,
  expectEvery,
  loginAs,
  PHONES,
  type TestApp,
} from './helpers/index.ts';
import type { Params } from './helpers/api.ts';
import { freeEmployee, paidOrder, placedOrder } from './helpers/order-flow.ts';

const K = 'app/jiazheng/kehu';
const P = 'app/jiazheng/shangjia/kaxiang';
const S = 'app/jiazheng/shangjia/shouka';
const C = 'app/jiazheng/customer/card';
const D = 'app/jiazheng/pay/dingdan';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let mainShop: number;
let branchShop: number;
let times: number;
let value: number;

let seq = 0;
const phone = () => `1376${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;

async function addClient(name = '卡余额客户') {
  const r = await ownerA.post(`${K}/add`, { name, phone: phone() });
  expect(r.code, r.message).toBe(200);
  return r.result.id as number;
}

async function sell(productId: number, clientId: number) {
  const r = await ownerA.post(`${S}/xianxia`, { productId, clientId, payChannel: '现金' });
  expect(r.code, r.message).toBe(200);
  return r.result.id as number;
}

const rowOf = async (by: Api, id: number, query: Params = {}) => {
  const r = await by.get<Page<ClientRow>>(`${K}/findAllByPage`, { pageSize: 100, ...query });
  expect(r.code, r.message).toBe(200);
  return r.result.records.find((x) => x.id === id);
};

const clientIdOf = async (orderId: number) =>
  (await t.db.selectFrom('serviceOrder').select('clientId').where('id', '=', orderId).executeTakeFirstOrThrow())
    .clientId;

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  const a = await demoMerchantA(t);
  ({ mainShop, branchShop } = a);
  const goods = { id: a.goodsId };
  const add = async (body: Params) => {
    const r = await ownerA.post(`${P}/add`, body);
    expect(r.code, r.message).toBe(200);
    return r.result.id as number;
  };
  times = await add({
    kind: 'times',
    name: '客户档案 10 次卡',
    goodsId: goods.id,
    visits: 10,
    price: 50000,
    validityDays: 90,
  });
  value = await add({ kind: 'value', name: '客户档案 充 1000 送 100', price: 100000, bonus: 10000, validityDays: 365 });
  for (let i = 0; i < 4; i++) await freeEmployee(t, mainShop);
});
afterAll(() => t?.close());

describe('card balances on 客户列表', () => {
  it('sums the valid cards of a client: 次卡 visits and 储值卡 cash + bonus; none answers null', async () => {
    const holder = await addClient('两张卡');
    const none = await addClient('没有卡');
    await sell(times, holder);
    await sell(value, holder);
    expect((await rowOf(ownerA, holder))?.cardBalance).toEqual({ cards: 2, visits: 10, value: 110000 });
    expect((await rowOf(ownerA, none))?.cardBalance).toBeNull();
    const d = await ownerA.get<ClientDetail>(`${K}/findById/${holder}`);
    expect(d.result.cardBalance).toEqual({ cards: 2, visits: 10, value: 110000 });
    // The export carries them (CSV: 次卡剩余次数, 储值卡余额（元）).
    const csv = await t.app.inject({
      method: 'POST',
      url: `/tmpl/api/${K}/export`,
      headers: {
        authorization: `Bearer ${await loginAs(t.app, PHONES.ownerA)}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ name: '两张卡', format: 'csv' }),
    });
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const cols = header.split(',');
    const cells = line.split(',');
    expect(cells[cols.indexOf('次卡剩余次数')]).toBe('10');
    expect(cells[cols.indexOf('储值卡余额（元）')]).toBe('1100.00');
  });

  it('leaves out refunded and expired cards', async () => {
    const id = await addClient('退卡过期');
    const refunded = await sell(value, id);
    const expired = await sell(times, id);
    const kept = await sell(times, id);
    const detail = await ownerA.get(`${S}/findById/${refunded}`);
    const back = await ownerA.post(`${S}/tuika`, {
      id: refunded,
      reason: '客户搬家',
      expectedAmount: detail.result.refundable,
    });
    expect(back.code, back.message).toBe(200);
    // Past its expiry, not yet closed by the expiry job: no longer counted.
    await t.db
      .updateTable('card')
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', expired)
      .execute();
    expect(kept).toBeGreaterThan(0);
    expect((await rowOf(ownerA, id))?.cardBalance).toEqual({ cards: 1, visits: 10, value: 0 });
  });

  it('one grouped query: the list costs the same statements for 1 or 30 clients with cards', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const id = await addClient(`批量卡客户${i}`);
      await sell(i % 2 ? times : value, id);
      ids.push(id);
    }
    const count = async (pageSize: number) => {
      let n = 0;
      observeQueries(t.db, () => n++);
      try {
        const r = await ownerA.get<Page<ClientRow>>(`${K}/findAllByPage`, { name: '批量卡客户', pageSize });
        expect(r.code).toBe(200);
        expect(r.result.records).toHaveLength(pageSize);
        expectEvery(r.result.records, (x) => x.cardBalance !== null, 'records with a card balance');
      } finally {
        observeQueries(t.db, undefined);
      }
      return n;
    };
    await count(1); // warm the caller's cache
    expect(await count(30)).toBe(await count(1));
  });

  it('another merchant sees neither the client nor its cards; a branch-limited account sees no main-shop card', async () => {
    // A client who ordered at the branch (so the branch account sees the record) and holds a main-shop card.
    const o = await paidOrder(t, branchShop);
    const clientId = (await clientIdOf(o.id))!;
    await sell(times, clientId);
    expect((await rowOf(ownerA, clientId))?.cardBalance).toMatchObject({ cards: 1, visits: 10 });
    expect(await rowOf(ownerB, clientId)).toBeUndefined();
    expect((await ownerB.get(`${K}/findById/${clientId}`)).code).toBe(2002);

    const sub = await t.db
      .selectFrom('user')
      .select(['id', 'merchantId'])
      .where('phone', '=', PHONES.subA)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('userShop').where('userId', '=', sub.id).execute();
    await t.db
      .insertInto('userShop')
      .values({ userId: sub.id, shopId: branchShop, merchantId: sub.merchantId! })
      .execute();
    await t.db
      .updateTable('user')
      .set({ currentShopId: branchShop, allShops: 0, authVersion: sql`auth_version + 1` })
      .where('id', '=', sub.id)
      .execute();
    try {
      const subA = api(t.app, await loginAs(t.app, PHONES.subA, { fresh: true }));
      const row = await rowOf(subA, clientId, { phone: o.phone.slice(-4) });
      expect(row).toBeDefined();
      expect(row?.cardBalance).toBeNull();
    } finally {
      await t.db
        .updateTable('user')
        .set({ allShops: 1, currentShopId: mainShop, authVersion: sql`auth_version + 1` })
        .where('id', '=', sub.id)
        .execute();
    }
  });
});

describe('orders paid with a card and the order drawer', () => {
  it('paying with a card links the order to the record; the order detail names it (null before payment)', async () => {
    const first = await paidOrder(t, mainShop);
    const clientId = (await clientIdOf(first.id))!;
    expect(clientId).toBeTruthy();
    const cardId = await sell(times, clientId);
    const o = await placedOrder(t, mainShop, { phone: first.phone, address: '山西省运城市盐湖区卡支付路 9 号' });
    const before = await ownerA.get(`${D}/findById/${o.id}`);
    expect(before.code).toBe(200);
    expect(before.result.clientId).toBeNull();

    const paid = await o.customer.post(`${C}/payOrder`, { id: o.id, cardId });
    expect(paid.code, paid.message).toBe(200);
    expect(await clientIdOf(o.id)).toBe(clientId);
    const addr = await t.db
      .selectFrom('serviceOrder')
      .select('clientAddressId')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(addr.clientAddressId).toBeTruthy();
    const after = await ownerA.get(`${D}/findById/${o.id}`);
    expect(after.result.clientId).toBe(clientId);
    // The record counts it, and the card shows one visit used.
    const d = await ownerA.get<ClientDetail>(`${K}/findById/${clientId}`);
    expect(d.result.orderCount).toBe(2);
    expect(d.result.addresses.some((a) => a.detail.includes('卡支付路'))).toBe(true);
    expect(d.result.cardBalance).toEqual({ cards: 1, visits: 9, value: 0 });
    // Another merchant: the order is not found, so nor is its record.
    expect((await ownerB.get(`${D}/findById/${o.id}`)).code).toBe(2002);
  });
});
