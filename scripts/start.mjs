#!/usr/bin/env node
// `npm start`: build the web app and the server bundle when missing or older than their sources, then run the server
// (which migrates, seeds on a new or changed database, and serves web + API on one port) in this process.
// SERVER_FROM_SOURCE=1 runs server/src through tsx instead (no build; slower start, for debugging).
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newestMtime } from './lib/newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST lets parallel runs (several e2e servers on one machine) build into their own folders.
const distDir = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'web/dist');
const distIndex = path.join(distDir, 'index.html');
process.env.WEB_DIST = distDir;

const sources = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'packages/contracts/src'].map((p) =>
  path.join(root, p),
);
const built = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
if (!built || Math.max(...sources.map(newestMtime)) > built) {
  console.log(built ? 'web sources changed: rebuilding the web app…' : 'building the web app…');
  const r = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
    // Always a production build: with NODE_ENV=development (the e2e server's) Vite builds React's development files.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server: one bundle run by plain node (scripts/build-server.mjs; docs/startup-and-faults.md). Dependencies are
// bundled, so a changed lock file rebuilds it too.
const bundle = path.join(root, 'server/dist/main.js');
const serverSources = [
  'server/src',
  'packages/contracts/src',
  'scripts/build-server.mjs',
  'server/package.json',
  'package-lock.json',
].map((p) => path.join(root, p));
const canBuild = (() => {
  try {
    createRequire(path.join(root, 'scripts/build-server.mjs')).resolve('esbuild');
    return true;
  } catch {
    return false; // an install without dev dependencies: run from source
  }
})();

process.chdir(root);
if (process.env.SERVER_FROM_SOURCE === '1' || !canBuild) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'server/src/main.ts')).href);
} else {
  const serverBuilt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  if (!serverBuilt || Math.max(...serverSources.map(newestMtime)) > serverBuilt) {
    console.log(serverBuilt ? 'server sources changed: rebuilding the server…' : 'building the server…');
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  await import(pathToFileURL(bundle).href);
}
