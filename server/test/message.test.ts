import type { Page } from '@jz/contracts/envelope';
import type { Broadcast, Message, UnreadCount } from '@jz/contracts/message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../src/modules/merchant/message/message.service.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';

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
  admin = api(t.app, await loginAs(t.app, PHONES.admin));
  ownerA = api(t.app, await loginAs(t.app, PHONES.ownerA));
  ownerB = api(t.app, await loginAs(t.app, PHONES.ownerB));
  subA = api(t.app, await loginAs(t.app, PHONES.subA));
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
    const r = await ownerA.get<Page<Message>>(`${M}/findAllByPage`, { pageSize: 50 });
    expect(r).toMatchObject({ status: 200, code: 200 });
    expect(r.result.total).toBeGreaterThanOrEqual(6);
    expect(r.result.records.every((m) => m.userId === u.ownerA)).toBe(true);
    expect(r.raw).not.toContain('太原安心家政');
    const firstRead = r.result.records.findIndex((m) => m.readAt !== null);
    expect(firstRead).toBeGreaterThan(0);
    expect(r.result.records.slice(firstRead).every((m) => m.readAt !== null)).toBe(true);
    const unread = r.result.records.slice(0, firstRead).map((m) => m.id);
    expect(unread).toEqual([...unread].sort((a, b) => b - a));
  });

  it('filters by type and read state, and pages', async () => {
    const orders = await ownerA.get<Page<Message>>(`${M}/findAllByPage`, { type: 'order' });
    expect(orders.result.records.length).toBeGreaterThan(0);
    expect(orders.result.records.every((m) => m.type === 'order')).toBe(true);
    const unread = await ownerA.get<Page<Message>>(`${M}/findAllByPage`, { read: 0, pageSize: 50 });
    expect(unread.result.records.every((m) => m.readAt === null)).toBe(true);
    expect(unread.result.total).toBe(await unreadInDb(u.ownerA));
    const read = await ownerA.get<Page<Message>>(`${M}/findAllByPage`, { read: 1 });
    expect(read.result.records.every((m) => m.readAt !== null)).toBe(true);
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
    const limit = await t.db.selectFrom('userShop').selectAll().where('userId', '=', u.subA).execute();
    await t.db.deleteFrom('userShop').where('userId', '=', u.subA).execute();
    await t.db.insertInto('userShop').values({ userId: u.subA, shopId: own, merchantId: u.merchantA }).execute();
    try {
      const msg = { merchantId: u.merchantA, type: 'order', title: '新订单', content: 'x', refType: 'order' } as const;
      const sub0 = await unreadInDb(u.subA);
      const owner0 = await unreadInDb(u.ownerA);
      await sendMessage(t.db, { ...msg, shopId: other });
      expect(await unreadInDb(u.subA)).toBe(sub0);
      expect(await unreadInDb(u.ownerA)).toBe(owner0 + 1);
      await sendMessage(t.db, { ...msg, shopId: own });
      expect(await unreadInDb(u.subA)).toBe(sub0 + 1);
      expect(await unreadInDb(u.ownerA)).toBe(owner0 + 2);
    } finally {
      await t.db.deleteFrom('userShop').where('userId', '=', u.subA).execute();
      if (limit.length) await t.db.insertInto('userShop').values(limit).execute();
    }
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
    expect(after.every((x) => x.readAt === null)).toBe(true);
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
