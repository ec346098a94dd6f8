import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseLateEvents } from '../src/modules/merchant/order/order-staff-steps.ts';
import {
  durationText,
  noticeSpec,
  shortAddress,
  streamEvents,
} from '../src/modules/merchant/order/order-stream.repo.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, smsLogin, type TestApp } from './helpers/index.ts';
import { freeEmployee, paidOrder as paidOrderFixture } from './helpers/order-flow.ts';
import { roleWith, subWith } from './security/authority.ts';

/**
 * Alerts that cannot be missed: the live order stream carries what the console's new-order notification
 * shows (goods, appointment, address in short; never the customer's phone, name or code), and only to users of the
 * merchant allowed to see that shop's orders: 订单接单 or 订单管理, inside their shop limit, checked again before each
 * event (a sub-account re-limited or disabled while its stream is open gets `event: end`, not the order). A merchant
 * without a shop gets a final 409 for the ticket and the count (the console stops asking: order-alert tests in web/).
 */
const D = 'app/jiazheng/pay/dingdan';
const S = 'merchant/subaccount';

let t: TestApp;
let port: number;
let ownerA: Api;
let shops: { main: number; branch: number };
let roles: { taking: number; list: number; goods: number };

const shopId = async (name: string) =>
  (await t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await buildTestApp();
  ownerA = api(t.app, await loginAs(t.app, PHONES.ownerA));
  shops = { main: await shopId('运城洁家家政（总店）'), branch: await shopId('运城洁家家政（学苑路分店）') };
  // Auto-accept would move a new order on at once: the notification is about orders waiting to be taken.
  await t.db.updateTable('shopSetting').set({ autoAccept: 0 }).execute();
  roles = {
    taking: await roleWith(t, ownerA, '接单员', (p) => p === 'merchant:order:taking'),
    list: await roleWith(t, ownerA, '订单查看', (p) => p === 'merchant:order:list'),
    goods: await roleWith(t, ownerA, '商品员', (p) => p === 'merchant:goods:list'),
  };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** A paid order as the notification shows it: a named customer at a full address (never to appear in the stream). */
const ADDRESS = '山西省运城市盐湖区测试路 1 号 2 单元 301 室';
const paidOrder = (shop: number) => paidOrderFixture(t, shop, { address: ADDRESS, customerName: '周女士' });

/** An open event stream: what arrived so far, waiting for a needle, and whether the server closed it. */
async function openStream(who: Api, body: Record<string, string | number> = {}) {
  const ticket = await who.post(`${D}/stream/ticket`, body);
  expect(ticket.code, ticket.message).toBe(200);
  const ctrl = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/tmpl/api/${D}/stream?ticket=${ticket.result.ticket}`, {
    signal: ctrl.signal,
  });
  const reader = res.body!.getReader();
  const s = { text: '', ended: false };
  let pending: ReturnType<typeof reader.read> | undefined;
  /** Reads until `needle` arrives (true) or `ms` pass or the stream ends (false). */
  const until = async (needle: string, ms = 2000) => {
    const end = Date.now() + ms;
    while (!s.text.includes(needle) && !s.ended && Date.now() < end) {
      pending ??= reader.read();
      const c = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), 50))]);
      if (!c) continue;
      pending = undefined;
      if (c.done) s.ended = true;
      else s.text += new TextDecoder().decode(c.value);
    }
    return s.text.includes(needle);
  };
  expect(await until('event: hello'), s.text).toBe(true);
  return { s, until, close: () => ctrl.abort() };
}

const merchantOf = async (orderId: number) =>
  (await t.db.selectFrom('serviceOrder').select('merchantId').where('id', '=', orderId).executeTakeFirstOrThrow())
    .merchantId;

/** The data of the order event of `orderId` on a stream. */
function orderEvent(text: string, orderId: number) {
  const m = new RegExp(`event: order\\ndata: (\\{[^\\n]*"orderId":${orderId},[^\\n]*)\\n`).exec(text);
  return m ? (JSON.parse(m[1]) as Record<string, unknown>) : undefined;
}

describe('the new-order event carries what the notification shows', () => {
  it('goods, appointment time and the address in short; never the phone, the name or the code', async () => {
    const stream = await openStream(ownerA);
    try {
      const o = await paidOrder(shops.main);
      expect(await stream.until(`"orderId":${o.id},`), stream.s.text).toBe(true);
      const e = orderEvent(stream.s.text, o.id);
      expect(e).toMatchObject({
        kind: 'new',
        status: 20,
        orderId: o.id,
        shopId: shops.main,
        goodsName: o.goods,
        appointmentAt: o.appointmentAt,
        address: '盐湖区测试路 1 号 2 单元 301 室',
        sound: true,
      });
      expect(stream.s.text).not.toContain(o.phone);
      expect(stream.s.text).not.toContain('周女士');
      expect(stream.s.text).not.toContain(o.code);
    } finally {
      stream.close();
    }
  });

  it('the 迟到提醒 (`late`) names the order’s employee, never her phone; a new order names nobody', async () => {
    const stream = await openStream(ownerA);
    try {
      const o = await paidOrder(shops.main);
      expect(await stream.until(`"orderId":${o.id},`), stream.s.text).toBe(true);
      expect(orderEvent(stream.s.text, o.id)).toMatchObject({ kind: 'new', employeeName: null });
      const e = await freeEmployee(t, shops.main, { name: '迟到测试员工' });
      const r = await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id });
      expect(r.code, r.message).toBe(200);
      const startedAgo = new Date(Date.now() - 20 * 60_000).toISOString();
      await t.db.updateTable('serviceOrder').set({ appointmentAt: startedAgo }).where('id', '=', o.id).execute();
      expect(await raiseLateEvents(t.db)).toBeGreaterThanOrEqual(1);
      expect(await stream.until('"kind":"late"', 5000), stream.s.text).toBe(true);
      const late = /event: order\ndata: (\{[^\n]*"kind":"late"[^\n]*)\n/.exec(stream.s.text);
      expect(JSON.parse(late?.[1] ?? '{}')).toMatchObject({ orderId: o.id, status: 30, employeeName: '迟到测试员工' });
      expect(stream.s.text).not.toContain(e.phone);
    } finally {
      stream.close();
    }
  });

  it('names the specification after the goods: the stream sends it for the order as placed', async () => {
    const stream = await openStream(ownerA);
    try {
      const o = await paidOrder(shops.main);
      expect(await stream.until(`"orderId":${o.id},`), stream.s.text).toBe(true);
      const row = await t.db
        .selectFrom('serviceOrder')
        .select(['goodsName', 'specName', 'specMode', 'quantity', 'unit', 'area', 'durationMinutes'])
        .where('id', '=', o.id)
        .executeTakeFirstOrThrow();
      const e = orderEvent(stream.s.text, o.id);
      expect(e).toHaveProperty('spec');
      expect(e?.spec).toBe(noticeSpec(row));

      // The same order as a 100 ㎡ band of three hours of 深度保洁: read as the stream reads it (after the event before it).
      await t.db
        .updateTable('serviceOrder')
        .set({
          goodsName: '深度保洁',
          specName: '80-120㎡',
          specMode: 'area_band',
          quantity: 1,
          unit: '次',
          area: 100,
          durationMinutes: 180,
        })
        .where('id', '=', o.id)
        .execute();
      const [read] = (
        await streamEvents(t.db, (await merchantOf(o.id)) as number, shops.main, Number(e?.id) - 1, 1)
      ).filter((x) => x.orderId === o.id);
      expect(read).toMatchObject({ orderId: o.id, goodsName: '深度保洁', spec: '80-120㎡ · 3 小时 · 100㎡' });
      // another merchant's stream reads nothing of it
      const other = await t.db
        .selectFrom('merchant')
        .select('id')
        .where('id', '<>', await merchantOf(o.id))
        .executeTakeFirstOrThrow();
      expect((await streamEvents(t.db, other.id, null, Number(e?.id) - 1)).map((x) => x.orderId)).not.toContain(o.id);
    } finally {
      stream.close();
    }
  });

  it('the specification as the notice names it, per pricing mode', () => {
    const o = { goodsName: '日常保洁', quantity: 1, unit: '次', area: null, durationMinutes: null };
    // a package named by its length: said once
    expect(noticeSpec({ ...o, specName: '3小时', specMode: 'fixed', durationMinutes: 180 })).toBe('3小时');
    expect(noticeSpec({ ...o, specName: '标准套餐', specMode: 'fixed', durationMinutes: 150 })).toBe(
      '标准套餐 · 2.5 小时',
    );
    expect(noticeSpec({ ...o, specName: '日常保洁', specMode: 'fixed', quantity: 2, durationMinutes: 240 })).toBe(
      '4 小时 · × 2',
    );
    // the goods' name says the length already (the demo's '日常保洁 3 小时'): not repeated
    expect(
      noticeSpec({
        ...o,
        goodsName: '日常保洁 3 小时',
        specName: '日常保洁 3 小时',
        specMode: 'fixed',
        durationMinutes: 180,
      }),
    ).toBeNull();
    // named after the goods, no length: nothing to add
    expect(noticeSpec({ ...o, specName: '日常保洁', specMode: 'fixed' })).toBeNull();
    // a band: its range, the length, the customer's area
    expect(noticeSpec({ ...o, specName: '≤60㎡', specMode: 'area_band', area: 55, durationMinutes: 120 })).toBe(
      '≤60㎡ · 2 小时 · 55㎡',
    );
    // a band named as the area itself
    expect(noticeSpec({ ...o, specName: '100㎡', specMode: 'area_band', area: 100, durationMinutes: 45 })).toBe(
      '100㎡ · 45 分钟',
    );
    // per hour: the hours are the quantity (the unit-only name of a migrated one says nothing)
    expect(
      noticeSpec({ ...o, specName: '1小时', specMode: 'per_unit', unit: '小时', quantity: 3, durationMinutes: 180 }),
    ).toBe('3 小时');
    // per ㎡: the area, and the length when known
    expect(
      noticeSpec({ ...o, specName: '1平方米', specMode: 'per_unit', unit: '平方米', quantity: 120, area: 120 }),
    ).toBe('120㎡');
    // days and months: the count, not hundreds of hours
    expect(
      noticeSpec({ ...o, specName: '1天', specMode: 'per_unit', unit: '天', quantity: 26, durationMinutes: 26 * 1440 }),
    ).toBe('26 天');
    // an order from before specifications
    expect(noticeSpec({ ...o, specName: null, specMode: null, quantity: 2 })).toBe('2次');
    expect(noticeSpec({ ...o, specName: null, specMode: null })).toBeNull();
    expect(durationText(90)).toBe('1.5 小时');
    expect(durationText(100)).toBe('1.7 小时');
  });

  it('the address in short: no province or city, at most 24 characters', () => {
    expect(shortAddress('山西省运城市盐湖区测试大道 99 号 1-1-101')).toBe('盐湖区测试大道 99 号 1-1-101');
    expect(shortAddress('内蒙古自治区呼和浩特市新城区新华大街 1 号')).toBe('新城区新华大街 1 号');
    expect(shortAddress('北京市朝阳区建国路 88 号')).toBe('朝阳区建国路 88 号');
    expect(shortAddress('盐湖区学苑路 12 号')).toBe('盐湖区学苑路 12 号');
    // too short to strip: kept as written
    expect(shortAddress('运城市一号')).toBe('运城市一号');
    const long = shortAddress('山西省运城市盐湖区一条非常非常非常长的街道名称测试路 123 号 4 单元 567 室');
    expect([...long]).toHaveLength(24);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('only users allowed to see the shop’s orders', () => {
  it('a sub-account limited to the branch hears branch orders only, and cannot ask for the main shop or all shops', async () => {
    const sub = await subWith(t, ownerA, '13922220001', roles.taking, [shops.branch]);
    expect((await sub.api.post(`${D}/stream/ticket`, { shopId: shops.main })).code).toBe(301);
    expect((await sub.api.post(`${D}/stream/ticket`, { shopId: 'all' })).code).toBe(301);
    const stream = await openStream(sub.api);
    try {
      const onMain = await paidOrder(shops.main);
      const onBranch = await paidOrder(shops.branch);
      expect(await stream.until(`"orderId":${onBranch.id},`), stream.s.text).toBe(true);
      expect(stream.s.text).not.toContain(`"orderId":${onMain.id},`);
    } finally {
      stream.close();
    }
  });

  it('订单管理 alone follows the stream too (the notification without 去接单); a user with neither is refused', async () => {
    const lister = await subWith(t, ownerA, '13922220002', roles.list, 'all');
    const stream = await openStream(lister.api);
    try {
      const o = await paidOrder(shops.main);
      expect(await stream.until(`"orderId":${o.id},`), stream.s.text).toBe(true);
    } finally {
      stream.close();
    }
    const goodsOnly = await subWith(t, ownerA, '13922220003', roles.goods, 'all');
    expect((await goodsOnly.api.post(`${D}/stream/ticket`, {})).code).toBe(301);
  });

  it('another merchant’s stream never hears of the order', async () => {
    const ownerB = api(t.app, await loginAs(t.app, PHONES.ownerB));
    const stream = await openStream(ownerB, { shopId: 'all' });
    // A's own stream, open over the same window, shows the event was published while B's stream was listening.
    const own = await openStream(ownerA);
    try {
      const o = await paidOrder(shops.main);
      expect(await own.until(`"orderId":${o.id},`), own.s.text).toBe(true);
      expect(await stream.until(`"orderId":${o.id},`, 300)).toBe(false);
      expect(stream.s.ended).toBe(false);
      expect(stream.s.text).not.toContain('event: order');
    } finally {
      stream.close();
      own.close();
    }
  });

  it('a sub-account re-limited while its stream is open gets `event: end`, not the order of the shop it lost', async () => {
    const sub = await subWith(t, ownerA, '13922220004', roles.taking, [shops.branch]);
    const stream = await openStream(sub.api);
    try {
      const before = await paidOrder(shops.branch);
      expect(await stream.until(`"orderId":${before.id},`), stream.s.text).toBe(true);
      const edited = await ownerA.post(`${S}/edit`, { id: sub.id, shopIds: JSON.stringify([shops.main]) });
      expect(edited.code, edited.message).toBe(200);
      const after = await paidOrder(shops.branch);
      expect(await stream.until('event: end'), stream.s.text).toBe(true);
      expect(stream.s.text).toContain('"reason":"forbidden"');
      expect(stream.s.text).not.toContain(`"orderId":${after.id},`);
      await stream.until('never', 1000);
      expect(stream.s.ended).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('a sub-account disabled while its stream is open gets no further order', async () => {
    const sub = await subWith(t, ownerA, '13922220005', roles.taking, 'all');
    const stream = await openStream(sub.api);
    try {
      expect((await ownerA.post(`${S}/status`, { id: sub.id, status: 1 })).code).toBe(200);
      const o = await paidOrder(shops.main);
      expect(await stream.until('event: end'), stream.s.text).toBe(true);
      expect(stream.s.text).not.toContain(`"orderId":${o.id},`);
    } finally {
      stream.close();
    }
  });
});

describe('a merchant without a shop', () => {
  it('is answered 409 请先创建店铺 for the ticket and the waiting count (a final state until it creates a shop)', async () => {
    const r = await smsLogin(t.app, '13922220009');
    expect(r.code, r.message).toBe(200);
    const me = api(t.app, r.result.token);
    for (const res of [await me.post(`${D}/stream/ticket`, {}), await me.get(`${D}/findDaijiedanCount`)]) {
      expect(res).toMatchObject({ code: 2004, status: 409, message: '请先创建店铺' });
    }
  });
});
