import type { Page } from '@jz/contracts/envelope';
import type { MerchantUser, SysUser } from '@jz/contracts/user';
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
  waitFor,
} from './helpers/index.ts';

const U = 'sys/user';

let t: TestApp;
let admin: Api;
let adminId: number;
let superRoleId: number;
let opsRoleId: number;

const roleId = async (code: string) =>
  (
    await t.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', code)
      .where('merchantId', 'is', null)
      .executeTakeFirstOrThrow()
  ).id;
const userRow = (phone: string) => t.db.selectFrom('user').selectAll().where('phone', '=', phone).executeTakeFirst();
const findUser = async (phone: string) =>
  (await admin.get<Page<SysUser>>(`${U}/findAllByPage`, { phone, pageSize: 100 })).result.records.find(
    (u) => u.phone === phone,
  );

beforeAll(async () => {
  t = await buildTestApp();
  admin = api(t.app, await loginAs(t.app, PHONES.admin));
  adminId = (await userRow(PHONES.admin))!.id;
  superRoleId = await roleId('super');
  // A platform role without the user-management codes, for the 301 checks.
  const menu = await t.db
    .selectFrom('menu')
    .select('id')
    .where('perms', '=', 'platform:notice:list')
    .executeTakeFirstOrThrow();
  const r = await admin.post<{ id: number }>('sys/role/add', {
    name: '运营',
    code: 'ops_test',
    scope: 'platform',
    menuIds: String(menu.id),
  });
  expect(r.code).toBe(200);
  opsRoleId = r.result.id;
});
afterAll(() => t?.close());

describe('用户管理: add adds, edit edits', () => {
  it('add creates a new platform user with its roles; the old record is untouched', async () => {
    const before = await admin.get<Page<SysUser>>(`${U}/findAllByPage`, { pageSize: 100 });
    const added = await admin.post<{ id: number }>(`${U}/add`, {
      loginName: 'zhangsan',
      nickName: '张三',
      phone: '13911110001',
      roleIds: `${opsRoleId}`,
    });
    expect(added).toMatchObject({ status: 200, code: 200, message: '操作成功' });
    const after = await admin.get<Page<SysUser>>(`${U}/findAllByPage`, { pageSize: 100 });
    expect(after.result.total).toBe(before.result.total + 1);
    const row = after.result.records.find((u) => u.id === added.result.id);
    expect(row).toMatchObject({
      loginName: 'zhangsan',
      nickName: '张三',
      phone: '13911110001',
      status: 0,
      roleIds: [opsRoleId],
      roleNames: '运营',
      hasPassword: false,
    });
    expect(row).not.toHaveProperty('passwordHash');
    // The admin record did not change (the original front end's swapped add/edit would have edited instead).
    expect(after.result.records.find((u) => u.id === adminId)).toEqual(
      before.result.records.find((u) => u.id === adminId),
    );
    expect(await userRow('13911110001')).toMatchObject({ userType: 'platform', merchantId: null, isOwner: 0 });
  });

  it('edit changes the named user only and adds nobody', async () => {
    const id = (await findUser('13911110001'))!.id;
    const before = await admin.get<Page<SysUser>>(`${U}/findAllByPage`, { pageSize: 100 });
    const r = await admin.post(`${U}/edit`, {
      id,
      nickName: '张三丰',
      roleIds: JSON.stringify([opsRoleId, superRoleId]),
    });
    expect(r.code).toBe(200);
    const after = await admin.get<Page<SysUser>>(`${U}/findAllByPage`, { pageSize: 100 });
    expect(after.result.total).toBe(before.result.total);
    expect(after.result.records.find((u) => u.id === id)).toMatchObject({
      nickName: '张三丰',
      loginName: 'zhangsan',
      roleIds: expect.arrayContaining([opsRoleId, superRoleId]),
    });
    // Only what was sent changed: a rename does not re-enable or reset anything.
    await admin.post(`${U}/edit`, { id, roleIds: String(opsRoleId) });
    expect(await findUser('13911110001')).toMatchObject({ nickName: '张三丰', roleIds: [opsRoleId], status: 0 });
    // edit with an unknown id never adds one.
    expect(await admin.post(`${U}/edit`, { id: 999999, nickName: 'x' })).toMatchObject({
      status: 404,
      code: 2002,
      message: '用户不存在',
    });
    expect((await admin.get<Page<SysUser>>(`${U}/findAllByPage`, { pageSize: 100 })).result.total).toBe(
      before.result.total,
    );
  });

  it('refuses duplicates (2004), bad input (2001) and merchant roles for platform users', async () => {
    expect(
      await admin.post(`${U}/add`, {
        loginName: 'zhangsan',
        nickName: '重复',
        phone: '13911110002',
        roleIds: `${opsRoleId}`,
      }),
    ).toMatchObject({ code: 2004, message: '登录名「zhangsan」已被使用' });
    expect(
      await admin.post(`${U}/add`, {
        loginName: 'lisi',
        nickName: '李四',
        phone: PHONES.ownerA,
        roleIds: `${opsRoleId}`,
      }),
    ).toMatchObject({ code: 2004, message: `手机号 ${PHONES.ownerA} 已被注册` });
    expect(
      await admin.post(`${U}/add`, { loginName: 'lisi', nickName: '李四', phone: '12345', roleIds: `${opsRoleId}` }),
    ).toMatchObject({ status: 400, code: 2001, message: '请输入正确的 11 位手机号' });
    expect(await admin.post(`${U}/add`, { loginName: 'lisi', nickName: '李四', phone: '13911110003' })).toMatchObject({
      code: 2001,
      message: '请至少选择一个角色',
    });
    expect(
      await admin.post(`${U}/add`, {
        loginName: 'lisi',
        nickName: '李四',
        phone: '13911110003',
        roleIds: `${opsRoleId}`,
        password: 'short',
      }),
    ).toMatchObject({ code: 2001, message: expect.stringContaining('密码至少 8 位') });
    const ownerRole = await roleId('merchant_owner');
    expect(
      await admin.post(`${U}/add`, {
        loginName: 'lisi',
        nickName: '李四',
        phone: '13911110003',
        roleIds: `${ownerRole}`,
      }),
    ).toMatchObject({ code: 2001, message: '平台用户只能分配平台角色' });
    expect(await userRow('13911110003')).toBeUndefined();
    // A merchant account is not a platform user: edit answers not found and changes nothing.
    const owner = (await userRow(PHONES.ownerA))!;
    expect(await admin.post(`${U}/edit`, { id: owner.id, nickName: '被改' })).toMatchObject({ code: 2002 });
    expect((await userRow(PHONES.ownerA))!.nickName).toBe(owner.nickName);
  });

  it('disabling a user ends its sessions at once; it cannot sign in until enabled', async () => {
    const id = (await findUser('13911110001'))!.id;
    await admin.post(`${U}/edit`, { id, roleIds: `${superRoleId}` });
    const token = await sessionFor(t.app, '13911110001');
    const him = api(t.app, token);
    expect((await him.get(`${U}/findProfile`)).code).toBe(200);
    expect((await him.get(`${U}/findAllByPage`)).code).toBe(200);
    expect((await admin.post(`${U}/edit`, { id, status: 1 })).code).toBe(200);
    expect(await him.get(`${U}/findProfile`)).toMatchObject({ status: 401, code: 401 });
    const open = await t.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', id)
      .where('revokedAt', 'is', null)
      .execute();
    expect(open).toEqual([]);
    await api(t.app).post('app/jiazheng/login/sms/sendCode', { phone: '13911110001' });
    const code = t.sms.lastCodeFor('13911110001')!;
    expect(await api(t.app).post('app/jiazheng/login/sms/login', { phone: '13911110001', code })).toMatchObject({
      code: 2004,
      message: '该账号已停用，请联系管理员',
    });
    expect((await admin.post(`${U}/edit`, { id, status: 0 })).code).toBe(200);
    expect((await api(t.app, await sessionFor(t.app, '13911110001')).get(`${U}/findProfile`)).code).toBe(200);
  });

  it('protects the caller and the last super admin', async () => {
    expect(await admin.post(`${U}/edit`, { id: adminId, status: 1 })).toMatchObject({
      code: 2004,
      message: '不能停用当前登录的用户',
    });
    expect(await admin.del(`${U}/delByIds/${adminId}`)).toMatchObject({
      code: 2004,
      message: '不能删除当前登录的用户',
    });
    // zhangsan holds super too now; take it away, then the admin is the last one.
    const zs = (await findUser('13911110001'))!;
    await admin.post(`${U}/edit`, { id: zs.id, roleIds: `${opsRoleId}` });
    const zsApi = api(t.app, await sessionFor(t.app, '13911110001'));
    // zhangsan (ops role) cannot manage users at all.
    expect(await zsApi.post(`${U}/edit`, { id: adminId, roleIds: `${opsRoleId}` })).toMatchObject({
      status: 403,
      code: 301,
    });
    await admin.post(`${U}/edit`, { id: zs.id, roleIds: `${superRoleId}` });
    const zsSuper = api(t.app, await sessionFor(t.app, '13911110001'));
    expect((await zsSuper.post(`${U}/edit`, { id: adminId, roleIds: `${opsRoleId}` })).code).toBe(200);
    expect(await admin.get(`${U}/findAllByPage`)).toMatchObject({ code: 301 });
    // Nobody changes its own roles (lib/authority.ts), so the last super admin cannot drop super either.
    expect(await zsSuper.post(`${U}/edit`, { id: zs.id, roleIds: `${opsRoleId}` })).toMatchObject({
      code: 301,
      message: '不能修改自己的角色或可管理店铺',
    });
    expect((await zsSuper.post(`${U}/edit`, { id: adminId, roleIds: `${superRoleId}` })).code).toBe(200);
    expect((await admin.get(`${U}/findAllByPage`)).code).toBe(200);
  });

  it('rePassword sets a password and ends that user sessions; delete removes users', async () => {
    const zs = (await findUser('13911110001'))!;
    const token = await sessionFor(t.app, '13911110001');
    expect(await admin.post(`${U}/rePassword`, { id: zs.id, password: 'abc' })).toMatchObject({ code: 2001 });
    const before = await t.db.selectFrom('oplog').select('id').orderBy('id', 'desc').executeTakeFirst();
    expect(await admin.post(`${U}/rePassword`, { id: zs.id, password: 'Secret123' })).toMatchObject({
      code: 200,
      message: '密码已重置',
    });
    const row = (await userRow('13911110001'))!;
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('Secret123');
    expect((await api(t.app, token).get(`${U}/findProfile`)).code).toBe(401);
    expect((await findUser('13911110001'))!.hasPassword).toBe(true);
    // The log keeps the call, never the password.
    const log = await waitFor(() =>
      t.db
        .selectFrom('oplog')
        .selectAll()
        .where('url', '=', '/tmpl/api/sys/user/rePassword')
        .where('id', '>', before?.id ?? 0)
        // The refused call's log is written asynchronously too and may land after `before`: take the success.
        .where('success', '=', 1)
        .executeTakeFirst(),
    );
    expect(log.params).not.toContain('Secret123');
    expect(JSON.parse(log.params!)).toMatchObject({ id: zs.id, password: '******' });

    expect(await admin.del(`${U}/delByIds/${zs.id},999999`)).toMatchObject({ code: 2002 });
    expect(await findUser('13911110001')).toBeDefined();
    expect((await admin.del(`${U}/delByIds/${zs.id}`)).code).toBe(200);
    expect(await findUser('13911110001')).toBeUndefined();
  });
});

describe('self-service: profile, avatar, password', () => {
  it('edits the caller own nick name and avatar', async () => {
    const owner = api(t.app, await loginAs(t.app, PHONES.ownerB));
    expect((await owner.post(`${U}/edit/profile`, { nickName: '赵老板' })).result).toMatchObject({
      nickName: '赵老板',
      phone: PHONES.ownerB,
    });
    expect(await owner.post(`${U}/edit/profile`, { nickName: '' })).toMatchObject({
      code: 2001,
      message: '请输入昵称',
    });
    expect((await owner.post(`${U}/avatar`, { headUrl: '/uploads/avatar/a.png' })).code).toBe(200);
    expect(await owner.post(`${U}/avatar`, { headUrl: 'javascript:alert(1)' })).toMatchObject({
      code: 2001,
      message: '图片地址无效',
    });
    expect((await owner.get(`${U}/findProfile`)).result).toMatchObject({
      nickName: '赵老板',
      headUrl: '/uploads/avatar/a.png',
    });
  });

  it('first password needs an SMS code; a change needs the old one and keeps only the caller signed in', async () => {
    const token = await sessionFor(t.app, PHONES.subA);
    const other = await sessionFor(t.app, PHONES.subA);
    const me = api(t.app, token);
    expect(await me.post(`${U}/edit/password`, { newPassword: 'Abcdefg1' })).toMatchObject({
      code: 2001,
      message: '请输入短信验证码',
    });
    expect((await me.post(`${U}/edit/password/sendCode`)).code).toBe(200);
    const code = t.sms.lastCodeFor(PHONES.subA)!;
    expect(
      await me.post(`${U}/edit/password`, { newPassword: 'Abcdefg1', code: code === '000000' ? '111111' : '000000' }),
    ).toMatchObject({ code: 2001 });
    expect((await me.post(`${U}/edit/password`, { newPassword: 'Abcdefg1', code })).code).toBe(200);
    expect((await me.get(`${U}/findProfile`)).code).toBe(200);
    expect((await api(t.app, other).get(`${U}/findProfile`)).code).toBe(401);
    expect(await me.post(`${U}/edit/password`, { oldPassword: 'wrong-one1', newPassword: 'Xyz12345' })).toMatchObject({
      code: 2004,
      // Throttled like sign-in (docs/security.md): the refusal says how many tries are left.
      message: '原密码错误，还可尝试 4 次',
    });
    expect((await me.post(`${U}/edit/password`, { oldPassword: 'Abcdefg1', newPassword: 'Xyz12345' })).code).toBe(200);
  });
});

describe('the wall: the toolkit is platform-only', () => {
  it('merchant owners and sub-accounts get 301 on every toolkit call; anonymous gets 401', async () => {
    const calls: [string, string, Record<string, string>?][] = [
      ['get', `${U}/findAllByPage`],
      ['post', `${U}/add`, { loginName: 'hack01', nickName: 'x', phone: '13911119999', roleIds: '1' }],
      ['post', `${U}/edit`, { id: String(adminId), nickName: 'x' }],
      ['del', `${U}/delByIds/${adminId}`],
      ['post', `${U}/rePassword`, { id: String(adminId), password: 'Hacked123' }],
      ['get', 'app/user/findAllByPage'],
      ['get', 'sys/role/findAllByPage'],
      ['get', 'sys/role/findAllByList'],
      ['post', 'sys/role/add', { name: 'x', code: 'hack_role' }],
      ['get', 'sys/menu/findAllByTree'],
      ['get', 'sys/menu/findSelectByTree'],
      ['post', 'sys/menu/add', { name: 'x', type: 'CAIDAN' }],
      ['get', 'sys/log/findAllByPage'],
      ['get', 'app/lunbotu/findAllByPage'],
      ['get', 'app/tongzhi/findAllByPage'],
      ['get', 'app/qa/findAllByPage'],
      ['get', 'app/fankui/findAllByPage'],
      ['post', 'app/fankui/setState', { id: '1', state: '1', reply: 'x' }],
    ];
    for (const phone of [PHONES.ownerA, PHONES.subA]) {
      const m = api(t.app, await sessionFor(t.app, phone)) as unknown as Record<
        string,
        (u: string, p?: object) => Promise<{ code: number; status: number }>
      >;
      for (const [method, url, body] of calls)
        expect(await m[method](url, body), `${phone} ${method} ${url}`).toMatchObject({ status: 403, code: 301 });
    }
    const anon = api(t.app) as unknown as Record<string, (u: string, p?: object) => Promise<{ code: number }>>;
    for (const [method, url, body] of calls) expect((await anon[method](url, body)).code, url).toBe(401);
    expect(await userRow('13911119999')).toBeUndefined();
    expect((await userRow(PHONES.admin))!.nickName).toBe('平台管理员');
  });
});

describe('商家用户', () => {
  it('lists merchant accounts with their merchant, filters by merchant and owner flag', async () => {
    const all = await admin.get<Page<MerchantUser>>('app/user/findAllByPage', { pageSize: 100 });
    expect(all.code).toBe(200);
    expectEvery(all.result.records, (u) => u.merchantName && u.merchantId);
    expect(all.result.records.map((u) => u.phone)).toEqual(
      expect.arrayContaining([PHONES.ownerA, PHONES.ownerB, PHONES.subA]),
    );
    expect(all.result.records.map((u) => u.phone)).not.toContain(PHONES.admin);
    const a = await admin.get<Page<MerchantUser>>('app/user/findAllByPage', { merchantName: '运城' });
    expect(a.result.records.map((u) => u.phone).sort()).toEqual([PHONES.ownerA, PHONES.subA]);
    const owners = await admin.get<Page<MerchantUser>>('app/user/findAllByPage', { merchantName: '运城', isOwner: 1 });
    expect(owners.result.records).toEqual([
      expect.objectContaining({
        phone: PHONES.ownerA,
        isOwner: 1,
        roleNames: '商家主账号',
        merchantName: '运城洁家家政',
      }),
    ]);
    expect(await admin.get('app/user/findAllByPage', { status: 5 })).toMatchObject({ code: 2001 });
  });
});
