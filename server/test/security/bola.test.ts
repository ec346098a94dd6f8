/**
 * OWASP API1 (broken object level authorisation), generated from the route table.
 *
 * Every merchant route (perm `merchant:*`, plus the signed-in merchant-side routes listed in EXTRA) that takes an id
 * (a path parameter, or a query/body field named id, ids, *Id or *Ids) is called as merchant B with real ids of
 * merchant A from the seeded demo data. It must answer 2002 (not found) or 301 (refused) and change nothing of A's
 * (a snapshot of A's rows in every tenant table is compared before/after each call).
 *
 * The matrix below says, for each such route, how A's id is supplied. A route that takes an id and is missing from the
 * matrix fails the test; so does a matrix entry for a route that no longer exists.
 */
import { nextDay, shanghaiDay } from '@jz/contracts/dispatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, loginAs, PHONES, type TestApp } from '../helpers/index.ts';
import type { Params } from '../helpers/api.ts';
import { pointIn } from '../helpers/appointment.ts';
import {
  type Call,
  catalogueWithFields,
  type Ids,
  loadIds,
  type RouteInfo,
  routeKey,
  send,
  snapshotOf,
  takesId,
} from './routes.ts';

type Entry =
  | { how: string; calls: (i: Ids) => Call[] }
  /** The id names something not owned by a merchant (platform catalogue): nothing to steal, listed for coverage. */
  | { notOwned: string };

const one = (params: Params, path?: Record<string, string | number>): Call[] => [{ params, path }];
/** A list/filter call (see Call.filter). */
const filter = (...list: Params[]): Call[] => list.map((params) => ({ params, filter: true }));

/** The console posts forms: arrays and objects travel as JSON text. */
const PLUS_10 = JSON.stringify({ mode: 'percent', value: 10 });

/** An SMS of A's (the demo orders queue them), found in beforeAll. */
let outboxA = 0;

/**
 * Customer records, prepaid cards and recurring plans (docs/customers.md): A's made by A's owner in beforeAll (the demo
 * has records, no cards or plans), B's own for the cross-reference calls.
 */
const own = {
  clientA: 0,
  addressA: 0,
  clientB: 0,
  addressB: 0,
  productA: 0,
  productB: 0,
  prepaidA: 0,
  planA: 0,
  visitA: 0,
};
/** A day past the plans' booking horizon (nothing is booked for it). */
const farDay = () => nextDay(shanghaiDay(Date.now()), 40);

/** route -> how merchant B is handed merchant A's ids. */
const MATRIX: Record<string, Entry> = {
  // shops
  'GET /tmpl/api/app/jiazheng/shangjia/info/findById/:id': {
    how: "A's main shop",
    calls: (i) => one({}, { id: i.shopA }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/info/edit': {
    how: "A's shop id in the body",
    calls: (i) => one({ id: i.shopA, name: '被B改名', intro: 'x' }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/info/setYingyeState': {
    how: "A's shop id",
    calls: (i) => one({ id: i.shopA, yingyeState: 1 }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/info/fuzhi': {
    how: "A's shop as the source, then as the target",
    calls: (i) => [{ params: { fromId: i.shopA, toId: i.shopB } }, { params: { fromId: i.shopB, toId: i.shopA } }],
  },
  'POST /tmpl/api/app/jiazheng/shangjia/info/setCurDianpu': {
    how: "switch B's current shop to A's",
    calls: (i) => one({ id: i.branchA }),
  },
  'GET /tmpl/api/app/jiazheng/shangjia/info/search/findAllByPage': {
    how: "A's main shop as parentId",
    calls: (i) => filter({ parentId: i.shopA }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/info/add': { notOwned: 'fuwuIds name platform service categories' },
  // goods
  'GET /tmpl/api/app/jiazheng/shangjia/shangpin/shangjia/findAllByPage': {
    notOwned: 'fuwuId filters by a platform service category',
  },
  'GET /tmpl/api/app/jiazheng/shangjia/shangpin/shangjia/findById/:id': {
    how: "A's goods",
    calls: (i) => one({}, { id: i.goodsA }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/shangpin/add': { notOwned: 'fuwuId is a platform service category' },
  'POST /tmpl/api/app/jiazheng/shangjia/shangpin/edit': {
    how: "A's goods id in the body",
    calls: (i) => one({ id: i.goodsA, fuwuId: 2, name: '被B改名', price: 1, unit: '次', durationMinutes: 60 }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/shangpin/setShangjiaState/:id': {
    how: "A's goods",
    calls: (i) => [
      { path: { id: i.goodsA }, params: { shelfState: 0 } },
      { path: { id: i.goodsA }, params: { shelfState: 1 } },
    ],
  },
  'POST /tmpl/api/app/jiazheng/shangjia/shangpin/setPiliangShangjiaState/:ids': {
    how: "A's goods alone, and mixed with B's own",
    calls: (i) => [
      { path: { ids: `${i.goodsA}` }, params: { shelfState: 0 } },
      { path: { ids: `${i.goodsB},${i.goodsA}` }, params: { shelfState: 0 } },
    ],
  },
  'DELETE /tmpl/api/app/jiazheng/shangjia/shangpin/delByIds/:ids': {
    how: "A's goods alone, and mixed with B's own",
    calls: (i) => [
      { path: { ids: `${i.goodsA}` }, params: {} },
      { path: { ids: `${i.goodsB},${i.goodsA}` }, params: {} },
    ],
  },
  // employees
  'GET /tmpl/api/app/jiazheng/yuangong/weapp/findAllByPage': {
    how: "A's shop filter",
    calls: (i) => filter({ shopId: i.shopA }),
  },
  'GET /tmpl/api/app/jiazheng/yuangong/weapp/findAllByList': {
    how: "A's shop filter",
    calls: (i) => filter({ shopId: i.shopA }),
  },
  'GET /tmpl/api/app/jiazheng/yuangong/findById/:id': {
    how: "A's employee",
    calls: (i) => one({}, { id: i.employeeA }),
  },
  'POST /tmpl/api/app/jiazheng/yuangong/add': {
    how: "an employee put into A's shop",
    calls: (i) =>
      one({
        name: '越权员工',
        phone: '13912345678',
        gender: 1,
        idCardNo: '11010519491231002X',
        shopId: i.shopA,
        workState: 0,
      }),
  },
  'POST /tmpl/api/app/jiazheng/yuangong/edit': {
    how: "A's employee; and B's employee moved into A's shop",
    calls: (i) => [
      { params: { id: i.employeeA, name: '被B改名', phone: '13912345678', gender: 1 } },
      { params: { id: i.employeeB, name: '移店', phone: '13912345679', gender: 1, shopId: i.shopA } },
      {
        params: { id: i.employeeA, workHours: JSON.stringify(Array.from({ length: 7 }, () => [])), confirmHours: true },
      },
    ],
  },
  'GET /tmpl/api/app/jiazheng/yuangong/checkHours': {
    how: "A's employee with new weekly hours",
    calls: (i) => one({ id: i.employeeA, workHours: JSON.stringify(Array.from({ length: 7 }, () => [])) }),
  },
  'DELETE /tmpl/api/app/jiazheng/yuangong/delByIds/:ids': {
    how: "A's employee alone, and mixed with B's own",
    calls: (i) => [
      { path: { ids: `${i.employeeA}` }, params: {} },
      { path: { ids: `${i.employeeB},${i.employeeA}` }, params: {} },
    ],
  },
  // messages, agreements, feedback
  'POST /tmpl/api/app/jiazheng/xiaoxi/setRead': { how: "A's message ids", calls: (i) => one({ ids: `${i.messageA}` }) },
  'DELETE /tmpl/api/app/jiazheng/xiaoxi/delByIds/:ids': {
    how: "A's message",
    calls: (i) => one({}, { ids: `${i.messageA}` }),
  },
  'POST /tmpl/api/app/jiazheng/xieyi/qianshu': {
    notOwned: 'id is a platform agreement every merchant may sign (its signature is written for the caller)',
  },
  'GET /tmpl/api/app/jiazheng/xieyi/findQianshuById/:id': {
    how: "A's signature record",
    calls: (i) => one({}, { id: i.signatureA }),
  },
  // finance
  'POST /tmpl/api/app/jiazheng/caiwu/tixian/add': {
    how: "A's bank card as the payout card",
    calls: (i) => one({ amount: 2000, bankCardId: i.cardA }),
  },
  'POST /tmpl/api/app/jiazheng/caiwu/tixian/sendCode': {
    how: "A's bank card for the step-up code",
    calls: (i) => one({ amount: 2000, bankCardId: i.cardA }),
  },
  'POST /tmpl/api/app/jiazheng/caiwu/bangka/jiebang': { how: "A's bank card", calls: (i) => one({ id: i.cardA }) },
  'POST /tmpl/api/app/jiazheng/caiwu/bangka/queren/sendCode': {
    how: "A's bank card to confirm",
    calls: (i) => one({ id: i.cardA }),
  },
  'POST /tmpl/api/app/jiazheng/caiwu/bangka/queren': {
    how: "A's bank card to confirm",
    calls: (i) => one({ id: i.cardA, smsCode: '123456' }),
  },
  // orders
  'GET /tmpl/api/app/jiazheng/pay/dingdan/findAllByPage': {
    how: "A's shop filter; A's employee filter",
    calls: (i) => filter({ shopId: i.shopA }, { employeeId: i.employeeA }),
  },
  'GET /tmpl/api/app/jiazheng/pay/dingdan/weapp/shangjia/findAllByPage': {
    how: "A's shop filter; A's employee filter",
    calls: (i) => filter({ shopId: i.shopA }, { employeeId: i.employeeA }),
  },
  'GET /tmpl/api/app/jiazheng/pay/dingdan/findById/:id': { how: "A's order", calls: (i) => one({}, { id: i.orderA }) },
  'GET /tmpl/api/app/jiazheng/pay/dingdan/findYuangong': { how: "A's order", calls: (i) => one({ id: i.orderA }) },
  'POST /tmpl/api/app/jiazheng/pay/dingdan/setYuangong': {
    how: "A's order with B's employee; B's order with A's employee",
    calls: (i) => [
      { params: { id: i.orderA, yuangongId: i.employeeB } },
      { params: { id: i.orderB, yuangongId: i.employeeA } },
    ],
  },
  'POST /tmpl/api/app/jiazheng/pay/dingdan/shangjiaCancel': {
    how: "A's order",
    calls: (i) => one({ id: i.orderA, reason: '越权取消' }),
  },
  'POST /tmpl/api/app/jiazheng/pay/dingdan/queren': { how: "A's order", calls: (i) => one({ id: i.orderA }) },
  'GET /tmpl/api/app/jiazheng/pay/dingdan/rescheduleSlots': {
    how: "A's order",
    calls: (i) => one({ id: i.orderA, date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) }),
  },
  'GET /tmpl/api/app/jiazheng/pay/dingdan/messages': { how: "A's order", calls: (i) => one({ orderId: i.orderA }) },
  'POST /tmpl/api/app/jiazheng/pay/dingdan/messages/resend': {
    how: "A's SMS (an outbox row of A's demo orders)",
    calls: () => one({ id: outboxA }),
  },
  'POST /tmpl/api/app/jiazheng/pay/dingdan/reschedule': {
    how: "A's order to a bookable time",
    calls: (i) =>
      one({ id: i.orderA, appointmentAt: new Date(Date.now() + 30 * 86_400_000).toISOString(), reason: '越权改约' }),
  },
  'GET /tmpl/api/app/jiazheng/pay/dingdan/yanquan/findAllByPage': {
    how: "A's shop filter",
    calls: (i) => filter({ shopId: i.shopA }),
  },
  'POST /tmpl/api/app/jiazheng/pay/dingdan/export': {
    how: "A's shop filter; A's employee filter",
    calls: (i) => filter({ shopId: i.shopA }, { employeeId: i.employeeA }),
  },
  'GET /tmpl/api/app/jiazheng/pay/dingdan/jiedan/findAllByList': {
    how: "A's shop",
    calls: (i) => filter({ shopId: i.shopA }),
  },
  'POST /tmpl/api/app/jiazheng/pay/dingdan/stream/ticket': {
    how: "A's shop",
    calls: (i) => filter({ shopId: i.shopA }),
  },
  'GET /tmpl/api/app/jiazheng/pay/dingdan/findDaijiedanCount': {
    how: "A's shop",
    calls: (i) => filter({ shopId: i.shopA }),
  },
  // reviews
  'GET /tmpl/api/app/jiazheng/pinglun/findAllByPage': {
    how: "A's shop, goods and employee filters",
    calls: (i) => filter({ shopId: i.shopA }, { goodsId: i.goodsA }, { employeeId: i.employeeA }),
  },
  'POST /tmpl/api/app/jiazheng/pinglun/shangjiahuifu': {
    how: "A's review",
    calls: (i) => one({ id: i.reviewA, merchantReply: '越权回复' }),
  },
  // courier
  'GET /tmpl/api/app/jiazheng/kuaidi/findAllByPage': {
    how: "A's shop filter",
    calls: (i) => filter({ shopId: i.shopA }),
  },
  'GET /tmpl/api/app/jiazheng/kuaidi/findById/:id': { how: "A's pick-up", calls: (i) => one({}, { id: i.courierA }) },
  'POST /tmpl/api/app/jiazheng/kuaidi/cancel': {
    how: "A's pick-up",
    calls: (i) => one({ id: i.courierA, reason: '越权取消' }),
  },
  // statistics
  'GET /tmpl/api/app/jiazheng/tongji/yuangong': { how: "A's shop", calls: (i) => filter({ shopId: i.shopA }) },
  'POST /tmpl/api/app/jiazheng/tongji/yuangong/export': {
    how: "A's shop",
    calls: (i) => filter({ shopId: i.shopA }),
  },
  'GET /tmpl/api/app/jiazheng/tongji/yunying': { how: "A's shop", calls: (i) => filter({ shopId: i.shopA }) },
  'POST /tmpl/api/app/jiazheng/tongji/yunying/export': {
    how: "A's shop",
    calls: (i) => filter({ shopId: i.shopA }),
  },
  'GET /tmpl/api/app/jiazheng/tongji/jinri': { how: "A's shop", calls: (i) => filter({ shopId: i.shopA }) },
  'GET /tmpl/api/app/jiazheng/tongji/yuangong/dingdan': {
    how: "A's employee",
    calls: (i) => filter({ employeeId: i.employeeA }),
  },
  // sub-accounts and their roles
  'GET /tmpl/api/merchant/subaccount/findAllByPage': {
    how: "A's role as the filter",
    calls: (i) => filter({ roleId: i.roleA }),
  },
  'GET /tmpl/api/merchant/subaccount/detail': { how: "A's sub-account", calls: (i) => one({ id: i.subA }) },
  'POST /tmpl/api/merchant/subaccount/add': {
    how: "a new account given A's role; given B's role and A's shop",
    calls: (i) => [
      { params: { nickName: '越权账号', phone: '13912340001', roleId: i.roleA, shopIds: 'all' } },
      { params: { nickName: '越权账号', phone: '13912340002', roleId: i.roleB, shopIds: `${i.shopA}` } },
    ],
  },
  'POST /tmpl/api/merchant/subaccount/edit': {
    how: "A's sub-account; B's sub-account given A's role, then A's shop",
    calls: (i) => [
      { params: { id: i.subA, nickName: '被B改名' } },
      { params: { id: i.subB, roleId: i.roleA } },
      { params: { id: i.subB, shopIds: `${i.shopA}` } },
    ],
  },
  'POST /tmpl/api/merchant/subaccount/status': {
    how: "A's sub-account disabled",
    calls: (i) => one({ id: i.subA, status: 1 }),
  },
  'POST /tmpl/api/merchant/subaccount/rePassword': {
    how: "A's sub-account's password",
    calls: (i) => one({ id: i.subA, password: 'Abcdef123456' }),
  },
  'DELETE /tmpl/api/merchant/subaccount/delByIds/:ids': {
    how: "A's sub-account alone, and mixed with B's own",
    calls: (i) => [
      { path: { ids: `${i.subA}` }, params: {} },
      { path: { ids: `${i.subB},${i.subA}` }, params: {} },
    ],
  },
  'POST /tmpl/api/merchant/subaccount/role/add': {
    notOwned: 'menuIds name platform menus (limited to what the caller may grant: role tests)',
  },
  'POST /tmpl/api/merchant/subaccount/role/edit': {
    how: "A's role renamed",
    calls: (i) => one({ id: i.roleA, name: '被B改名' }),
  },
  'DELETE /tmpl/api/merchant/subaccount/role/delByIds/:ids': {
    how: "A's role alone, and mixed with B's own",
    calls: (i) => [
      { path: { ids: `${i.roleA}` }, params: {} },
      { path: { ids: `${i.roleB},${i.roleA}` }, params: {} },
    ],
  },
  // 批量改价 (docs/goods-specifications.md): A's goods in B's selection
  'POST /tmpl/api/app/jiazheng/shangjia/shangpin/piliangGaijia/preview': {
    how: "A's goods alone, and mixed with B's own",
    calls: (i) => [
      { params: { goodsIds: JSON.stringify([i.goodsA]), change: PLUS_10 } },
      { params: { goodsIds: JSON.stringify([i.goodsB, i.goodsA]), change: PLUS_10 } },
    ],
  },
  'POST /tmpl/api/app/jiazheng/shangjia/shangpin/piliangGaijia/confirm': {
    how: "A's goods with a made-up preview",
    calls: (i) =>
      one({
        goodsIds: JSON.stringify([i.goodsA]),
        change: PLUS_10,
        seen: JSON.stringify([{ specId: 1, updatedAt: '2026-01-01T00:00:00.000Z' }]),
      }),
  },
  // dispatch (docs/dispatch.md)
  'GET /tmpl/api/app/jiazheng/paidan/board': {
    how: "A's shop",
    calls: (i) => one({ date: '2026-11-27', shopId: i.shopA }),
  },
  'GET /tmpl/api/app/jiazheng/paidan/daySheet': {
    how: "A's shop; A's employee",
    calls: (i) => [
      { params: { date: '2026-11-27', shopId: i.shopA } },
      { params: { date: '2026-11-27', employeeId: i.employeeA } },
    ],
  },
  'POST /tmpl/api/app/jiazheng/paidan/daySheet/export': {
    how: "A's shop; A's employee",
    calls: (i) => [
      { params: { date: '2026-11-27', shopId: i.shopA } },
      { params: { date: '2026-11-27', employeeId: i.employeeA } },
    ],
  },
  'GET /tmpl/api/app/jiazheng/paidan/suggest': { how: "A's order", calls: (i) => one({ orderId: i.orderA }) },
  'POST /tmpl/api/app/jiazheng/paidan/assign': {
    how: "A's order with B's employee, B's order with A's employee",
    calls: (i) => [
      { params: { orderId: i.orderA, employeeId: i.employeeB } },
      { params: { orderId: i.orderB, employeeId: i.employeeA } },
    ],
  },
  'GET /tmpl/api/app/jiazheng/paidan/leave/findAllByList': {
    how: "A's employee",
    calls: (i) => one({ employeeId: i.employeeA }),
  },
  'POST /tmpl/api/app/jiazheng/paidan/leave/add': {
    how: "A's employee",
    calls: (i) => one({ employeeId: i.employeeA, from: '2027-01-04T01:00:00.000Z', to: '2027-01-05T01:00:00.000Z' }),
  },
  'GET /tmpl/api/app/jiazheng/paidan/leave/check': {
    how: "A's employee",
    calls: (i) => one({ employeeId: i.employeeA, from: '2027-01-04T01:00:00.000Z', to: '2027-01-05T01:00:00.000Z' }),
  },
  // 排班 (rota): the grid of A's shop, an exception for A's employee
  'GET /tmpl/api/app/jiazheng/paidan/rota': {
    how: "A's shop",
    calls: (i) => one({ date: '2027-01-04', shopId: i.shopA }),
  },
  'POST /tmpl/api/app/jiazheng/paidan/shiftException/save': {
    how: "A's employee",
    calls: (i) => one({ employeeId: i.employeeA, day: '2027-01-04', ranges: '[]' }),
  },
  'GET /tmpl/api/app/jiazheng/paidan/leaveRequest/findAllByPage': {
    how: "A's shop or employee as the filter",
    calls: (i) => filter({ shopId: i.shopA }, { employeeId: i.employeeA }),
  },
  // licences
  'GET /tmpl/api/merchant/licence/detail': { how: "A's licence", calls: (i) => one({ id: i.licenceA }) },
  'POST /tmpl/api/merchant/licence/edit': {
    how: "A's licence",
    calls: (i) => one({ id: i.licenceA, kind: 'yyzz', number: 'B1234567890', imageUrl: '/tmpl/uploads/licence/x.png' }),
  },
  'DELETE /tmpl/api/merchant/licence/delByIds/:ids': {
    how: "A's licence",
    calls: (i) => one({}, { ids: `${i.licenceA}` }),
  },
  // 客户档案 (docs/customers.md)
  'GET /tmpl/api/app/jiazheng/kehu/findById/:id': { how: "A's client", calls: () => one({}, { id: own.clientA }) },
  'GET /tmpl/api/app/jiazheng/kehu/orders': { how: "A's client", calls: () => one({ id: own.clientA }) },
  'GET /tmpl/api/app/jiazheng/kehu/reviews': { how: "A's client", calls: () => one({ id: own.clientA }) },
  'POST /tmpl/api/app/jiazheng/kehu/edit': {
    how: "A's client renamed",
    calls: () => one({ id: own.clientA, name: '被B改名' }),
  },
  'DELETE /tmpl/api/app/jiazheng/kehu/delById/:id': { how: "A's client", calls: () => one({}, { id: own.clientA }) },
  'POST /tmpl/api/app/jiazheng/kehu/address/add': {
    how: "an address added to A's client",
    calls: () => one({ clientId: own.clientA, detail: '越权地址 1 号' }),
  },
  'POST /tmpl/api/app/jiazheng/kehu/address/edit': {
    how: "A's client's address",
    calls: () => one({ id: own.addressA, detail: '被B改的地址' }),
  },
  'DELETE /tmpl/api/app/jiazheng/kehu/address/delById/:id': {
    how: "A's client's address",
    calls: () => one({}, { id: own.addressA }),
  },
  'POST /tmpl/api/app/jiazheng/kehu/note/add': {
    how: "a note on A's client",
    calls: () => one({ clientId: own.clientA, text: '越权备注' }),
  },
  'POST /tmpl/api/app/jiazheng/kehu/prefs': {
    how: "A's client's preferences; B's client preferring, then blocking, A's employee",
    calls: (i) => [
      { params: { clientId: own.clientA, preferred: '[]', blocked: '[]' } },
      { params: { clientId: own.clientB, preferred: JSON.stringify([i.employeeA]), blocked: '[]' } },
      { params: { clientId: own.clientB, preferred: '[]', blocked: JSON.stringify([i.employeeA]) } },
    ],
  },
  // 卡项管理 and 售卡记录
  'POST /tmpl/api/app/jiazheng/shangjia/kaxiang/add': {
    how: "a 次卡 of A's goods",
    calls: (i) =>
      one({ kind: 'times', name: '越权次卡', goodsId: i.goodsA, visits: 5, price: 10000, validityDays: 30 }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/kaxiang/edit': {
    how: "A's card product; B's turned into a 次卡 of A's goods",
    calls: (i) => [
      { params: { id: own.productA, kind: 'value', name: '被B改名', price: 10000, validityDays: 30 } },
      {
        params: {
          id: own.productB,
          kind: 'times',
          name: '乙次卡',
          goodsId: i.goodsA,
          visits: 5,
          price: 10000,
          validityDays: 30,
        },
      },
    ],
  },
  'POST /tmpl/api/app/jiazheng/shangjia/kaxiang/setShoumaiState/:id': {
    how: "A's card product taken off sale",
    calls: () => one({ onSale: 0 }, { id: own.productA }),
  },
  'DELETE /tmpl/api/app/jiazheng/shangjia/kaxiang/delByIds/:ids': {
    how: "A's card product alone, and mixed with B's own",
    calls: () => [
      { path: { ids: `${own.productA}` }, params: {} },
      { path: { ids: `${own.productB},${own.productA}` }, params: {} },
    ],
  },
  'POST /tmpl/api/app/jiazheng/shangjia/shouka/xianxia': {
    how: "A's product sold to B's client; B's product sold to A's client",
    calls: () => [
      { params: { productId: own.productA, clientId: own.clientB, payChannel: '现金' } },
      { params: { productId: own.productB, clientId: own.clientA, payChannel: '现金' } },
    ],
  },
  'GET /tmpl/api/app/jiazheng/shangjia/shouka/findAllByPage': {
    how: "A's client as the filter",
    calls: () => filter({ clientId: own.clientA }),
  },
  'GET /tmpl/api/app/jiazheng/shangjia/shouka/findById/:id': {
    how: "A's sold card",
    calls: () => one({}, { id: own.prepaidA }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/shouka/tuika': {
    how: "A's sold card refunded",
    calls: () => one({ id: own.prepaidA, reason: '越权退卡', expectedAmount: 10000 }),
  },
  'GET /tmpl/api/app/jiazheng/shangjia/shouka/export': {
    how: "A's client as the filter",
    calls: () => filter({ clientId: own.clientA, format: 'csv' }),
  },
  // 周期服务
  'GET /tmpl/api/app/jiazheng/shangjia/zhouqi/findAllByPage': {
    how: "A's client; A's employee as the filter",
    calls: (i) => filter({ clientId: own.clientA }, { employeeId: i.employeeA }),
  },
  'GET /tmpl/api/app/jiazheng/shangjia/zhouqi/findById/:id': {
    how: "A's plan",
    calls: () => one({}, { id: own.planA }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/zhouqi/add': {
    how: "a plan for A's client and address; for B's client with A's goods; with A's employee",
    calls: (i) => {
      const plan = { ruleKind: 'weekly', weekdays: '[2]', startTime: '09:00', payMode: 'visit', visitCount: 2 };
      return [
        {
          params: {
            ...plan,
            clientId: own.clientA,
            clientAddressId: own.addressA,
            goodsId: i.goodsB,
            startDate: farDay(),
          },
        },
        {
          params: {
            ...plan,
            clientId: own.clientB,
            clientAddressId: own.addressB,
            goodsId: i.goodsA,
            startDate: farDay(),
          },
        },
        {
          params: {
            ...plan,
            clientId: own.clientB,
            clientAddressId: own.addressB,
            goodsId: i.goodsB,
            employeeId: i.employeeA,
            startDate: farDay(),
          },
        },
      ];
    },
  },
  'POST /tmpl/api/app/jiazheng/shangjia/zhouqi/edit': {
    how: "A's plan",
    calls: () => one({ id: own.planA, visitCount: 3, payMode: 'visit' }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/zhouqi/paiqi/:id': { how: "A's plan", calls: () => one({}, { id: own.planA }) },
  'POST /tmpl/api/app/jiazheng/shangjia/zhouqi/zanting/:id': {
    how: "A's plan",
    calls: () => one({}, { id: own.planA }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/zhouqi/huifu/:id': { how: "A's plan", calls: () => one({}, { id: own.planA }) },
  'POST /tmpl/api/app/jiazheng/shangjia/zhouqi/tiaoguo': {
    how: "a day of A's plan",
    calls: () => one({ id: own.planA, date: farDay() }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/zhouqi/gaishijian': {
    how: "A's plan's rule",
    calls: () => one({ id: own.planA, fromDate: farDay(), ruleKind: 'weekly', weekdays: '[3]', startTime: '10:00' }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/zhouqi/jieshu': {
    how: "A's plan ended",
    calls: () => one({ id: own.planA, cancelFuture: 'true', reason: '越权结束' }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/zhouqi/chongshi': {
    how: "A's visit waiting for the dispatcher",
    calls: () => one({ visitId: own.visitA }),
  },
  'POST /tmpl/api/app/jiazheng/shangjia/zhouqi/chuli': {
    how: "A's visit waiting for the dispatcher",
    calls: () => one({ visitId: own.visitA, note: '越权处理' }),
  },
};

/**
 * Routes taking an id that are not in the matrix yet (a module still at work). Empty since courier, statistics,
 * sub-accounts and licences settled; kept so a new module can be listed here while it is built.
 */
const PENDING: Record<string, string> = {
  // Import jobs and leave periods are created per test; their own suites refuse another merchant's id (2002).
  'GET /tmpl/api/app/jiazheng/yuangong/import/progress/:id': 'employee-import.test.ts: another merchant 2002',
  'POST /tmpl/api/app/jiazheng/yuangong/import/errors/:id': 'employee-import.test.ts: another merchant 2002',
  'POST /tmpl/api/app/jiazheng/yuangong/import/confirm': 'employee-import.test.ts: another merchant 2002',
  'GET /tmpl/api/app/jiazheng/shangjia/shangpin/import/progress/:id': 'goods-import.test.ts: another merchant 2002',
  'POST /tmpl/api/app/jiazheng/shangjia/shangpin/import/errors/:id': 'goods-import.test.ts: another merchant 2002',
  'POST /tmpl/api/app/jiazheng/shangjia/shangpin/import/confirm': 'goods-import.test.ts: another merchant 2002',
  'DELETE /tmpl/api/app/jiazheng/paidan/leave/del/:id': 'dispatch-board.test.ts: another merchant 2002',
  'DELETE /tmpl/api/app/jiazheng/paidan/shiftException/del/:id': 'rota.test.ts: another merchant 2002',
  // Leave requests are made by an employee on the staff page per test.
  'POST /tmpl/api/app/jiazheng/paidan/leaveRequest/decide': 'staff-jobs.test.ts: another merchant 2002',
};

/**
 * List filters that still answer an empty page for A's id instead of 2002 (nothing leaks: the list is scoped to the
 * caller's merchant first). Each is owned by another engineer; the reason names the fix.
 */
/** List filters that may still answer an empty page for another merchant's id (none: every one answers 2002). */
const EMPTY_PAGE_TOLERATED: Record<string, string> = {};

/** Signed-in (not perm-guarded) routes on the merchant side that take an id: held to the same rule. */
const EXTRA_SIGNED_IN = new Set([
  'POST /tmpl/api/app/jiazheng/shangjia/info/setCurDianpu',
  'GET /tmpl/api/app/jiazheng/shangjia/info/search/findAllByPage',
  'GET /tmpl/api/app/jiazheng/pay/dingdan/findDaijiedanCount',
  'GET /tmpl/api/app/jiazheng/tongji/jinri',
  'GET /tmpl/api/app/jiazheng/tongji/yuangong/dingdan',
]);

/** An answer that carries nothing: no records, a zero count, a CSV with its header only, or a stream ticket. */
function emptyAnswer(res: { code: number; raw: string; result: unknown }) {
  if (res.code === -1) return res.raw.trim().split('\n').length <= 1;
  if (res.code !== 200) return false;
  const r = res.result as any;
  if (Array.isArray(r)) return r.length === 0;
  if (r && typeof r === 'object') {
    if (Array.isArray(r.records)) return r.records.length === 0 && Number(r.total) === 0;
    if ('count' in r) return r.count === 0;
    if ('ticket' in r) return true; // checked below: the ticket is B's own (merchantId B)
  }
  return false;
}

describe('API1 object level: merchant B against merchant A', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let ids: Ids;
  let tokenB: string;

  beforeAll(async () => {
    // No background job: the late check and the notices write rows while the test compares snapshots.
    t = await buildTestApp({ jobs: false });
    routes = await catalogueWithFields(t.app);
    ids = await loadIds(t.db);
    tokenB = await loginAs(t.app, PHONES.ownerB);
    // B signs its must-sign agreements, so a withdrawal is refused for A's card and not for a missing signature.
    const b = api(t.app, tokenB);
    const pending = await b.get('app/jiazheng/xieyi/findDaiqianList');
    for (const a of (pending.result ?? []) as { id: number; version: number }[])
      expect(
        (await b.post('app/jiazheng/xieyi/qianshu', { id: a.id, version: a.version, signerName: '商家乙' })).code,
      ).toBe(200);
    // B's own role and sub-account, so cross-reference calls (B's account given A's role or shop) can be made.
    const tree = (await b.get('merchant/subaccount/role/menuTree')).result as { id: number }[];
    expect((await b.post('merchant/subaccount/role/add', { name: '乙角色', menuIds: `${tree[0].id}` })).code).toBe(200);
    const d = t.db as any;
    ids.roleB = (
      await d
        .selectFrom('role')
        .select('id')
        .where('merchantId', '=', ids.B)
        .where('name', '=', '乙角色')
        .executeTakeFirstOrThrow()
    ).id;
    const added = await b.post('merchant/subaccount/add', {
      nickName: '乙子账号',
      phone: '13912349999',
      roleId: ids.roleB,
      shopIds: 'all',
    });
    expect(added.code, added.message).toBe(200);
    ids.subB = (
      await d.selectFrom('user').select('id').where('phone', '=', '13912349999').executeTakeFirstOrThrow()
    ).id;
    outboxA = (
      await d
        .selectFrom('notifyOutbox')
        .select('id')
        .where('merchantId', '=', ids.A)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ownObjects(api(t.app, await loginAs(t.app, PHONES.ownerA)), b, ids);
  });

  /** A's client (with an address in the main shop's area), card product, sold card, plan and a visit; B's own. */
  async function ownObjects(a: ReturnType<typeof api>, b: ReturnType<typeof api>, i: Ids) {
    const point = await pointIn(t.db, i.shopA);
    const client = async (by: typeof a, phone: string) => {
      const address = JSON.stringify({ detail: '运城市盐湖区河东东街 88 号 3 单元 501', areaM2: 90, ...point });
      const r = await by.post('app/jiazheng/kehu/add', { name: '越权测试客户', phone, address });
      expect(r.code, r.message).toBe(200);
      const d = await by.get<{ addresses: { id: number }[] }>(`app/jiazheng/kehu/findById/${r.result.id}`);
      return [r.result.id as number, d.result.addresses[0].id] as const;
    };
    [own.clientA, own.addressA] = await client(a, '13712340101');
    [own.clientB, own.addressB] = await client(b, '13712340102');
    const onShelf = (shopId: number) =>
      (t.db as any)
        .selectFrom('goods')
        .select('id')
        .where('shopId', '=', shopId)
        .where('shelfState', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow() as Promise<{ id: number }>;
    const goodsA = await onShelf(i.shopA);
    // A 储值卡 of A's; B's is a 次卡 of B's goods (its edit is handed A's goods: a card's kind cannot change).
    const product = async (by: typeof a, body: Params) => {
      const r = await by.post('app/jiazheng/shangjia/kaxiang/add', { price: 10000, validityDays: 365, ...body });
      expect(r.code, r.message).toBe(200);
      return r.result.id as number;
    };
    own.productA = await product(a, { kind: 'value', name: '越权测试储值卡' });
    own.productB = await product(b, { kind: 'times', name: '乙次卡', goodsId: (await onShelf(i.shopB)).id, visits: 5 });
    const sold = await a.post('app/jiazheng/shangjia/shouka/xianxia', {
      productId: own.productA,
      clientId: own.clientA,
      payChannel: '现金',
    });
    expect(sold.code, sold.message).toBe(200);
    own.prepaidA = sold.result.id;
    const plan = await a.post('app/jiazheng/shangjia/zhouqi/add', {
      clientId: own.clientA,
      clientAddressId: own.addressA,
      goodsId: goodsA.id,
      ruleKind: 'weekly',
      weekdays: '[1,2,3,4,5,6,7]',
      startTime: '09:00',
      payMode: 'visit',
      startDate: farDay(),
      visitCount: 4,
    });
    expect(plan.code, plan.message).toBe(200);
    own.planA = plan.result.id;
    // A visit the dispatcher has to deal with (未能排期), as a refused booking leaves it.
    const now = new Date().toISOString();
    own.visitA = (
      await (t.db as any)
        .insertInto('planVisit')
        .values({
          planId: own.planA,
          merchantId: i.A,
          shopId: i.shopA,
          day: farDay(),
          appointmentAt: `${farDay()}T01:00:00.000Z`,
          status: 'exception',
          reason: '该时段已约满',
          attempts: 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  afterAll(() => t?.close());

  it('every merchant route that takes an id is in the matrix (or explicitly pending)', () => {
    const needing = routes.filter(
      (r) => (r.config.perm?.startsWith('merchant:') || EXTRA_SIGNED_IN.has(routeKey(r))) && takesId(r),
    );
    const missing = needing.map(routeKey).filter((k) => !(k in MATRIX) && !(k in PENDING));
    expect(missing, 'merchant routes taking an id, missing from MATRIX').toEqual([]);
    const known = new Set(routes.map(routeKey));
    const stale = [...Object.keys(MATRIX), ...Object.keys(PENDING)].filter((k) => !known.has(k));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
    expect(Object.keys(MATRIX).length).toBeGreaterThanOrEqual(35);
  });

  it("refuses every matrix call with 2002/301 and leaves A's rows unchanged", async () => {
    const byKey = new Map(routes.map((r) => [routeKey(r), r]));
    const failures: string[] = [];
    const emptyPages: string[] = [];
    let calls = 0;
    // One snapshot per call: the one taken after a call is the next call's "before" (nothing else writes meanwhile).
    let before = await snapshotOf(t.db, ids.A);
    for (const [key, entry] of Object.entries(MATRIX)) {
      if ('notOwned' in entry) continue;
      const r = byKey.get(key)!;
      for (const call of entry.calls(ids)) {
        const res = await send(t.app, tokenB, r, call);
        calls++;
        const after = await snapshotOf(t.db, ids.A);
        const refused = res.code === 2002 || res.code === 301;
        if (!refused && call.filter && emptyAnswer(res)) emptyPages.push(key);
        if (!refused && !(call.filter && key in EMPTY_PAGE_TOLERATED && emptyAnswer(res)))
          failures.push(`${key} ${JSON.stringify(call)} -> ${res.code} ${res.message} ${res.raw.slice(0, 160)}`);
        if (JSON.stringify(before) !== JSON.stringify(after))
          failures.push(`${key} ${JSON.stringify(call)} CHANGED A's rows`);
        before = after;
        expect(res.raw).not.toMatch(/at .*\.ts:\d+/);
      }
    }
    const attacked = Object.values(MATRIX).filter((e) => !('notOwned' in e)).length;
    console.info(
      `BOLA: ${Object.keys(MATRIX).length} matrix routes (${attacked} attacked), ${calls} calls as B with A's ids, ` +
        `${failures.length} failures, empty pages (tolerated): ${[...new Set(emptyPages)].join(', ') || 'none'}`,
    );
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(45);
    // The live-order ticket asked for A's shop is bound to merchant B: its events are B's (none of A's shop).
    const tickets = await (t.db as any).selectFrom('orderStreamTicket').select(['merchantId']).execute();
    for (const tk of tickets) expect(tk.merchantId).toBe(ids.B);
  }, 120_000); // 140 calls, each followed by a snapshot of 26 tables: ~25 s on PostgreSQL under load

  it("verifying A's verification code as B is refused and changes nothing", async () => {
    const before = await snapshotOf(t.db, ids.A);
    const res = await api(t.app, tokenB).post('app/jiazheng/pay/dingdan/shangjiaYanquan', { code: ids.verifyCodeA });
    expect([2001, 2002, 2004]).toContain(res.code);
    // nor does the look-up 验券 asks first answer A's order
    const check = await api(t.app, tokenB).post('app/jiazheng/pay/dingdan/shangjiaYanquan/check', {
      code: ids.verifyCodeA,
    });
    expect([2001, 2002, 2004]).toContain(check.code);
    expect(check.result).toBeNull();
    expect(await snapshotOf(t.db, ids.A)).toEqual(before);
  });
});
