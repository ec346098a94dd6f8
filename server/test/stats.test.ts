import { CLIENT_ID } from '@jz/contracts/auth';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { freeEmployee } from './helpers/order-flow.ts';

const S = 'app/jiazheng/tongji';
const RANGE = { startDate: '2020-03-01', endDate: '2020-03-03' };

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let admin: Api;
let shop: { aMain: number; aBranch: number; bMain: number; a: number; b: number };
let e1: number;
let e2: number;
let g1: { id: number; name: string; fuwuId: number };
let g2: { id: number; name: string; fuwuId: number };
const orderIds: Record<string, number> = {};

/** An export call (form-encoded, as the web client's download sends it). */
async function exportCall(path: string, body: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/tmpl/api/${S}/${path}`,
    headers: {
      client: CLIENT_ID,
      authorization: `Bearer ${await loginAs(t.app, PHONES.ownerA)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(body).toString(),
  });
}

/** Every sheet of an exported workbook, read back with exceljs: name -> rows of values. */
async function readXlsx(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const sheets = new Map<string, unknown[][]>();
  for (const ws of wb.worksheets) {
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    sheets.set(ws.name, rows);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  }
  return { wb, sheets };
}

let seq = 0;
async function customer(tag: string) {
  const now = new Date().toISOString();
  return (
    await t.db
      .insertInto('customer')
      .values({ phone: `1360000${String(1000 + seq++)}`, nickname: `统计顾客${tag}`, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const employee = async (name: string, shopId: number) => (await freeEmployee(t, shopId, { name })).id;

interface O {
  key: string;
  customerId: number;
  goods: { id: number; name: string };
  employeeId: number | null;
  status: number;
  pay: number;
  createdAt: string;
  paidAt: string | null;
  completedAt?: string;
  cancelledAt?: string;
  refundStatus?: number;
  shopId?: number;
  merchantId?: number;
}

async function order(o: O) {
  const id = (
    await t.db
      .insertInto('serviceOrder')
      .values({
        orderNo: `ST${Date.now()}${seq++}`,
        merchantId: o.merchantId ?? shop.a,
        shopId: o.shopId ?? shop.aMain,
        customerId: o.customerId,
        goodsId: o.goods.id,
        goodsName: o.goods.name,
        goodsCover: null,
        goodsPrice: o.pay,
        quantity: 1,
        unit: '次',
        customerName: '统计顾客',
        customerPhone: '13600009999',
        provinceCode: null,
        cityCode: null,
        districtCode: null,
        address: '山西省运城市盐湖区统计路 1 号',
        lat: null,
        lng: null,
        appointmentAt: o.createdAt,
        remark: null,
        amount: o.pay,
        payAmount: o.pay,
        status: o.status,
        verifyCode: String(100000000000 + seq++ * 7919),
        employeeId: o.employeeId,
        cancelReason: o.cancelledAt ? '测试取消' : null,
        refundStatus: o.refundStatus ?? 0,
        refundNo: null,
        payNo: o.paidAt ? `P${seq}` : null,
        paidAt: o.paidAt,
        acceptedAt: null,
        verifiedAt: null,
        completedAt: o.completedAt ?? null,
        reviewedAt: null,
        cancelledAt: o.cancelledAt ?? null,
        createdAt: o.createdAt,
        updatedAt: o.completedAt ?? o.cancelledAt ?? o.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  orderIds[o.key] = id;
  return id;
}

async function review(
  orderKey: string,
  o: { customerId: number; employeeId: number; goodsId: number },
  rating: number,
  at: string,
) {
  await t.db
    .insertInto('review')
    .values({
      orderId: orderIds[orderKey],
      merchantId: shop.a,
      shopId: shop.aMain,
      goodsId: o.goodsId,
      employeeId: o.employeeId,
      customerId: o.customerId,
      customerNickname: '统计顾客',
      rating,
      content: `评分 ${rating}`,
      images: '[]',
      anonymous: 0,
      merchantReply: null,
      repliedAt: null,
      replyUserId: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA, admin } = await demoUsers(t));
  const s = (name: string) =>
    t.db.selectFrom('shop').select(['id', 'merchantId']).where('name', '=', name).executeTakeFirstOrThrow();
  const [aMain, bMain] = [await s('运城洁家家政（总店）'), await s('太原安心家政')];
  const aBranch = await t.db
    .selectFrom('shop')
    .select('id')
    .where('merchantId', '=', aMain.merchantId)
    .where('id', '!=', aMain.id)
    .executeTakeFirstOrThrow();
  shop = { aMain: aMain.id, aBranch: aBranch.id, bMain: bMain.id, a: aMain.merchantId, b: bMain.merchantId };

  const goods = await t.db
    .selectFrom('goods')
    .select(['id', 'name', 'fuwuId'])
    .where('shopId', '=', shop.aMain)
    .orderBy('id')
    .execute();
  g1 = goods[0];
  g2 = goods.find((g) => g.fuwuId !== g1.fuwuId) ?? goods[1];
  e1 = await employee('统计员工甲', shop.aMain);
  e2 = await employee('统计员工乙', shop.aMain);
  const [c1, c2, c3, c4] = [await customer('1'), await customer('2'), await customer('3'), await customer('4')];

  // Shanghai = UTC+8. The range 2020-03-01..03 (Shanghai) is [2020-02-29T16:00Z, 2020-03-03T16:00Z).
  await order({
    key: 'o0',
    customerId: c1,
    goods: g1,
    employeeId: e1,
    status: 50,
    pay: 5000,
    createdAt: '2020-02-29T15:00:00.000Z',
    paidAt: '2020-02-29T15:59:00.000Z',
    completedAt: '2020-02-29T15:59:30.000Z',
  });
  await order({
    key: 'o1',
    customerId: c1,
    goods: g1,
    employeeId: e1,
    status: 60,
    pay: 10000,
    createdAt: '2020-02-29T16:20:00.000Z',
    paidAt: '2020-02-29T16:30:00.000Z',
    completedAt: '2020-03-01T02:00:00.000Z',
  });
  await order({
    key: 'o2',
    customerId: c2,
    goods: g1,
    employeeId: e1,
    status: 50,
    pay: 20000,
    createdAt: '2020-03-01T09:00:00.000Z',
    paidAt: '2020-03-01T10:00:00.000Z',
    completedAt: '2020-03-02T01:00:00.000Z',
  });
  await order({
    key: 'o3',
    customerId: c2,
    goods: g2,
    employeeId: e2,
    status: 70,
    pay: 30000,
    refundStatus: 2,
    createdAt: '2020-03-02T16:50:00.000Z',
    paidAt: '2020-03-02T17:00:00.000Z',
    cancelledAt: '2020-03-03T01:00:00.000Z',
  });
  await order({
    key: 'o4',
    customerId: c3,
    goods: g2,
    employeeId: e2,
    status: 50,
    pay: 40000,
    createdAt: '2020-03-03T14:00:00.000Z',
    paidAt: '2020-03-03T15:00:00.000Z',
    completedAt: '2020-03-03T15:30:00.000Z',
  });
  await order({
    key: 'o5',
    customerId: c3,
    goods: g1,
    employeeId: e2,
    status: 30,
    pay: 7000,
    createdAt: '2020-03-03T16:00:00.000Z',
    paidAt: '2020-03-03T16:10:00.000Z',
  });
  await order({
    key: 'o6',
    customerId: c4,
    goods: g1,
    employeeId: null,
    status: 10,
    pay: 9000,
    createdAt: '2020-03-02T03:00:00.000Z',
    paidAt: null,
  });
  // The same range in the branch shop (counted with shopId=all only).
  await order({
    key: 'o7',
    customerId: c4,
    goods: g1,
    employeeId: null,
    status: 20,
    pay: 1500,
    shopId: shop.aBranch,
    createdAt: '2020-03-02T03:00:00.000Z',
    paidAt: '2020-03-02T03:05:00.000Z',
  });
  await review('o1', { customerId: c1, employeeId: e1, goodsId: g1.id }, 5, '2020-03-01T03:00:00.000Z');
  await review('o2', { customerId: c2, employeeId: e1, goodsId: g1.id }, 3, '2020-03-02T02:00:00.000Z');
  await review('o4', { customerId: c3, employeeId: e2, goodsId: g2.id }, 4, '2020-03-03T15:50:00.000Z');
});
afterAll(() => t?.close());

describe('运营数据 (tongji/yunying)', () => {
  it('matches a hand count over Shanghai days on the current shop', async () => {
    const r = await ownerA.get(`${S}/yunying`, RANGE);
    expect(r.code).toBe(200);
    expect(r.result).toMatchObject({
      startDate: '2020-03-01',
      endDate: '2020-03-03',
      orders: 4,
      paidAmount: 100000,
      avgOrderValue: 25000,
      refundCount: 1,
      refundAmount: 30000,
      customers: 3,
      newCustomers: 2,
      returningCustomers: 1,
      reviewCount: 3,
      goodReviews: 2,
      goodRate: 0.6667,
    });
    expect(r.result.daily).toEqual([
      { date: '2020-03-01', orders: 2, paidAmount: 30000 },
      { date: '2020-03-02', orders: 0, paidAmount: 0 },
      { date: '2020-03-03', orders: 2, paidAmount: 70000 },
    ]);
    expect(r.result.goodsRanking).toEqual([
      { id: g2.id, name: g2.name, orders: 2, amount: 70000 },
      { id: g1.id, name: g1.name, orders: 2, amount: 30000 },
    ]);
    const cats = r.result.categoryShare as { id: number; orders: number; amount: number }[];
    if (g1.fuwuId !== g2.fuwuId)
      expect(cats.map((c) => [c.id, c.orders, c.amount])).toEqual([
        [g2.fuwuId, 2, 70000],
        [g1.fuwuId, 2, 30000],
      ]);
    else expect(cats.map((c) => [c.id, c.orders, c.amount])).toEqual([[g1.fuwuId, 4, 100000]]);
  });

  it('one Shanghai day, all shops, and a day with nothing', async () => {
    const day = await ownerA.get(`${S}/yunying`, { startDate: '2020-03-01', endDate: '2020-03-01' });
    expect(day.result).toMatchObject({ orders: 2, paidAmount: 30000, customers: 2, newCustomers: 1 });
    const all = await ownerA.get(`${S}/yunying`, { ...RANGE, shopId: 'all' });
    expect(all.result).toMatchObject({ orders: 5, paidAmount: 101500, customers: 4, newCustomers: 3 });
    expect(all.result.daily[1]).toEqual({ date: '2020-03-02', orders: 1, paidAmount: 1500 });
    const branch = await ownerA.get(`${S}/yunying`, { ...RANGE, shopId: shop.aBranch });
    expect(branch.result).toMatchObject({ orders: 1, paidAmount: 1500, goodRate: null });
    const none = await ownerA.get(`${S}/yunying`, { startDate: '2019-01-01', endDate: '2019-01-02' });
    expect(none.result).toMatchObject({ orders: 0, paidAmount: 0, avgOrderValue: 0, goodRate: null });
    expect(none.result.daily).toHaveLength(2);
  });

  it('exports an .xlsx workbook by default (figures as numbers), CSV with a BOM on request', async () => {
    const x = await exportCall('yunying/export', RANGE);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(String(x.headers['content-disposition'])).toMatch(
      /^attachment; filename\*=UTF-8''.+_2020-03-01_2020-03-03_\d{14}\.xlsx; filename="operations-stats_\d{14}\.xlsx"$/,
    );
    const { sheets } = await readXlsx(x.rawPayload);
    expect([...sheets.keys()]).toEqual(['运营概览', '每日', '商品排行', '服务类目', '预收（卡项）']);
    const [head, values] = sheets.get('运营概览')!;
    const overview = Object.fromEntries(head.map((h, i) => [h, values[i]]));
    expect(overview).toMatchObject({ 开始日期: '2020-03-01', 结束日期: '2020-03-03', '支付金额(元)': 1000 });
    expect(overview.好评率).toBeCloseTo(2 / 3, 3); // a ratio, shown as 66.67%
    expect(sheets.get('每日')).toContainEqual(['2020-03-03', 2, 700]);
    expect(sheets.get('商品排行')![0]).toEqual(['商品', '订单数', '金额(元)']);

    const res = await exportCall('yunying/export', { ...RANGE, format: 'csv' });
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(/\.csv"$/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const [csvHead, csvValues] = res.body.slice(1).split('\r\n');
    expect(csvHead.split(',').slice(0, 4)).toEqual(['开始日期', '结束日期', '支付订单数', '支付金额(元)']);
    expect(csvValues).toMatch(/^2020-03-01,2020-03-03,\d+,1000\.00,/);
    expect(csvValues.endsWith(',66.67%')).toBe(true);
    expect(res.body).toContain('\r\n2020-03-03,2,700.00\r\n');
    expect(JSON.parse((await exportCall('yunying/export', { ...RANGE, format: 'pdf' })).body).code).toBe(2001);
  });

  it('another merchant sees none of it; its own shop id of another merchant is 2002', async () => {
    const b = await ownerB.get(`${S}/yunying`, { ...RANGE, shopId: 'all' });
    expect(b.result).toMatchObject({ orders: 0, paidAmount: 0, reviewCount: 0 });
    expect(await ownerB.get(`${S}/yunying`, { ...RANGE, shopId: shop.aMain })).toMatchObject({ code: 2002 });
    expect(await ownerB.get(`${S}/yuangong`, { ...RANGE, shopId: shop.aMain })).toMatchObject({ code: 2002 });
  });

  it('bad input 2001, anonymous 401, platform user 301', async () => {
    expect(await ownerA.get(`${S}/yunying`, { startDate: '2020-3-1' })).toMatchObject({ code: 2001 });
    expect(await ownerA.get(`${S}/yunying`, { startDate: '2020-03-05', endDate: '2020-03-01' })).toMatchObject({
      code: 2001,
    });
    expect(await ownerA.get(`${S}/yunying`, { startDate: '2018-01-01', endDate: '2020-03-01' })).toMatchObject({
      code: 2001,
    });
    expect(await ownerA.get(`${S}/yunying`, { shopId: 'x' })).toMatchObject({ code: 2001 });
    expect(await ownerA.get(`${S}/yuangong`, { sortField: 'phone' })).toMatchObject({ code: 2001 });
    expect(await api(t.app).get(`${S}/yunying`, RANGE)).toMatchObject({ status: 401, code: 401 });
    expect(await api(t.app).get(`${S}/jinri`)).toMatchObject({ code: 401 });
    expect(await admin.get(`${S}/yunying`, RANGE)).toMatchObject({ code: 301 });
    expect(await admin.get(`${S}/jinri`)).toMatchObject({ code: 301 });
  });
});

describe('员工数据 (tongji/yuangong)', () => {
  it('per employee: served, revenue, average rating, cancellations; sortable', async () => {
    const r = await ownerA.get(`${S}/yuangong`, RANGE);
    expect(r.code).toBe(200);
    const rows = r.result.rows as { employeeId: number; revenue: number; ordersServed: number }[];
    const byId = (id: number) => rows.find((x) => x.employeeId === id);
    expect(byId(e1)).toMatchObject({
      name: '统计员工甲',
      ordersServed: 2,
      revenue: 30000,
      avgRating: 4,
      reviewCount: 2,
      cancellations: 0,
    });
    expect(byId(e2)).toMatchObject({ ordersServed: 1, revenue: 40000, avgRating: 4, reviewCount: 1, cancellations: 1 });
    // Default sort: revenue, highest first (the demo orders are recent, so every other employee has 0 here).
    expect(rows.slice(0, 2).map((x) => x.employeeId)).toEqual([e2, e1]);
    const others = rows.slice(2);
    expectEvery(others, (x) => x.revenue === 0 && x.ordersServed === 0);

    const served = await ownerA.get(`${S}/yuangong`, { ...RANGE, sortField: 'ordersServed', sortOrder: 'desc' });
    expect(served.result.rows.slice(0, 2).map((x: { employeeId: number }) => x.employeeId)).toEqual([e1, e2]);
    const asc = await ownerA.get(`${S}/yuangong`, { ...RANGE, sortField: 'cancellations', sortOrder: 'asc' });
    expect(asc.result.rows.at(-1).employeeId).toBe(e2);

    const b = await ownerB.get(`${S}/yuangong`, { ...RANGE, shopId: 'all' });
    expect(b.result.rows.some((x: { employeeId: number }) => x.employeeId === e1 || x.employeeId === e2)).toBe(false);
  });

  it('exports an .xlsx workbook by default, CSV with a BOM on request', async () => {
    const x = await exportCall('yuangong/export', RANGE);
    expect(x.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(String(x.headers['content-disposition'])).toMatch(/filename="employee-stats_\d{14}\.xlsx"$/);
    const rows = (await readXlsx(x.rawPayload)).sheets.get('员工数据')!;
    expect(rows[0]).toEqual([
      '员工',
      '店铺',
      '工作状态',
      '服务订单数',
      '服务收入(元)',
      '平均评分',
      '评价数',
      '取消订单数',
    ]);
    expect(rows).toContainEqual(['统计员工乙', '运城洁家家政（总店）', '空闲', 1, 400, 4, 1, 1]);
    expect(rows).toContainEqual(['统计员工甲', expect.any(String), expect.any(String), 2, 300, 4, 2, 0]);

    const res = await exportCall('yuangong/export', { ...RANGE, format: 'csv' });
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    expect(res.body).toContain('统计员工乙,运城洁家家政（总店）,空闲,1,400.00,4.00,1,1');
  });

  it("an employee's current and recent orders and reviews; another merchant 2002", async () => {
    const r = await ownerA.get(`${S}/yuangong/dingdan`, { employeeId: e2 });
    expect(r.result.current.map((o: { id: number }) => o.id)).toEqual([orderIds.o5]);
    expect(r.result.recent.map((o: { id: number }) => o.id).sort()).toEqual([orderIds.o3, orderIds.o4].sort());
    expect(r.result).toMatchObject({ reviewCount: 1, avgRating: 4 });
    expect(r.result.reviews[0]).toMatchObject({ rating: 4, goodsName: g2.name });
    expect(JSON.stringify(r.result)).not.toContain('verifyCode');
    expect(await ownerB.get(`${S}/yuangong/dingdan`, { employeeId: e2 })).toMatchObject({ code: 2002 });
    expect(await ownerA.get(`${S}/yuangong/dingdan`, { employeeId: 'abc' })).toMatchObject({ code: 2001 });
    expect(await api(t.app).get(`${S}/yuangong/dingdan`, { employeeId: e2 })).toMatchObject({ code: 401 });
  });
});

describe('今日数据 (tongji/jinri)', () => {
  it('follows a new paid order and an unanswered review', async () => {
    const before = (await ownerA.get(`${S}/jinri`)).result;
    expect(before).toMatchObject({ newOrders: expect.any(Number), waiting: expect.any(Number) });
    const c = await customer('today');
    const now = new Date().toISOString();
    await order({
      key: 'today',
      customerId: c,
      goods: g1,
      employeeId: null,
      status: 20,
      pay: 12345,
      createdAt: now,
      paidAt: now,
    });
    await order({
      key: 'today2',
      customerId: c,
      goods: g1,
      employeeId: e1,
      status: 30,
      pay: 100,
      createdAt: now,
      paidAt: now,
      refundStatus: 0,
    });
    await order({
      key: 'done',
      customerId: c,
      goods: g1,
      employeeId: e1,
      status: 50,
      pay: 500,
      createdAt: now,
      paidAt: now,
      completedAt: now,
    });
    await review('done', { customerId: c, employeeId: e1, goodsId: g1.id }, 2, now);
    const after = (await ownerA.get(`${S}/jinri`)).result;
    expect(after).toMatchObject({
      newOrders: before.newOrders + 3,
      waiting: before.waiting + 1,
      toServe: before.toServe + 1,
      revenue: before.revenue + 12345 + 100 + 500,
      reviewsToAnswer: before.reviewsToAnswer + 1,
    });
    // The branch shop and merchant B are not touched.
    const branch = (await ownerA.get(`${S}/jinri`, { shopId: shop.aBranch })).result;
    const bBefore = (await ownerB.get(`${S}/jinri`)).result;
    expect(branch.newOrders).toBeLessThan(after.newOrders + 1);
    expect(bBefore.date).toBe(after.date);
    expect(await ownerB.get(`${S}/jinri`, { shopId: shop.aMain })).toMatchObject({ code: 2002 });
  });
});

describe('day buckets at scale', () => {
  it('3000 orders over June 2021: the SQL Shanghai-day buckets equal a count in JavaScript', async () => {
    const c = await customer('bulk');
    let x = 12345;
    const rnd = () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x / 2147483648;
    };
    const from = Date.parse('2021-05-31T16:00:00.000Z'); // 2021-06-01 00:00 Shanghai
    const span = 30 * 86400_000;
    const rows = Array.from({ length: 3000 }, (_, i) => {
      // A third of the orders sit within a minute of a Shanghai midnight (16:00Z), on either side.
      const near = i % 3 === 0;
      const ms = near
        ? from + Math.floor(rnd() * 31) * 86400_000 + Math.floor((rnd() - 0.5) * 120_000)
        : from + Math.floor(rnd() * span);
      return { paidAt: new Date(ms).toISOString(), pay: 100 + Math.floor(rnd() * 10000) };
    });
    const expected = new Map<string, { orders: number; paidAmount: number }>();
    for (const r of rows) {
      const ms = Date.parse(r.paidAt);
      if (ms < from || ms >= from + span) continue;
      const day = new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
      const e = expected.get(day) ?? { orders: 0, paidAmount: 0 };
      e.orders += 1;
      e.paidAmount += r.pay;
      expected.set(day, e);
    }
    const now = new Date().toISOString();
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto('serviceOrder')
        .values(
          rows.slice(i, i + 200).map((r, j) => ({
            orderNo: `BULK${i + j}`,
            merchantId: shop.a,
            shopId: shop.aBranch,
            customerId: c,
            goodsId: g1.id,
            goodsName: g1.name,
            goodsCover: null,
            goodsPrice: r.pay,
            quantity: 1,
            unit: '次',
            customerName: '批量',
            customerPhone: '13600008888',
            provinceCode: null,
            cityCode: null,
            districtCode: null,
            address: '批量地址 1 号',
            lat: null,
            lng: null,
            appointmentAt: r.paidAt,
            remark: null,
            amount: r.pay,
            payAmount: r.pay,
            status: 50,
            verifyCode: `9${String(i + j).padStart(11, '0')}`,
            employeeId: null,
            cancelReason: null,
            refundStatus: 0,
            refundNo: null,
            payNo: null,
            paidAt: r.paidAt,
            acceptedAt: null,
            verifiedAt: null,
            completedAt: r.paidAt,
            reviewedAt: null,
            cancelledAt: null,
            createdAt: r.paidAt,
            updatedAt: now,
          })),
        )
        .execute();
    const started = performance.now();
    const r = await ownerA.get(`${S}/yunying`, {
      startDate: '2021-06-01',
      endDate: '2021-06-30',
      shopId: shop.aBranch,
    });
    const ms = performance.now() - started;
    console.info(`[stats] 运营数据 over 3000 orders (${t.dbKind}): ${ms.toFixed(0)} ms`);
    expect(r.result.daily).toHaveLength(30);
    for (const d of r.result.daily as { date: string; orders: number; paidAmount: number }[])
      expect(d, d.date).toEqual({ date: d.date, ...(expected.get(d.date) ?? { orders: 0, paidAmount: 0 }) });
    const total = [...expected.values()].reduce((a, e) => a + e.orders, 0);
    expect(r.result.orders).toBe(total);
    expect(r.result.customers).toBe(1);
    expect(ms).toBeLessThan(5000);
  });
});

describe('permissions', () => {
  it('a role without the figure pages gets 301; the owner keeps them', async () => {
    expect(await subA.get(`${S}/yunying`, RANGE)).toMatchObject({ code: 200 });
    const role = await t.db
      .selectFrom('userRole')
      .innerJoin('user', 'user.id', 'userRole.userId')
      .select('userRole.roleId')
      .where('user.phone', '=', PHONES.subA)
      .executeTakeFirstOrThrow();
    const menus = await t.db.selectFrom('menu').select('id').where('perms', 'like', 'merchant:stats:%').execute();
    expect(menus.length).toBe(4);
    await t.db
      .deleteFrom('roleMenu')
      .where('roleId', '=', role.roleId)
      .where(
        'menuId',
        'in',
        menus.map((m) => m.id),
      )
      .execute();
    expect(await subA.get(`${S}/yunying`, RANGE)).toMatchObject({ status: 403, code: 301 });
    expect(await subA.get(`${S}/yuangong`, RANGE)).toMatchObject({ code: 301 });
    expect(await subA.post(`${S}/yuangong/export`, RANGE)).toMatchObject({ code: 301 });
    expect(await subA.post(`${S}/yunying/export`, RANGE)).toMatchObject({ code: 301 });
    // The landing figures only need a merchant sign-in.
    expect(await subA.get(`${S}/jinri`)).toMatchObject({ code: 200 });
    expect(await ownerA.get(`${S}/yunying`, RANGE)).toMatchObject({ code: 200 });
  });
});
