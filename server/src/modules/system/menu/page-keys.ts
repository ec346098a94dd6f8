import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectPageKeys, type PageKeyFile } from '@jz/contracts/page-keys';
import { invalid } from '../../../lib/errors.ts';

/** The menu catalogue folder: generated modules' menu files also export the page keys they add. */
const folder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../packages/contracts/src/menus',
);

let cached: Promise<Set<string>> | undefined;

/** The page keys a menu may name (read once per process: a generated module needs a restart anyway). */
export function loadPageKeys() {
  cached ??= (async () => {
    const files = readdirSync(folder).filter((f) => f.endsWith('.ts'));
    const mods = await Promise.all(
      files.map(async (f) => (await import(pathToFileURL(path.join(folder, f)).href)) as PageKeyFile),
    );
    return collectPageKeys(mods);
  })();
  return cached;
}

/** 2001 unless `key` is a page of the web route registry that a menu can open. */
export async function assertPageKey(key: string) {
  if (!(await loadPageKeys()).has(key)) throw invalid(`页面组件「${key}」不存在，请从页面注册表中选择`);
}
