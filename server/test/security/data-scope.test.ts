/**
 * Every data call honours role and shop limit (docs/security.md): no route that returns business data is
 * sign-in-only, settlement lists take the caller's shop limit in their query, and messages reach only the users whose
 * permissions cover their subject (finance messages: finance holders; order messages: order holders of that shop).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/modules/merchant/message/message.service.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from '../helpers/index.ts';
import { roleWith, subWith } from './authority.ts';

const J = 'app/jiazheng';

let t: TestApp;
let owner: Api;
let merchantA: number;
let main: number;
let branch: number;
type Sub = Awaited<ReturnType<typeof subWith>>;
let messagesOnly: Sub;
let mainOrders: Sub;
let branchOrders: Sub;
let financeAll: Sub;

beforeAll(async () => {
  t = await buildTestApp();
  owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
  const shop = async (name: string) =>
    await t.db.selectFrom('shop').select(['id', 'merchantId']).where('name', '=', name).executeTakeFirstOrThrow();
  const m = await shop('运城洁家家政（总店）');
  main = m.id;
  merchantA = m.merchantId;
  branch = (await shop('运城洁家家政（学苑路分店）')).id;
  const msgRole = await roleWith(t, owner, '只看消息', (p) => p.startsWith('merchant:message:'));
  const orderRole = await roleWith(t, owner, '订单与结算', (p) => p.startsWith('merchant:order:'));
  const finRole = await roleWith(t, owner, '财务', (p) => p.startsWith('merchant:finance:'));
  messagesOnly = await subWith(t, owner, '13900003001', msgRole, 'all');
  mainOrders = await subWith(t, owner, '13900003002', orderRole, [main]);
  branchOrders = await subWith(t, owner, '13900003003', orderRole, [branch]);
  financeAll = await subWith(t, owner, '13900003004', finRole, 'all');
});
afterAll(() => t?.close());

describe('finding 4: business data behind sign-in-only routes', () => {
  it('a messages-only role is refused employee orders, today figures, licences and the order badge (301)', async () => {
    const employee = await t.db
      .selectFrom('employee')
      .select('id')
      .where('shopId', '=', main)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const calls: [string, Record<string, string | number>][] = [
      [`${J}/tongji/yuangong/dingdan`, { employeeId: employee.id }],
      [`${J}/tongji/jinri`, {}],
      ['merchant/licence/expiring', {}],
      [`${J}/pay/dingdan/findDaijiedanCount`, {}],
      [`${J}/pay/dingdan/findFilterOptions`, {}],
    ];
    const answers: string[] = [];
    for (const [url, q] of calls) answers.push(`${url} -> ${(await messagesOnly.api.get(url, q)).code}`);
    expect(answers).toEqual(calls.map(([url]) => `${url} -> 301`));
    // Its own page still works (control).
    expect((await messagesOnly.api.get(`${J}/xiaoxi/findAllByPage`)).code).toBe(200);
  });

  it('the owner still gets them (control)', async () => {
    expect((await owner.get(`${J}/tongji/jinri`)).code).toBe(200);
    expect((await owner.get('merchant/licence/expiring')).code).toBe(200);
  });

  it("an employee's orders exclude orders of a shop outside the caller's limit", async () => {
    // A main-shop employee who served an order that was booked in the branch (employees move between shops).
    const o = await t.db
      .selectFrom('serviceOrder')
      .select(['id', 'employeeId'])
      .where('shopId', '=', main)
      .where('employeeId', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const other = await t.db
      .selectFrom('serviceOrder')
      .select('id')
      .where('shopId', '=', main)
      .where('employeeId', '=', o.employeeId)
      .where('id', '!=', o.id)
      .executeTakeFirst();
    await t.db.updateTable('serviceOrder').set({ shopId: branch }).where('id', '=', o.id).execute();
    try {
      const r = await mainOrders.api.get(`${J}/tongji/yuangong/dingdan`, { employeeId: o.employeeId as number });
      expect(r.code, r.message).toBe(200);
      const ids = [...r.result.current, ...r.result.recent].map((x: { id: number }) => x.id);
      expect(ids).not.toContain(o.id);
      if (other) expect(ids.length).toBeGreaterThan(0);
      const all = await owner.get(`${J}/tongji/yuangong/dingdan`, { employeeId: o.employeeId as number });
      expect([...all.result.current, ...all.result.recent].map((x: { id: number }) => x.id)).toContain(o.id);
    } finally {
      await t.db.updateTable('serviceOrder').set({ shopId: main }).where('id', '=', o.id).execute();
    }
  });
});

describe('finding 3: settlement lists take the shop limit in their query', () => {
  const sums = async (shopIds: number[]) => {
    const r = await t.db
      .selectFrom('financeSettlement')
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(amount), 0)`.as('amount')])
      .where('merchantId', '=', merchantA)
      .where('shopId', 'in', shopIds)
      .executeTakeFirstOrThrow();
    return { count: Number(r.n), amount: Number(r.amount) };
  };

  it('the seed has settlements in both shops (the probe means something)', async () => {
    expect((await sums([main])).count).toBeGreaterThan(0);
    expect((await sums([branch])).count).toBeGreaterThan(0);
  });

  it("a main-shop account sees only the main shop's settlements and totals", async () => {
    const page = await mainOrders.api.get(`${J}/pay/dingdan/findDakuanByPage`, { pageSize: 100 });
    expect(page.code).toBe(200);
    const shops = new Set(page.result.records.map((r: { shopId: number }) => r.shopId));
    expect([...shops]).toEqual([main]);
    expect(page.result.total).toBe((await sums([main])).count);
    const sum = await mainOrders.api.get(`${J}/pay/dingdan/findDakuanHuizong`);
    expect(sum.result.total).toMatchObject(await sums([main]));
    const b = await branchOrders.api.get(`${J}/pay/dingdan/findDakuanHuizong`);
    expect(b.result.total).toMatchObject(await sums([branch]));
  });

  it('the owner sees both shops (control)', async () => {
    const sum = await owner.get(`${J}/pay/dingdan/findDakuanHuizong`);
    expect(sum.result.total).toMatchObject(await sums([main, branch]));
  });
});

describe('finding 4: messages reach the users whose permissions cover their subject', () => {
  const received = async (title: string) => {
    const rows = await t.db.selectFrom('message').select('userId').where('title', '=', title).execute();
    return new Set(rows.map((r) => r.userId));
  };
  let ownerId: number;
  let demoSubId: number;
  beforeAll(async () => {
    const id = async (phone: string) =>
      (await t.db.selectFrom('user').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
    ownerId = await id(PHONES.ownerA);
    demoSubId = await id(PHONES.subA);
  });

  it('a withdrawal message reaches the owner and finance holders only', async () => {
    await sendMessage(t.db, {
      merchantId: merchantA,
      type: 'finance',
      title: '提现已到账-测试',
      content: '提现 W1 已打款 100.00 元',
      refType: 'withdrawal',
      refId: 1,
    });
    const got = await received('提现已到账-测试');
    expect(got.has(ownerId)).toBe(true);
    expect(got.has(financeAll.id)).toBe(true);
    for (const u of [messagesOnly, mainOrders, branchOrders]) expect(got.has(u.id), u.phone).toBe(false);
    expect(got.has(demoSubId), 'the demo sub-account holds no finance code').toBe(false);
  });

  it('a branch settlement reaches the owner and finance holders of the branch, not order holders', async () => {
    await sendMessage(t.db, {
      merchantId: merchantA,
      shopId: branch,
      type: 'finance',
      title: '结算已解冻-测试',
      content: '订单 X 的结算 10.00 元已解冻',
      refType: 'settlement',
      refId: 1,
    });
    const got = await received('结算已解冻-测试');
    expect([...got].sort()).toEqual([ownerId, financeAll.id].sort());
  });

  it("a branch order message reaches order holders of the branch (and all shops), not the main shop's", async () => {
    await sendMessage(t.db, {
      merchantId: merchantA,
      shopId: branch,
      type: 'order',
      title: '新订单-测试',
      content: '订单 X 已付款',
      refType: 'order',
      refId: 1,
    });
    const got = await received('新订单-测试');
    expect(got.has(ownerId)).toBe(true);
    expect(got.has(branchOrders.id)).toBe(true);
    expect(got.has(demoSubId), 'the demo sub-account holds the order pages in every shop').toBe(true);
    expect(got.has(mainOrders.id)).toBe(false);
    expect(got.has(messagesOnly.id)).toBe(false);
    expect(got.has(financeAll.id)).toBe(false);
  });

  it('a platform broadcast still reaches everyone', async () => {
    const admin = api(t.app, await loginAs(t.app, PHONES.admin));
    const r = await admin.post('app/xiaoxi/add', {
      title: '广播-测试',
      content: '平台通知',
      merchantIds: String(merchantA),
    });
    expect(r.code, r.message).toBe(200);
    const got = await received('广播-测试');
    for (const u of [ownerId, demoSubId, messagesOnly.id, mainOrders.id, financeAll.id]) expect(got.has(u)).toBe(true);
  });

  it('a finance message delivered before the fix (or before a role lost finance) is neither listed nor counted', async () => {
    const now = new Date().toISOString();
    await t.db
      .insertInto('message')
      .values({
        userId: messagesOnly.id,
        merchantId: merchantA,
        type: 'finance',
        title: '旧提现消息-测试',
        content: '提现 W0 已打款 9999.00 元',
        refType: 'withdrawal',
        refId: 1,
        readAt: null,
        createdAt: now,
      })
      .execute();
    const list = await messagesOnly.api.get(`${J}/xiaoxi/findAllByPage`, { pageSize: 100 });
    expect(list.code).toBe(200);
    expect(list.result.records.some((m: { title: string }) => m.title === '旧提现消息-测试')).toBe(false);
    const count = await messagesOnly.api.get(`${J}/xiaoxi/findWeiduCount`);
    expect(count.result.finance).toBe(0);
    // The owner reads its own finance messages (control).
    const own = await owner.get(`${J}/xiaoxi/findAllByPage`, { type: 'finance', pageSize: 100 });
    expect(own.result.records.some((m: { title: string }) => m.title === '提现已到账-测试')).toBe(true);
  });

  it('the demo sub-account (no finance codes) holds no finance message of the seed either', async () => {
    const rows = await t.db
      .selectFrom('message')
      .select('id')
      .where('userId', '=', demoSubId)
      .where('type', '=', 'finance')
      .execute();
    expect(rows).toHaveLength(0);
  });
});
