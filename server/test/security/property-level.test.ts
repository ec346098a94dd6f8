/**
 * OWASP API3 (broken object property level authorisation).
 *  - Mass assignment: edit calls sent extra fields (merchantId, balance, status, userType, auditStatus, isOwner, ...)
 *    change only what the call is for.
 *  - Excessive exposure: no answer of any signed-in GET route (generated from the route table, called as the merchant
 *    owner, the sub-account and the platform admin) carries a password/token/code hash, or an unmasked 18-digit
 *    resident ID or 16-19-digit card number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from '../helpers/index.ts';
import { withdrawWithCode } from '../helpers/step-up.ts';
import { catalogueWithFields, type Ids, loadIds, type RouteInfo, send } from './routes.ts';

let t: TestApp;
let ids: Ids;
let ownerA: Api;
const d = () => t.db as any;
const row = (table: string, id: number) =>
  d().selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Fields a client must never set through an edit call. */
const HOSTILE = {
  merchantId: 2,
  shopId: 999,
  balance: 99999999,
  frozen: 0,
  status: 1,
  userType: 'platform',
  auditStatus: 1,
  isOwner: 1,
  rating: 1,
  sales: 99999,
  orderCount: 99999,
  completedOrders: 99999,
  passwordHash: 'x',
  createdAt: '2000-01-01T00:00:00.000Z',
  deletedAt: '2000-01-01T00:00:00.000Z',
};

beforeAll(async () => {
  t = await buildTestApp();
  ids = await loadIds(t.db);
  ownerA = api(t.app, await loginAs(t.app, PHONES.ownerA));
});
afterAll(() => t?.close());

describe('mass assignment: extra fields change nothing', () => {
  /** The columns that may change, besides updatedAt; every other column must stay as it was. */
  async function onlyChanged(table: string, id: number, allowed: string[], call: () => Promise<{ code: number }>) {
    const before = await row(table, id);
    const res = await call();
    expect(res.code).toBe(200);
    const after = await row(table, id);
    const changed = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
    expect(changed.filter((k) => k !== 'updatedAt').sort()).toEqual([...allowed].sort());
    return after;
  }

  it('goods edit: only the name', async () => {
    const after = await onlyChanged('goods', ids.goodsA, ['name'], () =>
      ownerA.post('app/jiazheng/shangjia/shangpin/edit', { ...HOSTILE, id: ids.goodsA, name: '属性级测试商品' }),
    );
    expect(after.merchantId).toBe(ids.A);
  });

  it('employee edit: only the name', async () => {
    await onlyChanged('employee', ids.employeeA, ['name'], () =>
      ownerA.post('app/jiazheng/yuangong/edit', { ...HOSTILE, shopId: undefined, id: ids.employeeA, name: '属性员工' }),
    );
  });

  // An approved shop's new name waits for platform review (docs/security.md): only the requested name changes.
  it('shop edit: only the requested name (audit status, rating, owner, public name untouched)', async () => {
    const after = await onlyChanged('shop', ids.shopA, ['pendingName'], () =>
      ownerA.post('app/jiazheng/shangjia/info/edit', { ...HOSTILE, id: ids.shopA, name: '属性级测试店' }),
    );
    expect(after.merchantId).toBe(ids.A);
  });

  it('review reply: only the reply (rating, merchant untouched)', async () => {
    const review = await d()
      .selectFrom('review')
      .select('id')
      .where('merchantId', '=', ids.A)
      .where('merchantReply', 'is', null)
      .executeTakeFirstOrThrow();
    await onlyChanged('review', review.id, ['merchantReply', 'repliedAt', 'replyUserId'], () =>
      ownerA.post('app/jiazheng/pinglun/shangjiahuifu', { ...HOSTILE, id: review.id, merchantReply: '谢谢' }),
    );
  });

  it('own profile: only the nick name (never userType, isOwner, merchantId, status, phone)', async () => {
    const me = await d().selectFrom('user').select('id').where('phone', '=', PHONES.ownerA).executeTakeFirstOrThrow();
    await onlyChanged('user', me.id, ['nickName'], () =>
      ownerA.post('sys/user/edit/profile', {
        ...HOSTILE,
        phone: '13900000000',
        loginName: 'root',
        nickName: '属性老板',
      }),
    );
  });

  it('withdrawal request: fee, actual amount, status and merchant are computed, never taken from the body', async () => {
    const res = await withdrawWithCode(t, ownerA, {
      ...HOSTILE,
      amount: 2000,
      bankCardId: ids.cardA,
      fee: 0,
      actualAmount: 99999999,
      withdrawNo: 'HACK',
    });
    expect(res.code).toBe(200);
    const w = await d().selectFrom('financeWithdrawal').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(w.merchantId).toBe(ids.A);
    expect(w.amount).toBe(2000);
    expect(w.actualAmount).toBe(w.amount - w.fee);
    expect(w.withdrawNo).not.toBe('HACK');
    expect(w.actualAmount).not.toBe(99999999);
  });
});

/** Keys that carry secrets; any of them in an answer fails. */
const SECRET_KEY = /password_?hash|token_?hash|code_?hash|^secret|accessKey/i;
/** Identifiers that are long digit strings by design (not personal data). */
const NUMBER_KEYS =
  /^(orderNo|withdrawNo|trackingNo|payNo|refundNo|applyNo|providerMerchantNo|payoutTradeNo|refNo|verifyCode|branchCode|ticket|.*Url|.*At)$/;
const ID_CARD = /(^|\D)\d{17}[\dXx](\D|$)/;
const CARD = /(^|\D)\d{16,19}(\D|$)/;

function findLeaks(value: unknown, path: string, out: string[]) {
  if (Array.isArray(value))
    value.forEach((v, i) => {
      findLeaks(v, `${path}[${i}]`, out);
    });
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEY.test(k)) out.push(`${path}.${k} (secret key)`);
      if (typeof v === 'string' && !NUMBER_KEYS.test(k) && (ID_CARD.test(v) || CARD.test(v)))
        out.push(`${path}.${k} = ${v} (unmasked number)`);
      findLeaks(v, `${path}.${k}`, out);
    }
}

describe('excessive data exposure: GET answers carry no secret and no unmasked ID/card number', () => {
  const pathFor = (r: RouteInfo) => {
    const u = r.url;
    const id = /yuangong/.test(u)
      ? ids.employeeA
      : /dingdan/.test(u)
        ? ids.orderA
        : /shangpin/.test(u)
          ? ids.goodsA
          : /shangjia\/info|ShangjiaInfo/.test(u)
            ? ids.shopA
            : /kuaidi/.test(u)
              ? ids.courierA
              : /xieyi/.test(u)
                ? ids.signatureA
                : 1;
    return Object.fromEntries(r.pathParams.map((p) => [p, String(id)]));
  };

  it('the detector itself flags a hash key, an 18-digit ID and a card number (positive control)', () => {
    const found: string[] = [];
    findLeaks(
      { a: { passwordHash: 'x' }, b: [{ idCardNo: '11010519491231002X' }], c: '卡号 6222020000000000123' },
      'r',
      found,
    );
    expect(found).toHaveLength(3);
    const none: string[] = [];
    findLeaks(
      { orderNo: '202611221234567890', idCardNo: '110105********002X', cardNoMasked: '6222 **** 0123' },
      'r',
      none,
    );
    expect(none).toEqual([]);
  });

  it('scans every signed-in GET route as owner A, sub-account A and the admin', async () => {
    const routes = (await catalogueWithFields(t.app)).filter((r) => r.method === 'GET' && !r.config.public);
    expect(routes.length).toBeGreaterThan(80);
    const leaks: string[] = [];
    let scanned = 0;
    for (const phone of [PHONES.ownerA, PHONES.subA, PHONES.admin]) {
      const token = await loginAs(t.app, phone);
      for (const r of routes) {
        if (/\/stream$/.test(r.url)) continue; // server-sent events, not JSON
        const params: Record<string, string | number> = { pageSize: 100 };
        if (r.query.includes('id'))
          params.id = /subaccount/.test(r.url) ? ids.subA : /licence/.test(r.url) ? ids.licenceA : ids.orderA;
        const res = await send(t.app, token, r, { path: pathFor(r), params });
        if (res.code !== 200) continue;
        scanned++;
        const found: string[] = [];
        findLeaks(res.result, 'result', found);
        for (const f of found) leaks.push(`${phone} GET ${r.url}: ${f}`);
      }
    }
    console.info({ scanned, leaks });
    expect(leaks).toEqual([]);
    expect(scanned).toBeGreaterThan(150);
  });
});
