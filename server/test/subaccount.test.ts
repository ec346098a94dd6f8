import type { MenuOption } from '@jz/contracts/menu-admin';
import type { MerchantRole, SubAccountDetail } from '@jz/contracts/subaccount';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  api,
  buildTestApp,
  demoUsers,
  expectEvery,
  PHONES,
  sessionFor,
  type TestApp,
} from './helpers/index.ts';

const S = 'merchant/subaccount';
const FIN = 'app/jiazheng/caiwu/findZonglan';
const GOODS = 'app/jiazheng/shangjia/shangpin/shangjia/findAllByPage';
const ORDERS = 'app/jiazheng/pay/dingdan/findAllByPage';
const EMPLOYEES = 'app/jiazheng/yuangong/weapp/findAllByPage';
const INIT = 'app/jiazheng/page/initPc';
const SWITCH = 'app/jiazheng/shangjia/info/setCurDianpu';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let demoSub: Api;
let shops: { aMain: number; aBranch: number; bMain: number };
let tree: MenuOption[];

const flat = (list: MenuOption[]): MenuOption[] => list.flatMap((m) => [m, ...flat(m.children ?? [])]);
/** Every grantable menu except the subtree whose codes match `skip`. */
const idsExcept = (skip: RegExp) =>
  flat(tree)
    .filter((m) => !skip.test(m.perms ?? ''))
    .map((m) => m.id);
const financeFolder = () => flat(tree).find((m) => m.name === '财务中心' && m.type === 'CAIDAN');

/** `shopIds`: the shops it is limited to, or 'all' (every shop, the explicit value). */
async function newSub(phone: string, roleId: number, shopIds: number[] | 'all' = 'all') {
  const r = await ownerA.post<{ id: number }>(`${S}/add`, {
    nickName: `子账号${phone.slice(-4)}`,
    phone,
    roleId,
    shopIds: shopIds === 'all' ? 'all' : JSON.stringify(shopIds),
  });
  expect(r.code, r.message).toBe(200);
  return { id: r.result.id, api: api(t.app, await sessionFor(t.app, phone)) };
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA: demoSub } = await demoUsers(t, 'ownerA', 'ownerB', 'subA'));
  const shop = async (name: string) =>
    (await t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  shops = {
    aMain: await shop('运城洁家家政（总店）'),
    aBranch: await shop('运城洁家家政（学苑路分店）'),
    bMain: await shop('太原安心家政'),
  };
  const r = await ownerA.get<MenuOption[]>(`${S}/role/menuTree`);
  expect(r.code).toBe(200);
  tree = r.result;
});
afterAll(() => t?.close());

describe('merchant roles', () => {
  it('the grantable tree holds merchant menus only', () => {
    const all = flat(tree);
    expect(all.length).toBeGreaterThan(10);
    expectEvery(all, (m) => m.scope === 'merchant');
    expect(all.some((m) => m.perms?.startsWith('sys:') || m.perms?.startsWith('platform:'))).toBe(false);
    expect(financeFolder()).toBeTruthy();
  });

  it('refuses a platform menu (2001) and an empty or nameless role', async () => {
    const platformMenu = await t.db
      .selectFrom('menu')
      .select('id')
      .where('scope', '=', 'platform')
      .executeTakeFirstOrThrow();
    const r = await ownerA.post(`${S}/role/add`, { name: '越权', menuIds: JSON.stringify([platformMenu.id]) });
    expect(r.code).toBe(2001);
    expect(r.message).toContain('平台');
    expect((await ownerA.post(`${S}/role/add`, { name: '空', menuIds: '[]' })).code).toBe(2001);
    expect((await ownerA.post(`${S}/role/add`, { name: '', menuIds: '[1]' })).code).toBe(2001);
    expect(await t.db.selectFrom('role').select('id').where('name', 'in', ['越权', '空']).execute()).toHaveLength(0);
  });

  it('lists the merchant roles; another merchant cannot see, edit or delete them (2002)', async () => {
    const a = await ownerA.get<MerchantRole[]>(`${S}/role/list`);
    const op = a.result.find((r) => r.name === '店铺运营');
    expect(op?.userCount).toBe(1);
    const b = await ownerB.get<MerchantRole[]>(`${S}/role/list`);
    expect(b.result.some((r) => r.name === '店铺运营')).toBe(false);
    expect((await ownerB.post(`${S}/role/edit`, { id: op?.id, name: '改名' })).code).toBe(2002);
    expect((await ownerB.del(`${S}/role/delByIds/${op?.id}`)).code).toBe(2002);
    const still = await t.db
      .selectFrom('role')
      .select('name')
      .where('id', '=', op?.id as number)
      .executeTakeFirst();
    expect(still?.name).toBe('店铺运营');
    // A role still in use cannot be deleted.
    expect((await ownerA.del(`${S}/role/delByIds/${op?.id}`)).code).toBe(2004);
  });

  it('sub-accounts without the team codes are refused (301); anonymous 401', async () => {
    expect((await demoSub.get(`${S}/findAllByPage`)).code).toBe(301);
    expect((await demoSub.post(`${S}/role/add`, { name: 'x', menuIds: '[1]' })).code).toBe(301);
    expect((await api(t.app).get(`${S}/findAllByPage`)).code).toBe(401);
    expect((await api(t.app).get(`${S}/role/menuTree`)).code).toBe(401);
  });
});

describe('a sub-account with a role without finance', () => {
  let roleId: number;
  let sub: { id: number; api: Api };

  beforeAll(async () => {
    const r = await ownerA.post<{ id: number }>(`${S}/role/add`, {
      name: '前台',
      menuIds: JSON.stringify(idsExcept(/^merchant:(finance|subaccount)/).filter((id) => id !== financeFolder()?.id)),
    });
    expect(r.code, r.message).toBe(200);
    roleId = r.result.id;
    sub = await newSub('13900000011', roleId);
  });

  it('works in goods, orders and employees but the server refuses finance (301)', async () => {
    expect((await sub.api.get(GOODS)).code).toBe(200);
    expect((await sub.api.get(ORDERS)).code).toBe(200);
    expect((await sub.api.get(EMPLOYEES)).code).toBe(200);
    expect((await sub.api.get(FIN)).code).toBe(301);
    expect((await sub.api.get('app/jiazheng/caiwu/shouzhi/findAllByPage')).code).toBe(301);
    expect((await sub.api.post('app/jiazheng/caiwu/tixian/add', { amount: 100 })).code).toBe(301);
    expect((await ownerA.get(FIN)).code).toBe(200);
  });

  it('the detail lists its codes (none of finance) and no other merchant can open it', async () => {
    const d = await ownerA.get<SubAccountDetail>(`${S}/detail`, { id: sub.id });
    expect(d.code).toBe(200);
    expect(d.result.roleName).toBe('前台');
    expect(d.result.perms).toContain('merchant:goods:list');
    expect(d.result.perms.some((p) => p.startsWith('merchant:finance'))).toBe(false);
    expect(d.result.shops).toBeNull();
    // Recent sign-ins (with IP and browser) and operations.
    expect(d.result.signIns[0]).toMatchObject({ ip: '127.0.0.1', userAgent: 'vitest' });
    expect((await sub.api.post('merchant/account/edit/loginName', { loginName: 'qiantai_0011' })).code).toBe(200);
    await expect
      .poll(async () => (await ownerA.get<SubAccountDetail>(`${S}/detail`, { id: sub.id })).result.operations)
      .toContainEqual(expect.objectContaining({ title: '我的账号', type: 'edit', success: 1 }));
    expect((await ownerB.get(`${S}/detail`, { id: sub.id })).code).toBe(2002);
    expect((await ownerB.post(`${S}/status`, { id: sub.id, status: 1 })).code).toBe(2002);
    expect((await ownerB.del(`${S}/delByIds/${sub.id}`)).code).toBe(2002);
  });

  it('removing a code from the role takes effect on the next call', async () => {
    const goodsAdd = flat(tree).find((m) => m.perms === 'merchant:goods:add');
    expect(goodsAdd).toBeTruthy();
    const role = (await ownerA.get<MerchantRole[]>(`${S}/role/list`)).result.find((r) => r.id === roleId);
    const menuIds = (role?.menuIds ?? []).filter((id) => id !== goodsAdd?.id);
    expect((await ownerA.post(`${S}/role/edit`, { id: roleId, menuIds: JSON.stringify(menuIds) })).code).toBe(200);
    const r = await sub.api.post('app/jiazheng/shangjia/shangpin/add', { name: 'x' });
    expect(r.code).toBe(301);
  });

  it('refuses a duplicate phone, a bad phone, and another merchant role (2002)', async () => {
    const dup = await ownerA.post(`${S}/add`, { nickName: '重复', phone: PHONES.ownerB, roleId, shopIds: 'all' });
    expect(dup.code).toBe(2004);
    const bad = await ownerA.post(`${S}/add`, { nickName: '坏号', phone: '123', roleId, shopIds: 'all' });
    expect(bad.code).toBe(2001);
    const foreign = await ownerB.post(`${S}/add`, { nickName: '借角色', phone: '13900000019', roleId, shopIds: 'all' });
    expect(foreign.code).toBe(2002);
    expect(await t.db.selectFrom('user').select('id').where('phone', '=', '13900000019').execute()).toHaveLength(0);
  });

  it('disable ends its sessions at once; enable needs a new sign-in', async () => {
    expect((await ownerA.post(`${S}/status`, { id: sub.id, status: 1 })).code).toBe(200);
    expect((await sub.api.get(GOODS)).code).toBe(401);
    expect((await ownerA.post(`${S}/status`, { id: sub.id, status: 0 })).code).toBe(200);
    expect((await sub.api.get(GOODS)).code).toBe(401);
    const again = api(t.app, await sessionFor(t.app, '13900000011'));
    expect((await again.get(GOODS)).code).toBe(200);
  });

  it('the owner cannot disable itself through the team page (it is not a sub-account: 2002)', async () => {
    const owner = await t.db
      .selectFrom('user')
      .select('id')
      .where('phone', '=', PHONES.ownerA)
      .executeTakeFirstOrThrow();
    expect((await ownerA.post(`${S}/status`, { id: owner.id, status: 1 })).code).toBe(2002);
  });
});

describe('shop limits', () => {
  let sub: { id: number; api: Api };

  beforeAll(async () => {
    const roles = (await ownerA.get<MerchantRole[]>(`${S}/role/list`)).result;
    const op = roles.find((r) => r.name === '店铺运营') as MerchantRole;
    sub = await newSub('13900000012', op.id, [shops.aBranch]);
  });

  it('starts in its allowed shop and initPc offers only that one', async () => {
    const init = await sub.api.get(INIT);
    expect(init.code).toBe(200);
    expect(init.result.curDianpu.id).toBe(shops.aBranch);
    expect(init.result.allDianpu.map((s: { id: number }) => s.id)).toEqual([shops.aBranch]);
  });

  it('switching to a shop outside the limit is refused and changes nothing', async () => {
    expect((await sub.api.post(SWITCH, { id: shops.aMain })).code).toBe(2002);
    const u = await t.db.selectFrom('user').select('currentShopId').where('id', '=', sub.id).executeTakeFirstOrThrow();
    expect(u.currentShopId).toBe(shops.aBranch);
  });

  it('naming an outside shop (or all shops) in employees, orders or goods calls is refused (301)', async () => {
    expect((await sub.api.get(EMPLOYEES, { shopId: shops.aMain })).code).toBe(301);
    expect((await sub.api.get(EMPLOYEES, { shopId: 'all' })).code).toBe(301);
    expect((await sub.api.get(ORDERS, { shopId: shops.aMain })).code).toBe(301);
    expect((await sub.api.get(EMPLOYEES, { shopId: shops.aBranch })).code).toBe(200);
    expect((await sub.api.get(EMPLOYEES)).code).toBe(200);
    // Goods of the main shop are not its goods.
    const mainGoods = await t.db.selectFrom('goods').select('id').where('shopId', '=', shops.aMain).executeTakeFirst();
    if (mainGoods)
      expect((await sub.api.get(`app/jiazheng/shangjia/shangpin/shangjia/findById/${mainGoods.id}`)).code).toBe(2002);
    expect((await sub.api.get(`app/jiazheng/shangjia/info/findById/${shops.aMain}`)).code).not.toBe(200);
  });

  it('a current shop outside the limit is refused on every merchant call (301)', async () => {
    await t.db.updateTable('user').set({ currentShopId: shops.aMain }).where('id', '=', sub.id).execute();
    for (const url of [GOODS, ORDERS, EMPLOYEES, INIT]) expect((await sub.api.get(url)).code, url).toBe(301);
    await t.db.updateTable('user').set({ currentShopId: shops.aBranch }).where('id', '=', sub.id).execute();
    expect((await sub.api.get(GOODS)).code).toBe(200);
  });

  it('another merchant shop cannot be handed out (2002); changing the limit moves the current shop inside', async () => {
    expect((await ownerA.post(`${S}/edit`, { id: sub.id, shopIds: JSON.stringify([shops.bMain]) })).code).toBe(2002);
    expect((await ownerA.post(`${S}/edit`, { id: sub.id, shopIds: JSON.stringify([shops.aMain]) })).code).toBe(200);
    const init = await sub.api.get(INIT);
    expect(init.result.curDianpu.id).toBe(shops.aMain);
    // An empty list no longer means every shop: that is the explicit value `all`.
    expect((await ownerA.post(`${S}/edit`, { id: sub.id, shopIds: '[]' })).code).toBe(2001);
    expect((await ownerA.post(`${S}/edit`, { id: sub.id, shopIds: 'all' })).code).toBe(200);
    expect((await sub.api.get(INIT)).result.allDianpu.length).toBe(2);
  });
});

describe('a team manager that is itself a sub-account', () => {
  let mgr: { id: number; api: Api };

  beforeAll(async () => {
    const r = await ownerA.post<{ id: number }>(`${S}/role/add`, {
      name: '人事',
      menuIds: JSON.stringify(idsExcept(/^merchant:finance/).filter((id) => id !== financeFolder()?.id)),
    });
    expect(r.code, r.message).toBe(200);
    mgr = await newSub('13900000013', r.result.id);
  });

  it('cannot grant finance it lacks (2001) nor hand out a role holding it (301, lib/authority.ts)', async () => {
    const withFinance = await mgr.api.post(`${S}/role/add`, {
      name: '会计',
      menuIds: JSON.stringify(
        flat(tree)
          .filter((m) => m.perms?.startsWith('merchant:finance'))
          .map((m) => m.id),
      ),
    });
    expect(withFinance.code).toBe(2001);
    const ownerRole = await ownerA.post<{ id: number }>(`${S}/role/add`, {
      name: '财务',
      menuIds: JSON.stringify(
        flat(tree)
          .filter((m) => m.perms?.startsWith('merchant:finance'))
          .map((m) => m.id),
      ),
    });
    expect(ownerRole.code).toBe(200);
    const give = await mgr.api.post(`${S}/add`, {
      nickName: '会计',
      phone: '13900000014',
      roleId: ownerRole.result.id,
      shopIds: 'all',
    });
    expect(give.code).toBe(301);
    expect((await mgr.api.get(`${S}/role/menuTree`)).result.length).toBeGreaterThan(0);
    const mgrTree = flat((await mgr.api.get<MenuOption[]>(`${S}/role/menuTree`)).result);
    expect(mgrTree.some((m) => m.perms?.startsWith('merchant:finance'))).toBe(false);
  });

  it('cannot disable or delete itself', async () => {
    expect((await mgr.api.post(`${S}/status`, { id: mgr.id, status: 1 })).code).toBe(2004);
    expect((await mgr.api.del(`${S}/delByIds/${mgr.id}`)).code).toBe(2004);
  });
});

/** Every merchant route, as the route catalogue lists them (path parameters filled in). */
const merchantRoutes = () =>
  t.app.routeCatalogue
    .filter((r) => r.url.startsWith('/tmpl/api') && r.config.perm?.startsWith('merchant:'))
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })))
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({
      ...r,
      path: r.url.replace(/:ids\b/g, '1').replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'x')),
    }));

describe('every merchant module', () => {
  it('refuses (301) each merchant route whose code the sub-account role lacks', async () => {
    const goodsList = flat(tree).filter((m) => m.perms === 'merchant:goods:list' || m.name === '商品管理');
    const role = await ownerA.post<{ id: number }>(`${S}/role/add`, {
      name: '只看商品',
      menuIds: JSON.stringify(goodsList.map((m) => m.id)),
    });
    expect(role.code, role.message).toBe(200);
    const sub = await newSub('13900000015', role.result.id);
    // A route the goods page opens too (alsoPerms, e.g. the first-day checklist) is the role's to call.
    const routes = merchantRoutes().filter(
      (r) =>
        r.config.perm !== 'merchant:goods:list' &&
        !(r.config as { alsoPerms?: readonly string[] }).alsoPerms?.includes('merchant:goods:list'),
    );
    const modules = new Set(routes.map((r) => r.config.perm?.split(':')[1]));
    for (const m of ['goods', 'order', 'employee', 'finance', 'shop', 'review', 'subaccount', 'account'])
      expect(modules, m).toContain(m);
    const leaks: string[] = [];
    for (const r of routes) {
      const call = r.method === 'GET' ? sub.api.get : r.method === 'DELETE' ? sub.api.del : sub.api.post;
      const res = await call(r.path);
      if (res.code !== 301) leaks.push(`${r.method} ${r.path} -> ${res.code}`);
    }
    expect(leaks).toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
    expect((await sub.api.get(GOODS)).code).toBe(200);
  });

  it('refuses every merchant call while the current shop lies outside the shop limit', async () => {
    const op = (await ownerA.get<MerchantRole[]>(`${S}/role/list`)).result.find((r) => r.name === '店铺运营');
    const sub = await newSub('13900000016', op?.id as number, [shops.aBranch]);
    await t.db.updateTable('user').set({ currentShopId: shops.aMain }).where('id', '=', sub.id).execute();
    const held = new Set((await ownerA.get<SubAccountDetail>(`${S}/detail`, { id: sub.id })).result.perms);
    // 意见反馈's own list is merchant-wide (not per shop) and does not go through tenantOf: reported, not a shop leak.
    const MERCHANT_WIDE = ['/tmpl/api/app/fankui/mine/findAllByPage'];
    const gets = merchantRoutes().filter(
      (r) => r.method === 'GET' && held.has(r.config.perm as string) && !MERCHANT_WIDE.includes(r.url),
    );
    expect(gets.length).toBeGreaterThan(15);
    const answered: string[] = [];
    for (const r of gets) {
      const res = await sub.api.get(r.path);
      // 2001 = the query itself was invalid before any data was read; everything else must be the refusal.
      if (res.code !== 301 && res.code !== 2001) answered.push(`${r.path} -> ${res.code}`);
    }
    expect(answered).toEqual([]);
  });
});

describe('delete', () => {
  it('deletes a sub-account (its sessions end); one with records elsewhere can only be disabled (2004)', async () => {
    const op = (await ownerA.get<MerchantRole[]>(`${S}/role/list`)).result.find((r) => r.name === '店铺运营');
    const gone = await newSub('13900000017', op?.id as number, [shops.aMain]);
    expect((await ownerA.del(`${S}/delByIds/${gone.id}`)).code).toBe(200);
    expect((await gone.api.get(GOODS)).code).toBe(401);
    expect(await t.db.selectFrom('userShop').select('shopId').where('userId', '=', gone.id).execute()).toHaveLength(0);

    const kept = await newSub('13900000018', op?.id as number);
    const merchant = await t.db
      .selectFrom('user')
      .select('merchantId')
      .where('id', '=', kept.id)
      .executeTakeFirstOrThrow();
    const signed = await t.db
      .selectFrom('agreementSignature')
      .select('versionId')
      .where('merchantId', '=', merchant.merchantId as number)
      .execute();
    let q = t.db.selectFrom('agreementVersion').select(['id', 'agreementId', 'version']);
    if (signed.length)
      q = q.where(
        'id',
        'not in',
        signed.map((x) => x.versionId),
      );
    const v = await q.executeTakeFirst();
    expect(v, 'a demo agreement version merchant A has not signed').toBeTruthy();
    if (!v) return;
    await t.db
      .insertInto('agreementSignature')
      .values({
        agreementId: v.agreementId,
        versionId: v.id,
        version: v.version,
        merchantId: merchant.merchantId as number,
        userId: kept.id,
        signerName: '子账号',
        signedAt: new Date().toISOString(),
        ip: null,
        userAgent: null,
      })
      .execute();
    const r = await ownerA.del(`${S}/delByIds/${kept.id}`);
    expect(r.code).toBe(2004);
    expect(r.message).toContain('停用');
    expect(await t.db.selectFrom('user').select('id').where('id', '=', kept.id).executeTakeFirst()).toBeTruthy();
    expect((await kept.api.get(GOODS)).code).toBe(200);
  });
});
