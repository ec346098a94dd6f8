#!/usr/bin/env node
// `npm run build`: a self-contained release folder (default dist/release) that runs with plain node from any
// directory: no checkout, no dev dependencies, no compiler, no build step on the host (docs/operations.md).
//
//   server.mjs           the entry: checks the Node version, then runs the server, or `node server.mjs migrate`
//   app/server.js        the server bundle (scripts/build-server.mjs --release: paths resolve from this folder)
//   web/                 the built web app, with .br/.gz beside every script and stylesheet (WEB_DIST's default)
//   server/src/db/migrations/, server/src/modules/system/gen/templates/
//                        files the server reads as data at run time (the code is in the bundle)
//   package.json, package-lock.json, node_modules/
//                        production dependencies only: what the bundle imports at run time (better-sqlite3,
//                        ip2region) and their dependency closure
//   RELEASE.json         version, commit, build time, Node version, seed fingerprint
//
// Dependencies are copied out of the root node_modules, with their closure read from the root package-lock.json,
// rather than installed with `npm ci`: the build needs no registry access, the release carries exactly the bytes the
// test suite ran with, and better-sqlite3 13 ships its prebuilt binaries for every platform inside its package, so the
// copy is not tied to the build machine's platform (no install script, no compiler). The generated lockfile lists the
// same packages at the same versions and integrity hashes (plus ip2region's peer @types/node, marked peer, which npm
// requires in a lock but which is not installed), so `npm ci --omit=dev --omit=peer` in the release folder reinstalls
// the same tree where copying is not wanted.
//
// Usage: node scripts/build-release.mjs [--out dist/release] [--reuse-web]
//   --reuse-web  copy the web build in WEB_DIST (or web/dist) when it is newer than the web sources, instead of
//                running vite build (the test step uses it: `npm test` builds the web app once)
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './lib/newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const out = path.resolve(arg('--out') ?? path.join(root, 'dist/release'));
const reuseWeb = process.argv.includes('--reuse-web');
const started = Date.now();
const step = (msg) => console.log(`release: ${msg} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
const fail = (msg) => {
  console.error(`release: ${msg}`);
  process.exit(1);
};

// Never replace a folder that is not a release (a mistyped --out).
if (existsSync(out) && readdirSync(out).length && !existsSync(path.join(out, 'RELEASE.json')))
  fail(`${out} exists and is not a release folder (no RELEASE.json): choose another --out`);
const stage = `${out}.tmp-${process.pid}`;
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
process.on('exit', (code) => {
  if (code !== 0) rmSync(stage, { recursive: true, force: true });
});

/* ---------------- the web app */
const webSources = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'packages/contracts/src'];
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'web/dist');
const webIndex = path.join(webDist, 'index.html');
const webFresh =
  existsSync(webIndex) &&
  statSync(webIndex).mtimeMs >= Math.max(...webSources.map((p) => newestMtime(path.join(root, p))));
if (reuseWeb && webFresh) {
  cpSync(webDist, path.join(stage, 'web'), { recursive: true });
  step(`web app copied from ${path.relative(root, webDist) || webDist} (newer than its sources)`);
} else {
  const r = spawnSync('npx', ['vite', 'build', '--outDir', path.join(stage, 'web'), '--emptyOutDir'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
    // Always a production build: with NODE_ENV=development Vite builds React's development files.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) fail('vite build failed');
  step('web app built');
}
// Vite's manifest is for scripts/check-bundle.mjs, not for serving.
rmSync(path.join(stage, 'web/.vite'), { recursive: true, force: true });
if (!existsSync(path.join(stage, 'web/index.html'))) fail('the web build has no index.html');

/* ---------------- the server bundle */
const metaFile = path.join(stage, '.build-meta.json');
{
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'scripts/build-server.mjs'),
      '--release',
      '--out',
      path.join(stage, 'app/server.js'),
      '--meta',
      metaFile,
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) fail('the server bundle failed to build');
}
const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
rmSync(metaFile);
step('server bundle built');

/* ---------------- files the server reads as data */
for (const [dir, keep] of [
  ['server/src/db/migrations', (f) => f.endsWith('.ts')],
  ['server/src/modules/system/gen/templates', (f) => f.endsWith('.eta')],
]) {
  mkdirSync(path.join(stage, dir), { recursive: true });
  for (const f of readdirSync(path.join(root, dir)).filter(keep))
    cpSync(path.join(root, dir, f), path.join(stage, dir, f));
}

/* ---------------- production dependencies */
const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const rootLock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const locked = rootLock.packages;
/** node's resolution over lock keys: `name` as required from the package at `from` ('' = the root). */
function resolveKey(from, name) {
  for (let base = from; ; ) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (locked[key] && !locked[key].link) return key;
    if (!base) return undefined;
    const i = base.lastIndexOf('/node_modules/');
    base = i < 0 ? '' : base.slice(0, i);
  }
}
const direct = {};
const closure = new Set();
/** Reached only through peer dependencies: listed in the lockfile (npm ci requires them), not installed. */
const peers = new Set();
const skipped = [];
const visit = (key, set = closure) => {
  if (set.has(key)) return;
  set.add(key);
  const entry = locked[key];
  for (const [name, optional] of [
    ...Object.keys(entry.dependencies ?? {}).map((n) => [n, false]),
    ...Object.keys(entry.optionalDependencies ?? {}).map((n) => [n, true]),
  ]) {
    const dep = resolveKey(key, name);
    if (dep && existsSync(path.join(root, dep))) visit(dep, set);
    else if (!optional) fail(`${name} (needed by ${key}) is not installed`);
  }
  // Peer dependencies are not installed: here only type packages (ip2region's @types/node).
  for (const name of Object.keys(entry.peerDependencies ?? {})) {
    const dep = resolveKey(key, name);
    if (!dep) continue;
    skipped.push(`${name} (peer of ${key})`);
    visit(dep, peers);
  }
};
for (const name of meta.externals) {
  const key = resolveKey('', name);
  if (!key || !existsSync(path.join(root, key))) {
    // pg-native: pg's optional native driver, loaded only when asked for; not installed.
    skipped.push(`${name} (optional, not installed)`);
    continue;
  }
  direct[name] = locked[key].version;
  visit(key);
}
// Build leftovers of a local compile, not part of the published package (the prebuilt binaries are).
const PRUNE = { 'node_modules/better-sqlite3': ['build'] };
for (const key of [...closure].sort()) {
  const from = path.join(root, key);
  const skip = new Set([path.join(from, 'node_modules'), ...(PRUNE[key] ?? []).map((p) => path.join(from, p))]);
  cpSync(from, path.join(stage, key), { recursive: true, filter: (src) => !skip.has(src) });
}
step(
  `dependencies copied: ${Object.keys(direct).join(', ')} (${closure.size} packages); left out: ${skipped.join(', ')}`,
);

const version = rootPkg.version;
const pkg = {
  name: 'jiazheng-console-release',
  version,
  private: true,
  description: `${rootPkg.description}: release build`,
  type: 'module',
  engines: { node: '>=22.12' },
  scripts: { start: 'node server.mjs', migrate: 'node server.mjs migrate' },
  dependencies: Object.fromEntries(Object.entries(direct).sort()),
};
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
const lock = {
  name: pkg.name,
  version,
  lockfileVersion: 3,
  requires: true,
  packages: {
    '': { name: pkg.name, version, dependencies: pkg.dependencies, engines: pkg.engines },
    ...Object.fromEntries(
      [...new Set([...closure, ...peers])].sort().map((k) => {
        const { dev, devOptional, peer, ...entry } = locked[k];
        return [k, closure.has(k) ? entry : { ...entry, peer: true }];
      }),
    ),
  },
};
writeFileSync(path.join(stage, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);

/* ---------------- the entry */
writeFileSync(
  path.join(stage, 'server.mjs'),
  `#!/usr/bin/env node
// 家政商家后台 release ${version}. Start: node server.mjs   Migrate once and exit: node server.mjs migrate
// Which build this is: node server.mjs --version (from RELEASE.json)
// Configuration from the environment (docs/operations.md; deploy/env.example). NODE_ENV defaults to production and
// WEB_DIST to this folder's web/; DATA_DIR (uploads, the SQLite database) is resolved from the working directory.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Checked before the bundle loads: an older Node fails inside native code without saying why.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    \`本服务需要 Node.js 24（22.12 及以上亦可），当前为 \${process.version}。\\n\` +
      \`This server needs Node.js 24 LTS (22.12+ works); this is \${process.version}.\`,
  );
  process.exit(1);
}
const command = process.argv[2];
if (command !== undefined && command !== 'migrate' && command !== '--version') {
  console.error('usage: node server.mjs            start the server\\n       node server.mjs migrate    migrate and seed the database once, then exit\\n       node server.mjs --version  print the version and commit');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
// A release is for production: a forgotten NODE_ENV must not start it with development defaults (secrets, SMS).
process.env.NODE_ENV ||= 'production';
process.env.WEB_DIST ||= path.join(here, 'web');
process.env.npm_package_version ||= JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')).version;
await import('./app/server.js');
`,
);

/* ---------------- build information */
const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8' });
// A container build has no .git: the commit comes in as RELEASE_COMMIT (Dockerfile build argument).
const fromGit = git('rev-parse', 'HEAD').stdout?.trim() || null;
const commit = fromGit ?? (process.env.RELEASE_COMMIT || null);
const dirty = fromGit ? git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '' : null;
writeFileSync(
  path.join(stage, 'RELEASE.json'),
  `${JSON.stringify(
    {
      name: rootPkg.name,
      version,
      commit,
      dirty,
      builtAt: new Date().toISOString(),
      builtWith: process.version,
      fingerprint: meta.fingerprint,
      dependencies: pkg.dependencies,
    },
    null,
    2,
  )}\n`,
);

rmSync(out, { recursive: true, force: true });
mkdirSync(path.dirname(out), { recursive: true });
renameSync(stage, out);
step(`release ready: ${path.relative(process.cwd(), out) || out}`);
