import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time under a file or folder (node_modules and dist left out): "is the build stale?" */
export function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(p))
    if (e !== 'node_modules' && e !== 'dist') max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}
