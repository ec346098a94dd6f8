import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AppModule } from './types.ts';

const root = path.dirname(fileURLToPath(import.meta.url));

function findModuleFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...findModuleFiles(p));
    else if (e.name.endsWith('.module.ts')) out.push(p);
  }
  return out;
}

let cached: Promise<AppModule[]> | undefined;

/** Every `*.module.ts` below src/modules, sorted by order then name. */
export function discoverModules(): Promise<AppModule[]> {
  cached ??= (async () => {
    const files = findModuleFiles(root).sort();
    const mods = await Promise.all(files.map(async (f) => (await import(pathToFileURL(f).href)).default as AppModule));
    return mods.sort((a, b) => (a.order ?? 50) - (b.order ?? 50) || a.name.localeCompare(b.name));
  })();
  return cached;
}
