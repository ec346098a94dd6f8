import type { WeeklyHours } from '@jz/contracts/dispatch';
import { openCustomerSession } from '../../src/modules/customer/customer.repo.ts';
import { idCardColumns } from '../../src/modules/merchant/employee/employee.repo.ts';
import type { App } from '../../src/modules/types.ts';
import { type Api, api } from './api.ts';
import type { TestApp } from './app.ts';
import { bookingFor } from './appointment.ts';

/**
 * The order and employee fixtures of the API suite: an order's day through the real calls (the customer places and
 * pays it, a console user serves it) and employees copied from a shop's own, so a test does not depend on the demo's
 * states. Every test file builds its orders and employees here.
 */
const D = 'app/jiazheng/pay/dingdan';
const C = 'app/jiazheng/customer';

/** Per-process sequences: phones and ID-card numbers stay unique inside one test file's database. */
let hired = 0;
let customers = 0;
const pid3 = String(process.pid % 1000).padStart(3, '0');

export interface EmployeeOptions {
  /** Shown in lists and exports; 测试员工N when absent. */
  name?: string;
  /** Skills (service category ids); the copied employee's when absent. */
  fuwuIds?: number[];
  /** Weekly working hours; null: none set (always available). The copied employee's when absent. */
  workHours?: WeeklyHours | null;
  /** Where the employee starts from; null: unknown. The copied employee's when absent. */
  base?: { lat: number; lng: number } | null;
  /** The starting rating; the copied employee's when absent. */
  rating?: number;
}

/** A new free (workState 1) employee of a shop with no completed orders: a copy of the shop's first employee. */
export async function freeEmployee(t: Pick<TestApp, 'db'>, shopId: number, o: EmployeeOptions = {}) {
  const src = await t.db
    .selectFrom('employee')
    .selectAll()
    .where('shopId', '=', shopId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: _id, idCardHash: _hash, ...rest } = src;
  const n = ++hired;
  return t.db
    .insertInto('employee')
    .values({
      ...rest,
      name: o.name ?? `测试员工${n}`,
      phone: `1366${pid3}${String(n).padStart(4, '0')}`,
      ...idCardColumns(`T${Date.now()}${n}`),
      workState: 1,
      completedOrders: 0,
      ...(o.fuwuIds !== undefined && { fuwuIds: JSON.stringify(o.fuwuIds) }),
      ...(o.workHours !== undefined && { workHours: o.workHours ? JSON.stringify(o.workHours) : null }),
      ...(o.base !== undefined && { baseLat: o.base?.lat ?? null, baseLng: o.base?.lng ?? null }),
      ...(o.rating !== undefined && { rating: o.rating }),
    })
    .returning(['id', 'name', 'phone', 'workState', 'completedOrders'])
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

export interface OrderOptions {
  /** The customer's phone; a new customer per order when absent. */
  phone?: string;
  address?: string;
  customerName?: string;
  /** The app instance the customer calls (another instance on the same database); the test app when absent. */
  app?: App;
}

/** A customer API client (X-Customer-Token) for a phone, opened straight through the repository. */
export async function customerFor(t: TestApp, phone: string, app: App = t.app) {
  const s = await openCustomerSession(t.db, phone, `顾客${phone.slice(-4)}`);
  return { id: s.customer.id, api: api(app, undefined, { headers: { 'x-customer-token': s.token } }) };
}

/**
 * Places (unpaid, 10) an order of the shop's first goods on the shelf at the next bookable time; answers its id,
 * goods, appointment, phone and the customer's client. Throws when order/add refuses.
 */
export async function placedOrder(t: TestApp, shopId: number, o: OrderOptions = {}) {
  const phone = o.phone ?? `1392${pid3}${String(++customers).padStart(4, '0')}`;
  const c = await customerFor(t, phone, o.app);
  const g = await t.db
    .selectFrom('goods')
    .select(['id', 'name', 'minQuantity', 'fuwuId'])
    .where('shopId', '=', shopId)
    .where('shelfState', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const specId = await specIdOf(t, g.id);
  // The next time of the sequence; a time the shop cannot take (已约满, 2004: its staff booked, resting, on leave or
  // wanted by the demo's waiting orders) gives way to the next one. After four such times the shop gets a qualified
  // employee of its own (merchant B's small shop has two cleaners, whom the demo's waiting orders claim on some days;
  // the sequence's day depends on how many orders the files run in this worker placed before).
  let booking = await bookingFor(t.db, shopId);
  let placed = { code: 0, message: '', result: {} as Record<string, unknown> };
  for (let attempt = 0; attempt < 8; attempt++) {
    if (attempt === 4) await freeEmployee(t, shopId, g.fuwuId == null ? {} : { fuwuIds: [g.fuwuId], workHours: null });
    if (attempt > 0 && attempt !== 4) booking = await bookingFor(t.db, shopId);
    placed = await c.api.post(`${C}/order/add`, {
      goodsId: g.id,
      specId,
      quantity: Math.max(1, g.minQuantity),
      customerName: o.customerName ?? '测试顾客',
      customerPhone: phone,
      address: o.address ?? '山西省运城市盐湖区测试路 8 号',
      ...booking,
    });
    if (!(placed.code === 2004 && String(placed.message).includes('已约满'))) break;
  }
  if (placed.code !== 200) throw new Error(`place: ${placed.code} ${placed.message}`);
  return {
    id: placed.result.id as number,
    goodsId: g.id,
    goods: g.name,
    phone,
    appointmentAt: booking.appointmentAt,
    customer: c.api,
    customerId: c.id,
  };
}

/** Places and pays an order (待接单, 20); answers placedOrder's fields with its number, pay amount and code. */
export async function paidOrder(t: TestApp, shopId: number, o: OrderOptions = {}) {
  const placed = await placedOrder(t, shopId, o);
  const paid = await placed.customer.post(`${C}/order/pay`, { id: placed.id });
  if (paid.code !== 200) throw new Error(`pay: ${paid.code} ${paid.message}`);
  const row = await t.db
    .selectFrom('serviceOrder')
    .select(['orderNo', 'payAmount', 'status'])
    .where('id', '=', placed.id)
    .executeTakeFirstOrThrow();
  return { ...placed, ...row, payAmount: Number(row.payAmount), code: paid.result.verifyCode as string };
}

/**
 * The visit is now: the order's appointment moves to an hour ago (straight in the table). 确认完成 opens two hours
 * before the appointment (earlyCompleteRefusal) and the fixtures book two days ahead, so a test that completes an
 * order it just served makes it due first.
 */
export async function dueNow(t: Pick<TestApp, 'db'>, orderId: number) {
  await t.db
    .updateTable('serviceOrder')
    .set({ appointmentAt: new Date(Date.now() - 3_600_000).toISOString() })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Accepts (assigning a new free employee), verifies and confirms a paid order as `by`, made due (dueNow) before the
 * confirmation; each call must succeed. Answers the employee.
 */
export async function serveOrder(
  t: TestApp,
  by: Api,
  o: { id: number; code: string },
  shopId: number,
  employee: EmployeeOptions = {},
) {
  const e = await freeEmployee(t, shopId, employee);
  for (const [path, body] of [
    ['setYuangong', { id: o.id, yuangongId: e.id }],
    ['shangjiaYanquan', { code: o.code }],
    ['queren', { id: o.id }],
  ] as const) {
    if (path === 'queren') await dueNow(t, o.id);
    const r = await by.post(`${D}/${path}`, body);
    if (r.code !== 200) throw new Error(`${path}: ${r.code} ${r.message}`);
  }
  return e;
}

/** A paid order served to completion by `by` (settlement created, frozen); answers it with its employee's id. */
export async function completedOrder(
  t: TestApp,
  by: Api,
  shopId: number,
  o: OrderOptions & { employee?: EmployeeOptions } = {},
) {
  const paid = await paidOrder(t, shopId, o);
  const e = await serveOrder(t, by, paid, shopId, o.employee);
  return { ...paid, employeeId: e.id };
}
