/**
 * Delegated authority inside a merchant (docs/security.md), and the same rule in the platform's user
 * management. One rule (server/src/lib/authority.ts): a user may create, edit, enable/disable, reset or delete another
 * user, or assign a role or shops, only when the target's rights (role codes and shop set) before and after the change
 * lie inside the caller's own; nobody changes their own role or shop limit; "all shops" is the explicit value `all`,
 * which only a holder of every shop can hand out; owners keep full authority over their merchant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  api,
  buildTestApp,
  expectEvery,
  loginAs,
  PHONES,
  sessionFor,
  type TestApp,
} from '../helpers/index.ts';
import { merchantMenuIds, roleWith, shopScopeOf, subWith } from './authority.ts';

const S = 'merchant/subaccount';
const FUNDS = 'app/jiazheng/caiwu/findZonglan';
// Its shop's ledger: cards and withdrawals are the merchant account's, refused to a shop-limited account.
const LEDGER = 'app/jiazheng/caiwu/shouzhi/findAllByPage';

let t: TestApp;
let owner: Api;
let main: number;
let branch: number;
const roles = {} as Record<'manager' | 'finance' | 'front' | 'spare', number>;
type Sub = Awaited<ReturnType<typeof subWith>>;
let manager: Sub;
let finance: Sub;
let front: Sub;
let frontAll: Sub;

beforeAll(async () => {
  t = await buildTestApp();
  owner = api(t.app, await loginAs(t.app, PHONES.ownerA));
  const shop = async (name: string) =>
    (await t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  main = await shop('运城洁家家政（总店）');
  branch = await shop('运城洁家家政（学苑路分店）');
  // 店长: everything but finance, team management included. 财务: the finance pages. 前台: orders and goods.
  roles.manager = await roleWith(t, owner, '店长', (p) => !p.startsWith('merchant:finance'));
  roles.finance = await roleWith(t, owner, '财务', (p) => p.startsWith('merchant:finance'));
  roles.front = await roleWith(t, owner, '前台', (p) => ['merchant:order:list', 'merchant:goods:list'].includes(p));
  roles.spare = await roleWith(t, owner, '备用', (p) => p === 'merchant:goods:list');
  manager = await subWith(t, owner, '13900002001', roles.manager, [main]);
  finance = await subWith(t, owner, '13900002002', roles.finance, [branch]);
  front = await subWith(t, owner, '13900002003', roles.front, [main]);
  frontAll = await subWith(t, owner, '13900002004', roles.front, 'all');
});
afterAll(() => t?.close());

describe('finding 1: a shop-1 manager without finance cannot take over a finance sub-account of shop 2', () => {
  it('the finance account works (control)', async () => {
    expect((await finance.api.get(FUNDS)).code).toBe(200);
    expect((await finance.api.get(LEDGER)).code).toBe(200);
  });

  it('rePassword, status, edit, delete and detail of the finance account are refused (301); nothing changes', async () => {
    const before = await shopScopeOf(t.db, finance.id);
    // One after the other: each call must find the account as it was.
    const calls: [string, () => Promise<{ code: number; message: string }>][] = [
      ['rePassword', () => manager.api.post(`${S}/rePassword`, { id: finance.id, password: 'Takeover123' })],
      ['status', () => manager.api.post(`${S}/status`, { id: finance.id, status: 1 })],
      ['edit', () => manager.api.post(`${S}/edit`, { id: finance.id, nickName: '被改名' })],
      ['edit role', () => manager.api.post(`${S}/edit`, { id: finance.id, roleId: roles.front })],
      ['delete', () => manager.api.del(`${S}/delByIds/${finance.id}`)],
      ['detail', () => manager.api.get(`${S}/detail`, { id: finance.id })],
    ];
    const answers: string[] = [];
    for (const [what, call] of calls) answers.push(`${what} -> ${(await call()).code}`);
    expect(answers).toEqual(calls.map(([what]) => `${what} -> 301`));
    expect(await shopScopeOf(t.db, finance.id)).toEqual(before);
    // Its session survived: nobody reset or disabled it.
    expect((await finance.api.get(FUNDS)).code).toBe(200);
  });

  it('an account with the same codes but more shops (all shops) is out of reach too', async () => {
    const before = await shopScopeOf(t.db, frontAll.id);
    expect((await manager.api.post(`${S}/rePassword`, { id: frontAll.id, password: 'Takeover123' })).code).toBe(301);
    expect((await manager.api.post(`${S}/status`, { id: frontAll.id, status: 1 })).code).toBe(301);
    expect(await shopScopeOf(t.db, frontAll.id)).toEqual(before);
  });

  it('an account inside its own rights and shops stays manageable (control)', async () => {
    expect((await manager.api.post(`${S}/rePassword`, { id: front.id, password: 'Frontdesk123' })).code).toBe(200);
    expect((await manager.api.post(`${S}/status`, { id: front.id, status: 1 })).code).toBe(200);
    expect((await manager.api.post(`${S}/status`, { id: front.id, status: 0 })).code).toBe(200);
    expect((await manager.api.post(`${S}/edit`, { id: front.id, nickName: '前台小王' })).code).toBe(200);
    expect((await manager.api.get(`${S}/detail`, { id: front.id })).code).toBe(200);
  });

  it('the list marks which accounts the caller may manage', async () => {
    const list = await manager.api.get(`${S}/findAllByPage`, { pageSize: 100 });
    expect(list.code).toBe(200);
    const by = new Map(list.result.records.map((r: { id: number; manageable: boolean }) => [r.id, r.manageable]));
    expect(by.get(front.id)).toBe(true);
    expect(by.get(finance.id)).toBe(false);
    expect(by.get(frontAll.id)).toBe(false);
    expect(by.get(manager.id)).toBe(false);
  });
});

describe('finding 2: nobody lifts its own shop limit or changes its own role', () => {
  it('edit on itself with shopIds= , [] , all or an outside shop is refused; the limit stays', async () => {
    const before = await shopScopeOf(t.db, manager.id);
    expect(before).toMatchObject({ all: false, shops: [main] });
    const tries = ['', '[]', 'all', JSON.stringify([main, branch])];
    const answers: number[] = [];
    for (const shopIds of tries) answers.push((await manager.api.post(`${S}/edit`, { id: manager.id, shopIds })).code);
    expectEvery(answers, (c) => c === 301 || c === 2001);
    expect(answers[2]).toBe(301);
    expect(await shopScopeOf(t.db, manager.id)).toEqual(before);
    // Its calls are still limited: the branch is refused.
    expect((await manager.api.get('app/jiazheng/pay/dingdan/findAllByPage', { shopId: branch })).code).toBe(301);
  });

  it('its own role cannot be changed, even to a smaller one', async () => {
    expect((await manager.api.post(`${S}/edit`, { id: manager.id, roleId: roles.spare })).code).toBe(301);
    const role = await t.db.selectFrom('userRole').select('roleId').where('userId', '=', manager.id).execute();
    expect(role.map((r) => r.roleId)).toEqual([roles.manager]);
    // Its own name is fine.
    expect((await manager.api.post(`${S}/edit`, { id: manager.id, nickName: '店长老李' })).code).toBe(200);
  });

  it('a manageable account cannot be given all shops or an outside shop', async () => {
    expect((await manager.api.post(`${S}/edit`, { id: front.id, shopIds: 'all' })).code).toBe(301);
    expect((await manager.api.post(`${S}/edit`, { id: front.id, shopIds: JSON.stringify([branch]) })).code).toBe(301);
    expect((await manager.api.post(`${S}/edit`, { id: front.id, shopIds: '' })).code).toBe(2001);
    expect(await shopScopeOf(t.db, front.id)).toMatchObject({ all: false, shops: [main] });
  });
});

describe('finding 2: add with shopIds= creates no unlimited account', () => {
  const phones = ['13900002011', '13900002012', '13900002013', '13900002014'];

  it('an empty shop list is refused (2001) for everyone: "all shops" is the explicit value all', async () => {
    for (const [who, caller] of [
      ['manager', manager.api],
      ['owner', owner],
    ] as const)
      for (const shopIds of ['', '[]']) {
        const r = await caller.post(`${S}/add`, { nickName: '空店铺', phone: phones[0], roleId: roles.front, shopIds });
        expect(r.code, `${who} shopIds=${shopIds}`).toBe(2001);
      }
    expect(await t.db.selectFrom('user').select('id').where('phone', '=', phones[0]).executeTakeFirst()).toBeFalsy();
  });

  it('a limited manager cannot grant all shops, nor a role with codes it lacks (301)', async () => {
    const all = await manager.api.post(`${S}/add`, {
      nickName: '全店',
      phone: phones[1],
      roleId: roles.front,
      shopIds: 'all',
    });
    expect(all.code).toBe(301);
    const fin = await manager.api.post(`${S}/add`, {
      nickName: '会计',
      phone: phones[1],
      roleId: roles.finance,
      shopIds: JSON.stringify([main]),
    });
    expect(fin.code).toBe(301);
    expect(await t.db.selectFrom('user').select('id').where('phone', '=', phones[1]).executeTakeFirst()).toBeFalsy();
  });

  it('inside its rights and shops it adds an account limited to them (control)', async () => {
    const sub = await subWith(t, manager.api, phones[2], roles.front, [main]);
    expect(await shopScopeOf(t.db, sub.id)).toMatchObject({ all: false, shops: [main] });
    expect((await sub.api.get('app/jiazheng/pay/dingdan/findAllByPage', { shopId: branch })).code).toBe(301);
  });

  it('the owner grants all shops explicitly; such an account works in every shop', async () => {
    const sub = await subWith(t, owner, phones[3], roles.front, 'all');
    expect(await shopScopeOf(t.db, sub.id)).toMatchObject({ all: true, shops: [] });
    expect((await sub.api.get('app/jiazheng/pay/dingdan/findAllByPage', { shopId: branch })).code).toBe(200);
    const d = await owner.get(`${S}/detail`, { id: sub.id });
    expect(d.result.shops).toBeNull();
  });
});

describe('roles: editing a role changes its holders, so the same rule applies', () => {
  it('a role with codes beyond the caller, a role held by an account beyond it, and its own role are refused', async () => {
    const goods = await merchantMenuIds(t.db, (p) => p === 'merchant:goods:list');
    // 财务 holds codes the manager lacks.
    expect((await manager.api.post(`${S}/role/edit`, { id: roles.finance, name: '财务2' })).code).toBe(301);
    expect((await manager.api.del(`${S}/role/delByIds/${roles.finance}`)).code).toBe(301);
    // 前台 is held by an all-shops account.
    expect((await manager.api.post(`${S}/role/edit`, { id: roles.front, menuIds: JSON.stringify(goods) })).code).toBe(
      301,
    );
    // Its own role.
    expect((await manager.api.post(`${S}/role/edit`, { id: roles.manager, menuIds: JSON.stringify(goods) })).code).toBe(
      301,
    );
    const names = await t.db.selectFrom('role').select('name').where('id', 'in', [roles.finance]).execute();
    expect(names.map((r) => r.name)).toEqual(['财务']);
  });

  it('a role inside its codes, held by nobody beyond it, can be edited (control)', async () => {
    const goods = await merchantMenuIds(t.db, (p) => p.startsWith('merchant:goods'));
    const r = await manager.api.post(`${S}/role/edit`, { id: roles.spare, menuIds: JSON.stringify(goods) });
    expect(r.code, r.message).toBe(200);
  });
});

describe('owners keep full authority over their merchant', () => {
  it('the owner resets the finance account, lifts the manager to all shops and back', async () => {
    expect((await owner.post(`${S}/rePassword`, { id: finance.id, password: 'Finance12345' })).code).toBe(200);
    expect((await owner.post(`${S}/edit`, { id: manager.id, shopIds: 'all' })).code).toBe(200);
    expect(await shopScopeOf(t.db, manager.id)).toMatchObject({ all: true, shops: [] });
    expect((await owner.post(`${S}/edit`, { id: manager.id, shopIds: JSON.stringify([main]) })).code).toBe(200);
    expect(await shopScopeOf(t.db, manager.id)).toMatchObject({ all: false, shops: [main] });
  });

  it('another merchant owner reaches none of it (2002)', async () => {
    const b = api(t.app, await loginAs(t.app, PHONES.ownerB));
    expect((await b.post(`${S}/rePassword`, { id: finance.id, password: 'Takeover123' })).code).toBe(2002);
  });
});

describe('the platform: user management follows the same rule', () => {
  let admin: Api;
  let adminId: number;
  let superRole: number;
  let umRole: number;
  let opsRole: number;
  let um: Api;
  let umId: number;
  let opsUserId: number;

  const platformMenus = async (pick: (p: string) => boolean) =>
    (await t.db.selectFrom('menu').select(['id', 'perms']).where('scope', '=', 'platform').execute())
      .filter((m) => m.perms && pick(m.perms))
      .map((m) => m.id);

  beforeAll(async () => {
    admin = api(t.app, await loginAs(t.app, PHONES.admin));
    adminId = (await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.admin).executeTakeFirstOrThrow())
      .id;
    superRole = (
      await t.db
        .selectFrom('role')
        .select('id')
        .where('code', '=', 'super')
        .where('merchantId', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;
    const add = async (name: string, code: string, menuIds: number[]) => {
      const r = await admin.post<{ id: number }>('sys/role/add', {
        name,
        code,
        scope: 'platform',
        menuIds: JSON.stringify(menuIds),
      });
      expect(r.code, r.message).toBe(200);
      return r.result.id;
    };
    // The user manager also holds the notice list, so the 运营 account lies inside its rights.
    umRole = await add(
      '用户管理员',
      'um_test',
      await platformMenus((p) => /^sys:(user|role):/.test(p) || p === 'platform:notice:list'),
    );
    opsRole = await add('运营', 'ops_test', await platformMenus((p) => p === 'platform:notice:list'));
    const user = async (phone: string, roleId: number) => {
      const r = await admin.post<{ id: number }>('sys/user/add', {
        loginName: `u${phone}`,
        nickName: `用户${phone.slice(-4)}`,
        phone,
        roleIds: String(roleId),
      });
      expect(r.code, r.message).toBe(200);
      return r.result.id;
    };
    umId = await user('13911112001', umRole);
    opsUserId = await user('13911112002', opsRole);
    um = api(t.app, await sessionFor(t.app, '13911112001'));
  });

  it('a user manager without super cannot reset, edit or disable the super admin, nor grant super', async () => {
    const hash = async () =>
      (await t.db.selectFrom('user').select('passwordHash').where('id', '=', adminId).executeTakeFirstOrThrow())
        .passwordHash;
    const before = await hash();
    expect((await um.post('sys/user/rePassword', { id: adminId, password: 'Takeover123' })).code).toBe(301);
    expect((await um.post('sys/user/edit', { id: adminId, nickName: '被改名' })).code).toBe(301);
    expect((await um.post('sys/user/edit', { id: adminId, status: 1 })).code).toBe(301);
    expect((await um.del(`sys/user/delByIds/${adminId}`)).code).toBe(301);
    expect(await hash()).toBe(before);
    expect((await um.post('sys/user/edit', { id: opsUserId, roleIds: `${opsRole},${superRole}` })).code).toBe(301);
    const r = await um.post('sys/user/add', {
      loginName: 'sneaky',
      nickName: '超管',
      phone: '13911112009',
      roleIds: String(superRole),
    });
    expect(r.code).toBe(301);
  });

  it('it cannot change its own roles, nor put codes it lacks into a role', async () => {
    expect((await um.post('sys/user/edit', { id: umId, roleIds: `${umRole},${opsRole}` })).code).toBe(301);
    const menus = await platformMenus((p) => p.startsWith('sys:menu:'));
    expect((await um.post('sys/role/edit', { id: opsRole, menuIds: JSON.stringify(menus) })).code).toBe(301);
    expect((await um.post('sys/role/edit', { id: umRole, menuIds: JSON.stringify(menus) })).code).toBe(301);
  });

  it('inside its rights it manages users (control); the super admin manages everyone', async () => {
    expect((await um.post('sys/user/edit', { id: opsUserId, nickName: '运营小张' })).code).toBe(200);
    expect((await um.post('sys/user/rePassword', { id: opsUserId, password: 'Operator123' })).code).toBe(200);
    expect((await admin.post('sys/user/rePassword', { id: umId, password: 'Manager12345' })).code).toBe(200);
    expect((await admin.post('sys/user/edit', { id: opsUserId, roleIds: `${opsRole},${umRole}` })).code).toBe(200);
  });
});
