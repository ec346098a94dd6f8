/**
 * Sub-accounts against their shop limits (issue 14, API1): sub-account 13800000003, given every merchant permission
 * but limited to merchant A's main shop, calls every merchant route that names a shop (query/body `shopId`,
 * `shopIds`, `dianpuId`: generated from the route table) with A's branch shop, and the shop routes with the branch's
 * id. All refused (301, or 2002 where the route treats the shop as not found) and nothing of A's changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, PHONES, type TestApp } from '../helpers/index.ts';
import { catalogueWithFields, type Ids, loadIds, routeKey, send, snapshotOf } from './routes.ts';

let t: TestApp;
let ids: Ids;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
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
        { id: order, appointmentAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
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
