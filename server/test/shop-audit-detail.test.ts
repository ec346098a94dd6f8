import type { Page } from '@jz/contracts/envelope';
import type { ShopInfo } from '@jz/contracts/shop';
import type { ShopAuditDetail } from '@jz/contracts/shop-audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, PHONES, smsLogin, type TestApp } from './helpers/index.ts';

// The platform's shop audit shows region names, the licence, the location and its issues; a decision
// reaches the merchant as a message (an approval with the prompt to open, a rejection with the reason); a shop
// without reviews has no rating (暂无评分), not a made-up 5.0.

const S = 'app/jiazheng/shangjia/info';

let t: TestApp;
let admin: Api;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let shops: { aMain: number; bMain: number };
const byName = async (name: string) =>
  (await t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const shopMessages = (id: number) =>
  t.db
    .selectFrom('message')
    .innerJoin('user', 'user.id', 'message.userId')
    .select(['message.title', 'message.content', 'message.type', 'message.refType', 'user.phone'])
    .where('message.refType', '=', 'shop')
    .where('message.refId', '=', id)
    .orderBy('message.id')
    .execute();

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, ownerA, ownerB, subA } = await demoUsers(t));
  shops = { aMain: await byName('运城洁家家政（总店）'), bMain: await byName('太原安心家政') };
});
afterAll(() => t?.close());

describe('audit detail', () => {
  it('answers region names, the merchant’s licences (营业执照 first), the location and its issues', async () => {
    const r = await admin.get<ShopAuditDetail>(`${S}/audit/findById/${shops.bMain}`);
    expect(r.code).toBe(200);
    expect(r.result).toMatchObject({
      id: shops.bMain,
      merchantName: '太原安心家政',
      provinceCode: '140000',
      cityCode: '140100',
      districtCode: '140105',
      regionName: '山西省 / 太原市 / 小店区',
      lat: 37.82,
      lng: 112.55,
      locationIssues: [],
    });
    expect(r.result.serviceArea).toHaveLength(4);
    expect(r.result.licences.length).toBeGreaterThanOrEqual(2);
    expect(r.result.licences[0]).toMatchObject({
      kind: 'yyzz',
      number: expect.any(String),
      imageUrl: expect.any(String),
    });
    // The licences are the shop's merchant's only.
    const own = await t.db
      .selectFrom('licence')
      .innerJoin('merchant', 'merchant.id', 'licence.merchantId')
      .select('licence.id')
      .where('merchant.name', '=', '太原安心家政')
      .execute();
    expect(r.result.licences.map((l) => l.id).sort()).toEqual(own.map((l) => l.id).sort());
    // Nothing of the licence module's bookkeeping leaves.
    expect(r.raw).not.toContain('expiryNotice');
  });

  it('flags a location outside the stated region (a row saved before the rule)', async () => {
    await t.db.updateTable('shop').set({ lat: 23.13, lng: 113.26 }).where('id', '=', shops.bMain).execute();
    const r = await admin.get<ShopAuditDetail>(`${S}/audit/findById/${shops.bMain}`);
    expect(r.result.locationIssues?.[0]).toMatchObject({ kind: 'province', level: 'error' });
    expect(r.result.locationIssues?.[0].message).toContain('不在所选地区「山西省」范围内');
    // The platform's list carries the same flag and the names.
    const list = await admin.get<Page<ShopInfo>>(`${S}/search/findAllByPage`, { pageSize: 50 });
    const row = list.result.records.find((s) => s.id === shops.bMain);
    expect(row?.regionName).toBe('山西省 / 太原市 / 小店区');
    expect(row?.locationIssues?.[0]?.kind).toBe('province');
    await t.db.updateTable('shop').set({ lat: 37.82, lng: 112.55 }).where('id', '=', shops.bMain).execute();
  });

  it('is the platform’s: merchants 301, anonymous 401, a missing shop 2002, a bad id 2001', async () => {
    expect((await ownerA.get(`${S}/audit/findById/${shops.aMain}`)).code).toBe(301);
    expect((await ownerB.get(`${S}/audit/findById/${shops.bMain}`)).code).toBe(301);
    expect((await api(t.app).get(`${S}/audit/findById/${shops.aMain}`)).code).toBe(401);
    expect((await admin.get(`${S}/audit/findById/999999`)).code).toBe(2002);
    expect((await admin.get(`${S}/audit/findById/abc`)).code).toBe(2001);
  });
});

describe('decisions reach the merchant', () => {
  let branch: number;

  it('an approval: one 系统 message per user who may see the shop, with the prompt to open it', async () => {
    const add = await ownerA.post<{ id: number }>(`${S}/add`, { name: '运城洁家家政（审核消息分店）' });
    expect(add.code).toBe(200);
    branch = add.result.id;
    expect(await shopMessages(branch)).toEqual([]); // adding it is the merchant's own act: no message
    const [x, y] = await Promise.all([
      admin.post(`${S}/audit`, { id: branch, auditStatus: 1 }),
      admin.post(`${S}/audit`, { id: branch, auditStatus: 1 }),
    ]);
    expect([x.code, y.code].sort()).toEqual([200, 2004]);
    const msgs = await shopMessages(branch);
    // One decision, one message each: the owner (and the sub-account when it works in every shop of the merchant).
    expect(msgs.map((m) => m.phone)).toContain(PHONES.ownerA);
    expect(new Set(msgs.map((m) => m.phone)).size).toBe(msgs.length);
    expect(msgs[0]).toMatchObject({ type: 'system', refType: 'shop', title: '店铺审核通过' });
    expect(msgs[0].content).toBe(
      '「运城洁家家政（审核消息分店）」已通过平台审核，可以开始营业了：在「店铺管理」或「店铺信息」中点击「立即营业」，顾客即可看到本店上架的商品。',
    );
    expect(msgs.map((m) => m.phone)).not.toContain(PHONES.ownerB);
    // The owner reads it in its message list.
    const list = await ownerA.get<Page<{ title: string; refType: string; refId: number }>>(
      'app/jiazheng/xiaoxi/findAllByPage',
      { pageSize: 50 },
    );
    expect(list.result.records.find((m) => m.refType === 'shop' && m.refId === branch)?.title).toBe('店铺审核通过');
  });

  it('a rejection says why, in the words the platform typed', async () => {
    const add = await ownerA.post<{ id: number }>(`${S}/add`, { name: '运城洁家家政（驳回消息分店）' });
    const id = add.result.id;
    const r = await admin.post(`${S}/audit`, { id, auditStatus: 2, auditRemark: '门头照片与营业执照名称不一致。' });
    expect(r.code).toBe(200);
    const [m] = await shopMessages(id);
    expect(m.title).toBe('店铺审核未通过');
    expect(m.content).toBe(
      '「运城洁家家政（驳回消息分店）」未通过平台审核，原因：门头照片与营业执照名称不一致。请按原因修改店铺信息并保存，保存后将重新提交审核。',
    );
    // A refused decision (no reason) sends nothing.
    const before = (await shopMessages(id)).length;
    expect((await admin.post(`${S}/audit`, { id, auditStatus: 2 })).code).toBe(2001);
    expect((await shopMessages(id)).length).toBe(before);
  });

  it('a name change: applied or refused, and told either way', async () => {
    expect((await ownerA.post(`${S}/edit`, { id: branch, name: '运城洁家家政（新名称分店）' })).code).toBe(200);
    await admin.post(`${S}/audit`, { id: branch, auditStatus: 2, auditRemark: '名称含有夸大用语' });
    expect((await shopMessages(branch)).at(-1)).toMatchObject({
      title: '店铺名称变更未通过',
      content:
        '店铺名称变更为「运城洁家家政（新名称分店）」未通过平台审核，原因：名称含有夸大用语。顾客看到的仍是「运城洁家家政（审核消息分店）」。',
    });
    expect((await ownerA.post(`${S}/edit`, { id: branch, name: '运城洁家家政（河东分店）' })).code).toBe(200);
    await admin.post(`${S}/audit`, { id: branch, auditStatus: 1 });
    expect((await shopMessages(branch)).at(-1)).toMatchObject({
      title: '店铺名称变更已通过',
      content:
        '店铺名称已由「运城洁家家政（审核消息分店）」变更为「运城洁家家政（河东分店）」，顾客现在看到的是新名称。',
    });
  });

  it('a sub-account limited to other shops does not hear of this one; one working in every shop does', async () => {
    const sub = await t.db
      .selectFrom('user')
      .select(['id', 'merchantId'])
      .where('phone', '=', PHONES.subA)
      .executeTakeFirstOrThrow();
    const heard = async (name: string) => {
      const add = await ownerA.post<{ id: number }>(`${S}/add`, { name });
      await admin.post(`${S}/audit`, { id: add.result.id, auditStatus: 1 });
      return (await shopMessages(add.result.id)).map((m) => m.phone);
    };
    expect(await heard('运城洁家家政（全员分店）')).toEqual(expect.arrayContaining([PHONES.ownerA, PHONES.subA]));
    await t.db
      .insertInto('userShop')
      .values({ userId: sub.id, shopId: shops.aMain, merchantId: sub.merchantId! })
      .execute();
    await t.db.updateTable('user').set({ allShops: 0 }).where('id', '=', sub.id).execute();
    try {
      const phones = await heard('运城洁家家政（限定分店）');
      expect(phones).toContain(PHONES.ownerA);
      expect(phones).not.toContain(PHONES.subA);
      expect((await subA.get(`${S}/findInfo`)).result.id).toBe(shops.aMain);
    } finally {
      await t.db.deleteFrom('userShop').where('userId', '=', sub.id).execute();
      await t.db.updateTable('user').set({ allShops: 1 }).where('id', '=', sub.id).execute();
    }
  });
});

describe('rating', () => {
  it('a shop without reviews answers rating null (暂无评分); one with reviews its average and count', async () => {
    const fresh = await smsLogin(t.app, '13700002468');
    expect(fresh.code).toBe(200);
    const owner = api(t.app, fresh.result.token);
    const add = await owner.post<{ id: number }>(`${S}/add`, { name: '新开家政（评分）' });
    expect(add.code).toBe(200);
    const info = await owner.get<ShopInfo>(`${S}/findInfo`);
    expect(info.result).toMatchObject({ rating: null, reviewCount: 0 });
    const list = await owner.get<Page<ShopInfo>>(`${S}/search/findAllByPage`);
    expect(list.result.records[0]).toMatchObject({ rating: null, reviewCount: 0 });
    const detail = await admin.get<ShopAuditDetail>(`${S}/audit/findById/${add.result.id}`);
    expect(detail.result).toMatchObject({ rating: null, reviewCount: 0 });

    const reviews = await t.db.selectFrom('review').select(['rating']).where('shopId', '=', shops.aMain).execute();
    expect(reviews.length).toBeGreaterThan(0);
    const a = await ownerA.get<ShopInfo>(`${S}/findById/${shops.aMain}`);
    const avg = Math.round((reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) * 10) / 10;
    expect(a.result).toMatchObject({ reviewCount: reviews.length, rating: avg });
  });
});
