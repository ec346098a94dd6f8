import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffDepart } from '../src/modules/merchant/order/order-staff-steps.ts';
import { apply, inTransition, loadOrder, SYSTEM } from '../src/modules/merchant/order/order-transition.steps.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { dueNow, freeEmployee, paidOrder } from './helpers/order-flow.ts';
import { S, staffMember } from './staff-fixture.ts';
import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';

/**
 * The messages each order event queues (docs/messages.md "Events and texts"), through the real transitions: written in
 * the transition's transaction (a rolled-back one leaves none), one per event and recipient, with their Chinese texts.
 * Both databases; delivery is off, the rows are read as queued.
 */
const D = 'app/jiazheng/pay/dingdan';

let t: TestApp;
let owner: Api;
let shopA: number;
let shopPhone: string;

const messages = (orderId: number) =>
  t.db
    .selectFrom('notifyOutbox')
    .select(['event', 'recipientKind', 'recipientId', 'content', 'status', 'idemKey'])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
const employee = (id: number) =>
  t.db.selectFrom('employee').select(['id', 'name', 'gender']).where('id', '=', id).executeTakeFirstOrThrow();
const title = (e: { name: string; gender: number }) => `${e.name[0]}${e.gender === 1 ? '师傅' : '阿姨'}`;

beforeAll(async () => {
  t = await buildTestApp({ env: { NOTIFY_DELIVERY: 'off', NOTIFY_REVIEW_URL: 'https://m.example.com/review' } });
  owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
  const shop = await t.db
    .selectFrom('shop')
    .select(['id', 'phone'])
    .where('name', '=', '运城洁家家政（总店）')
    .executeTakeFirstOrThrow();
  shopA = shop.id;
  shopPhone = shop.phone ?? '';
});
afterAll(() => t?.close());

async function accepted() {
  const o = await paidOrder(t, shopA);
  const e = await freeEmployee(t, shopA, { name: '张秀兰' });
  expect(await owner.post(`${D}/setYuangong`, { id: o.id, yuangongId: e.id })).toMatchObject({ code: 200 });
  return { o, e: await employee(e.id) };
}

describe('order events queue their messages', () => {
  it('接单: the customer hears who is coming and the shop’s number; the employee gets her job', async () => {
    const { o, e } = await accepted();
    const m = await messages(o.id);
    expect(m.map((x) => [x.event, x.recipientKind])).toEqual([
      ['customer_accepted', 'customer'],
      ['staff_assigned', 'staff'],
    ]);
    expect(m[0].content).toMatch(
      new RegExp(
        `^您预约的.+（\\d+月\\d+日 \\d\\d:\\d\\d）商家已接单，将由${title(e)}上门服务，联系电话${shopPhone}。$`,
      ),
    );
    expect(m[0].content).not.toContain(e.name);
    expect(m[1]).toMatchObject({ recipientId: e.id, status: 'pending' });
    expect(m[1].content).toMatch(/^新派单：\d+月\d+日 \d\d:\d\d .+，地址：.+。请准时上门。$/);
    // one key per event and recipient
    expect(new Set(m.map((x) => x.idemKey)).size).toBe(2);
  });

  it('改派: the customer hears of the new employee, the new one gets the job, the old one its cancellation', async () => {
    const { o, e } = await accepted();
    const f = await freeEmployee(t, shopA, { name: '李桂芳' });
    expect(await owner.post(`${D}/setYuangong`, { id: o.id, yuangongId: f.id })).toMatchObject({ code: 200 });
    const m = (await messages(o.id)).slice(2);
    expect(m.map((x) => [x.event, x.recipientId])).toEqual([
      ['customer_assigned', o.customerId],
      ['staff_assigned', f.id],
      ['staff_cancelled', e.id],
    ]);
    expect(m[0].content).toContain(`已派单：${title(await employee(f.id))}将上门服务，联系电话${shopPhone}`);
    expect(m[2].content).toMatch(/^取消：.+已取消，无需上门。$/);
  });

  it('改约 by the merchant: the customer hears old → new and the reason; the employee the new time', async () => {
    const { o } = await accepted();
    const to = new Date(Date.parse(o.appointmentAt) + 86_400_000).toISOString();
    const r = await owner.post(`${D}/reschedule`, { id: o.id, appointmentAt: to, reason: '阿姨临时生病' });
    expect(r.code).toBe(200);
    const m = (await messages(o.id)).slice(2);
    expect(m.map((x) => x.event)).toEqual(['customer_rescheduled', 'staff_rescheduled']);
    expect(m[0].content).toMatch(
      new RegExp(
        `^您预约的.+已由商家改约：\\d+月\\d+日 \\d\\d:\\d\\d → \\d+月\\d+日 \\d\\d:\\d\\d，原因：阿姨临时生病。如有疑问请致电${shopPhone}。$`,
      ),
    );
    expect(m[1].content).toMatch(/^改约：.+由\d+月\d+日 \d\d:\d\d改为\d+月\d+日 \d\d:\d\d，地址：.+。$/);
  });

  it('取消 tells the employee; 出发 tells the customer; 完成 sends the review link', async () => {
    const a = await accepted();
    expect(await owner.post(`${D}/shangjiaCancel`, { id: a.o.id, reason: '客户不需要了' })).toMatchObject({
      code: 200,
    });
    expect((await messages(a.o.id)).slice(2).map((x) => [x.event, x.recipientId])).toEqual([
      ['staff_cancelled', a.e.id],
    ]);

    const b = await accepted();
    const merchantId = (await loadOrder(t.db, b.o.id, {})).merchantId;
    await staffDepart(t.db, { employeeId: b.e.id, merchantId, name: b.e.name }, b.o.id, new Date().toISOString());
    const departed = (await messages(b.o.id)).slice(2);
    expect(departed.map((x) => x.event)).toEqual(['customer_departed']);
    expect(departed[0].content).toMatch(
      new RegExp(`^${title(b.e)}已出发，将于\\d+月\\d+日 \\d\\d:\\d\\d上门提供.+，请保持电话畅通。`),
    );

    expect(await owner.post(`${D}/shangjiaYanquan`, { code: b.o.code })).toMatchObject({ code: 200 });
    await dueNow(t, b.o.id);
    expect(await owner.post(`${D}/queren`, { id: b.o.id })).toMatchObject({ code: 200 });
    const done = (await messages(b.o.id)).slice(3);
    expect(done.map((x) => x.event)).toEqual(['customer_completed']);
    expect(done[0].content).toMatch(
      new RegExp(
        `^您预约的.+已服务完成，感谢您的信任！欢迎评价：https://m\\.example\\.com/review\\?order=${b.o.orderNo}$`,
      ),
    );
  });

  it('a transition rolled back leaves no message', async () => {
    const o = await paidOrder(t, shopA);
    const row = await loadOrder(t.db, o.id, {});
    await expect(
      inTransition(t.db, async (trx) => {
        await apply(trx, row, SYSTEM, {
          from: row.status,
          to: row.status,
          verb: '测试',
          action: '测试',
          kind: 'completed',
          message: null,
        });
        expect(await trx.selectFrom('notifyOutbox').select('id').where('orderId', '=', o.id).execute()).toHaveLength(0);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await messages(o.id)).toEqual([]);
  });

  it('an event switched off by the merchant queues nothing for it', async () => {
    await owner.post('app/jiazheng/notify/switches', { event: 'customer_accepted', enabled: 0 });
    const { o } = await accepted();
    expect((await messages(o.id)).map((x) => x.event)).toEqual(['staff_assigned']);
    await owner.post('app/jiazheng/notify/switches', { event: 'customer_accepted', enabled: 1 });
  });

  it('请假审批结果: the employee hears the dispatcher’s answer, approved or refused, with the reply', async () => {
    const day = (n: number, hm: string) => new Date(wallMs(nextDay(shanghaiDay(Date.now()), n), hm)).toISOString();
    const s = await staffMember(t, shopA);
    const answered = () =>
      t.db
        .selectFrom('notifyOutbox')
        .select(['event', 'recipientId', 'content', 'idemKey'])
        .where('event', '=', 'staff_leave_answered')
        .where('recipientId', '=', s.id)
        .orderBy('id')
        .execute();
    const a = await s.api.post(`${S}/leave`, { from: day(5, '08:00'), to: day(5, '18:00'), reason: '家里有事' });
    expect(
      await owner.post('app/jiazheng/paidan/leaveRequest/decide', { id: a.result.id, approve: true, reply: '好的' }),
    ).toMatchObject({ code: 200 });
    const b = await s.api.post(`${S}/leave`, { from: day(9, '08:00'), to: day(9, '12:00'), reason: '看病' });
    await owner.post('app/jiazheng/paidan/leaveRequest/decide', { id: b.result.id, approve: false });
    const m = await answered();
    expect(m.map((x) => x.content)).toEqual([
      expect.stringMatching(/^您的请假申请（\d+月\d+日 08:00 至 \d+月\d+日 18:00）已批准，说明：好的。$/),
      expect.stringMatching(/^您的请假申请（\d+月\d+日 08:00 至 \d+月\d+日 12:00）未获批准。$/),
    ]);
  });
});
