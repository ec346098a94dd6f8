import type { Page } from '@jz/contracts/envelope';
import type { OplogRow } from '@jz/contracts/oplog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redact } from '../src/plugins/oplog.ts';
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

const L = 'sys/log';
let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await buildTestApp();
  admin = api(t.app, await loginAs(t.app, PHONES.admin));
});
afterAll(() => t?.close());

const lastId = async () =>
  (await t.db.selectFrom('oplog').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
/**
 * The newest log row of `url` after `after`; with `containing`, the one whose params hold it (the log is written after
 * the answer: another caller's row of the same url, e.g. a sign-in of the suite's set-up, may land in between).
 */
const rowAfter = (url: string, after: number, containing?: string) =>
  waitFor(() => {
    let q = t.db.selectFrom('oplog').selectAll().where('url', '=', url).where('id', '>', after);
    if (containing) q = q.where('params', 'like', `%${containing}%`);
    return q.orderBy('id', 'desc').executeTakeFirst();
  });

describe('操作日志', () => {
  it('logs every mutation by declaration with who, what, result and duration; secrets are redacted', async () => {
    const before = await lastId();
    const role = await admin.post<{ id: number }>('sys/role/add', { name: '日志测试', code: 'log_test' });
    expect(role.code).toBe(200);
    const add = await rowAfter('/tmpl/api/sys/role/add', before);
    expect(add).toMatchObject({
      title: '角色管理',
      type: 'add',
      method: 'POST',
      loginName: 'admin',
      success: 1,
      errorMessage: null,
    });
    expect(add.durationMs).toBeGreaterThanOrEqual(0);
    expect(add.ip).toBeTruthy();

    // A failed call is logged as failed with its message.
    const dup = await admin.post('sys/role/add', { name: '日志测试', code: 'log_test' });
    expect(dup.code).toBe(2004);
    const failed = await rowAfter('/tmpl/api/sys/role/add', add.id);
    expect(failed).toMatchObject({ success: 0, errorMessage: '角色编码「log_test」已存在' });

    // Passwords, SMS codes and tokens never reach the log.
    const u = await admin.post<{ id: number }>('sys/user/add', {
      loginName: 'logger',
      nickName: '日志',
      phone: '13933330001',
      roleIds: String(role.result.id),
      password: 'TopSecret99',
    });
    expect(u.code).toBe(200);
    const userLog = await rowAfter('/tmpl/api/sys/user/add', before);
    expect(userLog.params).not.toContain('TopSecret99');
    expect(JSON.parse(userLog.params!)).toMatchObject({
      loginName: 'logger',
      phone: '139****0001',
      password: '******',
    });
    await api(t.app).post('app/jiazheng/login/sms/sendCode', { phone: '13933330001' });
    const code = t.sms.lastCodeFor('13933330001')!;
    const login = await api(t.app).post<{ token: string }>('app/jiazheng/login/sms/login', {
      phone: '13933330001',
      code,
    });
    expect(login.code).toBe(200);
    const loginLog = await rowAfter('/tmpl/api/app/jiazheng/login/sms/login', before, '139****0001');
    expect(loginLog.params).not.toContain(code);
    expect(loginLog.params).not.toContain(login.result.token);
    expect(JSON.parse(loginLog.params!)).toMatchObject({ phone: '139****0001', code: '******' });
  });

  it('searches by user, module, result and date range, newest first, and shows one in detail', async () => {
    const all = await admin.get<Page<OplogRow>>(`${L}/findAllByPage`, { pageSize: 100 });
    expect(all.code).toBe(200);
    const ids = all.result.records.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byTitle = await admin.get<Page<OplogRow>>(`${L}/findAllByPage`, { title: '角色' });
    expect(byTitle.result.total).toBeGreaterThanOrEqual(2);
    expectEvery(byTitle.result.records, (r) => r.title === '角色管理');
    const failed = await admin.get<Page<OplogRow>>(`${L}/findAllByPage`, { success: 0, title: '角色' });
    expect(failed.result.records.map((r) => r.errorMessage)).toEqual(['角色编码「log_test」已存在']);
    const byUser = await admin.get<Page<OplogRow>>(`${L}/findAllByPage`, { loginName: 'admin', type: 'add' });
    expectEvery(byUser.result.records, (r) => r.loginName === 'admin' && r.type === 'add');
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(
      (await admin.get<Page<OplogRow>>(`${L}/findAllByPage`, { startDate: today, endDate: today })).result.total,
    ).toBe(all.result.total);
    expect(
      (await admin.get<Page<OplogRow>>(`${L}/findAllByPage`, { startDate: '2000-01-01', endDate: '2000-01-02' })).result
        .total,
    ).toBe(0);
    expect(await admin.get(`${L}/findAllByPage`, { startDate: '2020-02-02', endDate: '2020-01-01' })).toMatchObject({
      code: 2001,
      message: expect.stringContaining('开始日期不能晚于结束日期'),
    });
    expect(await admin.get(`${L}/findAllByPage`, { startDate: 'yesterday' })).toMatchObject({ code: 2001 });
    expect(await admin.get(`${L}/findAllByPage`, { success: 3 })).toMatchObject({ code: 2001 });

    const one = await admin.get<OplogRow>(`${L}/findById/${ids[0]}`);
    expect(one.result).toMatchObject({ id: ids[0], title: all.result.records[0].title });
    expect(await admin.get(`${L}/findById/999999`)).toMatchObject({ code: 2002 });
    expect((await admin.get<string[]>(`${L}/findAllByList`)).result).toEqual(
      expect.arrayContaining(['角色管理', '用户管理', '短信登录']),
    );
  });

  it('every mutating route declares its log; the exceptions change no record and are named here', async () => {
    await t.app.ready();
    /** Calls that change no record: SMS codes (rate-limited, kept in sms_code), step checks, tickets, downloads. */
    const READS = [
      'POST /tmpl/api/sys/user/edit/password/sendCode',
      'POST /tmpl/api/app/jiazheng/login/sms/sendCode',
      'POST /tmpl/api/merchant/account/phone/sendOld',
      'POST /tmpl/api/merchant/account/phone/verifyOld',
      'POST /tmpl/api/merchant/account/phone/sendNew',
      'POST /tmpl/api/app/jiazheng/pay/dingdan/stream/ticket',
      'POST /tmpl/api/app/jiazheng/customer/login/sendCode',
      'POST /tmpl/api/app/gen/table/download/:id',
      // Excel import: templates and error files are downloads; a check writes only its import job (the confirm, which
      // writes the employees or goods, is logged with the counts).
      'POST /tmpl/api/app/jiazheng/yuangong/import/template',
      'POST /tmpl/api/app/jiazheng/yuangong/import/check',
      'POST /tmpl/api/app/jiazheng/yuangong/import/errors/:id',
      'POST /tmpl/api/app/jiazheng/shangjia/shangpin/import/template',
      'POST /tmpl/api/app/jiazheng/shangjia/shangpin/import/check',
      'POST /tmpl/api/app/jiazheng/shangjia/shangpin/import/errors/:id',
      // 批量改价's preview computes the new prices and writes nothing (the confirm is logged).
      'POST /tmpl/api/app/jiazheng/shangjia/shangpin/piliangGaijia/preview',
      // 验券's check answers the order a code would start; it changes no order (a wrong code counts toward the limit in
      // verify_attempt, a found one leaves no attempt; the verify itself is logged).
      'POST /tmpl/api/app/jiazheng/pay/dingdan/shangjiaYanquan/check',
    ];
    /**
     * The staff page's calls: the operation log records console users; a staff member's steps are written to the
     * order's timeline (with her as operator), phone reveals to staff_phone_reveal, leave requests and their
     * withdrawal to their own table.
     */
    const STAFF = [
      'POST /tmpl/api/staff/login/sms/sendCode',
      'POST /tmpl/api/staff/logout',
      'POST /tmpl/api/staff/jobs/:orderId/depart',
      'POST /tmpl/api/staff/jobs/:orderId/arrive',
      'POST /tmpl/api/staff/jobs/:orderId/start',
      'POST /tmpl/api/staff/jobs/:orderId/finish',
      'POST /tmpl/api/staff/jobs/:orderId/phone',
      'POST /tmpl/api/staff/leave',
      'POST /tmpl/api/staff/leave/:id/withdraw',
      'POST /tmpl/api/staff/upload',
    ];
    const unlogged = t.app.routeCatalogue
      .filter((r) => r.url.startsWith('/tmpl/api') && !(r.config as { oplog?: unknown }).oplog)
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url}`))
      .filter((x) => !/^(GET|HEAD|OPTIONS) /.test(x));
    expect(unlogged.sort()).toEqual([...READS, ...STAFF].sort());
  });

  it('redacts ID and card numbers, tokens and codes at any depth; phones keep their ends', () => {
    const out = redact({
      idCardNo: '140802199001011234',
      certNo: '140802199001011234',
      bankCardNo: '6222020202020202',
      nested: { list: [{ accessToken: 'abc', smsCode: '123456', newPassword: 'x' }] },
      contactPhone: '13912345678',
      name: '张三',
    });
    expect(out).toEqual({
      idCardNo: '******',
      certNo: '******',
      bankCardNo: '******',
      nested: { list: [{ accessToken: '******', smsCode: '******', newPassword: '******' }] },
      contactPhone: '139****5678',
      name: '张三',
    });
  });

  it('deletes log rows (and logs that); merchant users get 301; anonymous 401', async () => {
    const rows = (await admin.get<Page<OplogRow>>(`${L}/findAllByPage`, { pageSize: 2 })).result.records;
    const before = await lastId();
    expect((await admin.del(`${L}/delByIds/${rows.map((r) => r.id).join(',')}`)).code).toBe(200);
    expect(
      await t.db
        .selectFrom('oplog')
        .select('id')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute(),
    ).toEqual([]);
    await rowAfter(`/tmpl/api/sys/log/delByIds/${rows.map((r) => r.id).join(',')}`, before);
    for (const phone of [PHONES.ownerA, PHONES.subA]) {
      const m = api(t.app, await sessionFor(t.app, phone));
      expect(await m.get(`${L}/findAllByPage`)).toMatchObject({ code: 301 });
      expect(await m.get(`${L}/findById/1`)).toMatchObject({ code: 301 });
      expect(await m.del(`${L}/delByIds/1`)).toMatchObject({ code: 301 });
    }
    expect((await api(t.app).get(`${L}/findAllByPage`)).code).toBe(401);
  });
});
