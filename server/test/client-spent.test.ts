/**
 * 客户档案's 消费金额 (`totalSpent`, docs/customers.md "Figures") with prepaid cards: an order paid with a card counts at
 * the card cash its redemption used (a 次卡's price / N; a 储值卡's cash part, never the bonus), as 运营数据 counts it
 * (docs/ledger.md), not at the order's list price, which would count the card's money twice. Found by the e2e
 * repeat-business spec: a 10-次 card of ¥1,200 and one visit showed ¥159 spent. SQLite and PostgreSQL.
 */
import type { ClientDetail, ClientRow } from '@jz/contracts/client';
import type { Page } from '@jz/contracts/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildTestApp, demoUsers, type TestApp } from './helpers/index.ts';
import type { Params } from './helpers/api.ts';
import { freeEmployee, paidOrder, placedOrder } from './helpers/order-flow.ts';

const K = 'app/jiazheng/kehu';
const P = 'app/jiazheng/shangjia/kaxiang';
const S = 'app/jiazheng/shangjia/shouka';
const C = 'app/jiazheng/customer/card';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let mainShop: number;

const clientIdOf = async (orderId: number) =>
  (await t.db.selectFrom('serviceOrder').select('clientId').where('id', '=', orderId).executeTakeFirstOrThrow())
    .clientId as number;

async function product(body: Params) {
  const r = await ownerA.post(`${P}/add`, { validityDays: 90, ...body });
  expect(r.code, r.message).toBe(200);
  return r.result.id as number;
}

async function sell(productId: number, clientId: number) {
  const r = await ownerA.post(`${S}/xianxia`, { productId, clientId, payChannel: '现金' });
  expect(r.code, r.message).toBe(200);
  return r.result.id as number;
}

/** The list row and the detail say the same 消费金额. */
async function spent(by: Api, clientId: number) {
  const d = await by.get<ClientDetail>(`${K}/findById/${clientId}`);
  expect(d.code, d.message).toBe(200);
  const list = await by.get<Page<ClientRow>>(`${K}/findAllByPage`, { pageSize: 100 });
  expect(list.result.records.find((r) => r.id === clientId)?.totalSpent).toBe(d.result.totalSpent);
  return d.result.totalSpent;
}

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  const owner = await t.db
    .selectFrom('user')
    .select('merchantId')
    .where('phone', '=', '13800000001')
    .executeTakeFirstOrThrow();
  const main = await t.db
    .selectFrom('shop')
    .select('id')
    .where('merchantId', '=', owner.merchantId as number)
    .where('parentId', 'is', null)
    .executeTakeFirstOrThrow();
  mainShop = main.id;
  for (let i = 0; i < 4; i++) await freeEmployee(t, mainShop);
});
afterAll(() => t?.close());

describe('消费金额 with cards', () => {
  it('a visit paid with a 10-次 card counts at price / 10, an online order at what it paid', async () => {
    const first = await paidOrder(t, mainShop);
    const clientId = await clientIdOf(first.id);
    expect(await spent(ownerA, clientId)).toBe(first.payAmount);

    const goods = await t.db
      .selectFrom('goods')
      .select('id')
      .where('shopId', '=', mainShop)
      .where('shelfState', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const cardId = await sell(
      await product({ kind: 'times', name: '消费金额 10 次卡', goodsId: goods.id, visits: 10, price: 120000 }),
      clientId,
    );
    const visit = await placedOrder(t, mainShop, { phone: first.phone });
    const paid = await visit.customer.post(`${C}/payOrder`, { id: visit.id, cardId });
    expect(paid.code, paid.message).toBe(200);
    const listPrice = Number(
      (await t.db.selectFrom('serviceOrder').select('payAmount').where('id', '=', visit.id).executeTakeFirstOrThrow())
        .payAmount,
    );
    expect(listPrice).not.toBe(12000); // the test would prove nothing if the list price were the card's share
    expect(await spent(ownerA, clientId)).toBe(first.payAmount + 12000);
    // Another merchant sees no such record.
    expect((await ownerB.get(`${K}/findById/${clientId}`)).code).toBe(2002);
  });

  it('a 储值卡 counts its cash part only: the bonus is no spending', async () => {
    const first = await paidOrder(t, mainShop);
    const clientId = await clientIdOf(first.id);
    // ¥10 of cash and ¥2,000 of bonus: an order takes the ¥10 first, then bonus.
    const cardId = await sell(
      await product({ kind: 'value', name: '消费金额 小额储值', price: 1000, bonus: 200000 }),
      clientId,
    );
    const visit = await placedOrder(t, mainShop, { phone: first.phone });
    const paid = await visit.customer.post(`${C}/payOrder`, { id: visit.id, cardId });
    expect(paid.code, paid.message).toBe(200);
    expect(await spent(ownerA, clientId)).toBe(first.payAmount + 1000);
  });
});
