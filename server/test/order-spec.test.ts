import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoodsSpecTable } from '../src/modules/merchant/goods/goods-spec.tables.ts';
import { openCustomerSession } from '../src/modules/customer/customer.repo.ts';
import { expireUnpaid } from '../src/modules/merchant/order/order-transition.service.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { serveOrder } from './helpers/order-flow.ts';
import { bookingFor } from './helpers/appointment.ts';

/**
 * Orders carry the chosen specification (docs/goods-specifications.md §3 §4): placement quotes it, stores
 * the snapshot, takes and gives back stock, counts the daily capacity; answers, exports and settlements read it.
 * Specifications are inserted straight into goods_spec (the goods API's own tests cover writing them).
 */
const C = 'app/jiazheng/customer';
const D = 'app/jiazheng/pay/dingdan';

let t: TestApp;
let shopId: number;
let merchantId: number;
let owner: Api;
let goodsSeq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const shop = await t.db
    .selectFrom('shop')
    .select(['id', 'merchantId'])
    .where('name', '=', '运城洁家家政（总店）')
    .executeTakeFirstOrThrow();
  shopId = shop.id;
  merchantId = shop.merchantId;
  owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
});
afterAll(() => t?.close());

type SpecFields = Partial<Insertable<GoodsSpecTable>> & Pick<Insertable<GoodsSpecTable>, 'name' | 'mode' | 'price'>;

/** An on-shelf goods item of the shop (a copy of one of its goods) with these specifications (none: a legacy item). */
async function goodsWith(name: string, specs: SpecFields[], over: { unit?: string; price?: number } = {}) {
  const src = await t.db
    .selectFrom('goods')
    .selectAll()
    .where('shopId', '=', shopId)
    .where('shelfState', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: _id, ...rest } = src;
  goodsSeq++;
  const g = await t.db
    .insertInto('goods')
    .values({ ...rest, name, unit: over.unit ?? '次', price: over.price ?? 9900, minQuantity: 1, sort: 900 + goodsSeq })
    .returning('id')
    .executeTakeFirstOrThrow();
  // a goods module writing specifications on add may not exist yet, or may write one: the test states its own list
  await t.db.deleteFrom('goodsSpec').where('goodsId', '=', g.id).execute();
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (const [i, s] of specs.entries()) {
    const row = await t.db
      .insertInto('goodsSpec')
      .values({
        merchantId,
        goodsId: g.id,
        unit: '次',
        originalPrice: null,
        minQuantity: 1,
        maxQuantity: null,
        minCharge: null,
        areaMin: null,
        areaMax: null,
        durationMinutes: 60,
        stock: null,
        dailyCapacity: null,
        status: 1,
        sort: i * 10,
        createdAt: now,
        updatedAt: now,
        ...s,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { id: g.id, specs: ids };
}

let phoneSeq = 0;
async function customer() {
  phoneSeq++;
  const phone = `1397770${String(phoneSeq).padStart(4, '0')}`;
  const s = await openCustomerSession(t.db, phone, `规格顾客${phoneSeq}`);
  return { phone, api: api(t.app, undefined, { headers: { 'x-customer-token': s.token } }) };
}

/** Tomorrow + `days` at 10:00 Shanghai (02:00 UTC), or at `hourUtc`. */
const day = (days = 1, hourUtc = 2) => {
  const d = new Date(Date.now() + (days + 1) * 86400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};

async function place(body: Record<string, unknown>) {
  const c = await customer();
  const r = await c.api.post(`${C}/order/add`, {
    customerName: '规格顾客',
    customerPhone: c.phone,
    address: '山西省运城市盐湖区规格路 3 号',
    ...(await bookingFor(t.db, shopId)),
    ...body,
  });
  return { ...r, customer: c };
}

const orderRow = (id: number) =>
  t.db.selectFrom('serviceOrder').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const stockOf = async (specId: number) =>
  (await t.db.selectFrom('goodsSpec').select('stock').where('id', '=', specId).executeTakeFirstOrThrow()).stock;

describe('placing an order for a specification', () => {
  let daily: { id: number; specs: number[] };
  let orderId: number;
  let buyer: Api;

  beforeAll(async () => {
    daily = await goodsWith('日常保洁', [
      { name: '2小时', mode: 'fixed', price: 11900, durationMinutes: 120 },
      { name: '3小时', mode: 'fixed', price: 15900, durationMinutes: 180 },
      { name: '4小时', mode: 'fixed', price: 19900, durationMinutes: 240 },
    ]);
  });

  it('a 日常保洁 3小时 package: quoted 159.00, snapshotted (180 minutes), the timeline says what was bought', async () => {
    const none = await place({ goodsId: daily.id });
    expect(none).toMatchObject({ code: 2004, message: '该商品有多个规格，请选择规格' });
    const r = await place({ goodsId: daily.id, specId: daily.specs[1] });
    expect(r).toMatchObject({ code: 200, result: { amount: 15900 } });
    orderId = r.result.id;
    buyer = r.customer.api;
    expect(await orderRow(orderId)).toMatchObject({
      specId: daily.specs[1],
      specName: '3小时',
      specMode: 'fixed',
      unitPrice: 15900,
      goodsPrice: 15900,
      unit: '次',
      quantity: 1,
      area: null,
      durationMinutes: 180,
      amount: 15900,
      payAmount: 15900,
    });
    const tl = await t.db
      .selectFrom('orderTimeline')
      .select('remark')
      .where('orderId', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(tl.remark).toBe('日常保洁 · 3小时 × 1，应付 159.00 元');

    // two packages: twice the price and the time
    const two = await place({ goodsId: daily.id, specId: daily.specs[0], quantity: 2 });
    expect(two).toMatchObject({ code: 200, result: { amount: 23800 } });
    expect(await orderRow(two.result.id)).toMatchObject({ quantity: 2, durationMinutes: 240 });
  });

  it('the merchant list and drawer, and the customer order, answer the snapshot', async () => {
    const list = await owner.get(`${D}/findAllByPage?orderNo=${(await orderRow(orderId)).orderNo}`);
    expect(list.result.records[0]).toMatchObject({ specName: '3小时', quantityLabel: '× 1', payAmount: 15900 });
    const detail = await owner.get(`${D}/findById/${orderId}`);
    expect(detail.result).toMatchObject({
      specId: daily.specs[1],
      specName: '3小时',
      specMode: 'fixed',
      unitPrice: 15900,
      durationMinutes: 180,
      area: null,
      quantityLabel: '× 1',
    });
    const mine = await buyer.get(`${C}/order/findById/${orderId}`);
    expect(mine.result).toMatchObject({
      specName: '3小时',
      unitPrice: 15900,
      durationMinutes: 180,
      quantityLabel: '× 1',
      unit: '次',
    });
    // another merchant sees nothing of it
    const b = api(t.app, await loginAs(t.app, PHONES.ownerB));
    expect(await b.get(`${D}/findById/${orderId}`)).toMatchObject({ code: 2002 });
  });

  it('a specification of another goods item is 2002; malformed numbers are 2001', async () => {
    const other = await goodsWith('其他商品', [{ name: '1次', mode: 'fixed', price: 5000 }]);
    expect(await place({ goodsId: daily.id, specId: other.specs[0] })).toMatchObject({ code: 2002 });
    expect(await place({ goodsId: daily.id, specId: 99999999 })).toMatchObject({ code: 2002 });
    expect(await place({ goodsId: daily.id, specId: daily.specs[0], quantity: 1.5 })).toMatchObject({ code: 2001 });
    expect(await place({ goodsId: daily.id, specId: daily.specs[0], quantity: 0 })).toMatchObject({ code: 2001 });
    expect(await place({ goodsId: daily.id, specId: 'abc' })).toMatchObject({ code: 2001 });
  });

  it('a stopped specification is refused with its message; above the maximum too', async () => {
    const g = await goodsWith('家电清洗', [
      { name: '挂机空调', mode: 'fixed', price: 8000, maxQuantity: 3 },
      { name: '柜机空调', mode: 'fixed', price: 12000, status: 0 },
    ]);
    expect(await place({ goodsId: g.id, specId: g.specs[1] })).toMatchObject({
      code: 2004,
      message: '规格「柜机空调」已停用，请选择其他规格',
    });
    expect(await place({ goodsId: g.id, specId: g.specs[0], quantity: 4 })).toMatchObject({
      code: 2004,
      message: '规格「挂机空调」预约数量最多 3 次',
    });
    // the only one on sale needs no specId
    expect(await place({ goodsId: g.id, quantity: 3 })).toMatchObject({ code: 200, result: { amount: 24000 } });
  });
});

describe('area pricing', () => {
  it('开荒 per ㎡ with a minimum charge: below it the minimum is charged; the minutes are per ㎡', async () => {
    const g = await goodsWith('开荒保洁', [
      { name: '1平方米', mode: 'per_unit', unit: '平方米', price: 600, minCharge: 30000, durationMinutes: 3 },
    ]);
    const small = await place({ goodsId: g.id, area: 40 });
    expect(small).toMatchObject({ code: 200, result: { amount: 30000 } });
    expect(await orderRow(small.result.id)).toMatchObject({
      specMode: 'per_unit',
      unit: '平方米',
      quantity: 40,
      area: 40,
      unitPrice: 600,
      amount: 30000,
      payAmount: 30000,
      durationMinutes: 120,
    });
    const tl = await t.db
      .selectFrom('orderTimeline')
      .select('remark')
      .where('orderId', '=', small.result.id)
      .executeTakeFirstOrThrow();
    expect(tl.remark).toBe('开荒保洁 · 1平方米（40 平方米，按起步价），应付 300.00 元');
    const big = await place({ goodsId: g.id, area: 120 });
    expect(big).toMatchObject({ code: 200, result: { amount: 72000 } });
    const detail = await owner.get(`${D}/findById/${big.result.id}`);
    expect(detail.result).toMatchObject({ quantityLabel: '120 平方米', area: 120, durationMinutes: 360 });
    // no area at all, a fractional or zero area
    expect(await place({ goodsId: g.id })).toMatchObject({ code: 2004, message: '请填写服务面积（平方米）' });
    const frac = await place({ goodsId: g.id, area: 85.5 });
    expect(frac).toMatchObject({ code: 2001 });
    expect(frac.message).toContain('服务面积须为 1–10000 之间的整数（平方米）');
    expect(await place({ goodsId: g.id, area: 0 })).toMatchObject({ code: 2001 });
    expect(await place({ goodsId: g.id, area: 10001 })).toMatchObject({ code: 2001 });
  });

  it('area bands: inside the band its price; outside refused with the message', async () => {
    const g = await goodsWith('开荒保洁（面积段）', [
      { name: '60㎡以下', mode: 'area_band', price: 36000, areaMax: 60, durationMinutes: 240 },
      { name: '60-90㎡', mode: 'area_band', price: 48000, areaMin: 60, areaMax: 90, durationMinutes: 300 },
    ]);
    expect(await place({ goodsId: g.id, specId: g.specs[0], area: 85 })).toMatchObject({
      code: 2004,
      message: '规格「60㎡以下」适用面积 60㎡以下，您填写的面积为 85㎡',
    });
    expect(await place({ goodsId: g.id, specId: g.specs[1] })).toMatchObject({
      code: 2004,
      message: '请填写服务面积（平方米）',
    });
    const ok = await place({ goodsId: g.id, specId: g.specs[1], area: 85 });
    expect(ok).toMatchObject({ code: 200, result: { amount: 48000 } });
    expect(await orderRow(ok.result.id)).toMatchObject({
      specMode: 'area_band',
      quantity: 1,
      area: 85,
      durationMinutes: 300,
      unitPrice: 48000,
    });
    const list = await owner.get(`${D}/findAllByPage?orderNo=${(await orderRow(ok.result.id)).orderNo}`);
    expect(list.result.records[0]).toMatchObject({ specName: '60-90㎡', quantityLabel: '85 平方米' });
  });

  it('area bands are half-open: an order at a boundary is the upper band; the open-ended last band has no ceiling', async () => {
    const g = await goodsWith('深度保洁（半开面积段）', [
      { name: '80㎡以下', mode: 'area_band', price: 40000, areaMin: 0, areaMax: 80, durationMinutes: 240 },
      { name: '80-120㎡', mode: 'area_band', price: 60000, areaMin: 80, areaMax: 120, durationMinutes: 360 },
      { name: '120㎡以上', mode: 'area_band', price: 90000, areaMin: 120, durationMinutes: 300 },
    ]);
    const [small, middle, large] = g.specs;
    // exactly 80 ㎡ is not "80㎡以下": the lower band refuses it, the upper band prices it
    expect(await place({ goodsId: g.id, specId: small, area: 80 })).toMatchObject({
      code: 2004,
      message: '规格「80㎡以下」适用面积 80㎡以下，您填写的面积为 80㎡',
    });
    const at80 = await place({ goodsId: g.id, specId: middle, area: 80 });
    expect(at80).toMatchObject({ code: 200, result: { amount: 60000 } });
    expect(await orderRow(at80.result.id)).toMatchObject({ area: 80, unitPrice: 60000, durationMinutes: 360 });
    expect(await place({ goodsId: g.id, specId: small, area: 79 })).toMatchObject({
      code: 200,
      result: { amount: 40000 },
    });
    expect(await place({ goodsId: g.id, specId: small, area: 1 })).toMatchObject({ code: 200 });
    // 120 ㎡ belongs to 120㎡以上, and so does the largest area there is
    expect(await place({ goodsId: g.id, specId: middle, area: 120 })).toMatchObject({
      code: 2004,
      message: '规格「80-120㎡」适用面积 80-120㎡，您填写的面积为 120㎡',
    });
    const at120 = await place({ goodsId: g.id, specId: large, area: 120 });
    expect(at120, at120.message).toMatchObject({ code: 200, result: { amount: 90000 } });
    const huge = await place({ goodsId: g.id, specId: large, area: 10000 });
    expect(huge, huge.message).toMatchObject({ code: 200 });
    expect(await place({ goodsId: g.id, specId: large, area: 119 })).toMatchObject({ code: 2004 });
  });
});

describe('stock and daily capacity', () => {
  it('stock 1: the second order is 售罄; expiry and the merchant cancel give it back', async () => {
    const g = await goodsWith('月嫂', [
      { name: '26天', mode: 'fixed', price: 880000, durationMinutes: 26 * 1440, stock: 1 },
    ]);
    const spec = g.specs[0];
    const first = await place({ goodsId: g.id });
    expect(first).toMatchObject({ code: 200 });
    expect(await stockOf(spec)).toBe(0);
    expect(await place({ goodsId: g.id })).toMatchObject({ code: 2004, message: '规格「26天」已售罄' });

    // unpaid past its 30 minutes: the expiry gives the one back (once)
    expect(await expireUnpaid(t.db, 30, Date.now() + 31 * 60_000, [first.result.id])).toBe(1);
    expect(await stockOf(spec)).toBe(1);
    expect(await expireUnpaid(t.db, 30, Date.now() + 31 * 60_000, [first.result.id])).toBe(0);
    expect(await stockOf(spec)).toBe(1);

    // paid, then cancelled by the merchant: back again
    const second = await place({ goodsId: g.id });
    expect(second).toMatchObject({ code: 200 });
    expect(await stockOf(spec)).toBe(0);
    expect(await second.customer.api.post(`${C}/order/pay`, { id: second.result.id })).toMatchObject({ code: 200 });
    // paid (20), or accepted (30) where the shop takes orders automatically: the merchant may cancel either
    expect([20, 30]).toContain((await orderRow(second.result.id)).status);
    const cancel = await owner.post(`${D}/shangjiaCancel`, { id: second.result.id, reason: '档期已满' });
    expect(cancel).toMatchObject({ code: 200 });
    expect(await stockOf(spec)).toBe(1);
    // a refused cancel (already cancelled) gives nothing more back
    expect(await owner.post(`${D}/shangjiaCancel`, { id: second.result.id, reason: '再次取消' })).toMatchObject({
      code: 2004,
    });
    expect(await stockOf(spec)).toBe(1);
  });

  it('two customers race for the last one: exactly one order, stock 0', async () => {
    const g = await goodsWith('限量套餐', [{ name: '限量', mode: 'fixed', price: 10000, stock: 1 }]);
    const rs = await Promise.all([place({ goodsId: g.id }), place({ goodsId: g.id })]);
    expect(rs.map((r) => r.code).sort()).toEqual([200, 2004]);
    expect(await stockOf(g.specs[0])).toBe(0);
    const orders = await t.db.selectFrom('serviceOrder').select('id').where('goodsId', '=', g.id).execute();
    expect(orders).toHaveLength(1);
  });

  it('daily capacity counts the specification orders of the Shanghai appointment day', async () => {
    // The day boundary needs bookings at 23:30 and 01:00: this shop takes any start for the test (no time slots, no
    // business hours: docs/dispatch.md §6), then gets its rules back.
    const setting = await t.db
      .selectFrom('shopSetting')
      .select('serviceTimeSlots')
      .where('shopId', '=', shopId)
      .executeTakeFirstOrThrow();
    const shop = await t.db
      .selectFrom('shop')
      .select('businessHours')
      .where('id', '=', shopId)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('shopSetting').set({ serviceTimeSlots: '[]' }).where('shopId', '=', shopId).execute();
    await t.db.updateTable('shop').set({ businessHours: null }).where('id', '=', shopId).execute();
    try {
      const g = await goodsWith('深度保洁', [{ name: '4小时', mode: 'fixed', price: 25000, dailyCapacity: 1 }]);
      expect(await place({ goodsId: g.id, appointmentAt: day(3, 2) })).toMatchObject({ code: 200 });
      // 15:30 UTC is 23:30 the same Shanghai day
      expect(await place({ goodsId: g.id, appointmentAt: day(3, 15) })).toMatchObject({
        code: 2004,
        message: '规格「4小时」当天已约满，请选择其他日期',
      });
      // 16:30 UTC is already the next Shanghai day
      const next = await place({ goodsId: g.id, appointmentAt: day(3, 17) });
      expect(next, next.message).toMatchObject({ code: 200 });
    } finally {
      await t.db.updateTable('shopSetting').set(setting).where('shopId', '=', shopId).execute();
      await t.db.updateTable('shop').set(shop).where('id', '=', shopId).execute();
    }
  });
});

describe('legacy goods, settlement, export', () => {
  it('a goods item without specifications orders as its legacy specification (spec_id null)', async () => {
    const g = await goodsWith('钟点工', [], { unit: '小时', price: 4500 });
    const r = await place({ goodsId: g.id, quantity: 3 });
    expect(r).toMatchObject({ code: 200, result: { amount: 13500 } });
    expect(await orderRow(r.result.id)).toMatchObject({
      specId: null,
      specName: '1小时',
      specMode: 'per_unit',
      unit: '小时',
      quantity: 3,
      durationMinutes: 180,
      unitPrice: 4500,
    });
    const detail = await owner.get(`${D}/findById/${r.result.id}`);
    expect(detail.result.quantityLabel).toBe('3 小时');
    // a specId names nothing of it
    expect(await place({ goodsId: g.id, specId: 1 })).toMatchObject({ code: 2002 });
  });

  it('a completed 3小时 order settles the quoted amount', async () => {
    const g = await goodsWith('日常保洁（结算）', [
      { name: '2小时', mode: 'fixed', price: 11900, durationMinutes: 120 },
      { name: '3小时', mode: 'fixed', price: 15900, durationMinutes: 180 },
    ]);
    const r = await place({ goodsId: g.id, specId: g.specs[1] });
    expect(r).toMatchObject({ code: 200 });
    const paid = await r.customer.api.post(`${C}/order/pay`, { id: r.result.id });
    expect(paid).toMatchObject({ code: 200 });
    // The 新订单 message names the specification and the quantity as the order drawer does.
    const told = await t.db
      .selectFrom('message')
      .select('content')
      .where('title', '=', '新订单')
      .where('content', 'like', '%日常保洁（结算）%')
      .executeTakeFirstOrThrow();
    expect(told.content).toContain('日常保洁（结算） · 3小时 × 1）已付款 159.00 元');
    await serveOrder(t, owner, { id: r.result.id, code: paid.result.verifyCode }, shopId);
    const s = await t.db
      .selectFrom('financeSettlement')
      .select(['orderAmount'])
      .where('orderId', '=', r.result.id)
      .executeTakeFirstOrThrow();
    expect(Number(s.orderAmount)).toBe(15900);
    const detail = await owner.get(`${D}/findById/${r.result.id}`);
    expect(detail.result.settlement).toMatchObject({ amount: expect.any(Number) });
  });

  it('the export has 规格, 数量, 单价, 面积 and 服务时长 columns', async () => {
    const g = await goodsWith('开荒保洁（导出）', [
      { name: '61–90㎡', mode: 'area_band', price: 48000, areaMin: 61, areaMax: 90, durationMinutes: 300 },
    ]);
    const r = await place({ goodsId: g.id, area: 70 });
    expect(r).toMatchObject({ code: 200 });
    const { orderNo } = await orderRow(r.result.id);
    const x = await t.app.inject({
      method: 'POST',
      url: `/tmpl/api/${D}/export`,
      headers: { authorization: `Bearer ${await loginAs(t.app, PHONES.ownerA)}` },
      payload: { orderNo },
    });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0].slice(0, 10)).toEqual([
      '订单号',
      '店铺',
      '商品',
      '规格',
      '数量',
      '单价(元)',
      '面积(㎡)',
      '服务时长(分钟)',
      '金额(元)',
      '实付(元)',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 10)).toEqual([
      orderNo,
      '运城洁家家政（总店）',
      '开荒保洁（导出）',
      '61–90㎡',
      '70 平方米',
      480,
      70,
      300,
      480,
      480,
    ]);
  });
});
