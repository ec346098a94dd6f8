import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { flattenMenuSeeds, type MenuSeed } from '@jz/contracts/menu';

/** packages/contracts/src/menus/*.ts: one file per area, each exporting `menus`. The folder is the catalogue. */
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/contracts/src/menus');

let cached: Promise<Omit<MenuSeed, 'children'>[]> | undefined;

export function loadMenuCatalogue() {
  cached ??= (async () => {
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.ts'))
      .sort();
    const trees = await Promise.all(
      files.map(async (f) => ((await import(pathToFileURL(path.join(folder, f)).href)).menus ?? []) as MenuSeed[]),
    );
    return flattenMenuSeeds(trees.flat());
  })();
  return cached;
}
