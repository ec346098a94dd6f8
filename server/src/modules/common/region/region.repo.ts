import type { RegionNode } from '@jz/contracts/region';
import { areaList } from '@vant/area-data';
import type { DB } from '../../../db/client.ts';
import './region.tables.ts';

/** Rows of the bundled region data (six-digit codes): provinces, cities, districts with their parent codes. */
export function regionRows() {
  const rows: { code: string; name: string; parentCode: string | null; level: number }[] = [];
  for (const [code, name] of Object.entries(areaList.province_list))
    rows.push({ code, name, parentCode: null, level: 1 });
  for (const [code, name] of Object.entries(areaList.city_list))
    rows.push({ code, name, parentCode: `${code.slice(0, 2)}0000`, level: 2 });
  for (const [code, name] of Object.entries(areaList.county_list))
    rows.push({ code, name, parentCode: `${code.slice(0, 4)}00`, level: 3 });
  return rows;
}

/** Fills an empty region table (idempotent: runs at every start, inserts only when the table is empty). */
export async function seedRegions(db: DB) {
  if (await db.selectFrom('region').select('id').limit(1).executeTakeFirst()) return 0;
  const rows = regionRows();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('region')
        .values(rows.slice(i, i + 200))
        .execute();
  });
  return rows.length;
}

/**
 * Province > city > district. A city with no districts gets one child repeating its own code and name (docs/spec-notes.md#records),
 * so a three-level cascader can always finish.
 */
export async function buildRegionTree(db: DB): Promise<RegionNode[]> {
  const rows = await db.selectFrom('region').select(['code', 'name', 'parentCode', 'level']).orderBy('code').execute();
  const byParent = new Map<string, { code: string; name: string }[]>();
  for (const r of rows) {
    if (!r.parentCode) continue;
    const list = byParent.get(r.parentCode) ?? [];
    list.push({ code: r.code, name: r.name });
    byParent.set(r.parentCode, list);
  }
  return rows
    .filter((r) => r.level === 1)
    .map((p) => ({
      code: p.code,
      name: p.name,
      children: (byParent.get(p.code) ?? []).map((c) => {
        const districts = byParent.get(c.code);
        return {
          code: c.code,
          name: c.name,
          children: districts?.length ? districts : [{ code: c.code, name: c.name }],
        };
      }),
    }));
}

/** Region names by code, for modules that display an address. */
export async function regionNames(db: DB, codes: string[]) {
  const list = codes.filter((c) => /^\d{6}$/.test(c));
  if (!list.length) return new Map<string, string>();
  const rows = await db.selectFrom('region').select(['code', 'name']).where('code', 'in', list).execute();
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** "山西省 / 运城市 / 盐湖区" from codes and their names (a code repeated by a city without districts shows once). */
export function regionLabel(names: Map<string, string>, codes: (string | null | undefined)[]): string | null {
  const seen = [...new Set(codes.filter((c): c is string => !!c))];
  const parts = seen.map((c) => names.get(c)).filter((n): n is string => !!n);
  return parts.length ? parts.join(' / ') : null;
}

/**
 * Why a province / city / district triple is not a path of the region tree, in Chinese; null when it is one (or when
 * no code is given). A city without districts repeats its own code as the district (buildRegionTree).
 */
export async function regionPathProblem(
  db: DB,
  v: { provinceCode?: string | null; cityCode?: string | null; districtCode?: string | null },
): Promise<string | null> {
  const path = [v.provinceCode ?? null, v.cityCode ?? null, v.districtCode ?? null];
  if (path.every((c) => !c)) return null;
  if (!path[0] || (path[2] && !path[1])) return '所在地区不完整，请依次选择省、市、区';
  const codes = path.filter((c): c is string => !!c);
  const rows = await db
    .selectFrom('region')
    .select(['code', 'parentCode', 'level'])
    .where('code', 'in', codes)
    .execute();
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const [p, c, d] = path;
  const pr = byCode.get(p);
  if (pr?.level !== 1) return '所选省份不存在，请重新选择所在地区';
  if (c) {
    const cr = byCode.get(c);
    if (cr?.level !== 2 || cr.parentCode !== p) return '所选城市不属于所选省份，请重新选择所在地区';
  }
  if (d && d !== c) {
    const dr = byCode.get(d);
    if (dr?.level !== 3 || dr.parentCode !== c) return '所选区县不属于所选城市，请重新选择所在地区';
  } else if (d) {
    const child = await db.selectFrom('region').select('code').where('parentCode', '=', c).limit(1).executeTakeFirst();
    if (child) return '请选择所在的区县';
  }
  return null;
}
