import type { RegionCentre } from '@jz/contracts/region';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centresUnder, inCityOutline } from '../src/modules/common/region/region.geo.ts';
import { regionRows } from '../src/modules/common/region/region.repo.ts';
import { type Api, api, buildTestApp, demoUsers, type TestApp } from './helpers/index.ts';

// District centres and the city-level location rule (docs/shops.md "Location").

const C = 'app/huishou/area/centres';
const S = 'app/jiazheng/shangjia/info';
const YANHU = { provinceCode: '140000', cityCode: '140800', districtCode: '140802' };
const YANHU_CENTRE = { lat: 35.015101, lng: 110.998272 };
const TAIYUAN = { lat: 37.870451, lng: 112.550864 }; // 太原 迎泽区: in 山西, not in 运城

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let aMain: number;
const row = (id: number) => t.db.selectFrom('shop').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  aMain = (
    await t.db.selectFrom('shop').select('id').where('name', '=', '运城洁家家政（总店）').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

describe('region centres (GET area/centres/:code)', () => {
  it('answers a city’s own centre first, then each of its districts; 盐湖区 is in 运城, not at the province seat', async () => {
    const r = await ownerA.get<RegionCentre[]>(`${C}/140800`);
    expect(r).toMatchObject({ status: 200, code: 200 });
    expect(r.headers['cache-control']).toContain('max-age=86400');
    const [own, ...districts] = r.result;
    expect(own).toMatchObject({ code: '140800', exact: true });
    const yanhu = districts.find((d) => d.code === '140802');
    expect(yanhu).toEqual({ code: '140802', ...YANHU_CENTRE, exact: true });
    // Every district of 运城 in the region table has a centre, each within the city (~1° of its centre).
    const table = regionRows().filter((x) => x.parentCode === '140800');
    expect(districts.map((d) => d.code).sort()).toEqual(table.map((x) => x.code).sort());
    for (const d of districts) expect(Math.abs(d.lat - own.lat) + Math.abs(d.lng - own.lng), d.code).toBeLessThan(1.5);
  });

  it('answers a province’s cities, a district’s own centre, nothing for an unknown code', async () => {
    const shanxi = await ownerB.get<RegionCentre[]>(`${C}/140000`);
    expect(shanxi.result.map((c) => c.code)).toContain('140800');
    expect(shanxi.result).toHaveLength(11);
    expect((await ownerA.get<RegionCentre[]>(`${C}/140802`)).result).toEqual([
      { code: '140802', ...YANHU_CENTRE, exact: true },
    ]);
    expect((await ownerA.get<RegionCentre[]>(`${C}/990100`)).result).toEqual([]);
  });

  it('refuses a malformed code with the envelope (2001) and callers who are not signed in', async () => {
    const bad = await ownerA.get(`${C}/14080x`);
    expect(bad).toMatchObject({ status: 400, code: 2001 });
    expect(bad.message).toContain('6 位数字');
    const anon = await api(t.app).get(`${C}/140800`);
    expect(anon.status).toBe(401);
  });

  it('knows a centre for every mainland district of the region table (its own for ≥ 90 %)', async () => {
    const districts = regionRows().filter((x) => x.level === 3 && !/^(71|81|82)/.test(x.code));
    let own = 0;
    for (const city of new Set(districts.map((d) => d.parentCode as string))) {
      const list = await centresUnder(city);
      for (const d of districts.filter((x) => x.parentCode === city)) {
        const c = list.find((x) => x.code === d.code);
        expect(c, `${d.code} ${d.name}`).toBeDefined();
        if (c?.exact) own++;
      }
    }
    expect(own / districts.length).toBeGreaterThan(0.9);
  });
});

describe('the city-level rule on save', () => {
  it('keeps every seeded shop inside its city', async () => {
    const shops = await t.db.selectFrom('shop').select(['name', 'cityCode', 'districtCode', 'lat', 'lng']).execute();
    for (const s of shops) {
      if (!s.cityCode || s.lat == null || s.lng == null) continue;
      const r = await inCityOutline(s.cityCode, s.districtCode, { lat: Number(s.lat), lng: Number(s.lng) });
      expect(r?.inside ?? true, s.name).toBe(true);
    }
  });

  it('refuses a 太原 pin for a 运城 shop (2001, in Chinese) and changes nothing; a 盐湖区 pin is saved', async () => {
    const before = await row(aMain);
    const r = await ownerA.post(`${S}/edit`, { id: aMain, ...YANHU, ...TAIYUAN });
    expect(r).toMatchObject({ status: 400, code: 2001 });
    expect(r.message).toContain('不在所选地区「山西省 / 运城市 / 盐湖区」范围内');
    expect(r.message).toMatch(/距该市边界约 \d+ 公里/);
    expect(await row(aMain)).toEqual(before);
    // A new shop there: refused the same way and not created.
    const n = (await t.db.selectFrom('shop').select('id').execute()).length;
    const add = await ownerA.post(`${S}/add`, { name: '运城洁家家政（太原分店）', ...YANHU, ...TAIYUAN });
    expect(add.code).toBe(2001);
    expect((await t.db.selectFrom('shop').select('id').execute()).length).toBe(n);

    const ok = await ownerA.post(`${S}/edit`, { id: aMain, ...YANHU, ...YANHU_CENTRE });
    expect(ok.code, ok.message).toBe(200);
    const saved = await row(aMain);
    expect([Number(saved.lat), Number(saved.lng)]).toEqual([YANHU_CENTRE.lat, YANHU_CENTRE.lng]);
    await ownerA.post(`${S}/edit`, { id: aMain, lat: before.lat, lng: before.lng });
  });

  it('checks a new region against the stored point, allows the border’s tolerance, and spares other merchants nothing', async () => {
    // Saying the shop is in 太原 while its point stays in 运城: refused.
    const moved = await ownerA.post(`${S}/edit`, {
      id: aMain,
      provinceCode: '140000',
      cityCode: '140100',
      districtCode: '140106',
    });
    expect(moved.code).toBe(2001);
    expect(moved.message).toContain('太原市');
    // Walking south from 运城's centre: out of the outline but within 3 km is still in; further is out.
    let near: { inside: boolean; km: number } | null = null;
    let beyond: { inside: boolean; km: number } | null = null;
    for (let lat = 35.02; lat > 34; lat -= 0.002) {
      const r = await inCityOutline('140800', '140802', { lat, lng: 111.0 });
      if (r && r.km > 0.5 && r.km <= 2.5) near ??= r;
      if (r && r.km > 4) {
        beyond = r;
        break;
      }
    }
    expect(near).toMatchObject({ inside: true });
    expect(beyond).toMatchObject({ inside: false });
    const far = await inCityOutline('140800', '140802', TAIYUAN);
    expect(far).toMatchObject({ inside: false });
    expect(far!.km).toBeGreaterThan(100);
    // Another merchant's shop: 2002 before any location rule.
    expect((await ownerB.post(`${S}/edit`, { id: aMain, ...YANHU, ...TAIYUAN })).code).toBe(2002);
  });
});
