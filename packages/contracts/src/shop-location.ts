// Where a shop is, checked against what the product knows of places (docs/shops.md "Location").
// Zod-free on purpose: the web's pages that check no form (the platform's audit drawer) use it without zod.
//
// What data exists: the bundled region table (@vant/area-data) has codes and names only, no boundaries and no
// centres, and the product runs offline (no geocoder). So the rule is as precise as the data allows:
//   - province: each province's extent as a rectangle (south, west, north, east; hand-entered from the official
//     extents, rounded outwards) plus a margin of PROVINCE_MARGIN degrees. A point outside that is certainly not
//     in the province: the server refuses it (2001). A point inside may still be in a neighbouring province near the
//     border (北京 lies inside 河北's rectangle): that the rule cannot tell.
//   - city and district: no data, so no check; the service-area polygon is the finer check: a shop outside its own
//     service area is flagged (a warning, saved anyway: an office may sit outside the area it serves).
// The seat of each province (its capital) is where the map goes when only the region is known.

export interface GeoPoint {
  lat: number;
  lng: number;
}

interface ProvinceExtent {
  name: string;
  /** south, west, north, east (degrees, GCJ-02 ≈ WGS-84 at this scale). */
  box: [number, number, number, number];
  /** The capital: where the map centres when only the province is known. */
  seat: GeoPoint;
}

/** Degrees added around each rectangle (about 55 km north-south): the rectangles are rounded, the margin is generous. */
export const PROVINCE_MARGIN = 0.5;

/** Province extents by six-digit province code (the 34 provincial divisions of the region table). */
export const PROVINCE_EXTENTS: Record<string, ProvinceExtent> = {
  '110000': { name: '北京市', box: [39.44, 115.42, 41.06, 117.51], seat: { lat: 39.904, lng: 116.407 } },
  '120000': { name: '天津市', box: [38.55, 116.7, 40.25, 118.06], seat: { lat: 39.085, lng: 117.199 } },
  '130000': { name: '河北省', box: [36.05, 113.45, 42.62, 119.85], seat: { lat: 38.042, lng: 114.515 } },
  '140000': { name: '山西省', box: [34.58, 110.23, 40.74, 114.56], seat: { lat: 37.87, lng: 112.549 } },
  '150000': { name: '内蒙古自治区', box: [37.4, 97.17, 53.34, 126.07], seat: { lat: 40.842, lng: 111.749 } },
  '210000': { name: '辽宁省', box: [38.72, 118.83, 43.49, 125.78], seat: { lat: 41.805, lng: 123.431 } },
  '220000': { name: '吉林省', box: [40.85, 121.63, 46.3, 131.32], seat: { lat: 43.817, lng: 125.324 } },
  '230000': { name: '黑龙江省', box: [43.42, 121.18, 53.56, 135.09], seat: { lat: 45.803, lng: 126.535 } },
  '310000': { name: '上海市', box: [30.67, 120.85, 31.88, 122.12], seat: { lat: 31.23, lng: 121.474 } },
  '320000': { name: '江苏省', box: [30.76, 116.36, 35.13, 121.97], seat: { lat: 32.06, lng: 118.797 } },
  '330000': { name: '浙江省', box: [27.02, 118.02, 31.18, 123.17], seat: { lat: 30.274, lng: 120.155 } },
  '340000': { name: '安徽省', box: [29.39, 114.88, 34.65, 119.65], seat: { lat: 31.821, lng: 117.227 } },
  '350000': { name: '福建省', box: [23.5, 115.85, 28.32, 120.72], seat: { lat: 26.074, lng: 119.296 } },
  '360000': { name: '江西省', box: [24.48, 113.57, 30.08, 118.48], seat: { lat: 28.682, lng: 115.858 } },
  '370000': { name: '山东省', box: [34.38, 114.79, 38.4, 122.71], seat: { lat: 36.651, lng: 117.12 } },
  '410000': { name: '河南省', box: [31.38, 110.35, 36.37, 116.65], seat: { lat: 34.747, lng: 113.625 } },
  '420000': { name: '湖北省', box: [29.03, 108.35, 33.28, 116.13], seat: { lat: 30.593, lng: 114.305 } },
  '430000': { name: '湖南省', box: [24.63, 108.78, 30.13, 114.26], seat: { lat: 28.228, lng: 112.939 } },
  '440000': { name: '广东省', box: [20.22, 109.66, 25.52, 117.32], seat: { lat: 23.129, lng: 113.264 } },
  '450000': { name: '广西壮族自治区', box: [20.9, 104.45, 26.39, 112.07], seat: { lat: 22.817, lng: 108.366 } },
  // With 三沙市 (the South China Sea islands, down to about 4° N).
  '460000': { name: '海南省', box: [3.5, 108.6, 20.17, 117.9], seat: { lat: 20.044, lng: 110.199 } },
  '500000': { name: '重庆市', box: [28.16, 105.28, 32.2, 110.19], seat: { lat: 29.563, lng: 106.551 } },
  '510000': { name: '四川省', box: [26.05, 97.35, 34.32, 108.55], seat: { lat: 30.572, lng: 104.066 } },
  '520000': { name: '贵州省', box: [24.62, 103.6, 29.22, 109.59], seat: { lat: 26.647, lng: 106.63 } },
  '530000': { name: '云南省', box: [21.13, 97.52, 29.25, 106.2], seat: { lat: 24.88, lng: 102.833 } },
  '540000': { name: '西藏自治区', box: [26.85, 78.4, 36.53, 99.12], seat: { lat: 29.645, lng: 91.141 } },
  '610000': { name: '陕西省', box: [31.7, 105.49, 39.59, 111.25], seat: { lat: 34.341, lng: 108.94 } },
  '620000': { name: '甘肃省', box: [32.31, 92.13, 42.79, 108.71], seat: { lat: 36.061, lng: 103.834 } },
  '630000': { name: '青海省', box: [31.6, 89.58, 39.2, 103.07], seat: { lat: 36.617, lng: 101.778 } },
  '640000': { name: '宁夏回族自治区', box: [35.24, 104.28, 39.39, 107.65], seat: { lat: 38.487, lng: 106.231 } },
  '650000': { name: '新疆维吾尔自治区', box: [34.34, 73.5, 49.18, 96.38], seat: { lat: 43.825, lng: 87.617 } },
  // With 金门, 马祖 and 钓鱼岛.
  '710000': { name: '台湾省', box: [21.89, 118.1, 26.4, 123.6], seat: { lat: 25.033, lng: 121.565 } },
  '810000': { name: '香港特别行政区', box: [22.15, 113.83, 22.57, 114.44], seat: { lat: 22.32, lng: 114.169 } },
  '820000': { name: '澳门特别行政区', box: [22.1, 113.52, 22.22, 113.6], seat: { lat: 22.199, lng: 113.544 } },
};

/** The province a region code belongs to (its first two digits). */
export const provinceCodeOf = (code: string) => `${code.slice(0, 2)}0000`;

/** Whether a point lies in the province's extent (with the margin); null when the province is unknown. */
export function insideProvince(provinceCode: string, p: GeoPoint): boolean | null {
  const x = PROVINCE_EXTENTS[provinceCodeOf(provinceCode)];
  if (!x) return null;
  const [s, w, n, e] = x.box;
  const m = PROVINCE_MARGIN;
  return p.lat >= s - m && p.lat <= n + m && p.lng >= w - m && p.lng <= e + m;
}

/** Ray casting: whether the point lies inside the closed ring (points on an edge count as inside or not, either way). */
export function pointInPolygon(p: GeoPoint, ring: GeoPoint[]) {
  if (ring.length < 3) return false;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.lat > p.lat !== b.lat > p.lat && p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng)
      inside = !inside;
  }
  return inside;
}

export type LocationIssueKind = 'partial' | 'province' | 'serviceArea';

/**
 * One thing wrong with a shop's location. `error`: the server refuses to save it (2001); `warning`: saved, and
 * flagged to the merchant and to the platform's audit.
 */
export interface LocationIssue {
  kind: LocationIssueKind;
  level: 'error' | 'warning';
  message: string;
}

export interface ShopLocation {
  provinceCode?: string | null;
  lat?: number | null;
  lng?: number | null;
  serviceArea?: GeoPoint[] | null;
}

const fmt = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** What is wrong with a shop's location, by the rule at the top of this file (empty: nothing to flag). */
export function locationIssues(v: ShopLocation): LocationIssue[] {
  const hasLat = v.lat !== null && v.lat !== undefined;
  const hasLng = v.lng !== null && v.lng !== undefined;
  if (hasLat !== hasLng)
    return [{ kind: 'partial', level: 'error', message: '纬度和经度须同时填写（或在地图上点选店铺位置）' }];
  if (!hasLat || !hasLng) return [];
  const p = { lat: v.lat as number, lng: v.lng as number };
  const out: LocationIssue[] = [];
  if (v.provinceCode && insideProvince(v.provinceCode, p) === false) {
    const name = PROVINCE_EXTENTS[provinceCodeOf(v.provinceCode)].name;
    out.push({
      kind: 'province',
      level: 'error',
      message: `店铺位置（纬度 ${fmt(p.lat)}，经度 ${fmt(p.lng)}）不在所选地区「${name}」范围内，请在地图上重新选择位置或更正所在地区`,
    });
  }
  if (v.serviceArea && v.serviceArea.length >= 3 && !pointInPolygon(p, v.serviceArea))
    out.push({
      kind: 'serviceArea',
      level: 'warning',
      message: '店铺位置不在本店的服务区域内，请确认位置或服务区域是否正确',
    });
  return out;
}

/**
 * Where the map goes for a region when no point is chosen yet: the province's seat, at a zoom that shows the
 * province. The region table holds no position finer than that (see the top of this file).
 */
export function regionAnchor(codes: (string | null | undefined)[]): { center: GeoPoint; zoom: number } | null {
  const first = codes.find((c): c is string => !!c);
  if (!first) return null;
  const x = PROVINCE_EXTENTS[provinceCodeOf(first)];
  if (!x) return null;
  const [s, w, n, e] = x.box;
  const span = Math.max(n - s, e - w);
  // At zoom z a degree is 256·2^z/360 px: fit the province's larger side in about 600 px (山西: 7, 北京: 8).
  const zoom = Math.max(4, Math.min(10, Math.floor(Math.log2((600 * 360) / (256 * span)))));
  return { center: x.seat, zoom };
}
