/**
 * docs/security.md: an employee's ID number (身份证号) is optional — merchants add staff before collecting papers. Without one
 * nothing is sealed and no hash is kept (any number of employees may have none); a number given is still checked,
 * sealed at rest with its keyed hash, unique within the merchant and masked in answers; key rotation leaves the empty
 * ones alone. SQLite and PostgreSQL (TEST_DB=postgres).
 */
import type { Employee } from '@jz/contracts/employee';
import { maskIdCard } from '@jz/contracts/mask';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_DATA_KEYS, parseDataKeys } from '../src/lib/secret-box.ts';
import { rotateField, staleCount } from '../src/lib/secret-rotate.ts';
import { ID_CARD_FIELD } from '../src/modules/merchant/employee/employee.repo.ts';
import { demoIdCard } from '../src/modules/merchant/employee/employee.seed.ts';
import { type Api, buildTestApp, demoUsers, expectEvery, type TestApp } from './helpers/index.ts';
import { openIdCard } from './helpers/secrets.ts';

const Y = 'app/jiazheng/yuangong';
const SEALED = /^enc:v1:[a-z0-9-]+:[\w-]{16}:[\w-]{22}:[\w-]+$/;

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let seq = 0;
const employee = (over: Record<string, string | number> = {}) => {
  seq++;
  return {
    name: `无证员工${seq}`,
    phone: `1377700${String(1000 + seq).slice(-4)}`,
    gender: 2,
    workYears: 1,
    skills: JSON.stringify(['日常保洁']),
    certificates: '[]',
    ...over,
  };
};
const stored = (id: number) =>
  t.db.selectFrom('employee').select(['idCardNo', 'idCardHash']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
});
afterAll(() => t?.close());

describe('an employee without an ID number', () => {
  let first: number;

  it('is added without one (absent or empty), twice: nothing sealed, no hash, the answer says none', async () => {
    const a = await ownerA.post<{ id: number }>(`${Y}/add`, employee());
    expect(a.code, a.message).toBe(200);
    first = a.result.id;
    const b = await ownerA.post<{ id: number }>(`${Y}/add`, employee({ idCardNo: '' }));
    expect(b.code, b.message).toBe(200);
    for (const id of [first, b.result.id]) expect(await stored(id)).toEqual({ idCardNo: '', idCardHash: null });
    const got = await ownerA.get<Employee>(`${Y}/findById/${first}`);
    expect(got.result.idCardNo).toBeNull();
    const page = await ownerA.get<{ records: Employee[] }>(`${Y}/weapp/findAllByPage`, {
      name: '无证员工',
      shopId: 'all',
      pageSize: 50,
    });
    expect(page.result.records.find((e) => e.id === first)?.idCardNo).toBeNull();
  });

  it('an invalid number is still refused, with the Chinese message; nothing is written', async () => {
    const body = employee({ idCardNo: '142301198005120025' });
    const r = await ownerA.post(`${Y}/add`, body);
    expect(r).toMatchObject({ code: 2001, message: '请输入正确的 18 位身份证号' });
    const n = await t.db.selectFrom('employee').select('id').where('phone', '=', body.phone).execute();
    expect(n).toHaveLength(0);
    expect(await ownerA.post(`${Y}/edit`, { id: first, idCardNo: '12345' })).toMatchObject({ code: 2001 });
    expect(await stored(first)).toEqual({ idCardNo: '', idCardHash: null });
  });

  it('a valid number given later is sealed with its keyed hash, masked in answers and unique in the merchant', async () => {
    const no = demoIdCard('140802', '1990-07-01', 731);
    // another merchant cannot give it to A's employee
    expect((await ownerB.post(`${Y}/edit`, { id: first, idCardNo: no })).code).toBe(2002);
    expect(await ownerA.post(`${Y}/edit`, { id: first, idCardNo: no })).toMatchObject({ code: 200 });
    const row = await stored(first);
    expect(row.idCardNo).toMatch(SEALED);
    expect(row.idCardNo).not.toContain(no);
    expect(row.idCardHash).toMatch(/^dev:[\w-]{43}$/);
    expect(openIdCard(row.idCardNo)).toBe(no);
    expect((await ownerA.get<Employee>(`${Y}/findById/${first}`)).result.idCardNo).toBe(maskIdCard(no));
    // an empty number on edit keeps it
    expect(await ownerA.post(`${Y}/edit`, { id: first, idCardNo: '', intro: '已补证件' })).toMatchObject({ code: 200 });
    expect((await stored(first)).idCardNo).toBe(row.idCardNo);
    // a second employee with the same number is refused; one with a valid number of her own is sealed at once
    expect(await ownerA.post(`${Y}/add`, employee({ idCardNo: no }))).toMatchObject({
      code: 2004,
      message: '该身份证号已登记为本商家的员工',
    });
    const other = demoIdCard('140802', '1991-02-03', 733);
    const c = await ownerA.post<{ id: number }>(`${Y}/add`, employee({ idCardNo: other }));
    expect(c.code, c.message).toBe(200);
    expect(openIdCard((await stored(c.result.id)).idCardNo)).toBe(other);
  });

  it('key rotation re-seals the numbers and leaves the employees without one alone', async () => {
    // The rotation is given its ring (the app keeps its own keys): a new current key, the dev key to open with.
    const ring = parseDataKeys(`k2:${Buffer.alloc(32, 7).toString('base64')},${DEV_DATA_KEYS}`);
    const before = await t.db.selectFrom('employee').select('id').where('idCardNo', '=', '').execute();
    expect(before.length).toBeGreaterThanOrEqual(1);
    const r = await rotateField(t.db, ID_CARD_FIELD, { ring });
    expect(r.failed).toEqual([]);
    expect(await staleCount(t.db, ID_CARD_FIELD, ring)).toBe(0);
    const after = await t.db
      .selectFrom('employee')
      .select(['id', 'idCardHash'])
      .where('idCardNo', '=', '')
      .orderBy('id')
      .execute();
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id).sort((a, b) => a - b));
    expectEvery(after, (e) => e.idCardHash === null, 'employees without an ID number');
  });
});
