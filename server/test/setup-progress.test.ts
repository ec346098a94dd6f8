/**
 * 开店准备: the first-day checklist of /index, on a fresh database. A merchant new from SMS sign-up
 * has done nothing; each step ticks when the real thing is done through the real calls; the demo owner has done all;
 * another merchant, a platform user, an anonymous caller and an order-desk sub-account see nothing of it; a
 * shop-limited sub-account sees its own shop's progress, and only done/not done of steps outside its permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIdCard } from '../src/modules/merchant/employee/employee.seed.ts';
import { withIdCheck, withLuhn } from '../src/modules/merchant/jinjian/checksum-fixtures.ts';
import { setProviderFor } from '../src/modules/merchant/jinjian/provider/index.ts';
import { SandboxProvider } from '../src/modules/merchant/jinjian/provider/sandbox.ts';
import { type Api, api, buildTestApp, demoUsers, loginAs, PHONES, smsLogin, type TestApp } from './helpers/index.ts';
import { roleWith, subWith } from './security/authority.ts';

const P = 'app/jiazheng/merchant/setup/progress';
const SHOP = 'app/jiazheng/shangjia/info';
const GOODS = 'app/jiazheng/shangjia/shangpin';
const EMP = 'app/jiazheng/yuangong';
const XIEYI = 'app/jiazheng/xieyi';
const JINJIAN = 'app/jiazheng/pay/huifu/jinjianGeren';
const NEW_PHONE = '13911240001';

interface Step {
  key: string;
  done: boolean;
  detail: string | null;
}
interface Progress {
  shop: { id: number; name: string } | null;
  steps: Step[];
  done: number;
  total: number;
  complete: boolean;
}

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let fresh: Api;
let shops: { aMain: number; aBranch: number; bMain: number };

const progress = async (who: Api) => {
  const r = await who.get<Progress>(P);
  expect(r.code, r.message).toBe(200);
  return r.result;
};
const stepOf = (p: Progress, key: string) => p.steps.find((s) => s.key === key)!;
const doneKeys = (p: Progress) => p.steps.filter((s) => s.done).map((s) => s.key);
const square = (lat: number, lng: number, d = 0.01) =>
  JSON.stringify([
    { lat: lat + d, lng: lng - d },
    { lat: lat + d, lng: lng + d },
    { lat: lat - d, lng: lng + d },
  ]);

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  const signUp = await smsLogin(t.app, NEW_PHONE);
  expect(signUp.code, signUp.message).toBe(200);
  fresh = api(t.app, signUp.result.token);
  const byName = async (name: string) =>
    (await t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  shops = {
    aMain: await byName('运城洁家家政（总店）'),
    aBranch: await byName('运城洁家家政（学苑路分店）'),
    bMain: await byName('太原安心家政'),
  };
});
afterAll(() => t?.close());

describe('who may ask', () => {
  it('anonymous 401, a platform user 301', async () => {
    expect(await api(t.app).get(P)).toMatchObject({ status: 401, code: 401 });
    const admin = api(t.app, await loginAs(t.app, PHONES.admin));
    expect(await admin.get(P)).toMatchObject({ status: 403, code: 301 });
  });

  it('a sub-account holding none of the steps’ pages (orders only) is refused (301)', async () => {
    const role = await roleWith(t, ownerA, '只管订单', (p) => p.startsWith('merchant:order:'));
    const sub = await subWith(t, ownerA, '13911240011', role, 'all');
    expect(await sub.api.get(P)).toMatchObject({ status: 403, code: 301 });
  });
});

describe('the demo owner', () => {
  it('has done every step: complete, with the details of each', async () => {
    const p = await progress(ownerA);
    expect(p).toMatchObject({ shop: { id: shops.aMain }, done: 6, total: 6, complete: true });
    expect(p.steps.map((s) => s.key)).toEqual(['shop', 'area', 'goods', 'employee', 'jinjian', 'agreement']);
    expect(stepOf(p, 'jinjian').detail).toBe('已开通支付');
    expect(stepOf(p, 'agreement').detail).toBe('必签协议均已签署');
    expect(stepOf(p, 'goods').detail).toMatch(/^已上架 \d+ 个商品$/);
  });

  it('merchant B is not complete (its onboarding was rejected, the new agreement version unsigned), and never reads A', async () => {
    const p = await progress(ownerB);
    expect(p.shop?.id).toBe(shops.bMain);
    expect(p.complete).toBe(false);
    expect(stepOf(p, 'jinjian')).toMatchObject({ done: false, detail: expect.stringMatching(/^进件被驳回/) });
    expect(stepOf(p, 'agreement')).toMatchObject({ done: false, detail: expect.stringContaining('（第 2 版）') });
    // Naming A's shop changes nothing: the checklist reads the caller's own current shop only.
    const again = (await ownerB.get<Progress>(P, { shopId: shops.aMain, dianpuId: shops.aMain })).result;
    expect(again).toEqual(p);
  });
});

describe('a merchant new from SMS sign-up', () => {
  it('has done nothing: no shop, every step open, each saying what is missing', async () => {
    const p = await progress(fresh);
    expect(p).toMatchObject({ shop: null, done: 0, total: 6, complete: false });
    expect(Object.fromEntries(p.steps.map((s) => [s.key, s.detail]))).toEqual({
      shop: '尚未创建店铺',
      area: '请先创建店铺',
      goods: '请先创建店铺',
      employee: '请先创建店铺',
      jinjian: '尚未提交进件资料',
      agreement: expect.stringMatching(/^待签署《.+》（第 \d+ 版）/),
    });
  });

  it('ticks each step as the real thing is done, and is complete at the end', async () => {
    const daily = (await t.db.selectFrom('fuwu').select('id').where('name', '=', '日常保洁').executeTakeFirstOrThrow())
      .id;

    // 1. A shop with a name and a phone only: it exists, its details are not filled, no area.
    const add = await fresh.post<{ id: number }>(`${SHOP}/add`, { name: '新开家政', phone: '13911240001' });
    expect(add.code, add.message).toBe(200);
    const shopId = add.result.id;
    let p = await progress(fresh);
    expect(p.shop).toEqual({ id: shopId, name: '新开家政' });
    expect(stepOf(p, 'shop')).toEqual({
      key: 'shop',
      done: false,
      detail: '待填写：店铺 Logo、联系人、所在地区、详细地址、地图位置、营业时间、服务类目',
    });
    expect(doneKeys(p)).toEqual([]);

    // 2. The details: the shop step ticks (waiting for the platform's audit); the area is still missing.
    const details = {
      id: shopId,
      logoUrl: '/tmpl/uploads/shop/logo.png',
      contactName: '钱新',
      provinceCode: '140000',
      cityCode: '140800',
      districtCode: '140802',
      address: '盐湖区解放路 1 号',
      lat: 35.02,
      lng: 111.0,
      businessHours: '08:00-20:00',
      fuwuIds: JSON.stringify([daily]),
    };
    const edit = await fresh.post(`${SHOP}/edit`, details);
    expect(edit.code, edit.message).toBe(200);
    p = await progress(fresh);
    expect(stepOf(p, 'shop')).toMatchObject({ done: true, detail: '资料已完善，等待平台审核' });
    expect(stepOf(p, 'area')).toMatchObject({ done: false, detail: '尚未在地图上绘制服务范围' });

    // 3. The service area.
    expect((await fresh.post(`${SHOP}/edit`, { id: shopId, serviceArea: square(35.02, 111.0) })).code).toBe(200);
    p = await progress(fresh);
    expect(stepOf(p, 'area')).toMatchObject({ done: true, detail: '已绘制服务范围（3 个顶点）' });

    // 4. Goods: added (off shelf) is not enough; on shelf ticks.
    const g = await fresh.post<{ id: number }>(`${GOODS}/add`, {
      fuwuId: daily,
      name: '日常保洁 2 小时',
      coverUrl: '/tmpl/uploads/goods/cover.png',
      price: 9900,
      unit: '次',
    });
    expect(g.code, g.message).toBe(200);
    p = await progress(fresh);
    expect(stepOf(p, 'goods')).toMatchObject({ done: false, detail: '已添加 1 个商品，尚未上架' });
    expect((await fresh.post(`${GOODS}/setShangjiaState/${g.result.id}`, { shelfState: 1 })).code).toBe(200);
    p = await progress(fresh);
    expect(stepOf(p, 'goods')).toMatchObject({ done: true, detail: '已上架 1 个商品' });

    // 5. An employee.
    const e = await fresh.post(`${EMP}/add`, {
      name: '孙阿姨',
      phone: '13911240002',
      gender: 2,
      idCardNo: demoIdCard('140802', '1980-03-15', 901),
      workYears: 5,
      skills: JSON.stringify(['日常保洁']),
      certificates: '[]',
    });
    expect(e.code, e.message).toBe(200);
    p = await progress(fresh);
    expect(stepOf(p, 'employee')).toMatchObject({ done: true, detail: '在职员工 1 人' });

    // 6. Onboarding: submitted is 审核中; the provider's approval (read through the onboarding service) ticks it.
    setProviderFor(t.app, new SandboxProvider(3600));
    const card = withLuhn('622202050100911224');
    const j = await fresh.post(JINJIAN, {
      name: '钱新',
      certType: '00',
      idCardNo: withIdCheck('14080219900101456'),
      certValidityType: '0',
      certBeginDate: '2018-05-01',
      certEndDate: '2038-05-01',
      mobile: '13911240001',
      idCardFrontUrl: '/uploads/jinjian/a.png',
      idCardBackUrl: '/uploads/jinjian/b.png',
      bankName: '中国工商银行',
      branchCode: '102181000175',
      cardNo: card,
      holderName: '钱新',
      cardMobile: '13911240001',
    });
    expect(j.code, j.message).toBe(200);
    p = await progress(fresh);
    expect(stepOf(p, 'jinjian')).toMatchObject({ done: false, detail: '进件审核中，请等待审核结果' });
    setProviderFor(t.app, new SandboxProvider(0));
    p = await progress(fresh);
    expect(stepOf(p, 'jinjian')).toMatchObject({ done: true, detail: '已开通支付' });
    expect(p.complete).toBe(false);

    // 7. Every must-sign agreement: complete.
    const pending = (await fresh.get<{ id: number; version: number; mustSign: number }[]>(`${XIEYI}/findDaiqianList`))
      .result;
    for (const a of pending.filter((x) => x.mustSign === 1)) {
      const s = await fresh.post(`${XIEYI}/qianshu`, { id: a.id, signerName: '钱新', version: a.version });
      expect(s.code, s.message).toBe(200);
    }
    p = await progress(fresh);
    expect(p).toMatchObject({ done: 6, total: 6, complete: true });
    expect(stepOf(p, 'agreement').detail).toBe('必签协议均已签署');
  });

  it('an employee who left (离职) does not count', async () => {
    const merchantId = (
      await t.db.selectFrom('user').select('merchantId').where('phone', '=', NEW_PHONE).executeTakeFirstOrThrow()
    ).merchantId!;
    await t.db.updateTable('employee').set({ workState: 0 }).where('merchantId', '=', merchantId).execute();
    const p = await progress(fresh);
    expect(stepOf(p, 'employee')).toMatchObject({ done: false, detail: '还没有在职员工' });
    expect(p.complete).toBe(false);
    await t.db.updateTable('employee').set({ workState: 1 }).where('merchantId', '=', merchantId).execute();
    expect((await progress(fresh)).complete).toBe(true);
  });
});

describe('sub-accounts', () => {
  it('a sub-account limited to the branch sees the branch’s progress, not the main shop’s', async () => {
    // The branch loses its service area: the owner (main shop) is still complete, the branch's account is not.
    const before = await t.db
      .selectFrom('shop')
      .select('serviceArea')
      .where('id', '=', shops.aBranch)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('shop').set({ serviceArea: '[]' }).where('id', '=', shops.aBranch).execute();
    try {
      const role = await roleWith(
        t,
        ownerA,
        '分店运营',
        (p) => p.startsWith('merchant:shop:') || p === 'merchant:goods:list',
      );
      const sub = await subWith(t, ownerA, '13911240012', role, [shops.aBranch]);
      const p = await progress(sub.api);
      expect(p.shop).toMatchObject({ id: shops.aBranch });
      expect(stepOf(p, 'area')).toEqual({ key: 'area', done: false, detail: '尚未在地图上绘制服务范围' });
      expect(p.complete).toBe(false);
      expect((await progress(ownerA)).complete).toBe(true);
      // Steps outside its permissions: done or not, no details (the merchant's onboarding, employees, agreements).
      expect(stepOf(p, 'jinjian')).toEqual({ key: 'jinjian', done: true, detail: null });
      expect(stepOf(p, 'employee')).toMatchObject({ detail: null });
      expect(stepOf(p, 'agreement')).toMatchObject({ done: true, detail: null });
      expect(stepOf(p, 'goods').detail).toMatch(/^已上架/);
      // And it cannot point the checklist at the main shop.
      expect(await sub.api.get(P, { shopId: shops.aMain })).toMatchObject({ code: 301 });
    } finally {
      await t.db.updateTable('shop').set(before).where('id', '=', shops.aBranch).execute();
    }
  });
});
