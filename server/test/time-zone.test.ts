import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettlement } from '../src/modules/merchant/finance/settlement.service.ts';
import { type Api, api, buildTestApp, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { freeEmployee, paidOrder } from './helpers/order-flow.ts';

/**
 * Exports and messages say Shanghai wall time whatever zone the server process runs in (docs/time.md). The process is
 * switched to New York for this file: Node re-reads `process.env.TZ` when it is assigned (vitest runs the file in a
 * forked worker process, whose main thread this is), and the zone is put back after, since the worker goes on to
 * other files. The first test proves the switch took effect, so the others cannot pass under the machine's zone.
 */
const D = 'app/jiazheng/pay/dingdan';
const C = 'app/jiazheng/caiwu';
const SERVER_ZONE = 'America/New_York';
const savedZone = process.env.TZ;

/** Shanghai wall time of an instant by plain arithmetic (UTC+8 all year), independent of the code under test. */
const wall = (iso: string, len = 16) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, len).replace('T', ' ');

let t: TestApp;
let owner: Api;
let token: string;
let shopA: number;

beforeAll(async () => {
  process.env.TZ = SERVER_ZONE;
  t = await buildTestApp({ jobs: false, env: { NOTIFY_DELIVERY: 'off' } });
  token = await loginAs(t.app, PHONES.ownerA);
  owner = api(t.app, token);
  shopA = (
    await t.db.selectFrom('shop').select('id').where('name', '=', '运城洁家家政（总店）').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

const exportCsv = (path: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: `/tmpl/api/${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe(`with the server process in ${SERVER_ZONE}`, () => {
  it('the process really runs in that zone', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(SERVER_ZONE);
    expect(new Date('2026-12-08T00:00:00Z').getHours()).toBe(19);
  });

  it('订单 export: 预约, 下单 and 完成 times are Shanghai wall times; the file name carries the Shanghai stamp', async () => {
    const res = await exportCsv(`${D}/export`, 'format=csv');
    expect(res.statusCode).toBe(200);
    const stamp = /filename="orders_(\d{14})\.csv"/.exec(String(res.headers['content-disposition']))?.[1];
    expect(stamp).toBeDefined();
    const nowWall = wall(new Date().toISOString(), 19).replace(/\D/g, '');
    expect(Math.abs(Number(stamp) - Number(nowWall))).toBeLessThan(200); // same minute, Shanghai's
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const head = lines[0].split(',');
    const col = (name: string) => head.indexOf(name);
    expectEvery([col('预约时间'), col('下单时间'), col('完成时间')], (i) => i > 0, 'time columns of the export');
    const rows = await t.db
      .selectFrom('serviceOrder')
      .select(['orderNo', 'appointmentAt', 'createdAt', 'completedAt'])
      .execute();
    const byNo = new Map(rows.map((r) => [r.orderNo, r]));
    // addresses hold no commas in the demo data, so a plain split finds the columns
    const cells = lines.slice(1).map((l) => l.split(','));
    expect(cells.length).toBeGreaterThan(5);
    expectEvery(cells, (c) => {
      const o = byNo.get(c[0]);
      if (!o) return false;
      return (
        c[col('预约时间')] === wall(o.appointmentAt) &&
        c[col('下单时间')] === wall(o.createdAt) &&
        c[col('完成时间')] === (o.completedAt ? wall(o.completedAt) : '')
      );
    });
  });

  it('收支明细 export: each entry at its Shanghai time (to the second)', async () => {
    const res = await exportCsv(`${C}/shouzhi/export`, 'format=csv');
    expect(res.statusCode).toBe(200);
    // The first CSV sheet is the ledger; the 预收（卡项） sheet follows after an empty line (dates, no times).
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n\r\n')[0]
      .split('\r\n');
    expect(lines[0].split(',')[0]).toBe('时间');
    const ledger = await t.db.selectFrom('financeLedger').select(['createdAt', 'refNo']).execute();
    const want = new Set(ledger.map((l) => wall(l.createdAt, 19)));
    const times = lines.slice(1).map((l) => l.split(',')[0]);
    expect(times.length).toBeGreaterThan(0);
    expectEvery(times, (x) => want.has(x));
  });

  it('接单 messages name the appointment in Shanghai time', async () => {
    const o = await paidOrder(t, shopA);
    const e = await freeEmployee(t, shopA, { name: '周时区' });
    expect(await owner.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id })).toMatchObject({ code: 200 });
    const at = wall(o.appointmentAt);
    const text = `${Number(at.slice(5, 7))}月${Number(at.slice(8, 10))}日 ${at.slice(11, 16)}`;
    const m = await t.db
      .selectFrom('notifyOutbox')
      .select(['event', 'content'])
      .where('orderId', '=', o.id)
      .orderBy('id')
      .execute();
    expect(m.map((x) => x.event)).toEqual(['customer_accepted', 'staff_assigned']);
    expectEvery(m, (x) => x.content.includes(text));
  });

  it('a settlement unfreezes T+N days of 24 h after completion, across the server zone’s daylight-saving change', async () => {
    // 2026-03-08: New York moves its clocks forward; Shanghai does not (a day there is always 24 h)
    const completedAt = '2026-03-05T04:00:00.000Z';
    const f = await createSettlement(t.db, {
      merchantId: (await t.db.selectFrom('shop').select('merchantId').where('id', '=', shopA).executeTakeFirstOrThrow())
        .merchantId,
      shopId: shopA,
      orderId: -987_654,
      orderNo: 'TZTEST0001',
      amount: 10_000,
      completedAt,
    });
    const days = Math.round((Date.parse(f.unfreezeAt) - Date.parse(completedAt)) / 86_400_000);
    expect(days).toBeGreaterThan(0);
    expect(Date.parse(f.unfreezeAt) - Date.parse(completedAt)).toBe(days * 86_400_000);
    expect(wall(f.unfreezeAt).slice(11)).toBe(wall(completedAt).slice(11));
  });
});
