import { openCustomerSession } from '../../src/modules/customer/customer.repo.ts';
import { idCardColumns } from '../../src/modules/merchant/employee/employee.repo.ts';
import { type Api, api } from './api.ts';
import type { TestApp } from './app.ts';
import { bookingFor } from './appointment.ts';

/** An order's day through the real calls: the customer places and pays it, a console user serves it (issue 24 tests). */
const D = 'app/jiazheng/pay/dingdan';
const C = 'app/jiazheng/customer';

let hired = 0;

/** A new free employee of a shop (a copy of one of its employees), so a test does not depend on the demo's states. */
export async function freeEmployee(t: TestApp, shopId: number) {
  const src = await t.db
    .selectFrom('employee')
    .selectAll()
    .where('shopId', '=', shopId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: _id, ...rest } = src;
  hired++;
  return t.db
    .insertInto('employee')
    .values({
      ...rest,
      name: `流程员工${hired}`,
      phone: `1355555${String(1000 + hired)}`,
      ...idCardColumns(`F${Date.now()}${hired}`),
      workState: 1,
      completedOrders: 0,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/**
 * The specification to order of a goods item when it has several on sale (the first: the demo's kept, cheapest one,
 * what the goods' price shows); undefined when there is one or none, which order/add then chooses itself.
 */
export async function specIdOf(t: Pick<TestApp, 'db'>, goodsId: number) {
  const on = await t.db
    .selectFrom('goodsSpec')
    .select('id')
    .where('goodsId', '=', goodsId)
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return on.length > 1 ? on[0].id : undefined;
}

/** Places and pays an order of the shop's first goods on the shelf; answers its id, number, code and pay amount. */
export async function paidOrder(t: TestApp, shopId: number, phone = '13922220001') {
  const s = await openCustomerSession(t.db, phone, `顾客${phone.slice(-4)}`);
  const customer = api(t.app, undefined, { headers: { 'x-customer-token': s.token } });
  const g = await t.db
    .selectFrom('goods')
    .select(['id', 'minQuantity'])
    .where('shopId', '=', shopId)
    .where('shelfState', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const placed = await customer.post(`${C}/order/add`, {
    goodsId: g.id,
    specId: await specIdOf(t, g.id),
    quantity: Math.max(1, g.minQuantity),
    customerName: '流程顾客',
    customerPhone: phone,
    address: '山西省运城市盐湖区测试路 8 号',
    ...(await bookingFor(t.db, shopId)),
  });
  if (placed.code !== 200) throw new Error(`place: ${placed.message}`);
  const paid = await customer.post(`${C}/order/pay`, { id: placed.result.id });
  if (paid.code !== 200) throw new Error(`pay: ${paid.message}`);
  const row = await t.db
    .selectFrom('serviceOrder')
    .select(['id', 'orderNo', 'payAmount', 'goodsId', 'status'])
    .where('id', '=', placed.result.id)
    .executeTakeFirstOrThrow();
  return { ...row, payAmount: Number(row.payAmount), code: paid.result.verifyCode as string, customer };
}

/** Accepts (assigning a new free employee), verifies and confirms a paid order as `by`; each call must succeed. */
export async function serveOrder(t: TestApp, by: Api, o: { id: number; code: string }, shopId: number) {
  const e = await freeEmployee(t, shopId);
  for (const [path, body] of [
    ['setYuangong', { id: o.id, yuangongId: e.id }],
    ['shangjiaYanquan', { code: o.code }],
    ['queren', { id: o.id }],
  ] as const) {
    const r = await by.post(`${D}/${path}`, body);
    if (r.code !== 200) throw new Error(`${path}: ${r.code} ${r.message}`);
  }
}

/** A paid order served to completion by `by` (settlement created, frozen). */
export async function completedOrder(t: TestApp, by: Api, shopId: number, phone?: string) {
  const o = await paidOrder(t, shopId, phone);
  await serveOrder(t, by, o, shopId);
  return o;
}
