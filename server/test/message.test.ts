import type { AddressInfo } from 'node:net';
import type { Page } from '@jz/contracts/envelope';
import type { JinjianState, JinjianSubmitResult } from '@jz/contracts/jinjian';
import type { Broadcast, Message, UnreadCount } from '@jz/contracts/message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettlement, unfreezeDue } from '../src/modules/merchant/finance/settlement.service.ts';
import { withIdCheck, withLuhn } from '../src/modules/merchant/jinjian/checksum-fixtures.ts';
import { setProviderFor } from '../src/modules/merchant/jinjian/provider/index.ts';
import { SandboxProvider } from '../src/modules/merchant/jinjian/provider/sandbox.ts';
import { sendMessage } from '../src/modules/merchant/message/message.service.ts';
import { permsOf } from '../src/plugins/auth.ts';
import { type Api, api, buildTestApp, demoUsers, expectEvery, PHONES, type TestApp } from './helpers/index.ts';
import { paidOrder } from './helpers/order-flow.ts';

const M = 'app/jiazheng/xiaoxi';
const P = 'app/xiaoxi';

let t: TestApp;
let admin: Api;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let u: { ownerA: number; ownerB: number; subA: number; admin: number; merchantA: number; merchantB: number };

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, ownerA, ownerB, subA } = await demoUsers(t));
  const user = (phone: string) =>
    t.db.selectFrom('user').select(['id', 'merchantId']).where('phone', '=', phone).executeTakeFirstOrThrow();
  const [a, b, s, ad] = await Promise.all([
    user(PHONES.ownerA),
    user(PHONES.ownerB),
    user(PHONES.subA),
    user(PHONES.admin),
  ]);
  u = { ownerA: a.id, ownerB: b.id, subA: s.id, admin: ad.id, merchantA: a.merchantId!, merchantB: b.merchantId! };
});
afterAll(() => t?.close());

const unreadInDb = async (userId: number) =>
  (await t.db.selectFrom('message').select('id').where('userId', '=', userId).where('readAt', 'is', null).execute())
    .length;
const messageOf = (userId: number) =>
  t.db.selectFrom('message').selectAll().where('userId', '=', userId).orderBy('id').execute();

describe('the message list', () => {
  it('shows only the caller’s own messages, unread first, newest first within each group', async () => {
    // the demo's owner has more than 50 unread messages: a page of 100 reaches the read ones
    const r = await ownerA.get<Page<Message>>(`${M}/findAllByPage`, { pageSize: 100 });
    expect(r).toMatchObject({ status: 200, code: 200 });
    expect(r.result.total).toBeGreaterThanOrEqual(6);
    expectEvery(r.result.records, (m) => m.userId === u.ownerA);
    expect(r.raw).not.toContain('太原安心家政');
    const firstRead = r.result.records.findIndex((m) => m.readAt !== null);
    expect(firstRead).toBeGreaterThan(0);
    expectEvery(r.result.records.slice(firstRead), (m) => m.readAt !== null);
    const unread = r.result.records.slice(0, firstRead).map((m) => m.id);
    expect(unread).toEqual([...unread].sort((a, b) => b - a));
  });

  it('filters by type and read state, and pages', async () => {
    const orders = await ownerA.get<Page<Message>>(`${M}/findAllByPage`, { type: 'order' });
    expect(orders.result.records.length).toBeGreaterThan(0);
    expectEvery(orders.result.records, (m) => m.type === 'order');
    const unread = await ownerA.get<Page<Message>>(`${M}/findAllByPage`, { read: 0, pageSize: 50 });
    expectEvery(unread.result.records, (m) => m.readAt === null);
    expect(unread.result.total).toBe(await unreadInDb(u.ownerA));
    const read = await ownerA.get<Page<Message>>(`${M}/findAllByPage`, { read: 1 });
    expectEvery(read.result.records, (m) => m.readAt !== null);
    const p2 = await ownerA.get<Page<Message>>(`${M}/findAllByPage`, { pageNum: 2, pageSize: 2 });
    expect(p2.result.records).toHaveLength(2);
    expect(await ownerA.get(`${M}/findAllByPage`, { type: 'spam' })).toMatchObject({ status: 400, code: 2001 });
    expect(await ownerA.get(`${M}/findAllByPage`, { read: 5 })).toMatchObject({ code: 2001 });
  });

  it('counts the unread by type for the header badge', async () => {
    const r = await ownerA.get<UnreadCount>(`${M}/findWeiduCount`);
    expect(r.code).toBe(200);
    const rows = await t.db
      .selectFrom('message')
      .select('type')
      .where('userId', '=', u.ownerA)
      .where('readAt', 'is', null)
      .execute();
    expect(r.result).toEqual({
      total: rows.length,
      order: rows.filter((m) => m.type === 'order').length,
      finance: rows.filter((m) => m.type === 'finance').length,
      system: rows.filter((m) => m.type === 'system').length,
    });
    expect(r.result.total).toBeGreaterThan(0);
    // Any signed-in user may ask for their own count (the platform admin has none).
    expect((await admin.get<UnreadCount>(`${M}/findWeiduCount`)).result).toEqual({
      total: 0,
      order: 0,
      finance: 0,
      system: 0,
    });
  });

  it('refuses anonymous callers (401) and users without the page (301)', async () => {
    const anon = api(t.app);
    expect(await anon.get(`${M}/findAllByPage`)).toMatchObject({ status: 401, code: 401 });
    expect(await anon.get(`${M}/findWeiduCount`)).toMatchObject({ code: 401 });
    expect(await anon.post(`${M}/setRead`, { all: 1 })).toMatchObject({ code: 401 });
    expect(await anon.del(`${M}/delByIds/1`)).toMatchObject({ code: 401 });
    // The platform admin holds every permission but is no merchant user.
    expect(await admin.get(`${M}/findAllByPage`)).toMatchObject({ status: 403, code: 301 });
  });
});

describe('sendMessage (the service other modules call)', () => {
  it('sends to one user, or to every active user of a merchant', async () => {
    const aBefore = await unreadInDb(u.ownerA);
    const subBefore = await unreadInDb(u.subA);
    const bBefore = await unreadInDb(u.ownerB);
    const usersOfA = await t.db
      .selectFrom('user')
      .select('id')
      .where('merchantId', '=', u.merchantA)
      .where('status', '=', 0)
      .execute();
    expect(usersOfA.map((x) => x.id)).toEqual(expect.arrayContaining([u.ownerA, u.subA]));
    expect(
      await sendMessage(t.db, {
        merchantId: u.merchantA,
        type: 'order',
        title: '新订单',
        content: '订单 JZ001 已付款',
        refType: 'order',
        refId: 42,
      }),
    ).toBe(usersOfA.length);
    expect(
      await sendMessage(t.db, {
        userId: u.ownerB,
        type: 'finance',
        title: '提现已到账',
        content: '¥100.00 已到账',
        refType: 'withdrawal',
        refId: 7,
      }),
    ).toBe(1);
    expect(await unreadInDb(u.ownerA)).toBe(aBefore + 1);
    expect(await unreadInDb(u.subA)).toBe(subBefore + 1);
    expect(await unreadInDb(u.ownerB)).toBe(bBefore + 1);
    const newest = await ownerB.get<Page<Message>>(`${M}/findAllByPage`, { pageSize: 1 });
    expect(newest.result.records[0]).toMatchObject({
      type: 'finance',
      title: '提现已到账',
      refType: 'withdrawal',
      refId: 7,
      readAt: null,
    });
    const count = await ownerB.get<UnreadCount>(`${M}/findWeiduCount`);
    expect(count.result.total).toBe(bBefore + 1);
  });

  it('news about a shop skips sub-accounts limited to other shops', async () => {
    const shops = await t.db
      .selectFrom('shop')
      .select('id')
      .where('merchantId', '=', u.merchantA)
      .orderBy('id')
      .execute();
    expect(shops.length).toBeGreaterThanOrEqual(2);
    const [own, other] = shops.map((s) => s.id);
    await withSubALimitedTo(own, async () => {
      const msg = { merchantId: u.merchantA, type: 'order', title: '新订单', content: 'x', refType: 'order' } as const;
      const sub0 = await unreadInDb(u.subA);
      const owner0 = await unreadInDb(u.ownerA);
      await sendMessage(t.db, { ...msg, shopId: other });
      expect(await unreadInDb(u.subA)).toBe(sub0);
      expect(await unreadInDb(u.ownerA)).toBe(owner0 + 1);
      await sendMessage(t.db, { ...msg, shopId: own });
      expect(await unreadInDb(u.subA)).toBe(sub0 + 1);
      expect(await unreadInDb(u.ownerA)).toBe(owner0 + 2);
    });
  });

  it('inside a transaction that rolls back, sends nothing', async () => {
    const before = await unreadInDb(u.ownerB);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sendMessage(trx, { merchantId: u.merchantB, type: 'order', title: 'x', content: 'x' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await unreadInDb(u.ownerB)).toBe(before);
  });

  it('an unknown recipient gets nothing', async () => {
    expect(await sendMessage(t.db, { userId: 999999, type: 'system', title: 'x', content: 'x' })).toBe(0);
    expect(await sendMessage(t.db, { merchantId: 999999, type: 'system', title: 'x', content: 'x' })).toBe(0);
  });
});

describe('marking read', () => {
  it('marks one of one’s own messages read', async () => {
    const [m] = (await messageOf(u.ownerA)).filter((x) => x.readAt === null);
    const before = await unreadInDb(u.ownerA);
    const r = await ownerA.post(`${M}/setRead`, { ids: String(m.id) });
    expect(r).toMatchObject({ code: 200, result: { updated: 1 } });
    expect(await unreadInDb(u.ownerA)).toBe(before - 1);
    // Again: nothing more to change, still fine.
    expect(await ownerA.post(`${M}/setRead`, { ids: String(m.id) })).toMatchObject({
      code: 200,
      result: { updated: 0 },
    });
  });

  it('takes the ids as the console’s forms send arrays too (JSON text), not only comma-separated', async () => {
    const unread = (await messageOf(u.ownerA)).filter((x) => x.readAt === null).slice(0, 2);
    expect(unread).toHaveLength(2);
    const before = await unreadInDb(u.ownerA);
    const r = await ownerA.post(`${M}/setRead`, { ids: JSON.stringify(unread.map((m) => m.id)) });
    expect(r).toMatchObject({ code: 200, result: { updated: 2 } });
    expect(await unreadInDb(u.ownerA)).toBe(before - 2);
    expect(await ownerA.post(`${M}/setRead`, { ids: '[1,"x"]' })).toMatchObject({ status: 400, code: 2001 });
  });

  it('another user’s message id answers 2002 and changes nothing, not even the caller’s own ids in the same call', async () => {
    const [theirs] = (await messageOf(u.ownerB)).filter((x) => x.readAt === null);
    const [mine] = (await messageOf(u.ownerA)).filter((x) => x.readAt === null);
    const r = await ownerA.post(`${M}/setRead`, { ids: `${mine.id},${theirs.id}` });
    expect(r).toMatchObject({ status: 404, code: 2002, message: '消息不存在' });
    const after = await t.db
      .selectFrom('message')
      .select(['id', 'readAt'])
      .where('id', 'in', [mine.id, theirs.id])
      .execute();
    expectEvery(after, (x) => x.readAt === null);
    // Same user, same merchant: the owner cannot read the sub-account's messages either.
    const [subs] = await messageOf(u.subA);
    expect(await ownerA.post(`${M}/setRead`, { ids: String(subs.id) })).toMatchObject({ code: 2002 });
  });

  it('marks all of one type, then all, read — only the caller’s', async () => {
    const bBefore = await unreadInDb(u.ownerB);
    const subBefore = await unreadInDb(u.subA);
    expect((await ownerA.post(`${M}/setRead`, { all: 1, type: 'order' })).code).toBe(200);
    const c = await ownerA.get<UnreadCount>(`${M}/findWeiduCount`);
    expect(c.result.order).toBe(0);
    expect(c.result.total).toBeGreaterThan(0);
    expect((await ownerA.post(`${M}/setRead`, { all: 1 })).code).toBe(200);
    expect((await ownerA.get<UnreadCount>(`${M}/findWeiduCount`)).result.total).toBe(0);
    expect(await unreadInDb(u.ownerB)).toBe(bBefore);
    expect(await unreadInDb(u.subA)).toBe(subBefore);
  });

  it('bad input answers 2001', async () => {
    for (const body of [{}, { ids: '' }, { ids: '1,a' }, { all: 2 }, { all: 1, type: 'spam' }]) {
      expect(await ownerA.post(`${M}/setRead`, body), JSON.stringify(body)).toMatchObject({ status: 400, code: 2001 });
    }
  });

  it('a sub-account whose role lacks 标记已读 gets 301', async () => {
    const menu = await t.db
      .selectFrom('menu')
      .select('id')
      .where('seedKey', '=', 'merchant.message.read')
      .executeTakeFirstOrThrow();
    const role = await t.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'shop_operator')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('roleMenu').where('roleId', '=', role.id).where('menuId', '=', menu.id).execute();
    try {
      const before = await unreadInDb(u.subA);
      expect(await subA.post(`${M}/setRead`, { all: 1 })).toMatchObject({ status: 403, code: 301 });
      expect(await unreadInDb(u.subA)).toBe(before);
      expect((await subA.get(`${M}/findAllByPage`)).code).toBe(200);
    } finally {
      await t.db.insertInto('roleMenu').values({ roleId: role.id, menuId: menu.id }).execute();
    }
  });
});

describe('deleting', () => {
  it('deletes one’s own; another user’s id answers 2002 and deletes nothing', async () => {
    const mine = await messageOf(u.ownerA);
    const theirs = await messageOf(u.ownerB);
    expect(await ownerA.del(`${M}/delByIds/${mine[0].id},${theirs[0].id}`)).toMatchObject({ code: 2002 });
    expect(await messageOf(u.ownerA)).toHaveLength(mine.length);
    expect(await messageOf(u.ownerB)).toHaveLength(theirs.length);
    expect(await ownerA.del(`${M}/delByIds/${mine[0].id},${mine[1].id}`)).toMatchObject({ code: 200 });
    expect((await messageOf(u.ownerA)).map((m) => m.id)).not.toContain(mine[0].id);
    expect(await ownerA.del(`${M}/delByIds/${mine[0].id}`)).toMatchObject({ code: 2002 });
    expect(await ownerA.del(`${M}/delByIds/abc`)).toMatchObject({ code: 2001 });
  });
});

describe('platform broadcasts', () => {
  it('are refused to merchants (301) and anonymous callers (401)', async () => {
    expect(await ownerA.post(`${P}/add`, { title: '假公告', content: 'x' })).toMatchObject({ status: 403, code: 301 });
    expect(await ownerA.get(`${P}/findAllByPage`)).toMatchObject({ code: 301 });
    expect(await api(t.app).post(`${P}/add`, { title: 'x', content: 'x' })).toMatchObject({ code: 401 });
  });

  it('reach the chosen merchants only, as unread system messages', async () => {
    const aBefore = await unreadInDb(u.ownerA);
    const bBefore = await unreadInDb(u.ownerB);
    const r = await admin.post<{ id: number; recipientCount: number }>(`${P}/add`, {
      title: '太原地区停电通知',
      content: '明日 9 点至 12 点小店区停电。',
      merchantIds: String(u.merchantB),
    });
    expect(r).toMatchObject({ code: 200, result: { recipientCount: 1 } });
    expect(await unreadInDb(u.ownerA)).toBe(aBefore);
    expect(await unreadInDb(u.ownerB)).toBe(bBefore + 1);
    const m = await ownerB.get<Page<Message>>(`${M}/findAllByPage`, { pageSize: 1 });
    expect(m.result.records[0]).toMatchObject({
      type: 'system',
      title: '太原地区停电通知',
      refType: 'broadcast',
      refId: r.result.id,
    });
  });

  it('reach every merchant user when none is chosen; history lists them', async () => {
    const users = await t.db
      .selectFrom('user')
      .select('id')
      .where('userType', '=', 'merchant')
      .where('status', '=', 0)
      .execute();
    const r = await admin.post<{ id: number; recipientCount: number }>(`${P}/add`, {
      title: '平台升级通知',
      content: '今晚 23 点平台升级维护 30 分钟。',
    });
    expect(r.result.recipientCount).toBe(users.length);
    const sent = await t.db
      .selectFrom('message')
      .select('userId')
      .where('refType', '=', 'broadcast')
      .where('refId', '=', r.result.id)
      .execute();
    expect(sent.map((s) => s.userId).sort()).toEqual(users.map((x) => x.id).sort());
    const h = await admin.get<Page<Broadcast>>(`${P}/findAllByPage`);
    expect(h.result.records[0]).toMatchObject({
      id: r.result.id,
      title: '平台升级通知',
      merchantIds: null,
      recipientCount: users.length,
      senderName: expect.any(String),
    });
    expect(h.result.records[1]).toMatchObject({ merchantIds: [u.merchantB], recipientCount: 1 });
    const sel = await admin.get<{ id: number; name: string }[]>(`${P}/findShangjiaSelect`);
    expect(sel.result.map((s) => s.name)).toEqual(expect.arrayContaining(['运城洁家家政', '太原安心家政']));
  });

  it('unknown merchants answer 2002 and send nothing; bad input answers 2001', async () => {
    const before = (await t.db.selectFrom('message').select('id').execute()).length;
    expect(
      await admin.post(`${P}/add`, { title: 'x', content: 'x', merchantIds: `${u.merchantA},999999` }),
    ).toMatchObject({ code: 2002 });
    expect((await t.db.selectFrom('message').select('id').execute()).length).toBe(before);
    expect(await admin.post(`${P}/add`, { title: '', content: 'x' })).toMatchObject({ code: 2001 });
    expect(await admin.post(`${P}/add`, { title: 'x', content: 'x', merchantIds: '1;2' })).toMatchObject({
      code: 2001,
    });
    expect(await t.db.selectFrom('messageBroadcast').select('id').where('title', '=', 'x').execute()).toHaveLength(0);
  });
});

/** Active users of merchant A who may work in the shop (no shop limit, or limited to a list that has it). */
/**
 * The active users of a merchant who should hear of news about `shopId` whose subject needs `perm`: owners, and
 * sub-accounts holding `perm` that work in that shop (every shop, or a user_shop row of it).
 */
async function mayWork(merchantId: number, shopId: number, perm: string) {
  const users = await t.db
    .selectFrom('user')
    .select(['id', 'isOwner', 'allShops'])
    .where('merchantId', '=', merchantId)
    .where('status', '=', 0)
    .execute();
  const limits = await t.db.selectFrom('userShop').select(['userId', 'shopId']).execute();
  const out: number[] = [];
  for (const x of users) {
    if (x.isOwner === 1) out.push(x.id);
    else if (
      (x.allShops === 1 || limits.some((l) => l.userId === x.id && l.shopId === shopId)) &&
      (await permsOf(t.db, x.id)).has(perm)
    )
      out.push(x.id);
  }
  return out.sort((a, b) => a - b);
}

/** Limits subA (the demo sub-account: every shop) to one shop for the duration of `fn`, then restores its shops. */
async function withSubALimitedTo<T>(shopId: number, fn: () => Promise<T>) {
  const limit = await t.db.selectFrom('userShop').selectAll().where('userId', '=', u.subA).execute();
  const { allShops } = await t.db
    .selectFrom('user')
    .select('allShops')
    .where('id', '=', u.subA)
    .executeTakeFirstOrThrow();
  await t.db.deleteFrom('userShop').where('userId', '=', u.subA).execute();
  await t.db.insertInto('userShop').values({ userId: u.subA, shopId, merchantId: u.merchantA }).execute();
  await t.db.updateTable('user').set({ allShops: 0 }).where('id', '=', u.subA).execute();
  try {
    return await fn();
  } finally {
    await t.db.deleteFrom('userShop').where('userId', '=', u.subA).execute();
    if (limit.length) await t.db.insertInto('userShop').values(limit).execute();
    await t.db.updateTable('user').set({ allShops }).where('id', '=', u.subA).execute();
  }
}

const shopsOfA = async () =>
  (await t.db.selectFrom('shop').select('id').where('merchantId', '=', u.merchantA).orderBy('id').execute()).map(
    (x) => x.id,
  );

describe('sources: settlements unfreezing', () => {
  it('the demo’s replayed unfreezes left read 结算已解冻 messages dated at each unfreeze', async () => {
    const seeded = await t.db
      .selectFrom('message')
      .innerJoin('financeSettlement', 'financeSettlement.id', 'message.refId')
      .select(['message.readAt', 'message.createdAt', 'financeSettlement.unfrozenAt'])
      .where('message.userId', '=', u.ownerA)
      .where('message.refType', '=', 'settlement')
      .where('message.readAt', 'is not', null)
      .execute();
    // Every settlement message is dated at its unfreeze. Those of the replay were created read (at that time);
    // A's demo settlements 20, 16, 12, 10 and 8 days old are among them. (Others, unfrozen by the job at start or
    // marked read by the tests above, have a later readAt.)
    for (const m of seeded) expect(m.createdAt).toBe(m.unfrozenAt);
    expect(seeded.filter((m) => m.readAt === m.createdAt).length).toBeGreaterThanOrEqual(5);
  });

  it('a due settlement unfrozen: one unread finance message per active user who may work in its shop, never twice', async () => {
    const [main, branch] = await shopsOfA();
    await withSubALimitedTo(main, async () => {
      const completedAt = new Date(Date.now() - 60 * 86_400_000).toISOString();
      const s = await createSettlement(t.db, {
        merchantId: u.merchantA,
        shopId: branch,
        orderId: -990001,
        orderNo: 'MSGTEST0001',
        amount: 12345,
        completedAt,
      });
      // concurrent runs (as several instances would) and a later one: the settlement is unfrozen once
      const runs = await Promise.all([unfreezeDue(t.db), unfreezeDue(t.db), unfreezeDue(t.db)]);
      expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      await unfreezeDue(t.db);
      const sent = await t.db
        .selectFrom('message')
        .selectAll()
        .where('refType', '=', 'settlement')
        .where('refId', '=', s.id)
        .execute();
      const expected = await mayWork(u.merchantA, branch, 'merchant:finance:frozen');
      expect(expected).toContain(u.ownerA);
      expect(expected).not.toContain(u.subA); // limited to the other shop, and holds no finance code
      expect(sent.map((m) => m.userId).sort((a, b) => a - b)).toEqual(expected);
      for (const m of sent)
        expect(m).toMatchObject({
          type: 'finance',
          title: '结算已解冻',
          merchantId: u.merchantA,
          readAt: null,
          content: expect.stringContaining('MSGTEST0001'),
        });
      expect(sent[0].content).toContain('的结算');
      const owner = await ownerA.get<Page<Message>>(`${M}/findAllByPage`, { type: 'finance', read: 0 });
      expect(owner.result.records.some((m) => m.refType === 'settlement' && m.refId === s.id)).toBe(true);
    });
  });
});

const geren = (o: Record<string, string> = {}) => ({
  name: '李四',
  certType: '00',
  idCardNo: withIdCheck('14080219900101123'),
  certValidityType: '0',
  certBeginDate: '2018-05-01',
  certEndDate: '2038-05-01',
  mobile: '13912345678',
  idCardFrontUrl: '/uploads/jinjian/a.png',
  idCardBackUrl: '/uploads/jinjian/b.png',
  bankName: '中国工商银行',
  branchCode: '102181000175',
  cardNo: withLuhn('622202050100987654'),
  holderName: '李四',
  cardMobile: '13912345678',
  ...o,
});

describe('sources: onboarding results (sandbox provider)', () => {
  const JG = 'app/jiazheng/pay/huifu/jinjianGeren';
  const JQ = 'app/jiazheng/pay/huifu/jinjianQuery';
  const backdate = (id: number) =>
    t.db
      .updateTable('jinjianApplication')
      .set({ submittedAt: new Date(Date.now() - 3600_000).toISOString() })
      .where('id', '=', id)
      .execute();
  const onboardingMessages = (id: number) =>
    t.db.selectFrom('message').selectAll().where('refType', '=', 'onboarding').where('refId', '=', id).execute();
  const usersOfB = async () =>
    (await t.db.selectFrom('user').select('id').where('merchantId', '=', u.merchantB).where('status', '=', 0).execute())
      .map((x) => x.id)
      .sort((a, b) => a - b);

  it('a rejection sends 进件审核未通过 with the reason once; an approval sends 进件审核通过 once, even to concurrent queries', async () => {
    setProviderFor(t.app, new SandboxProvider(60));
    const rej = await ownerB.post<JinjianSubmitResult>(JG, geren({ name: '测试驳回', holderName: '测试驳回' }));
    expect(rej.code, rej.message).toBe(200);
    expect(await ownerB.get<JinjianState>(JQ)).toMatchObject({ result: { status: 10 } });
    expect(await onboardingMessages(rej.result.id)).toHaveLength(0); // still in review: nothing yet
    await backdate(rej.result.id);
    const decided = await ownerB.get<JinjianState>(JQ);
    expect(decided.result.status).toBe(30);
    await ownerB.get<JinjianState>(JQ); // a repeated query sends nothing
    const rejected = await onboardingMessages(rej.result.id);
    expect(rejected.map((m) => m.userId).sort((a, b) => a - b)).toEqual(await usersOfB());
    const reason = decided.result.application!.rejectReason!;
    expect(reason).toMatch(/测试驳回/);
    for (const m of rejected) {
      expect(m).toMatchObject({ type: 'system', title: '进件审核未通过', readAt: null });
      expect(m.content).toContain(reason.replace(/[。.！!]+$/, ''));
    }

    const ok = await ownerB.post<JinjianSubmitResult>(JG, geren());
    expect(ok.code, ok.message).toBe(200);
    await backdate(ok.result.id);
    const answers = await Promise.all([ownerB.get(JQ), ownerB.get(JQ), ownerB.get(JQ)]);
    for (const a of answers) expect(a.code).toBe(200);
    expect(await ownerB.get<JinjianState>(JQ)).toMatchObject({ result: { status: 20 } });
    const approved = await onboardingMessages(ok.result.id);
    expect(approved.map((m) => m.userId).sort((a, b) => a - b)).toEqual(await usersOfB());
    for (const m of approved)
      expect(m).toMatchObject({ type: 'system', title: '进件审核通过', readAt: null, merchantId: u.merchantB });
    // the owner sees it, linked to the onboarding page's record
    const list = await ownerB.get<Page<Message>>(`${M}/findAllByPage`, { type: 'system', read: 0 });
    expect(list.result.records.find((m) => m.refType === 'onboarding' && m.refId === ok.result.id)).toBeTruthy();
  });
});

/** A paid order in a shop through the customer API; answers its id. */
const paidOrderIn = async (shopId: number) => (await paidOrder(t, shopId, { customerName: '消息顾客' })).id;

describe('sources: order transitions follow the shop limit', () => {
  it('a sub-account limited to one shop hears of that shop’s orders, not of another shop’s', async () => {
    const shops = await shopsOfA();
    const withGoods: number[] = [];
    for (const id of shops)
      if (
        await t.db
          .selectFrom('goods')
          .select('id')
          .where('shopId', '=', id)
          .where('shelfState', '=', 1)
          .executeTakeFirst()
      )
        withGoods.push(id);
    expect(withGoods.length).toBeGreaterThanOrEqual(2);
    const [own, other] = withGoods;
    await withSubALimitedTo(own, async () => {
      const orderMessages = (orderId: number) =>
        t.db
          .selectFrom('message')
          .select(['userId', 'title'])
          .where('refType', '=', 'order')
          .where('refId', '=', orderId)
          .execute();
      const elsewhere = await paidOrderIn(other);
      const there = await orderMessages(elsewhere);
      expect(there.some((m) => m.title === '新订单')).toBe(true);
      expect(there.some((m) => m.userId === u.ownerA)).toBe(true);
      expect(there.some((m) => m.userId === u.subA)).toBe(false);
      expect([...new Set(there.map((m) => m.userId))].sort((a, b) => a - b)).toEqual(
        await mayWork(u.merchantA, other, 'merchant:order:list'),
      );
      const inOwn = await paidOrderIn(own);
      const here = await orderMessages(inOwn);
      expect(here.some((m) => m.userId === u.subA && m.title === '新订单')).toBe(true);
      expect(here.some((m) => m.userId === u.ownerA && m.title === '新订单')).toBe(true);
    });
  });
});

describe('live header count: the order stream says `event: message` for every new message', () => {
  it('a withdrawal rejection and a broadcast reach the open stream within a second; another user’s message does not', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const ticket = (await ownerA.post<{ ticket: string }>('app/jiazheng/pay/dingdan/stream/ticket', {})).result.ticket;
    const ctrl = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/tmpl/api/app/jiazheng/pay/dingdan/stream?ticket=${ticket}`, {
      signal: ctrl.signal,
    });
    const reader = res.body!.getReader();
    let buf = '';
    // One read in flight at a time, kept across timeouts: a chunk is never dropped by a lost race.
    let pending: ReturnType<typeof reader.read> | undefined;
    const read = async (ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        pending ??= reader.read();
        const chunk = await Promise.race([
          pending,
          new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, end - Date.now()))),
        ]);
        if (!chunk) continue;
        pending = undefined;
        if (chunk.done) return;
        buf += new TextDecoder().decode(chunk.value);
      }
    };
    const messageEvents = () => [...buf.matchAll(/event: message\ndata: (\{.*\})\n/g)].map((m) => JSON.parse(m[1]).id);
    /** Waits (at most `ms`) for the n-th message event. */
    const nthMessage = async (n: number, ms = 1500) => {
      const start = performance.now();
      while (messageEvents().length < n && performance.now() - start < ms) await read(20);
    };
    try {
      while (!buf.includes('event: hello')) await read(50);

      // someone else's message: nothing on A's owner's stream
      await sendMessage(t.db, { userId: u.ownerB, type: 'system', title: '别人的', content: 'x' });
      await read(400);
      expect(messageEvents()).toEqual([]);

      // a withdrawal of A rejected by the platform
      // the demo's withdrawal in review (finance.seed.ts)
      const w = await t.db
        .selectFrom('financeWithdrawal')
        .select('id')
        .where('merchantId', '=', u.merchantA)
        .where('status', '=', 10)
        .executeTakeFirstOrThrow();
      const t0 = performance.now();
      const rejected = await admin.post('app/jiazheng/caiwu/tixian/shenhe', { id: w.id, pass: 0, remark: '信息有误' });
      expect(rejected.code, rejected.message).toBe(200);
      await nthMessage(1);
      expect(messageEvents(), buf.slice(-500)).toHaveLength(1);
      expect(performance.now() - t0).toBeLessThan(1000);
      const rejection = await t.db
        .selectFrom('message')
        .select('id')
        .where('userId', '=', u.ownerA)
        .where('refType', '=', 'withdrawal')
        .where('refId', '=', w.id)
        .executeTakeFirstOrThrow();
      expect(messageEvents()[0]).toBe(rejection.id);

      // a broadcast to every merchant
      const t1 = performance.now();
      const b = await admin.post(`${P}/add`, { title: '直播测试', content: '实时角标' });
      expect(b.code).toBe(200);
      await nthMessage(2);
      expect(performance.now() - t1).toBeLessThan(1000);
      const ids = messageEvents();
      expect(ids).toHaveLength(2);
      expect(ids[1]).toBeGreaterThan(ids[0]);
      // no event twice, and no `id:` line on message events (they never move the order resume point)
      await read(400);
      expect(messageEvents()).toHaveLength(2);
      expect(buf).not.toMatch(/id: \d+\nevent: message/);
    } finally {
      ctrl.abort();
    }
  });
});
