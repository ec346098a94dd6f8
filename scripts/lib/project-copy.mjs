import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is scripts/lib/project-copy.mjs). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results']);

/**
 * A copy of the project's sources (packages, scripts, server, web and the root configs; no node_modules/dist/data) in a new
 * temporary folder, whose node_modules links the real ones except @jz, which points at the copy's own workspaces.
 * The code generator's tests write into such a copy, never into the checkout (server/test/gen.test.ts,
 * e2e/specs/gen-live.spec.ts). The caller deletes it (rmSync(dir, { recursive: true, force: true })).
 */
export function copyProject({ root = PROJECT_ROOT, prefix = 'jz-gen-' } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  for (const f of ['package.json', 'tsconfig.base.json', 'biome.json']) cpSync(path.join(root, f), path.join(dir, f));
  for (const d of ['packages', 'scripts', 'server', 'web'])
    cpSync(path.join(root, d), path.join(dir, d), { recursive: true, filter: (src) => !SKIP.has(path.basename(src)) });
  mkdirSync(path.join(dir, 'node_modules/@jz'), { recursive: true });
  for (const e of readdirSync(path.join(root, 'node_modules')))
    if (e !== '@jz') symlinkSync(path.join(root, 'node_modules', e), path.join(dir, 'node_modules', e));
  symlinkSync(path.join(dir, 'packages/contracts'), path.join(dir, 'node_modules/@jz/contracts'));
  symlinkSync(path.join(dir, 'server'), path.join(dir, 'node_modules/@jz/server'));
  symlinkSync(path.join(dir, 'web'), path.join(dir, 'node_modules/@jz/web'));
  return dir;
}
