import type { ShopInfo } from '@jz/contracts/shop';
import {
  insideProvince,
  locationIssues,
  PROVINCE_EXTENTS,
  pointInPolygon,
  regionAnchor,
} from '@jz/contracts/shop-location';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionRows } from '../src/modules/common/region/region.repo.ts';
import { type Api, buildTestApp, demoUsers, type TestApp } from './helpers/index.ts';

// A shop's location is checked against its stated region (docs/shops.md "Location").

const S = 'app/jiazheng/shangjia/info';
const YUNCHENG = { provinceCode: '140000', cityCode: '140800', districtCode: '140802' };
const square = (lat: number, lng: number, d = 0.02) =>
  JSON.stringify([
    { lat: lat + d, lng: lng - d },
    { lat: lat + d, lng: lng + d },
    { lat: lat - d, lng: lng + d },
    { lat: lat - d, lng: lng - d },
  ]);

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

describe('the rule (packages/contracts/src/shop-location.ts)', () => {
  it('knows every province of the region table, each seat inside its own extent', () => {
    const provinces = regionRows().filter((r) => r.level === 1);
    expect(provinces).toHaveLength(34);
    for (const p of provinces) {
      const x = PROVINCE_EXTENTS[p.code];
      expect(x?.name, p.code).toBe(p.name);
      expect(insideProvince(p.code, x.seat), p.name).toBe(true);
    }
  });

  it('places well-known cities in their province and not in a distant one', () => {
    const cities: [string, number, number][] = [
      ['140000', 35.026, 111.007], // 运城
      ['140000', 37.87, 112.55], // 太原
      ['110000', 39.9, 116.4], // 北京
      ['440000', 22.54, 114.06], // 深圳
      ['650000', 39.47, 75.99], // 喀什
      ['460000', 16.83, 112.34], // 三沙 永兴岛
    ];
    for (const [code, lat, lng] of cities) expect(insideProvince(code, { lat, lng }), `${code} ${lat}`).toBe(true);
    expect(insideProvince('140000', { lat: 39.9, lng: 116.4 })).toBe(false); // 北京 is not in 山西
    expect(insideProvince('440000', { lat: 35.03, lng: 111.0 })).toBe(false);
    expect(insideProvince('999900', { lat: 35, lng: 111 })).toBeNull();
  });

  it('flags a half-given point, a point outside the province (error) and outside the service area (warning)', () => {
    expect(locationIssues({ lat: 35, lng: null })).toMatchObject([{ kind: 'partial', level: 'error' }]);
    expect(locationIssues({ provinceCode: '140000', lat: 35.03, lng: 111.0 })).toEqual([]);
    expect(locationIssues({ provinceCode: '140000', lat: 23.13, lng: 113.26 })).toMatchObject([
      { kind: 'province', level: 'error', message: expect.stringContaining('不在所选地区「山西省」范围内') },
    ]);
    const area = JSON.parse(square(35.03, 111.0));
    expect(pointInPolygon({ lat: 35.03, lng: 111.0 }, area)).toBe(true);
    expect(locationIssues({ provinceCode: '140000', lat: 35.2, lng: 111.0, serviceArea: area })).toMatchObject([
      { kind: 'serviceArea', level: 'warning' },
    ]);
  });

  it('anchors the map on the province seat at a zoom that shows it', () => {
    expect(regionAnchor(['140000', '140800', '140802'])).toEqual({ center: { lat: 37.87, lng: 112.549 }, zoom: 7 });
    expect(regionAnchor([null, undefined])).toBeNull();
  });
});

describe('the server holds it (add and edit)', () => {
  it('refuses a point outside the stated province with 2001 in Chinese and changes nothing', async () => {
    const before = await row(aMain);
    const r = await ownerA.post(`${S}/edit`, { id: aMain, ...YUNCHENG, lat: 23.13, lng: 113.26 });
    expect(r).toMatchObject({ status: 400, code: 2001 });
    expect(r.message).toContain('不在所选地区「山西省」范围内');
    expect(await row(aMain)).toEqual(before);
    // Moving the region alone (the stored point stays in 山西) is checked against the stored point too.
    const moved = await ownerA.post(`${S}/edit`, {
      id: aMain,
      provinceCode: '440000',
      cityCode: '440300',
      districtCode: '440304',
    });
    expect(moved.code).toBe(2001);
    expect(moved.message).toContain('广东省');
    // A new shop: refused the same way, and not created.
    const count = async () => (await t.db.selectFrom('shop').select('id').execute()).length;
    const n = await count();
    const add = await ownerA.post(`${S}/add`, { name: '运城洁家家政（远方分店）', ...YUNCHENG, lat: 45.8, lng: 126.5 });
    expect(add.code).toBe(2001);
    expect(await count()).toBe(n);
  });

  it('refuses half a point and region codes that are not a path of the tree', async () => {
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ lat: 35.03, lng: '' }, /纬度和经度须同时填写/],
      [{ provinceCode: '140000', cityCode: '440300', districtCode: '440304' }, /不属于所选省份/],
      [{ provinceCode: '140000', cityCode: '140800', districtCode: '140105' }, /不属于所选城市/],
      [{ provinceCode: '', cityCode: '140800', districtCode: '' }, /所在地区不完整/],
      [{ provinceCode: '990000', cityCode: '', districtCode: '' }, /所选省份不存在/],
      [{ ...YUNCHENG, districtCode: '140800' }, /请选择所在的区县/],
    ];
    for (const [body, msg] of cases) {
      const r = await ownerA.post(`${S}/edit`, { id: aMain, ...body });
      expect(r.code, JSON.stringify(body)).toBe(2001);
      expect(r.message).toMatch(msg);
    }
    // A whole path elsewhere, with a point there: accepted (the service area far away only warns).
    const dongguan = await ownerA.post(`${S}/edit`, {
      id: aMain,
      provinceCode: '440000',
      cityCode: '441900',
      districtCode: '441903',
      lat: 23.02,
      lng: 113.75,
    });
    expect(dongguan.code, dongguan.message).toBe(200);
    expect(dongguan.message).toContain('不在本店的服务区域内');
    await ownerA.post(`${S}/edit`, { id: aMain, ...YUNCHENG, lat: 35.031641, lng: 111.004468 });
  });

  it('saves a point outside the shop’s own service area, with a warning in the answer and on the shop', async () => {
    const r = await ownerA.post(`${S}/edit`, {
      id: aMain,
      ...YUNCHENG,
      lat: 35.2,
      lng: 111.004468,
      serviceArea: square(35.031641, 111.004468),
    });
    expect(r.code).toBe(200);
    expect(r.message).toBe('已保存。提示：店铺位置不在本店的服务区域内，请确认位置或服务区域是否正确');
    const info = await ownerA.get<ShopInfo>(`${S}/findInfo`);
    expect(info.result.locationIssues).toMatchObject([{ kind: 'serviceArea', level: 'warning' }]);
    expect(info.result.regionName).toBe('山西省 / 运城市 / 盐湖区');
    // Back inside: no warning, the usual answer.
    const back = await ownerA.post(`${S}/edit`, { id: aMain, lat: 35.031641, lng: 111.004468 });
    expect(back).toMatchObject({ code: 200, message: '操作成功' });
    expect((await ownerA.get<ShopInfo>(`${S}/findInfo`)).result.locationIssues).toEqual([]);
  });

  it('an edit that leaves the location alone is not checked against it', async () => {
    // A row saved before the rule, out of its province: other fields can still be edited.
    await t.db.updateTable('shop').set({ lat: 23.13, lng: 113.26 }).where('id', '=', aMain).execute();
    expect((await ownerA.post(`${S}/edit`, { id: aMain, contactName: '王洁' })).code).toBe(200);
    expect((await ownerA.get<ShopInfo>(`${S}/findInfo`)).result.locationIssues).toMatchObject([
      { kind: 'province', level: 'error' },
      { kind: 'serviceArea', level: 'warning' },
    ]);
    await t.db.updateTable('shop').set({ lat: 35.031641, lng: 111.004468 }).where('id', '=', aMain).execute();
  });

  it('another merchant’s shop stays 2002 whatever the location', async () => {
    const r = await ownerB.post(`${S}/edit`, { id: aMain, ...YUNCHENG, lat: 35.03, lng: 111.0 });
    expect(r.code).toBe(2002);
  });
});
