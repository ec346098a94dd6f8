import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../src/modules/merchant/notify/delivery.ts';
import { type NoticeGateway, type NoticeSend, NoticeSendError } from '../src/modules/merchant/notify/gateway.ts';
import { enqueue, type Notice } from '../src/modules/merchant/notify/notify.service.ts';
import { BACKOFF_MS, releaseAt } from '../src/modules/merchant/notify/rules.ts';
import { type Api, buildTestApp, demoUsers, expectEvery, type TestApp } from './helpers/index.ts';
import { paidOrder } from './helpers/order-flow.ts';

/**
 * The SMS outbox (docs/messages.md "Messages to customers and staff"): rows written in the caller's transaction,
 * delivered once by deliverDue with back-off and a final 失败, quiet hours, the per-phone limit, the merchant's
 * switches, an in-doubt row after a dead delivery, and the order's message list and 重发 (scoped like every order
 * call). Both databases; the delivery job is off (NOTIFY_DELIVERY=off): each test delivers by hand with its clock.
 */
const D = 'app/jiazheng/pay/dingdan';

let t: TestApp;
let owner: Api;
let ownerB: Api;
let merchantA: number;
let shopA: number;
let seq = 0;

/** A gateway that records sends, fails while `failing` says so, and answers sentBefore from `provider`. */
class FakeGateway implements NoticeGateway {
  sent: NoticeSend[] = [];
  provider = new Set<string>();
  failing: null | { retryable: boolean } = null;
  async send(m: NoticeSend) {
    if (this.failing) throw new NoticeSendError('网关不可用', this.failing.retryable);
    this.sent.push(m);
    this.provider.add(m.key);
  }
  async sentBefore(m: NoticeSend) {
    return this.provider.has(m.key);
  }
  count(key: string) {
    return this.sent.filter((s) => s.key === key).length;
  }
}

const day = shanghaiDay(Date.now() + 3 * 86_400_000);
const at = (hm: string, d = day) => wallMs(d, hm);
const row = (id: number) => t.db.selectFrom('notifyOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Queues a staff message (a unique phone per call unless given) and answers its id. */
async function queued(now: number, o: Partial<Notice> = {}) {
  const n = ++seq;
  const id = await t.db.transaction().execute((trx) =>
    enqueue(
      trx,
      {
        merchantId: merchantA,
        shopId: shopA,
        event: 'staff_leave_answered',
        phone: `1390000${String(1000 + n).slice(-4)}`,
        params: { span: '12月1日 08:00 至 12月1日 18:00', result: '已批准', note: '' },
        idemKey: `test:${process.pid}:${n}`,
        ...o,
      },
      now,
    ),
  );
  if (id === null) throw new Error('not queued');
  return id;
}

const deliver = (gateway: NoticeGateway, now: number, hourlyLimit = 5) =>
  deliverDue(t.db, { gateway, holder: 'test', hourlyLimit, now: () => now });

beforeAll(async () => {
  t = await buildTestApp({ env: { NOTIFY_DELIVERY: 'off' } });
  ({ ownerA: owner, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  const shop = await t.db
    .selectFrom('shop')
    .select(['id', 'merchantId'])
    .where('name', '=', '运城洁家家政（总店）')
    .executeTakeFirstOrThrow();
  shopA = shop.id;
  merchantA = shop.merchantId;
});
afterAll(() => t?.close());

describe('queued in the caller’s transaction', () => {
  it('a rolled-back transaction leaves no row; a committed one leaves one, sealed, once per key', async () => {
    const key = `rollback:${process.pid}`;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueue(trx, {
          merchantId: merchantA,
          event: 'staff_cancelled',
          phone: '13900001111',
          params: {},
          idemKey: key,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.selectFrom('notifyOutbox').select('id').where('idemKey', '=', key).execute()).toEqual([]);

    const id = await queued(at('10:00'), { idemKey: key, phone: '13900001111' });
    const r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 0, recipientKind: 'staff' });
    expect(r.phone).not.toContain('13900001111');
    expect(r.content).toBe('您的请假申请（12月1日 08:00 至 12月1日 18:00）已批准。');
    // the same event and recipient again: nothing new
    const again = await t.db.transaction().execute((trx) =>
      enqueue(trx, {
        merchantId: merchantA,
        event: 'staff_leave_answered',
        phone: '13900001111',
        params: {},
        idemKey: key,
      }),
    );
    expect(again).toBeNull();
  });
});

describe('delivery', () => {
  it('sends a due message once with its key, then never again', async () => {
    const g = new FakeGateway();
    const id = await queued(at('10:00'));
    const r0 = await row(id);
    await deliver(g, at('10:00'));
    expect(g.count(r0.idemKey)).toBe(1);
    expect(g.sent.find((s) => s.key === r0.idemKey)).toMatchObject({ event: 'staff_leave_answered' });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, holder: null, leaseUntil: null });
    await deliver(g, at('10:05'));
    expect(g.count(r0.idemKey)).toBe(1);
  });

  it('retries after 1, 5 and 30 minutes, then fails with the reason', async () => {
    const g = new FakeGateway();
    g.failing = { retryable: true };
    const id = await queued(at('10:00'));
    let now = at('10:00');
    for (const [i, wait] of BACKOFF_MS.entries()) {
      await deliver(g, now);
      const r = await row(id);
      expect(r).toMatchObject({ status: 'pending', attempts: i + 1 });
      expect(r.nextAttemptAt).toBe(new Date(now + wait).toISOString());
      expect(r.reason).toContain(`第 ${i + 1} 次发送失败（网关不可用）`);
      // not due a second before
      await deliver(g, now + wait - 1000);
      expect((await row(id)).attempts).toBe(i + 1);
      now += wait;
    }
    await deliver(g, now);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 4, reason: '4 次发送均失败：网关不可用' });
    await deliver(g, now + 86_400_000);
    expect((await row(id)).attempts).toBe(4);
  });

  it('a refusal (not retryable) fails at once with the provider’s words', async () => {
    const g = new FakeGateway();
    g.failing = { retryable: false };
    const id = await queued(at('10:00'));
    await deliver(g, at('10:00'));
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, reason: '网关不可用' });
  });

  it('a row left by a dead delivery is not sent again when the provider has its key', async () => {
    const g = new FakeGateway();
    const id = await queued(at('10:00'));
    const r = await row(id);
    // an instance claimed it, sent it, and died before recording
    g.provider.add(r.idemKey);
    await t.db
      .updateTable('notifyOutbox')
      .set({ holder: 'dead:1:x', leaseUntil: new Date(at('10:00') + 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    await deliver(g, at('10:00') + 500);
    expect((await row(id)).holder).toBe('dead:1:x'); // still leased: untouched
    await deliver(g, at('10:01'));
    expect(g.count(r.idemKey)).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'sent', holder: null });
    // and one the provider never got is sent
    const lost = await queued(at('10:00'));
    await t.db
      .updateTable('notifyOutbox')
      .set({ holder: 'dead:1:x', leaseUntil: new Date(at('10:00')).toISOString() })
      .where('id', '=', lost)
      .execute();
    await deliver(g, at('10:01'));
    expect(g.count((await row(lost)).idemKey)).toBe(1);
  });
});

describe('quiet hours 21:00–08:00 (Shanghai)', () => {
  const tomorrow = nextDay(day);
  it.each([
    ['07:59', null, at('08:00')],
    ['08:00', null, at('08:00')],
    ['12:30', null, at('12:30')],
    ['20:59', null, at('20:59')],
    ['21:00', null, at('08:00', tomorrow)],
    ['23:30', null, at('08:00', tomorrow)],
    ['00:10', null, at('08:00')],
    ['22:00', `${day}T15:00:00.000Z`, at('22:00')], // a job at 23:00 that day goes at once
    ['06:00', new Date(at('09:00')).toISOString(), at('06:00')], // a job this morning goes at once
    ['22:00', new Date(at('09:00', tomorrow)).toISOString(), at('08:00', tomorrow)], // tomorrow's job waits
  ])('at %s (job %s) the message may go at the expected time', (hm, jobAt, expected) => {
    expect(new Date(releaseAt(at(hm), jobAt)).toISOString()).toBe(new Date(expected).toISOString());
  });

  it('a message queued at 22:00 waits for 08:00 without using a try, then goes', async () => {
    const g = new FakeGateway();
    const id = await queued(at('22:00'));
    const r = await row(id);
    expect(r.nextAttemptAt).toBe(new Date(at('08:00', tomorrow)).toISOString());
    expect(r.reason).toContain('免打扰');
    await deliver(g, at('23:00'));
    expect(g.count(r.idemKey)).toBe(0);
    await deliver(g, at('08:00', tomorrow));
    expect(g.count(r.idemKey)).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, reason: null });
  });

  it('a message due before 21:00 but delivered after it is held, not sent', async () => {
    const g = new FakeGateway();
    const id = await queued(at('20:59'));
    await deliver(g, at('21:30'));
    const r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 0 });
    expect(r.nextAttemptAt).toBe(new Date(at('08:00', tomorrow)).toISOString());
    expect(g.count(r.idemKey)).toBe(0);
  });
});

describe('per-phone limit', () => {
  it('sends at most N an hour to one phone; the rest wait for the hour, none lost', async () => {
    const g = new FakeGateway();
    const phone = '13900007777';
    const d = nextDay(day, 2);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await queued(at('10:00', d), { phone }));
    await deliver(g, at('10:00', d), 3);
    const rows = await Promise.all(ids.map(row));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
    const held = rows.filter((r) => r.status === 'pending');
    expect(held).toHaveLength(2);
    for (const r of held) {
      expect(r.reason).toBe('该号码每小时最多 3 条，稍后发送');
      expect(r.attempts).toBe(0);
      expect(r.nextAttemptAt).toBe(new Date(at('11:00', d)).toISOString());
    }
    await deliver(g, at('11:00', d), 3);
    expectEvery(await Promise.all(ids.map(row)), (r) => r.status === 'sent');
    for (const r of rows) expect(g.count(r.idemKey)).toBe(1);
  });
});

describe('the merchant’s switches', () => {
  it('an event switched off queues nothing; on again, it does', async () => {
    const list = await owner.get('app/jiazheng/notify/switches');
    expect(list.code).toBe(200);
    expect(list.result).toHaveLength(9);
    expect(list.result.find((s: { event: string }) => s.event === 'customer_departed')).toMatchObject({
      name: '阿姨已出发',
      recipientKind: 'customer',
      enabled: true,
    });
    const off = await owner.post('app/jiazheng/notify/switches', { event: 'staff_leave_answered', enabled: 0 });
    expect(off.result.find((s: { event: string }) => s.event === 'staff_leave_answered').enabled).toBe(false);
    const none = await t.db.transaction().execute((trx) =>
      enqueue(trx, {
        merchantId: merchantA,
        event: 'staff_leave_answered',
        phone: '13900002222',
        params: {},
        idemKey: `off:${process.pid}`,
      }),
    );
    expect(none).toBeNull();
    // another merchant's switches are its own
    const b = await ownerB.get('app/jiazheng/notify/switches');
    expect(b.result.find((s: { event: string }) => s.event === 'staff_leave_answered').enabled).toBe(true);
    await owner.post('app/jiazheng/notify/switches', { event: 'staff_leave_answered', enabled: 1 });
    expect(await queued(at('10:00'))).toBeGreaterThan(0);
    expect((await owner.post('app/jiazheng/notify/switches', { event: 'nope', enabled: 0 })).code).not.toBe(200);
  });
});

describe('an order’s messages and 重发', () => {
  it('lists them masked; another merchant gets 2002; a sent one is resent as a new row; a waiting one is refused', async () => {
    const o = await paidOrder(t, shopA);
    const id = await queued(at('10:00'), {
      orderId: o.id,
      event: 'customer_completed',
      phone: '13912345678',
      params: { service: '日常保洁', link: 'http://x/review?order=1' },
    });
    const list = await owner.get(`${D}/messages`, { orderId: o.id });
    expect(list.code).toBe(200);
    expect(list.result).toEqual([
      expect.objectContaining({
        id,
        channel: 'sms',
        event: 'customer_completed',
        eventName: '服务完成',
        recipientKind: 'customer',
        recipient: '139****5678',
        status: 'pending',
        content: '您预约的日常保洁已服务完成，感谢您的信任！欢迎评价：http://x/review?order=1',
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain('13912345678');
    expect((await ownerB.get(`${D}/messages`, { orderId: o.id })).code).toBe(2002);

    const waiting = await owner.post(`${D}/messages/resend`, { id });
    expect(waiting).toMatchObject({ code: 2004, message: '该消息正在等待发送，无需重发' });
    await deliver(new FakeGateway(), at('10:00'));
    expect((await ownerB.post(`${D}/messages/resend`, { id })).code).toBe(2002);
    const again = await owner.post(`${D}/messages/resend`, { id });
    expect(again).toMatchObject({ code: 200, result: { status: 'pending', resendOf: id, recipient: '139****5678' } });
    const rows = (await owner.get(`${D}/messages`, { orderId: o.id })).result;
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['sent', 'pending']);
    const g = new FakeGateway();
    // the resend was queued at the real time, hours before this clock
    await deliver(g, at('10:01'));
    expect(g.sent.filter((s) => s.phone === '13912345678')).toHaveLength(1);
  });
});
