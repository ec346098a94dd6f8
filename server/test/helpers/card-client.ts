import { expect } from 'vitest';
import type { Api } from './api.ts';
import type { TestApp } from './app.ts';
import { customerFor } from './order-flow.ts';

/**
 * The card tests' fixture (card.test.ts, card-figures.test.ts, plan.test.ts): a merchant's client record, a customer
 * holding one, a card product and a card sold offline to a client (docs/customers.md "Cards").
 */

const P = 'app/jiazheng/shangjia/kaxiang';
const S = 'app/jiazheng/shangjia/shouka';

/** A client record of the merchant, straight in the table (the card tests need one, not the client pages). */
export async function clientRecord(
  t: Pick<TestApp, 'db'>,
  merchantId: number,
  customerId: number | null,
  name = '卡测试客户',
) {
  const now = new Date().toISOString();
  const r = await t.db
    .insertInto('client')
    .values({
      merchantId,
      shopId: null,
      customerId,
      name,
      phone: 'sealed-test',
      phoneHash: `h${Math.random()}`,
      phoneTail: '0000',
      source: 'manual',
      remark: null,
      createdBy: null,
      anonymisedAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

const seqs = new Map<string, number>();
/**
 * An 11-digit phone of its own: the prefix (4 digits, one per test file, as files may share a database worker), the
 * process and a sequence.
 */
export function holderPhone(prefix: string) {
  const n = (seqs.get(prefix) ?? 0) + 1;
  seqs.set(prefix, n);
  return `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(4, '0')}`;
}

/** A customer with a client record at the merchant, and an API client of the customer. */
export async function cardHolder(t: TestApp, merchantId: number, o: { phonePrefix: string; name?: string }) {
  const phone = holderPhone(o.phonePrefix);
  const c = await customerFor(t, phone);
  return { phone, customerId: c.id, api: c.api, clientId: await clientRecord(t, merchantId, c.id, o.name) };
}

/** A card product (卡项管理 `add`); answers its id. */
export async function addCardProduct(by: Api, body: Record<string, string | number | boolean | null | undefined>) {
  const r = await by.post(`${P}/add`, body);
  expect(r.code, r.message).toBe(200);
  return r.result.id as number;
}

/** 售卡（线下收款） of the product to the client; answers the card as the call does. */
export async function sellCardOffline(by: Api, productId: number, clientId: number, payChannel = '现金') {
  const r = await by.post(`${S}/xianxia`, { productId, clientId, payChannel });
  expect(r.code, r.message).toBe(200);
  return r.result as { id: number } & Record<string, unknown>;
}

/** A 次卡 of the goods with `visits` visits at ¥100 each, sold offline to the client; answers the card id. */
export async function timesCardSold(by: Api, o: { goodsId: number; clientId: number; visits: number }) {
  const productId = await addCardProduct(by, {
    kind: 'times',
    name: `日常保洁 ${o.visits} 次卡`,
    goodsId: o.goodsId,
    visits: o.visits,
    price: o.visits * 10000,
    validityDays: 365,
    refundFeeType: 'none',
  });
  return (await sellCardOffline(by, productId, o.clientId)).id;
}
