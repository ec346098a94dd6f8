import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { flattenMenuSeeds, type MenuSeed } from '@jz/contracts/menu';

/** packages/contracts/src/menus/*.ts: one file per area, each exporting `menus`. The folder is the catalogue. */
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/contracts/src/menus');

type Row = Omit<MenuSeed, 'children'>;

/** Orders rows so every parent comes before its children, whichever file defines it; fails on unknown parents. */
export function parentsFirst(rows: Row[]): Row[] {
  const keys = new Set(rows.map((r) => r.key));
  const missing = rows.filter((r) => r.parentKey && !keys.has(r.parentKey));
  if (missing.length)
    throw new Error(`menu parents not found: ${missing.map((r) => `${r.key} -> ${r.parentKey}`).join(', ')}`);
  const out: Row[] = [];
  const placed = new Set<string>();
  let pending = rows;
  while (pending.length) {
    const ready = pending.filter((r) => !r.parentKey || placed.has(r.parentKey));
    if (!ready.length) throw new Error(`menu parent cycle: ${pending.map((r) => r.key).join(', ')}`);
    for (const r of ready) {
      out.push(r);
      placed.add(r.key);
    }
    pending = pending.filter((r) => !placed.has(r.key));
  }
  return out;
}

let cached: Promise<Row[]> | undefined;

export function loadMenuCatalogue() {
  cached ??= (async () => {
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.ts'))
      .sort();
    const trees = await Promise.all(
      files.map(async (f) => ((await import(pathToFileURL(path.join(folder, f)).href)).menus ?? []) as MenuSeed[]),
    );
    const rows = flattenMenuSeeds(trees.flat());
    const dup = rows.filter((r, i) => rows.findIndex((q) => q.key === r.key) !== i);
    if (dup.length) throw new Error(`duplicate menu keys: ${dup.map((r) => r.key).join(', ')}`);
    return parentsFirst(rows);
  })();
  return cached;
}
