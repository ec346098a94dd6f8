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
 * Province > city > district. A city with no districts gets one child repeating its own code and name (spec §3),
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
