import type { Licence, LicenceExpiring } from '@jz/contracts/licence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, TZ } from '../src/lib/time.ts';
import { notifyLicenceExpiry } from '../src/modules/merchant/licence/licence.notice.ts';
import { permsOf } from '../src/plugins/auth.ts';
import { type Api, api, buildTestApp, daysSinceSeed, demoUsers, expectEvery, type TestApp } from './helpers/index.ts';

const L = 'merchant/licence';
const SYS = 'sys/licence';
const day = (n: number) => dayjs().tz(TZ).add(n, 'day').format('YYYY-MM-DD');

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let admin: Api;

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA, admin } = await demoUsers(t));
});
afterAll(() => t?.close());

const body = (extra: Record<string, string> = {}) => ({
  kind: 'jkz',
  name: '张阿姨',
  number: 'JKZ-2026-001',
  imageUrl: '/upload/licence/a.png',
  validFrom: day(-300),
  validTo: day(20),
  ...extra,
});

describe('我的证照', () => {
  it('lists the demo licences of each merchant only, with expiry states', async () => {
    const a = await ownerA.get<{ records: Licence[]; total: number }>(`${L}/findAllByPage`, {
      pageNum: 1,
      pageSize: 20,
    });
    expect(a.code).toBe(200);
    expect(a.result.total).toBe(3);
    expectEvery(a.result.records, (l) => l.merchantId === a.result.records[0].merchantId);
    const health = a.result.records.find((l) => l.kind === 'jkz');
    expect(health?.expiry).toBe('expiring');
    expect(health?.daysLeft).toBe(12 - daysSinceSeed());
    expect(a.result.records.find((l) => l.kind === 'yyzz')?.expiry).toBe('longTerm');
    const b = await ownerB.get<{ records: Licence[] }>(`${L}/findAllByPage`, { expiry: 'expired' });
    expect(b.result.records.map((l) => l.kind)).toEqual(['spjy']);
    expect(b.result.records[0].expiry).toBe('expired');
  });

  it('the expiring count for the landing page: holders of 我的证照 only (licence numbers are in it)', async () => {
    // The demo sub-account holds no merchant:account:* code: refused, and its landing page hides the reminder.
    expect((await subA.get<LicenceExpiring>(`${L}/expiring`)).code).toBe(301);
    const a = await ownerA.get<LicenceExpiring>(`${L}/expiring`);
    expect(a.code).toBe(200);
    expect(a.result).toMatchObject({ expiring: 1, expired: 0 });
    const b = await ownerB.get<LicenceExpiring>(`${L}/expiring`);
    expect(b.result).toMatchObject({ expiring: 0, expired: 1 });
    expect((await api(t.app).get(`${L}/expiring`)).code).toBe(401);
    expect((await admin.get(`${L}/expiring`)).code).toBe(301);
  });

  it('add, edit (back to 待审核) and delete; another merchant gets 2002 and changes nothing', async () => {
    const add = await ownerA.post<{ id: number }>(`${L}/add`, body());
    expect(add.code, add.message).toBe(200);
    const id = add.result.id;
    expect((await ownerB.get(`${L}/detail`, { id })).code).toBe(2002);
    expect((await ownerB.post(`${L}/edit`, { id: String(id), ...body({ number: 'HACK' }) })).code).toBe(2002);
    expect((await ownerB.del(`${L}/delByIds/${id}`)).code).toBe(2002);
    const row = await t.db.selectFrom('licence').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.number).toBe('JKZ-2026-001');

    await t.db.updateTable('licence').set({ auditStatus: 1 }).where('id', '=', id).execute();
    expect((await ownerA.post(`${L}/edit`, { id: String(id), ...body({ number: 'JKZ-2026-002' }) })).code).toBe(200);
    const d = await ownerA.get<Licence>(`${L}/detail`, { id });
    expect(d.result).toMatchObject({ number: 'JKZ-2026-002', auditStatus: 0 });
    expect(d.result.expiry).toBe('expiring');
    expect((await ownerA.del(`${L}/delByIds/${id}`)).code).toBe(200);
    expect((await ownerA.get(`${L}/detail`, { id })).code).toBe(2002);
  });

  it('bad input is 2001: kind, number, image, dates out of order', async () => {
    expect((await ownerA.post(`${L}/add`, body({ kind: 'passport' }))).code).toBe(2001);
    expect((await ownerA.post(`${L}/add`, body({ number: '' }))).code).toBe(2001);
    expect((await ownerA.post(`${L}/add`, body({ imageUrl: 'javascript:alert(1)' }))).code).toBe(2001);
    const r = await ownerA.post(`${L}/add`, body({ validFrom: day(10), validTo: day(1) }));
    expect(r.code).toBe(2001);
    expect(r.message).toContain('结束日');
  });

  it('the demo sub-account (no 账号设置 codes) is refused (301)', async () => {
    expect((await subA.get(`${L}/findAllByPage`)).code).toBe(301);
    expect((await subA.post(`${L}/add`, body())).code).toBe(301);
  });
});

describe('证照审核 (platform)', () => {
  it('lists every merchant licence; approves; rejects with a reason; merchants cannot audit (301)', async () => {
    const add = await ownerB.post<{ id: number }>(`${L}/add`, body({ kind: 'other', number: 'B-001', validTo: '' }));
    const id = add.result.id;
    const list = await admin.get<{ records: Licence[] }>(`${SYS}/findAllByPage`, {
      auditStatus: 0,
      merchantName: '太原',
    });
    expect(list.result.records.map((l) => l.id)).toContain(id);
    expectEvery(list.result.records, (l) => l.merchantName === '太原安心家政');
    expect((await ownerB.post(`${SYS}/audit`, { id, auditStatus: 1 })).code).toBe(301);
    expect((await admin.post(`${SYS}/audit`, { id, auditStatus: 2 })).code).toBe(2001);
    const rej = await admin.post(`${SYS}/audit`, { id, auditStatus: 2, auditReason: '图片模糊' });
    expect(rej.code).toBe(200);
    const d = await ownerB.get<Licence>(`${L}/detail`, { id });
    expect(d.result).toMatchObject({ auditStatus: 2, auditReason: '图片模糊', expiry: 'longTerm' });
    // Decided once: a second decision is refused.
    expect((await admin.post(`${SYS}/audit`, { id, auditStatus: 1 })).code).toBe(2004);
    expect((await admin.post(`${SYS}/audit`, { id: 999999, auditStatus: 1 })).code).toBe(2002);
  });

  it('ten concurrent decisions on one licence: one wins', async () => {
    const add = await ownerA.post<{ id: number }>(`${L}/add`, body({ number: 'RACE-1' }));
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin.post(`${SYS}/audit`, { id: add.result.id, auditStatus: i % 2 ? 1 : 2, auditReason: '并发' }),
      ),
    );
    expect(rs.filter((r) => r.code === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.code === 2004)).toHaveLength(9);
    // One decision, one message to each active user of the merchant who may see its licences.
    const msgs = await licenceMessages(add.result.id);
    expect(msgs.map((m) => m.title)).toHaveLength(await activeUsers('13800000001'));
    expect(new Set(msgs.map((m) => m.title)).size).toBe(1);
  });

  it('tells the merchant the decision by message (the reason of a rejection included)', async () => {
    const add = await ownerB.post<{ id: number }>(`${L}/add`, body({ number: 'MSG-AUDIT-1', validTo: '' }));
    await admin.post(`${SYS}/audit`, { id: add.result.id, auditStatus: 2, auditReason: '证号与图片不符' });
    const msgs = await licenceMessages(add.result.id);
    expect(msgs.length).toBe(await activeUsers('13800000002'));
    expect(msgs[0]).toMatchObject({ type: 'system', title: '证照审核未通过', refType: 'licence' });
    expect(msgs[0].content).toContain('证号与图片不符');
  });
});

const licenceMessages = (id: number) =>
  t.db
    .selectFrom('message')
    .select(['userId', 'merchantId', 'type', 'title', 'content', 'refType'])
    .where('refType', '=', 'licence')
    .where('refId', '=', id)
    .orderBy('id')
    .execute();
/** Licence news reaches the merchant's active owners and the users holding 我的证照 (message.service subjectPerm). */
const activeUsers = async (ownerPhone: string) => {
  const o = await t.db
    .selectFrom('user')
    .select('merchantId')
    .where('phone', '=', ownerPhone)
    .executeTakeFirstOrThrow();
  const users = await t.db
    .selectFrom('user')
    .select(['id', 'isOwner'])
    .where('merchantId', '=', o.merchantId)
    .where('status', '=', 0)
    .execute();
  let n = 0;
  for (const u of users) if (u.isOwner === 1 || (await permsOf(t.db, u.id)).has('merchant:account:licence')) n++;
  return n;
};

describe('expiry reminders by message', () => {
  it('the demo licences were reminded of at start: merchant A’s 健康证 expiring, merchant B’s food licence expired', async () => {
    const demo = await t.db
      .selectFrom('message')
      .innerJoin('licence', 'licence.id', 'message.refId')
      .select(['message.title', 'message.merchantId', 'licence.kind'])
      .where('message.refType', '=', 'licence')
      .where('message.title', 'in', ['证照即将到期', '证照已过期'])
      .execute();
    expect(demo.some((m) => m.kind === 'jkz' && m.title === '证照即将到期')).toBe(true);
    expect(demo.some((m) => m.kind === 'spjy' && m.title === '证照已过期')).toBe(true);
    // (Licences added by the tests above are reminded of by the next run.) Once caught up, a run sends nothing.
    await notifyLicenceExpiry(t.db);
    expect(await notifyLicenceExpiry(t.db)).toBe(0);
  });

  it('once per stage and date, concurrent runs included; expired later sends one more; a new date starts over', async () => {
    const add = await ownerA.post<{ id: number }>(`${L}/add`, body({ number: 'EXP-MSG-1', validTo: day(10) }));
    const id = add.result.id;
    const users = await activeUsers('13800000001');
    const runs = await Promise.all(Array.from({ length: 5 }, () => notifyLicenceExpiry(t.db)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    let msgs = await licenceMessages(id);
    expect(msgs).toHaveLength(users);
    expect(msgs[0]).toMatchObject({ type: 'system', title: '证照即将到期', refType: 'licence' });
    expect(msgs[0].content).toContain('还剩 10 天');
    expect(await notifyLicenceExpiry(t.db)).toBe(0);

    // Eleven days later it has expired: one more message each.
    await notifyLicenceExpiry(t.db, day(11));
    msgs = await licenceMessages(id);
    expect(msgs.filter((m) => m.title === '证照已过期')).toHaveLength(users);
    expect(await notifyLicenceExpiry(t.db, day(11))).toBe(0);

    // Renewed far ahead: no message; renewed to a near date: reminded again.
    await ownerA.post(`${L}/edit`, { id, ...body({ number: 'EXP-MSG-1', validTo: day(400) }) });
    expect(await notifyLicenceExpiry(t.db)).toBe(0);
    await ownerA.post(`${L}/edit`, { id, ...body({ number: 'EXP-MSG-1', validTo: day(5) }) });
    expect(await notifyLicenceExpiry(t.db)).toBe(1);
    expect((await licenceMessages(id)).filter((m) => m.title === '证照即将到期')).toHaveLength(2 * users);
    // Another merchant's users never hear of it.
    const ids = await t.db
      .selectFrom('message')
      .select('merchantId')
      .where('refId', '=', id)
      .where('refType', '=', 'licence')
      .execute();
    const a = await t.db
      .selectFrom('user')
      .select('merchantId')
      .where('phone', '=', '13800000001')
      .executeTakeFirstOrThrow();
    expectEvery(ids, (m) => m.merchantId === a.merchantId);
  });
});
