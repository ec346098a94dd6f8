/**
 * Secrets at rest. ID-card numbers (employees, onboarding), bank-card numbers (bound cards,
 * onboarding settlement accounts) and the onboarding submission are sealed in the database (AES-256-GCM, key id with
 * each value); answers keep their masks; equality checks use keyed hashes; migration 1700 seals rows written in clear;
 * keys rotate; a value altered in the database is refused with 2004 and logged, never a 500. SQLite and PostgreSQL
 * (TEST_DB=postgres).
 */
import { randomBytes } from 'node:crypto';
import type { Employee } from '@jz/contracts/employee';
import type { Page } from '@jz/contracts/envelope';
import type { JinjianState } from '@jz/contracts/jinjian';
import { maskBankCard, maskIdCard } from '@jz/contracts/mask';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rotateAll, SECRET_FIELDS } from '../../scripts/keys-rotate.ts';
import { loadConfig } from '../../src/config.ts';
import * as m1700 from '../../src/db/migrations/1700_secrets_at_rest.ts';
import {
  DEV_DATA_KEYS,
  onSecretFailure,
  open,
  parseDataKeys,
  type SecretFailure,
  seal,
  useDataKeys,
} from '../../src/lib/secret-box.ts';
import { rotateField, staleCount } from '../../src/lib/secret-rotate.ts';
import { demoIdCard } from '../../src/modules/merchant/employee/employee.seed.ts';
import { bindCard } from '../../src/modules/merchant/finance/bank-card.service.ts';
import { withIdCheck, withLuhn } from '../../src/modules/merchant/jinjian/checksum-fixtures.ts';
import {
  type Api,
  api,
  buildTestApp,
  demoUsers,
  expectEvery,
  loginAs,
  PHONES,
  type TestApp,
} from '../helpers/index.ts';
import { openCardNo, openDetail, openIdCard } from '../helpers/secrets.ts';

const Y = 'app/jiazheng/yuangong';
const CARDS = 'app/jiazheng/caiwu/bangka/findAllByList';
const JJ_GEREN = 'app/jiazheng/pay/huifu/jinjianGeren';
const JJ_QUERY = 'app/jiazheng/pay/huifu/jinjianQuery';
const SEALED = /^enc:v1:[a-z0-9-]+:[\w-]{16}:[\w-]{22}:[\w-]+$/;
const MASKED_ID = /^\d{4}\*{10}[\dX]{4}$/;

const newKey = () => randomBytes(32).toString('base64');
let seq = 0;
const employee = (over: Record<string, string | number> = {}) => {
  seq++;
  return {
    name: `密存员工${seq}`,
    phone: `1366600${String(1000 + seq).slice(-4)}`,
    gender: 2,
    idCardNo: demoIdCard('140802', '1986-03-04', 600 + seq),
    workYears: 2,
    skills: JSON.stringify(['日常保洁']),
    certificates: '[]',
    ...over,
  };
};

/** Every row of every table, as stored: the text a database dump or a stolen backup would show. */
async function everyRow(db: Kysely<any>, kind: 'sqlite' | 'postgres') {
  const tables =
    kind === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows
      : (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db))
          .rows;
  let text = '';
  for (const { name } of tables) {
    const rows = (await sql`select * from ${sql.table(name)}`.execute(db)).rows;
    text += JSON.stringify(rows);
  }
  return text;
}

const rawEmployee = (db: Kysely<any>, id: number) =>
  db.selectFrom('employee').select(['idCardNo', 'idCardHash']).where('id', '=', id).executeTakeFirstOrThrow();

/** Changes one character of the ciphertext (the last field) of a sealed value, one carrying 6 whole bits. */
const flip = (v: string) => {
  const i = v.length - 3;
  return `${v.slice(0, i)}${v[i] === 'A' ? 'B' : 'A'}${v.slice(i + 1)}`;
};

let alarms: SecretFailure[] = [];
const listen = () => {
  alarms = [];
  onSecretFailure((f) => alarms.push(f));
};
afterAll(() => useDataKeys(null));

describe('API writes store no clear ID or card number', () => {
  let t: TestApp;
  let ownerA: Api;
  let ownerB: Api;
  beforeAll(async () => {
    useDataKeys(null);
    t = await buildTestApp();
    ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  });
  afterAll(() => t?.close());

  it('an employee added and edited: the row holds sealed values and a keyed hash; answers keep the mask', async () => {
    const body = employee();
    const added = await ownerA.post<{ id: number }>(`${Y}/add`, body);
    expect(added.code).toBe(200);
    const id = added.result.id;
    const row = await rawEmployee(t.db, id);
    expect(row.idCardNo).toMatch(SEALED);
    expect(row.idCardNo).not.toContain(body.idCardNo);
    expect(row.idCardHash).toMatch(/^dev:[\w-]{43}$/);
    expect(row.idCardHash).not.toContain(body.idCardNo);
    expect(openIdCard(row.idCardNo)).toBe(body.idCardNo);

    const got = await ownerA.get<Employee>(`${Y}/findById/${id}`);
    expect(got.result.idCardNo).toBe(maskIdCard(body.idCardNo));
    expect(got.raw).not.toContain(row.idCardNo);
    expect(got.raw).not.toContain(row.idCardHash);
    expect(got.result).not.toHaveProperty('idCardHash');

    const id2 = demoIdCard('140802', '1979-09-09', 901);
    expect(await ownerA.post(`${Y}/edit`, { id, idCardNo: id2 })).toMatchObject({ code: 200 });
    const after = await rawEmployee(t.db, id);
    expect(after.idCardNo).toMatch(SEALED);
    expect(openIdCard(after.idCardNo)).toBe(id2);
    expect(after.idCardHash).not.toBe(row.idCardHash);
    // The duplicate check works on the hash: the new number is taken, the old one is free again.
    expect(await ownerA.post(`${Y}/add`, employee({ idCardNo: id2 }))).toMatchObject({
      code: 2004,
      message: '该身份证号已登记为本商家的员工',
    });
    expect((await ownerA.post(`${Y}/add`, employee({ idCardNo: body.idCardNo }))).code).toBe(200);
    // Every listed answer is masked as before.
    const page = await ownerA.get<Page<Employee>>(`${Y}/weapp/findAllByPage`, { shopId: 'all', pageSize: 100 });
    expect(page.result.records.length).toBeGreaterThan(5);
    for (const e of page.result.records) expect(e.idCardNo).toMatch(MASKED_ID);
    expect(page.raw).not.toContain('enc:v1');
  });

  // Through the storage service: the binding route also asks for the owner's SMS step-up (its own tests).
  it('a bank card bound: sealed number, keyed hash; the list answers the same mask; binding it again is a no-op', async () => {
    const cardNo = withLuhn('622588000000222');
    const merchantId = (
      await t.db.selectFrom('user').select('merchantId').where('phone', '=', PHONES.ownerA).executeTakeFirstOrThrow()
    ).merchantId as number;
    const bind = () =>
      bindCard(t.db, {
        merchantId,
        operatorUserId: null,
        bankName: '招商银行',
        branchName: '招商银行运城分行',
        branchCode: '308181000013',
        cardNo: `${cardNo.slice(0, 4)} ${cardNo.slice(4)}`,
        holderName: '运城洁家家政服务有限公司',
        cardType: 2,
        source: 'manual',
      });
    const r = { result: await bind() };
    const row = await t.db
      .selectFrom('bankCard')
      .select(['cardNo', 'cardNoHash', 'cardNoMasked'])
      .where('id', '=', r.result.id)
      .executeTakeFirstOrThrow();
    expect(row.cardNo).toMatch(SEALED);
    expect(row.cardNo).not.toContain(cardNo);
    expect(row.cardNoHash).toMatch(/^dev:/);
    expect(openCardNo(row.cardNo)).toBe(cardNo);
    expect(row.cardNoMasked).toBe(maskBankCard(cardNo));
    const list = await ownerA.get<{ id: number; cardNoMasked: string }[]>(CARDS);
    expect(list.result.find((c) => c.id === r.result.id)?.cardNoMasked).toBe(maskBankCard(cardNo));
    expect(list.raw).not.toContain('enc:v1');
    expect(list.raw).not.toContain(row.cardNoHash);
    // The "already bound" check finds it by its hash.
    expect((await bind()).id).toBe(r.result.id);
  });

  it('an onboarding submission: the whole detail is sealed; once approved its settlement card is bound sealed; the answers keep their masks', async () => {
    const idNo = withIdCheck('14080219920202123');
    const cardNo = withLuhn('621700016100654321');
    const r = await ownerB.post(JJ_GEREN, {
      name: '赵安',
      certType: '00',
      idCardNo: idNo,
      certValidityType: '0',
      certBeginDate: '2018-05-01',
      certEndDate: '2038-05-01',
      mobile: '13912345671',
      idCardFrontUrl: '/uploads/jinjian/a.png',
      idCardBackUrl: '/uploads/jinjian/b.png',
      bankName: '中国工商银行',
      branchCode: '102181000175',
      cardNo,
      holderName: '赵安',
      cardMobile: '13912345671',
    });
    expect(r.code).toBe(200);
    const row = await t.db
      .selectFrom('jinjianApplication')
      .select(['id', 'detail'])
      .where('applyNo', '=', (r.result as { applyNo: string }).applyNo)
      .executeTakeFirstOrThrow();
    expect(row.detail).toMatch(SEALED);
    for (const secret of [idNo, cardNo, '13912345671']) expect(row.detail).not.toContain(secret);
    expect(JSON.parse(openDetail(row.detail)).body).toMatchObject({ idCardNo: idNo, cardNo });
    const state = await ownerB.get<JinjianState>(JJ_QUERY);
    expect(state.result.application).toMatchObject({
      idCardNo: maskIdCard(idNo),
      mobile: '139****5671',
      settlement: { cardNo: maskBankCard(cardNo) },
    });
    // The sandbox approves when asked long enough after submission: the approval binds the settlement card.
    await t.db
      .updateTable('jinjianApplication')
      .set({ submittedAt: new Date(Date.now() - 3600_000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    const approved = await ownerB.get<JinjianState>(JJ_QUERY);
    expect(approved.result).toMatchObject({ status: 20, application: { cardBound: true } });
    const cards = await t.db
      .selectFrom('bankCard')
      .select(['id', 'cardNo', 'cardNoHash', 'cardNoMasked'])
      .where(
        'merchantId',
        '=',
        (
          await t.db
            .selectFrom('jinjianApplication')
            .select('merchantId')
            .where('id', '=', row.id)
            .executeTakeFirstOrThrow()
        ).merchantId,
      )
      .where('source', '=', 'jinjian')
      .execute();
    const bound = cards.find((c) => openCardNo(c.cardNo) === cardNo);
    expect(bound?.cardNo).toMatch(SEALED);
    expect(bound?.cardNo).not.toContain(cardNo);
    expect(bound?.cardNoHash).toMatch(/^dev:/);
    expect(bound?.cardNoMasked).toBe(maskBankCard(cardNo));
    const list = await ownerB.get<{ id: number; cardNoMasked: string }[]>(CARDS);
    expect(list.result.find((c) => c.id === bound?.id)?.cardNoMasked).toBe(maskBankCard(cardNo));
  });

  it('no table of the database holds any of those numbers in clear', async () => {
    const dump = await everyRow(t.db, t.dbKind);
    const employees = await t.db.selectFrom('employee').select('idCardNo').execute();
    const cards = await t.db.selectFrom('bankCard').select('cardNo').execute();
    const apps = await t.db.selectFrom('jinjianApplication').select('detail').execute();
    const clear = [
      ...employees.map((e) => openIdCard(e.idCardNo)),
      ...cards.map((c) => openCardNo(c.cardNo)),
      ...apps.flatMap((a) => {
        const b = JSON.parse(openDetail(a.detail)).body;
        return [b.idCardNo, b.legalIdCardNo, b.cardNo].filter(Boolean);
      }),
    ];
    expect(clear.length).toBeGreaterThan(20);
    for (const v of clear) expect(dump, v).not.toContain(v);
  });
});

describe('a value altered in the database is refused clearly and logged', () => {
  let t: TestApp;
  let ownerA: Api;
  let admin: Api;
  beforeAll(async () => {
    useDataKeys(null);
    t = await buildTestApp();
    ({ ownerA, admin } = await demoUsers(t, 'ownerA', 'admin'));
  });
  afterAll(() => t?.close());
  afterEach(() => onSecretFailure(() => {}));

  it('an employee whose ID number was altered: 2004 (HTTP 409) with a clear message, the alarm names the row', async () => {
    const e = await t.db
      .selectFrom('employee')
      .select(['id', 'idCardNo', 'merchantId'])
      .where('name', '=', '张秀兰')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('employee')
      .set({ idCardNo: flip(e.idCardNo) })
      .where('id', '=', e.id)
      .execute();
    listen();
    const r = await ownerA.get(`${Y}/findById/${e.id}`);
    expect(r).toMatchObject({ status: 409, code: 2004, result: null });
    expect(r.message).toMatch(/^数据校验失败/);
    expect(alarms).toEqual([
      { purpose: 'employee.idCardNo', table: 'employee', id: e.id, keyId: 'dev', reason: 'auth-failed' },
    ]);
    // The list that shows it is refused the same way (never a 500).
    const page = await ownerA.get(`${Y}/weapp/findAllByPage`, { name: '张秀兰' });
    expect(page).toMatchObject({ status: 409, code: 2004 });
    await t.db.updateTable('employee').set({ idCardNo: e.idCardNo }).where('id', '=', e.id).execute();
    expect((await ownerA.get(`${Y}/findById/${e.id}`)).code).toBe(200);
  });

  it('a sealed value moved to another field does not open there, nor does a value in clear', async () => {
    const e = await t.db.selectFrom('employee').select(['id', 'idCardNo']).orderBy('id').executeTakeFirstOrThrow();
    listen();
    expect(() => open('bankCard.cardNo', e.idCardNo)).toThrow(/数据校验失败/);
    expect(() => open('employee.idCardNo', '142301199001011234', { table: 'employee', id: 1 })).toThrow(/数据校验失败/);
    expect(alarms.map((a) => a.reason)).toEqual(['auth-failed', 'malformed']);
  });

  it('a bound card altered in the database is never paid to: the payout fails and the money returns', async () => {
    // Merchant A's demo withdrawal waiting for review (finance.seed.ts).
    const w = await t.db
      .selectFrom('financeWithdrawal')
      .innerJoin('user', 'user.merchantId', 'financeWithdrawal.merchantId')
      .select(['financeWithdrawal.id', 'financeWithdrawal.bankCardId', 'financeWithdrawal.amount'])
      .where('user.phone', '=', PHONES.ownerA)
      .where('financeWithdrawal.status', '=', 10)
      .executeTakeFirstOrThrow();
    const cardId = w.bankCardId;
    const card = await t.db.selectFrom('bankCard').select('cardNo').where('id', '=', cardId).executeTakeFirstOrThrow();
    // An attacker with write access to the database swaps in a number of their own, in clear or sealed elsewhere.
    await t.db.updateTable('bankCard').set({ cardNo: '6222000011112222333' }).where('id', '=', cardId).execute();
    const balance = async () =>
      (
        await t.db
          .selectFrom('financeAccount')
          .innerJoin('bankCard', 'bankCard.merchantId', 'financeAccount.merchantId')
          .select('financeAccount.balance')
          .where('bankCard.id', '=', cardId)
          .executeTakeFirstOrThrow()
      ).balance;
    const before = await balance();
    listen();
    const r = await admin.post('app/jiazheng/caiwu/tixian/shenhe', { id: w.id, pass: 1 });
    expect(r.code).toBe(200);
    expect(r.result).toMatchObject({ status: 50, failReason: '收款银行卡信息校验失败，未打款' });
    expect(alarms).toMatchObject([{ purpose: 'bankCard.cardNo', table: 'bankCard', id: cardId, reason: 'malformed' }]);
    expect((await balance()) - before).toBe(w.amount);
    await t.db.updateTable('bankCard').set({ cardNo: card.cardNo }).where('id', '=', cardId).execute();
  });

  it('an onboarding record altered in the database: its query answers 2004, not a 500', async () => {
    const a = await t.db
      .selectFrom('jinjianApplication')
      .innerJoin('user', 'user.merchantId', 'jinjianApplication.merchantId')
      .select(['jinjianApplication.id', 'jinjianApplication.detail'])
      .where('user.phone', '=', PHONES.ownerA)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('jinjianApplication')
      .set({ detail: flip(a.detail) })
      .where('id', '=', a.id)
      .execute();
    listen();
    expect(await ownerA.get(JJ_QUERY)).toMatchObject({ status: 409, code: 2004 });
    expect(alarms).toMatchObject([{ purpose: 'jinjianApplication.detail', id: a.id, reason: 'auth-failed' }]);
    await t.db.updateTable('jinjianApplication').set({ detail: a.detail }).where('id', '=', a.id).execute();
  });
});

describe('migration 1700 seals rows stored in clear', () => {
  let t: TestApp;
  let ownerA: Api;
  beforeAll(async () => {
    useDataKeys(null);
    t = await buildTestApp();
    ownerA = api(t.app, await loginAs(t.app, PHONES.ownerA));
  });
  afterAll(() => t?.close());

  it('the seeded rows, put back in clear (as before 1700), are sealed and hashed in place; answers are unchanged', async () => {
    const answers = async () => ({
      employees: (await ownerA.get<Page<Employee>>(`${Y}/weapp/findAllByPage`, { shopId: 'all', pageSize: 100 }))
        .result,
      cards: (await ownerA.get(CARDS)).result,
      onboarding: (await ownerA.get<JinjianState>(JJ_QUERY)).result.application,
    });
    const before = await answers();
    await m1700.down(t.db);
    const clear = await t.db.selectFrom('employee').select(['id', 'idCardNo']).orderBy('id').execute();
    expect(clear.length).toBeGreaterThan(5);
    for (const e of clear) expect(e.idCardNo).toMatch(/^\d{17}[\dX]$/);
    const clearCards = await t.db.selectFrom('bankCard').select('cardNo').execute();
    for (const c of clearCards) expect(c.cardNo).toMatch(/^\d+$/);
    const clearDetail = await t.db.selectFrom('jinjianApplication').select('detail').execute();
    for (const d of clearDetail) expect(JSON.parse(d.detail)).toHaveProperty('body');

    await m1700.up(t.db);
    const sealed = await t.db.selectFrom('employee').select(['id', 'idCardNo', 'idCardHash']).orderBy('id').execute();
    for (const [i, e] of sealed.entries()) {
      expect(e.idCardNo).toMatch(SEALED);
      expect(e.idCardHash).toMatch(/^dev:/);
      expect(openIdCard(e.idCardNo)).toBe(clear[i].idCardNo);
    }
    for (const c of await t.db.selectFrom('bankCard').select(['cardNo', 'cardNoHash']).execute()) {
      expect(c.cardNo).toMatch(SEALED);
      expect(c.cardNoHash).toMatch(/^dev:/);
    }
    for (const d of await t.db.selectFrom('jinjianApplication').select('detail').execute())
      expect(d.detail).toMatch(SEALED);
    expect(await answers()).toEqual(before);
    // The unique index moved to the hash: a migrated ID number is still refused for a second live employee.
    const dup = await ownerA.post(`${Y}/add`, employee({ idCardNo: clear[0].idCardNo }));
    expect(dup).toMatchObject({ code: 2004, message: '该身份证号已登记为本商家的员工' });
    const e0 = await t.db.selectFrom('employee').selectAll().where('id', '=', clear[0].id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = e0;
    await expect(
      t.db
        .insertInto('employee')
        .values({ ...copy, phone: '13666009999' })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('key rotation (npm run keys:rotate)', () => {
  let t: TestApp;
  let ownerA: Api;
  const K2 = newKey();
  beforeAll(async () => {
    useDataKeys(null);
    t = await buildTestApp();
    ownerA = api(t.app, await loginAs(t.app, PHONES.ownerA));
  });
  afterAll(async () => {
    useDataKeys(null);
    await t?.close();
  });

  const maskedPage = async () =>
    (await ownerA.get<Page<Employee>>(`${Y}/weapp/findAllByPage`, { shopId: 'all', pageSize: 100 })).result.records.map(
      (e) => [e.id, e.idCardNo],
    );

  it('a new first key seals new values; old-key values still open (and are still found as duplicates) until rotated', async () => {
    const before = await maskedPage();
    useDataKeys(`k2:${K2},${DEV_DATA_KEYS}`);
    expect(await maskedPage()).toEqual(before);
    const body = employee();
    const added = await ownerA.post<{ id: number }>(`${Y}/add`, body);
    expect(added.code).toBe(200);
    const row = await rawEmployee(t.db, added.result.id);
    expect(row.idCardNo).toMatch(/^enc:v1:k2:/);
    expect(row.idCardHash).toMatch(/^k2:/);
    // A seeded number, sealed and hashed under the old key, is found by the duplicate check.
    const seeded = await t.db
      .selectFrom('employee')
      .select(['idCardNo', 'idCardHash'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(seeded.idCardHash).toMatch(/^dev:/);
    expect(await ownerA.post(`${Y}/add`, employee({ idCardNo: openIdCard(seeded.idCardNo) }))).toMatchObject({
      code: 2004,
    });
  });

  it('rotation re-seals every value batch-wise, is idempotent, and then the old key can go', async () => {
    const ring = parseDataKeys(`k2:${K2},${DEV_DATA_KEYS}`);
    useDataKeys(ring);
    const before = await maskedPage();
    // A row an older instance wrote in clear (no hash): refused on read until the rotation seals it.
    const clearId = demoIdCard('140802', '1990-10-10', 777);
    const e0 = await t.db.selectFrom('employee').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const { id: _id, idCardHash: _h, ...copy } = e0;
    const { id: plainId } = await t.db
      .insertInto('employee')
      .values({ ...copy, name: '旧实例员工', phone: '13666008888', idCardNo: clearId })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await ownerA.get(`${Y}/findById/${plainId}`)).code).toBe(2004);

    const stale = await Promise.all(SECRET_FIELDS.map((f) => staleCount(t.db, f, ring)));
    expectEvery(stale, (n) => n > 0);
    const reports = await rotateAll(t.db, { ring, batch: 3 });
    for (const [i, r] of reports.entries()) {
      expect(r.failed).toEqual([]);
      expect(r.resealed).toBe(stale[i]);
    }
    expect(reports[0].fromPlaintext).toBe(1);
    for (const f of SECRET_FIELDS) expect(await staleCount(t.db, f, ring)).toBe(0);
    for (const e of await t.db.selectFrom('employee').select(['idCardNo', 'idCardHash']).execute()) {
      expect(e.idCardNo).toMatch(/^enc:v1:k2:/);
      expect(e.idCardHash).toMatch(/^k2:/);
    }
    for (const c of await t.db.selectFrom('bankCard').select(['cardNo', 'cardNoHash']).execute()) {
      expect(c.cardNo).toMatch(/^enc:v1:k2:/);
      expect(c.cardNoHash).toMatch(/^k2:/);
    }
    // Idempotent: nothing left to do.
    for (const r of await rotateAll(t.db, { ring })) expect(r).toMatchObject({ scanned: 0, resealed: 0 });

    // The old key removed: every value still opens, answers are unchanged, the clear row is now readable.
    useDataKeys(`k2:${K2}`);
    const after = await maskedPage();
    expect(after.filter(([id]) => id !== plainId)).toEqual(before);
    expect((await ownerA.get<Employee>(`${Y}/findById/${plainId}`)).result.idCardNo).toBe(maskIdCard(clearId));
    expect((await ownerA.get(JJ_QUERY)).code).toBe(200);
    expect((await ownerA.get(CARDS)).code).toBe(200);
  });

  it('a value under a key no longer in DATA_KEYS is refused (2004) and named in the alarm', async () => {
    useDataKeys(DEV_DATA_KEYS);
    listen();
    const r = await ownerA.get(`${Y}/weapp/findAllByPage`);
    expect(r).toMatchObject({ status: 409, code: 2004 });
    expect(alarms[0]).toMatchObject({ purpose: 'employee.idCardNo', keyId: 'k2', reason: 'unknown-key' });
    onSecretFailure(() => {});
  });

  it('rotation leaves a value that does not open as it is and reports its row', async () => {
    const ring = parseDataKeys(`k3:${newKey()},k2:${K2}`);
    const [victim] = await t.db.selectFrom('employee').select(['id', 'idCardNo']).orderBy('id').limit(1).execute();
    const altered = flip(victim.idCardNo);
    await t.db.updateTable('employee').set({ idCardNo: altered }).where('id', '=', victim.id).execute();
    onSecretFailure(() => {});
    const r = await rotateField(t.db, SECRET_FIELDS[0], { ring, batch: 4 });
    expect(r.failed).toEqual([victim.id]);
    expect(r.resealed).toBe(r.scanned - 1);
    expect((await rawEmployee(t.db, victim.id)).idCardNo).toBe(altered);
    expect(await staleCount(t.db, SECRET_FIELDS[0], ring)).toBe(1);
  });
});

describe('the key ring (DATA_KEYS) and its configuration', () => {
  const prod = {
    NODE_ENV: 'production',
    APP_SECRET: 'a-real-production-secret-0123456789abcdef',
    SMS_PROVIDER: 'aliyun',
  };

  it('parses ids and 32-byte keys (first = current) and refuses anything else', () => {
    const a = newKey();
    const ring = parseDataKeys(`k2:${a}, k1:${newKey().replace(/\+/g, '-').replace(/\//g, '_')}`);
    expect(ring.current.id).toBe('k2');
    expect([...ring.byId.keys()]).toEqual(['k2', 'k1']);
    expect(() => parseDataKeys('')).toThrow(/empty/);
    expect(() => parseDataKeys(`k1:${randomBytes(16).toString('base64')}`)).toThrow(/32 bytes/);
    expect(() => parseDataKeys(`k1:${a},k1:${newKey()}`)).toThrow(/twice/);
    expect(() => parseDataKeys(`K_1:${a}`)).toThrow(/key id/);
    expect(() => loadConfig({ DATA_KEYS: 'k1:short' })).toThrow(/DATA_KEYS/);
  });

  it('production refuses the development key, under any id, and accepts a real one', () => {
    expect(() => loadConfig(prod)).toThrow(/DATA_KEYS/);
    expect(() => loadConfig({ ...prod, DATA_KEYS: `k9:${DEV_DATA_KEYS.slice(4)}` })).toThrow(/DATA_KEYS/);
    expect(() => loadConfig({ ...prod, DATA_KEYS: `k2:${newKey()},${DEV_DATA_KEYS}` })).toThrow(/DATA_KEYS/);
    expect(loadConfig({ ...prod, DATA_KEYS: `k1:${newKey()}` }).NODE_ENV).toBe('production');
  });

  it('sealing is randomised; each value names its key and opens only for its own field', () => {
    const ring = parseDataKeys(`k5:${newKey()}`);
    const a = seal('employee.idCardNo', '142301199001011234', ring);
    const b = seal('employee.idCardNo', '142301199001011234', ring);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^enc:v1:k5:/);
    expect(open('employee.idCardNo', a, {}, ring)).toBe('142301199001011234');
    onSecretFailure(() => {});
    expect(() => open('jinjianApplication.detail', a, {}, ring)).toThrow(/数据校验失败/);
  });

  it('the field list of the rotate command covers every sealed column, with the purposes the tests open', () => {
    expect(SECRET_FIELDS.map((f) => [f.table, f.column, f.purpose, f.hash?.column])).toEqual([
      ['employee', 'idCardNo', 'employee.idCardNo', 'idCardHash'],
      ['bankCard', 'cardNo', 'bankCard.cardNo', 'cardNoHash'],
      ['jinjianApplication', 'detail', 'jinjianApplication.detail', undefined],
      ['notifyOutbox', 'phone', 'notifyOutbox.phone', 'phoneHash'],
      // 客户档案 (client-secrets.ts): the phone and the address found by their hash; 门禁/钥匙 only opened.
      ['client', 'phone', 'client.phone', 'phoneHash'],
      ['clientAddress', 'detail', 'clientAddress.detail', 'detailHash'],
      ['clientAddress', 'accessNotes', 'clientAddress.accessNotes', undefined],
    ]);
  });
});
