/**
 * OWASP API5 (broken function level authorisation), generated from the route table: every route guarded by a
 * platform permission (`sys:*`, `platform:*`) is refused with 301 to a merchant owner and to a merchant sub-account,
 * whatever the method, before the body is even read (so an empty body is enough), and the refusal writes nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, PHONES, type TestApp } from '../helpers/index.ts';
import { catalogueWithFields, type RouteInfo, send } from './routes.ts';

/** Total rows of the tables a platform call could write (a global count: nothing may move). */
async function rowCounts(t: TestApp) {
  const tables = ['user', 'role', 'role_menu', 'menu', 'dict_type', 'dict_data', 'config', 'notice', 'banner', 'qa'];
  const out: Record<string, number> = {};
  for (const tb of [...tables, 'agreement', 'shop', 'finance_withdrawal', 'licence', 'fuwu', 'message'])
    out[tb] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(tb)}`.execute(t.db)).rows[0].n);
  return out;
}

describe('API5 function level: platform routes refused to merchant users', () => {
  let t: TestApp;
  let platform: RouteInfo[];

  beforeAll(async () => {
    // No background job: the late check and the notices write rows while the test compares snapshots.
    t = await buildTestApp({ jobs: false });
    platform = (await catalogueWithFields(t.app)).filter((r) => /^(sys|platform):/.test(r.config.perm ?? ''));
  });
  afterAll(() => t?.close());

  it('the catalogue holds the platform routes (generated, not hand-listed)', () => {
    expect(platform.length).toBeGreaterThanOrEqual(60);
  });

  for (const who of ['ownerA', 'subA'] as const) {
    it(`${who}: every sys:/platform: route answers 301 and writes nothing`, async () => {
      const token = await loginAs(t.app, PHONES[who]);
      const before = await rowCounts(t);
      const wrong: string[] = [];
      for (const r of platform) {
        const path = Object.fromEntries(r.pathParams.map((p) => [p, p.endsWith('s') ? '1,2' : '1']));
        const res = await send(t.app, token, r, { path, params: { id: 1, ids: '1,2', status: 1, name: 'x' } });
        if (res.code !== 301 || res.status !== 403) wrong.push(`${r.method} ${r.url} -> ${res.code}/${res.status}`);
      }
      expect(wrong).toEqual([]);
      expect(await rowCounts(t)).toEqual(before);
    });
  }

  it('the platform admin passes the same guard (the refusals above are about the caller, not a broken route)', async () => {
    const token = await loginAs(t.app, PHONES.admin);
    const gets = platform.filter((r) => r.method === 'GET' && r.pathParams.length === 0);
    const refused: string[] = [];
    for (const r of gets) {
      const res = await send(t.app, token, r, { params: {} });
      if (res.code === 301 || res.code === 401) refused.push(`${r.url} -> ${res.code}`);
    }
    expect(refused).toEqual([]);
    expect(gets.length).toBeGreaterThan(20);
  });
});
