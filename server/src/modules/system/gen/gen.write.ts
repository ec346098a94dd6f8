import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { business } from '../../../lib/errors.ts';

/** Where a relative path may point: only inside these folders of the project. */
const ALLOWED = ['packages/contracts/src/', 'server/src/', 'server/test/', 'web/src/'];

/** Resolves a generated path under root; refuses anything outside the project's source folders (.., absolute, links). */
export function safeTarget(root: string, rel: string) {
  const realRoot = realpathSync(root);
  if (path.isAbsolute(rel) || rel.includes('\0') || rel.split(/[\\/]/).includes('..'))
    throw business(`拒绝写入项目外的路径：${rel}`);
  const abs = path.resolve(realRoot, rel);
  const inside = path.relative(realRoot, abs);
  if (
    inside.startsWith('..') ||
    path.isAbsolute(inside) ||
    !ALLOWED.some((p) => `${inside}/`.startsWith(p) || inside.startsWith(p))
  )
    throw business(`拒绝写入项目外的路径：${rel}`);
  // The deepest existing ancestor must still resolve inside the project (no symlink escape).
  let probe = path.dirname(abs);
  while (!existsSync(probe)) probe = path.dirname(probe);
  const realProbe = realpathSync(probe);
  if (path.relative(realRoot, realProbe).startsWith('..')) throw business(`拒绝写入项目外的路径：${rel}`);
  return abs;
}

/** Writes the files; with overwrite=false, refuses (2004, nothing written) when any of them exists. */
export function writeFiles(root: string, files: Record<string, string>, overwrite: boolean) {
  const targets = Object.entries(files).map(([rel, text]) => ({ rel, abs: safeTarget(root, rel), text }));
  const existing = targets.filter((t) => existsSync(t.abs)).map((t) => t.rel);
  if (existing.length && !overwrite) throw business(`以下文件已存在，如需覆盖请确认覆盖：${existing.join('，')}`);
  for (const t of targets) {
    mkdirSync(path.dirname(t.abs), { recursive: true });
    writeFileSync(t.abs, t.text);
  }
  return { written: targets.map((t) => t.rel), overwritten: existing };
}
