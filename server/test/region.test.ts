import type { RegionNode } from '@jz/contracts/region';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';

const URL = 'app/huishou/area/findShengShiQu';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('region tree', () => {
  it('answers province > city > district with six-digit codes, seeded from @vant/area-data', async () => {
    const r = await api(t.app, await loginAs(t.app, PHONES.ownerA)).get<RegionNode[]>(URL);
    expect(r).toMatchObject({ status: 200, code: 200 });
    const tree = r.result;
    expect(tree).toHaveLength(34);
    const shanxi = tree.find((p) => p.code === '140000')!;
    expect(shanxi.name).toBe('山西省');
    const yuncheng = shanxi.children!.find((c) => c.code === '140800')!;
    expect(yuncheng.name).toBe('运城市');
    expect(yuncheng.children!.map((d) => d.name)).toContain('盐湖区');
    const codes: string[] = [];
    const walk = (n: RegionNode[], depth: number) => {
      for (const x of n) {
        codes.push(x.code);
        expect(x.code).toMatch(/^\d{6}$/);
        if (depth < 3) expect(x.children?.length, `${x.code} ${x.name}`).toBeGreaterThan(0);
        else expect(x.children).toBeUndefined();
        if (x.children) walk(x.children, depth + 1);
      }
    };
    walk(tree, 1);
    expect(codes.length).toBeGreaterThan(3800);
    expect(
      await t.db
        .selectFrom('region')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: codes.length });
  });

  it('is cached after the first build and revalidates with an ETag', async () => {
    const token = await loginAs(t.app, PHONES.admin);
    const first = await api(t.app, token).get(URL);
    // A change to the table after the first build is not seen: the tree is static data kept in memory.
    await t.db.updateTable('region').set({ name: '改名市' }).where('code', '=', '140800').execute();
    const second = await api(t.app, token).get<RegionNode[]>(URL);
    expect(second.raw).toBe(first.raw);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const res = await t.app.inject({
      method: 'GET',
      url: `/tmpl/api/${URL}`,
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag },
    });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('refuses anonymous callers with 401', async () => {
    expect(await api(t.app).get(URL)).toMatchObject({ status: 401, code: 401 });
  });
});

describe('cities with no districts', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await buildTestApp();
    // Dongguan has no county level in reality; make it so in this copy before the tree is first built.
    await t2.db.deleteFrom('region').where('parentCode', '=', '441900').execute();
  });
  afterAll(() => t2?.close());

  it('repeat the city code as the only child', async () => {
    const r = await api(t2.app, await loginAs(t2.app, PHONES.ownerB)).get<RegionNode[]>(URL);
    const dg = r.result.find((p) => p.code === '440000')!.children!.find((c) => c.code === '441900')!;
    expect(dg).toEqual({ code: '441900', name: '东莞市', children: [{ code: '441900', name: '东莞市' }] });
  });
});
