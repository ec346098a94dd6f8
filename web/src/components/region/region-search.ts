import type { RegionNode } from '@jz/contracts/region';

/** A region found by the address search: its code path, its names, and what is left of the typed text. */
export interface RegionHit {
  codes: string[];
  names: string[];
  /** "山西省 / 运城市 / 盐湖区". */
  label: string;
  /** The typed text without the region names found in it ("学苑路 12 号"): the street address. */
  rest: string;
  score: number;
}

// Name endings that people leave out when typing ("运城" for 运城市, "盐湖" for 盐湖区), longest first.
const SUFFIXES = [
  '维吾尔自治区',
  '壮族自治区',
  '回族自治区',
  '特别行政区',
  '自治区',
  '自治州',
  '自治县',
  '地区',
  '省',
  '市',
  '区',
  '县',
  '盟',
  '旗',
];
const shortName = (n: string) => {
  const s = SUFFIXES.find((x) => n.endsWith(x) && n.length - x.length >= 2);
  return s ? n.slice(0, -s.length) : n;
};

interface Entry {
  codes: string[];
  names: string[];
}

const cache = new WeakMap<RegionNode[], Entry[]>();
function entriesOf(tree: RegionNode[]): Entry[] {
  let out = cache.get(tree);
  if (out) return out;
  out = [];
  for (const p of tree) {
    out.push({ codes: [p.code], names: [p.name] });
    for (const c of p.children ?? []) {
      out.push({ codes: [p.code, c.code], names: [p.name, c.name] });
      for (const d of c.children ?? [])
        if (d.code !== c.code) out.push({ codes: [p.code, c.code, d.code], names: [p.name, c.name, d.name] });
    }
  }
  cache.set(tree, out);
  return out;
}

/**
 * The address search of the shop form. There is no geocoder offline (docs/shops.md "Location"), so it
 * finds regions, not streets: every province / city / district whose name (or its name without 省/市/区/县…) occurs in
 * the typed text, or starts with it. A path scores by the names it matched (parents typed too rank it higher), so
 * "运城 盐湖区学苑路 12 号" answers 山西省 / 运城市 / 盐湖区 with "学苑路 12 号" left over for the street address.
 */
export function searchRegions(tree: RegionNode[] | undefined, text: string, limit = 8): RegionHit[] {
  const q = text.replace(/\s+/g, '');
  if (!tree || q.length < 2) return [];
  const hits: RegionHit[] = [];
  for (const e of entriesOf(tree)) {
    let score = 0;
    const found: string[] = [];
    let lastMatched = false;
    e.names.forEach((n, i) => {
      const last = i === e.names.length - 1;
      const s = shortName(n);
      let m = 0;
      if (q.includes(n)) {
        m = n.length * 2;
        found.push(n);
      } else if (s !== n && q.includes(s)) {
        m = s.length * 2;
        found.push(s);
      } else if (last && (n.startsWith(q) || s.startsWith(q))) m = q.length;
      score += m;
      if (last) lastMatched = m > 0;
    });
    if (!lastMatched) continue;
    let rest = text;
    for (const f of found) rest = rest.replace(f, ' ');
    hits.push({
      codes: e.codes,
      names: e.names,
      label: e.names.join(' / '),
      rest: rest.replace(/\s+/g, ' ').replace(/^[\s,，、/]+|[\s,，、/]+$/g, ''),
      score,
    });
  }
  return hits.sort((a, b) => b.score - a.score || b.codes.length - a.codes.length).slice(0, limit);
}
