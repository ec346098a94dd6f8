/**
 * Sub-accounts against their shop limits (docs/security.md; API1): sub-account 13800000003, given every merchant permission
 * but limited to merchant A's main shop, calls every merchant route that names a shop (query/body `shopId`,
 * `shopIds`, `dianpuId`: generated from the route table) with A's branch shop, and the shop routes with the branch's
 * id. All refused (301, or 2002 where the route treats the shop as not found) and nothing of A's changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, expectEvery, loginAs, PHONES, type TestApp } from '../helpers/index.ts';
import { roleWith, subWith } from './authority.ts';
import { catalogueWithFields, type Ids, loadIds, routeKey, send, snapshotOf } from './routes.ts';

let t: TestApp;
let ids: Ids;
let token: string;

beforeAll(async () => {
  // No background job: the late check and the notices write rows while the test compares snapshots.
  t = await buildTestApp({ jobs: false });
  ids = await loadIds(t.db);
  const d = t.db as any;
  // The sub-account's role gets every merchant menu, so a refusal below is about the shop limit, not a permission.
  const role = await d.selectFrom('userRole').select('roleId').where('userId', '=', ids.subA).executeTakeFirstOrThrow();
  const menus = await d.selectFrom('menu').select('id').where('scope', '=', 'merchant').execute();
  const have = new Set(
    (await d.selectFrom('roleMenu').select('menuId').where('roleId', '=', role.roleId).execute()).map(
      (r: any) => r.menuId,
    ),
  );
  const add = menus.filter((m: any) => !have.has(m.id)).map((m: any) => ({ roleId: role.roleId, menuId: m.id }));
  if (add.length) await d.insertInto('roleMenu').values(add).execute();
  await d.deleteFrom('userShop').where('userId', '=', ids.subA).execute();
  await d.insertInto('userShop').values({ userId: ids.subA, shopId: ids.shopA, merchantId: ids.A }).execute();
  // The demo sub-account holds every shop explicitly (user.all_shops): the rows alone would not limit it.
  await d.updateTable('user').set({ currentShopId: ids.shopA, allShops: 0 }).where('id', '=', ids.subA).execute();
  token = await loginAs(t.app, PHONES.subA);
});
afterAll(() => t?.close());

describe('sub-account limited to the main shop', () => {
  it('works inside its shop (control)', async () => {
    const r = await send(
      t.app,
      token,
      { method: 'GET', url: '/tmpl/api/app/jiazheng/pay/dingdan/findAllByPage' } as any,
      {
        params: { shopId: ids.shopA },
      },
    );
    expect(r.code).toBe(200);
  });

  it('every route naming a shop is refused for the branch it may not manage; nothing changes', async () => {
    const routes = (await catalogueWithFields(t.app)).filter(
      (r) =>
        (r.config.perm?.startsWith('merchant:') || r.config.signedIn) &&
        [...r.query, ...r.body].some((f) => ['shopId', 'shopIds', 'dianpuId'].includes(f)),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    console.info(`shop-limit: ${routes.length} routes naming a shop`);
    const d = t.db as any;
    const mainEmployee = await d
      .selectFrom('employee')
      .select('id')
      .where('shopId', '=', ids.shopA)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    /** Valid bodies where the schema needs more than the shop (validation answers before the tenant check). */
    const extra: Record<string, Record<string, string | number>> = {
      'POST /tmpl/api/app/jiazheng/yuangong/add': { gender: 1, idCardNo: '11010519491231002X' },
      'POST /tmpl/api/app/jiazheng/yuangong/edit': { id: mainEmployee.id },
      'POST /tmpl/api/merchant/subaccount/add': { nickName: '越界子账号', roleId: ids.roleA, password: 'Abcdef123456' },
      'POST /tmpl/api/merchant/subaccount/edit': { id: ids.subA, nickName: '越界' },
      'GET /tmpl/api/app/jiazheng/paidan/board': { date: '2026-11-27' },
      'GET /tmpl/api/app/jiazheng/paidan/rota': { date: '2026-11-27' },
      'GET /tmpl/api/app/jiazheng/paidan/daySheet': { date: '2026-11-27' },
      'POST /tmpl/api/app/jiazheng/paidan/daySheet/export': { date: '2026-11-27' },
    };
    const wrong: string[] = [];
    for (const r of routes) {
      const before = JSON.stringify(await snapshotOf(t.db, ids.A));
      const field =
        r.query.includes('shopIds') || r.body.includes('shopIds')
          ? 'shopIds'
          : r.query.includes('dianpuId') || r.body.includes('dianpuId')
            ? 'dianpuId'
            : 'shopId';
      const res = await send(t.app, token, r, {
        params: { name: '越界', phone: '13912345670', ...extra[routeKey(r)], [field]: ids.branchA },
      });
      if (res.code !== 301 && res.code !== 2002) wrong.push(`${routeKey(r)} -> ${res.code} ${res.message}`);
      if (JSON.stringify(await snapshotOf(t.db, ids.A)) !== before) wrong.push(`${routeKey(r)} CHANGED A's rows`);
    }
    expect(wrong).toEqual([]);
  });

  it("the branch's own id on the shop routes (detail, edit, state, switch) is refused", async () => {
    const before = JSON.stringify(await snapshotOf(t.db, ids.A));
    const calls: [string, string, Record<string, string | number>][] = [
      ['GET', `/tmpl/api/app/jiazheng/shangjia/info/findById/${ids.branchA}`, {}],
      ['POST', '/tmpl/api/app/jiazheng/shangjia/info/edit', { id: ids.branchA, name: '越界改名' }],
      ['POST', '/tmpl/api/app/jiazheng/shangjia/info/setYingyeState', { id: ids.branchA, yingyeState: 1 }],
      ['POST', '/tmpl/api/app/jiazheng/shangjia/info/setCurDianpu', { id: ids.branchA }],
    ];
    const wrong: string[] = [];
    for (const [method, url, params] of calls) {
      const res = await send(t.app, token, { method, url } as any, { params });
      if (res.code !== 301 && res.code !== 2002) wrong.push(`${method} ${url} -> ${res.code} ${res.message}`);
    }
    expect(wrong).toEqual([]);
    expect(JSON.stringify(await snapshotOf(t.db, ids.A))).toBe(before);
  });

  /**
   * Objects of the branch by their own id (an employee, order, goods item of a shop outside the limit). The employee
   * statistics, review, pick-up and order routes must refuse them (2002: not found for this account).
   */
  it('branch objects by their own id: employees, statistics, reviews, pick-ups and orders refuse', async () => {
    const d = t.db as any;
    const inBranch = async (table: string) =>
      (await d.selectFrom(table).select('id').where('shopId', '=', ids.branchA).orderBy('id').executeTakeFirstOrThrow())
        .id as number;
    const employee = await inBranch('employee');
    const order = await inBranch('serviceOrder');
    const goods = await inBranch('goods');
    // A review and a pick-up of the branch (the seed has them in the main shop): moved there for the probe.
    const review = (
      await d
        .selectFrom('review')
        .select('id')
        .where('merchantId', '=', ids.A)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
    await d.updateTable('review').set({ shopId: ids.branchA }).where('id', '=', review).execute();
    await d.updateTable('courierOrder').set({ shopId: ids.branchA }).where('id', '=', ids.courierA).execute();
    type Probe = [method: string, url: string, params: Record<string, string | number>, asserted: boolean];
    const probes: Probe[] = [
      ['GET', `/tmpl/api/app/jiazheng/yuangong/findById/${employee}`, {}, true],
      [
        'POST',
        '/tmpl/api/app/jiazheng/yuangong/edit',
        { id: employee, name: '越界改名', phone: '13912345671', gender: 1 },
        true,
      ],
      ['DELETE', `/tmpl/api/app/jiazheng/yuangong/delByIds/${employee}`, {}, true],
      ['GET', '/tmpl/api/app/jiazheng/tongji/yuangong/dingdan', { employeeId: employee }, true],
      ['GET', `/tmpl/api/app/jiazheng/shangjia/shangpin/shangjia/findById/${goods}`, {}, true],
      ['POST', '/tmpl/api/app/jiazheng/pinglun/shangjiahuifu', { id: review, merchantReply: '越界回复' }, true],
      ['GET', `/tmpl/api/app/jiazheng/kuaidi/findById/${ids.courierA}`, {}, true],
      ['POST', '/tmpl/api/app/jiazheng/kuaidi/cancel', { id: ids.courierA, reason: '越界取消' }, true],
      ['GET', `/tmpl/api/app/jiazheng/pay/dingdan/findById/${order}`, {}, true],
      ['GET', '/tmpl/api/app/jiazheng/pay/dingdan/findYuangong', { id: order }, true],
      ['POST', '/tmpl/api/app/jiazheng/pay/dingdan/setYuangong', { id: order, yuangongId: employee }, true],
      ['POST', '/tmpl/api/app/jiazheng/pay/dingdan/shangjiaCancel', { id: order, reason: '越界取消订单' }, true],
      ['POST', '/tmpl/api/app/jiazheng/pay/dingdan/queren', { id: order }, true],
      [
        'GET',
        '/tmpl/api/app/jiazheng/pay/dingdan/rescheduleSlots',
        { id: order, date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) },
        true,
      ],
      [
        'POST',
        '/tmpl/api/app/jiazheng/pay/dingdan/reschedule',
        { id: order, appointmentAt: new Date(Date.now() + 30 * 86_400_000).toISOString(), reason: '越界改约' },
        true,
      ],
    ];
    const before = JSON.stringify(await snapshotOf(t.db, ids.A));
    const wrong: string[] = [];
    const report: string[] = [];
    for (const [method, url, params, asserted] of probes) {
      const res = await send(t.app, token, { method, url } as any, { params });
      const refused = res.code === 301 || res.code === 2002;
      report.push(`${refused ? 'refused' : 'ANSWERED'} ${res.code} ${method} ${url}${asserted ? '' : ' (reported)'}`);
      if (asserted && !refused) wrong.push(`${method} ${url} -> ${res.code} ${res.message}`);
    }
    console.info(`shop-limit, branch objects by id:\n  ${report.join('\n  ')}`);
    expect(wrong).toEqual([]);
    expect(JSON.stringify(await snapshotOf(t.db, ids.A))).toBe(before);
  });
});

/**
 * Money by shop (docs/ledger.md "Shop-limited users"): a finance account limited to one shop reads, of the ledger,
 * totals, trend, overview and export, only the movements of its shops' settlements, with figures summed over those
 * alone; withdrawals and payout cards (the merchant's one account) are refused to it; it cannot open a shop either.
 */
describe('money and new shops for a shop-limited account', () => {
  const C = 'app/jiazheng/caiwu';
  let branch: Api;
  let branchToken: string;
  let main: Api;
  let whole: Api;
  let owner: Api;

  beforeAll(async () => {
    owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
    const everything = await roleWith(t, owner, '门店全权', () => true);
    ({ api: branch, token: branchToken } = await subWith(t, owner, '13900020001', everything, [ids.branchA]));
    main = api(t.app, token);
    whole = (await subWith(t, owner, '13900020003', everything, 'all')).api;
  });

  /** The ledger rows of one shop's settlements, oldest first, read from the database. */
  async function shopRows(shopId: number) {
    return (t.db as any)
      .selectFrom('financeLedger as e')
      .innerJoin('financeSettlement as s', 's.id', 'e.refId')
      .where('e.refType', '=', 'settlement')
      .where('e.merchantId', '=', ids.A)
      .where('s.shopId', '=', shopId)
      .select(['e.id', 'e.balanceChange', 'e.frozenChange', 'e.createdAt'])
      .orderBy('e.createdAt')
      .orderBy('e.id')
      .execute() as Promise<{ id: number; balanceChange: number; frozenChange: number; createdAt: string }[]>;
  }

  /** A 次卡 of the branch's goods sold by the owner (a 预收 of the branch alone); answers nothing. */
  async function branchCardSale() {
    const d = t.db as any;
    const goods = await d
      .selectFrom('goods')
      .select('id')
      .where('shopId', '=', ids.branchA)
      .where('shelfState', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const client = await d
      .selectFrom('client')
      .select('id')
      .where('merchantId', '=', ids.A)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const product = await owner.post('app/jiazheng/shangjia/kaxiang/add', {
      kind: 'times',
      name: '分店次卡',
      goodsId: goods.id,
      visits: 5,
      price: 50000,
      validityDays: 365,
    });
    expect(product.code, product.message).toBe(200);
    const sale = await owner.post('app/jiazheng/shangjia/shouka/xianxia', {
      productId: product.result.id,
      clientId: client.id,
      payChannel: '现金',
    });
    expect(sale.code, sale.message).toBe(200);
  }

  it("ledger, totals and export: only its shop's settlement entries, figures summed over them", async () => {
    await branchCardSale();
    const all = await owner.get(`${C}/shouzhi/findAllByPage`, { pageSize: 100 });
    for (const [who, shopId, whoToken, cardsSold] of [
      [branch, ids.branchA, branchToken, 1],
      [main, ids.shopA, token, 0],
    ] as const) {
      const expected = await shopRows(shopId);
      expect(expected.length, 'the shop has settlements in the seed').toBeGreaterThan(0);
      const page = await who.get(`${C}/shouzhi/findAllByPage`, { pageSize: 100 });
      expect(page.code).toBe(200);
      expect(page.result.total).toBe(expected.length);
      expect(page.result.total).toBeLessThan(all.result.total);
      const rows = [...page.result.records].reverse();
      expect(rows.map((r: any) => r.id)).toEqual(expected.map((r) => r.id));
      let balance = 0;
      let frozen = 0;
      for (const r of rows) {
        expect([r.refType, r.shopId]).toEqual(['settlement', shopId]);
        balance += r.balanceChange;
        frozen += r.frozenChange;
        expect([r.balanceAfter, r.frozenAfter, r.withdrawableAfter]).toEqual([balance, frozen, balance - frozen]);
      }
      const totals = await who.get(`${C}/shouzhi/findHuizong`);
      expect(totals.result.scope).toBe('shops');
      expect(totals.result.expense).toEqual({ count: 0, amount: 0 });
      const income = expected.filter((r) => r.balanceChange > 0);
      expect(totals.result.income).toEqual({
        count: income.length,
        amount: income.reduce((s, r) => s + r.balanceChange, 0),
      });
      const csv = await send(t.app, whoToken, { method: 'POST', url: `/tmpl/api/${C}/shouzhi/export` } as any, {
        params: { format: 'csv' },
      });
      expect(csv.status).toBe(200);
      // CSV sheets follow one another after an empty line: the ledger, then 预收（卡项） (the export has no filter).
      const [ledger, cards, ...more] = csv.raw
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n\r?\n/);
      expect(more).toEqual([]);
      const lines = ledger.split(/\r?\n/);
      expect(lines[0]).toContain('所管门店累计结算(元)');
      expect(lines).toHaveLength(expected.length + 1);
      const kinds = lines.slice(1).map((l) => l.split(',')[2]);
      expect(kinds.filter((k) => !['订单结算', '结算解冻', '退款冲正'].includes(k))).toEqual([]);
      // 预收 of its shops' cards only (the branch's card sale counts for the branch alone), as its 预收 figures say.
      const [header, row, ...rest] = cards.split(/\r?\n/);
      expect([header.split(',')[3], rest]).toEqual(['售卡张数', []]);
      const flows = (await who.get('app/jiazheng/shangjia/shouka/findLiushui')).result;
      expect(flows.sold).toBe(cardsSold);
      expect(row.split(',').slice(2, 4)).toEqual([(flows.deferredStart / 100).toFixed(2), String(cardsSold)]);
      expect(row.split(',').at(-1)).toBe((flows.deferredEnd / 100).toFixed(2));
      expect(flows.deferredEnd).toBe(cardsSold * 50000);
    }
    // Control: the owner reads every entry, withdrawals included (no shop), and the account's figures.
    expect(all.result.records.some((r: any) => r.refType === 'withdrawal' && r.shopId === null)).toBe(true);
    expect((await owner.get(`${C}/shouzhi/findHuizong`)).result.scope).toBe('merchant');
  });

  it("trend and overview: only what its shop's settlements account for; the account's figures are null", async () => {
    const d = t.db as any;
    const settlements = await d
      .selectFrom('financeSettlement')
      .select(['amount', 'status'])
      .where('shopId', '=', ids.branchA)
      .execute();
    const o = await branch.get(`${C}/findZonglan`);
    expect(o.code).toBe(200);
    expect(o.result).toMatchObject({
      scope: 'shops',
      balance: null,
      withdrawable: null,
      pendingWithdraw: null,
      totalWithdrawn: null,
      totalIncome: settlements.reduce((s: number, r: any) => s + r.amount, 0),
      frozen: settlements.filter((r: any) => r.status === 0).reduce((s: number, r: any) => s + r.amount, 0),
    });
    const acc = await d
      .selectFrom('financeAccount')
      .selectAll()
      .where('merchantId', '=', ids.A)
      .executeTakeFirstOrThrow();
    expect((await whole.get(`${C}/findZonglan`)).result).toMatchObject({ scope: 'merchant', balance: acc.balance });

    const range = { granularity: 'month', startDate: '2025-01-01' };
    const trend = await branch.get(`${C}/findQushi`, range);
    expect(trend.code).toBe(200);
    const income = (trend.result as { income: number; expense: number }[]).reduce((s, p) => s + p.income, 0);
    const expected = (await shopRows(ids.branchA))
      .filter((r) => r.createdAt >= '2024-12-31T16:00:00.000Z' && r.balanceChange > 0)
      .reduce((s, r) => s + r.balanceChange, 0);
    expect(income).toBe(expected);
    expectEvery(trend.result, (p: any) => p.expense === 0);
    const ownerTrend = await owner.get(`${C}/findQushi`, range);
    expect(ownerTrend.result.some((p: any) => p.expense > 0)).toBe(true);
  });

  it("withdrawals and payout cards (the merchant's account) are refused to it; an all-shops account reads them", async () => {
    const before = JSON.stringify(await snapshotOf(t.db, ids.A));
    const calls: [string, string, Record<string, string | number>][] = [
      ['GET', `${C}/tixian/findAllByPage`, {}],
      ['GET', `${C}/tixian/findYanzheng`, {}],
      ['POST', `${C}/tixian/sendCode`, { amount: 1000, bankCardId: ids.cardA }],
      ['POST', `${C}/tixian/add`, { amount: 1000, bankCardId: ids.cardA, smsCode: '123456' }],
      ['GET', `${C}/bangka/findAllByList`, {}],
      ['GET', `${C}/bangka/findJiluByPage`, {}],
      ['GET', `${C}/bangka/findYanzheng`, {}],
      ['POST', `${C}/bangka/jiebang`, { id: ids.cardA }],
    ];
    for (const who of [branch, main])
      for (const [method, url, params] of calls) {
        const res = method === 'GET' ? await who.get(url, params) : await who.post(url, params);
        expect(res.code, `${method} ${url}: ${res.message}`).toBe(301);
        expect(res.message).toContain('仅可管理全部门店的账号');
      }
    expect(JSON.stringify(await snapshotOf(t.db, ids.A))).toBe(before);
    expect((await whole.get(`${C}/tixian/findAllByPage`)).code).toBe(200);
    expect((await whole.get(`${C}/bangka/findAllByList`)).code).toBe(200);
  });

  it('opening a shop: refused (301) to a shop-limited account, as its initPc says; an all-shops account may', async () => {
    const count = async () =>
      Number(
        (
          await (t.db as any)
            .selectFrom('shop')
            .select((eb: any) => eb.fn.countAll().as('n'))
            .where('merchantId', '=', ids.A)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const who of [branch, main]) {
      expect((await who.get('app/jiazheng/page/initPc')).result.isAddFendian).toBe(false);
      const res = await who.post('app/jiazheng/shangjia/info/add', { name: '越界分店', parentId: ids.shopA });
      expect(res.code, res.message).toBe(301);
    }
    expect(await count()).toBe(before);
    const init = await whole.get('app/jiazheng/page/initPc');
    if (init.result.isAddFendian) {
      const ok = await whole.post('app/jiazheng/shangjia/info/add', { name: '全店账号开的分店' });
      expect(ok.code, ok.message).toBe(200);
      expect(await count()).toBe(before + 1);
    }
  });
});
