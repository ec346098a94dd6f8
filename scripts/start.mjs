#!/usr/bin/env node
// `npm start`: build the web app when its build is missing or older than its sources, then start the server
// (which migrates, seeds demo data on an empty database, and serves web + API on one port).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST lets parallel runs (several e2e servers on one machine) build into their own folders.
const distDir = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'web/dist');
const distIndex = path.join(distDir, 'index.html');
process.env.WEB_DIST = distDir;

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(p))
    if (e !== 'node_modules' && e !== 'dist') max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

const sources = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'packages/contracts/src'].map((p) =>
  path.join(root, p),
);
const built = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
if (!built || Math.max(...sources.map(newestMtime)) > built) {
  console.log(built ? 'web sources changed: rebuilding the web app…' : 'building the web app…');
  const r = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
process.chdir(root);
await import(path.join(root, 'server/src/main.ts'));
