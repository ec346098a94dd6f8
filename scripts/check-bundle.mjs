#!/usr/bin/env node
// Browser budgets (docs/performance-browser.md): the gzip size of the JavaScript each route of the
// built web app downloads on a cold load, and how many scripts that takes.
//   targets (docs/performance-browser.md): /login ≤ 200 KB; /index ≤ 250 KB and ≤ 30 scripts; every other console route ≤ 350 KB and
//   ≤ 40 scripts; the staff page /staff/ (its own entry, staff/index.html) ≤ 150 KB. Beyond: /index ≤ 200 KB, console
//   routes ≤ 250 KB (printed, not enforced).
//   ceilings (enforced): a route within its target is held to the target. A route still over it is held to its own
//   ceiling from scripts/bundle-ceilings.json (its size and scripts when recorded, + ~3 %): it cannot grow, and once it
//   meets the target the target holds it. `--record` rewrites that file from this build (only ever lowering a ceiling;
//   a route over its target and not yet in the file, i.e. a new page, is added only by `--record --add-new`).
// A cold load is what the browser must download before the page can be used: the entry (index.html) and its static
// imports, + for console pages the console frame the router loads lazily (ConsoleLayout, PageHost) and its static
// imports, + the page's chunk and its static imports. That is what the budget holds. What a page loads later
// (its dynamic imports: widgets that render after the page shows, like charts once their figures are in or a list's
// date range picker, and parts loaded on use: the editor on 编辑, maps scrolled to, dialogs, the icon picker's set)
// is reported beside it as "with on-demand parts", not held to the budget.
// Routes come from the source: /login is the router's lazy LoginPage, every console page is a `path` and its
// `lazyPage(() => import('./pages/X.tsx'))` in web/src/features/**/pages.ts and web/src/app/home/pages.ts. A page's
// chunk is its manifest entry (build.manifest in web/vite.config.ts) or, when another page also imports it statically
// and the bundler merged it into a shared chunk, the chunk that holds it (.vite/chunk-modules.json, written by the
// build's jz-chunk-modules plugin).
// Usage: node scripts/check-bundle.mjs [--build] [--json] [--all] [--warn] [--record [--add-new]]
//   --build  first build the web app into WEB_DIST (or web/dist) when that build is missing or older than its
//            sources (the same rule as scripts/start.mjs, so the e2e run that follows reuses it)
//   --all    list every route (default: the issue's routes, /login and the ten largest)
//   --warn   report only, never fail
//   --record lower the recorded ceilings to this build's sizes + ~3 % (drops routes now within their targets)
// Exit 1 over a ceiling, 2 no build / no manifest / a route that cannot be resolved.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { newestMtime } from './lib/newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web');
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(web, 'dist');
const args = new Set(process.argv.slice(2));
const KB = 1024;
const TARGET_LOGIN = 200 * KB;
const TARGET_INDEX = 250 * KB;
const TARGET_ROUTE = 350 * KB;
const TARGET_SCRIPTS = 40;
const TARGET_INDEX_SCRIPTS = 30;
// The issue's "goal beyond", printed beside the targets.
const GOAL_INDEX = 200 * KB;
const GOAL_ROUTE = 250 * KB;
// The margin a route over its target may keep (its recorded size + this), so that noise in the chunking does not fail
// a build, while the route cannot really grow.
const MARGIN = 1.03;
const CEILINGS_FILE = path.join(root, 'scripts/bundle-ceilings.json');
// The routes of the targets table, printed first.
const TABLE_ROUTES = [
  '/index',
  '/dianpuxinxi',
  '/shangpinAdd',
  '/yunyingshuju',
  '/caiwuzijinzonglan',
  '/dingdanguanli',
];
// The staff page (阿姨端) is a second entry: its cold load is that entry and its static imports, nothing of the console.
const STAFF_ROUTE = '/staff/';
const STAFF_ENTRY = 'staff/index.html';
const TARGET_STAFF = 150 * KB;
const INDEX_ROUTE = '/index';
const LOGIN_SRC = 'src/features/auth/pages/LoginPage.tsx';
// Loaded lazily by web/src/app/router.tsx for every signed-in route.
const SHELL_SRC = ['src/app/layouts/ConsoleLayout.tsx', 'src/app/PageHost.tsx'];

if (args.has('--build')) {
  const sources = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'packages/contracts/src'];
  const index = path.join(dist, 'index.html');
  const built = existsSync(index) && existsSync(path.join(dist, '.vite/manifest.json')) ? statSync(index).mtimeMs : 0;
  if (!built || Math.max(...sources.map((p) => newestMtime(path.join(root, p)))) > built) {
    console.log(`check-bundle: building the web app into ${dist}…`);
    // A production build whatever NODE_ENV says: with NODE_ENV=development Vite builds React's development files.
    const r = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: web,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  } else console.log(`check-bundle: ${dist} is up to date with the sources`);
}

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`check-bundle: no Vite manifest at ${manifestFile} (run npm run build:web, or pass --build)`);
  process.exit(2);
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
// The console's entry (index.html); the staff page's entry is measured as a route of its own below.
const entryKey = manifest['index.html']?.isEntry
  ? 'index.html'
  : Object.keys(manifest).find((k) => manifest[k].isEntry && k !== STAFF_ENTRY);
if (!entryKey) {
  console.error('check-bundle: the manifest names no entry');
  process.exit(2);
}

const gzCache = new Map();
const gz = (file) => {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzCache.get(file);
};
/** Manifest keys reachable from `keys` through static imports. */
function staticClosure(keys, into = new Set()) {
  const todo = [...keys];
  while (todo.length) {
    const k = todo.pop();
    if (into.has(k) || !manifest[k]) continue;
    into.add(k);
    todo.push(...(manifest[k].imports ?? []));
  }
  return into;
}
const jsFiles = (keys) => new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));
const sizeOf = (files) => [...files].reduce((n, f) => n + gz(f), 0);
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

// Console pages from the registry sources: each object literal's path and the module its lazyPage imports.
function consolePages() {
  const found = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'pages.ts') {
        const code = readFileSync(p, 'utf8');
        const pairs = [...code.matchAll(/path:\s*'([^']+)'[\s\S]*?import\(\s*'([^']+)'\s*\)/g)];
        const imports = code.match(/import\(\s*'/g)?.length ?? 0;
        if (pairs.length !== imports) {
          console.error(`check-bundle: ${path.relative(root, p)}: ${imports} page imports but ${pairs.length} paths`);
          process.exit(2);
        }
        for (const [, route, spec] of pairs)
          found.push({
            route,
            src: path
              .relative(web, path.resolve(path.dirname(p), spec))
              .split(path.sep)
              .join('/'),
          });
      }
    }
  };
  // Features declare their pages in features/**/pages.ts; the home page (it composes several features) in app/home.
  walk(path.join(web, 'src/features'));
  walk(path.join(web, 'src/app/home'));
  return found;
}

// Module → chunk file, for pages merged into a shared chunk (written by the build's jz-chunk-modules plugin).
const chunkModulesFile = path.join(dist, '.vite/chunk-modules.json');
/** @type {Record<string, string>} */
const chunkOf = existsSync(chunkModulesFile) ? JSON.parse(readFileSync(chunkModulesFile, 'utf8')) : {};
const keyOfFile = new Map(Object.entries(manifest).map(([k, v]) => [v.file, k]));
/** The manifest key of the chunk a page's code is in: its own, or the shared chunk it was merged into. */
function pageKey(src) {
  if (manifest[src]) return { key: src };
  const file = chunkOf[src];
  const key = file && keyOfFile.get(file);
  return key ? { key, mergedInto: file } : null;
}

const entry = staticClosure([entryKey]);
const shell = SHELL_SRC.filter((k) => manifest[k]);
if (!manifest[SHELL_SRC[0]]) {
  // Without it every console route would be measured without its frame.
  console.error(`check-bundle: the console frame (${SHELL_SRC[0]}) is not a chunk of its own in the manifest`);
  process.exit(2);
}
const pages = consolePages().map((p) => ({ ...p, at: pageKey(p.src) }));
const unresolved = pages.filter((p) => !p.at);
if (unresolved.length) {
  // In no chunk at all: not built (a stale build), or the page's file was renamed without its pages.ts.
  console.error(
    `check-bundle: not in any chunk of ${dist}: ${unresolved.map((p) => `${p.route} (${p.src})`).join(', ')}` +
      (existsSync(chunkModulesFile) ? '' : ' (no .vite/chunk-modules.json: a build from before it; rebuild)'),
  );
  process.exit(2);
}
// What the router loads per route: the dynamic imports of these are pages, not on-demand parts of another page.
const pageKeys = new Set([LOGIN_SRC, ...SHELL_SRC, ...pages.map((p) => p.at.key)]);

/** @type {{routes: Record<string, {kb: number, scripts: number}>}} */
const recorded = existsSync(CEILINGS_FILE) ? JSON.parse(readFileSync(CEILINGS_FILE, 'utf8')) : { routes: {} };

/**
 * A route's JavaScript: entry + `starts` statically, then whatever they import dynamically (not other pages). `base`
 * is the entry it starts from (the staff page: none but its own).
 */
function route(name, starts, target, targetScripts, base = entry) {
  const initial = staticClosure(
    starts.filter((k) => manifest[k]),
    new Set(base),
  );
  const all = new Set(initial);
  const scan = [...initial].filter((k) => !base.has(k));
  while (scan.length) {
    const k = scan.pop();
    for (const d of manifest[k].dynamicImports ?? [])
      if (!pageKeys.has(d) && !all.has(d))
        for (const s of staticClosure([d]))
          if (!all.has(s)) {
            all.add(s);
            scan.push(s);
          }
  }
  const size = sizeOf(jsFiles(initial));
  const files = jsFiles(initial).size;
  const onTarget = size <= target && files <= targetScripts;
  // Within its target: the target holds it. Over it: its recorded ceiling (never above what was recorded), or, for a
  // route not recorded (a new page), the target, so it fails until it is slimmed or deliberately recorded.
  const rec = recorded.routes[name];
  const ceiling = size <= target || !rec ? target : Math.max(target, rec.kb * KB);
  const ceilingScripts = files <= targetScripts || !rec ? targetScripts : Math.max(targetScripts, rec.scripts);
  return {
    route: name,
    size,
    withOnDemand: sizeOf(jsFiles(all)),
    files,
    filesWithOnDemand: jsFiles(all).size,
    budget: target,
    budgetScripts: targetScripts,
    ceiling,
    ceilingScripts,
    onTarget,
    ok: size <= ceiling && files <= ceilingScripts,
    recorded: Boolean(rec),
  };
}

const login = route('/login', [LOGIN_SRC], TARGET_LOGIN, TARGET_SCRIPTS);
if (!manifest[STAFF_ENTRY]?.isEntry) {
  console.error(`check-bundle: the staff page's entry (${STAFF_ENTRY}) is not in the manifest`);
  process.exit(2);
}
const staff = route(STAFF_ROUTE, [STAFF_ENTRY], TARGET_STAFF, TARGET_SCRIPTS, new Set());
const seen = new Set();
const routes = pages
  .filter((p) => !seen.has(p.route) && seen.add(p.route))
  .map((p) => ({
    ...(p.route === INDEX_ROUTE
      ? route(p.route, [...shell, p.at.key], TARGET_INDEX, TARGET_INDEX_SCRIPTS)
      : route(p.route, [...shell, p.at.key], TARGET_ROUTE, TARGET_SCRIPTS)),
    mergedInto: p.at.mergedInto,
  }))
  .sort((a, b) => b.size - a.size);
const everyRoute = [login, staff, ...routes];
const over = everyRoute.filter((r) => !r.ok);
const entrySize = sizeOf(jsFiles(entry));
const frame = route('console frame', shell, TARGET_INDEX, TARGET_INDEX_SCRIPTS);
const byName = new Map(routes.map((r) => [r.route, r]));

if (args.has('--record')) {
  // Only ever lower: a recorded route keeps the lower of its ceiling and this build + margin.
  const next = {};
  for (const r of [login, ...routes]) {
    if (r.onTarget) continue;
    const rec = recorded.routes[r.route];
    if (!rec && !args.has('--add-new')) continue;
    const kbNow = Math.ceil(((r.size * MARGIN) / KB) * 10) / 10;
    const scriptsNow = Math.ceil(r.files * MARGIN);
    next[r.route] = {
      kb: rec ? Math.min(rec.kb, kbNow) : kbNow,
      scripts: rec ? Math.min(rec.scripts, scriptsNow) : scriptsNow,
    };
  }
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(
    CEILINGS_FILE,
    `${JSON.stringify({ note: 'scripts/check-bundle.mjs --record: routes over their targets, held to these (KB gzip, scripts)', measured: new Date().toISOString().slice(0, 10), routes: sorted }, null, 1)}\n`,
  );
  console.log(`check-bundle: recorded ${Object.keys(sorted).length} ceilings in ${path.relative(root, CEILINGS_FILE)}`);
}

const by = (r) => {
  const kbOver = r.size - r.budget;
  const scriptsOver = r.files - r.budgetScripts;
  const parts = [];
  if (kbOver > 0) parts.push(`+${kb(kbOver)}`);
  if (scriptsOver > 0) parts.push(`+${scriptsOver} scripts`);
  return parts.length ? `over by ${parts.join(', ')}` : '';
};
if (args.has('--json')) {
  console.log(
    JSON.stringify({ dist, entry: entrySize, frame, login, staff, routes, over: over.map((r) => r.route) }, null, 1),
  );
} else {
  const line = (r) =>
    `  ${r.onTarget ? 'ok  ' : r.ok ? 'miss' : 'OVER'} ${r.route.padEnd(26)} ${kb(r.size).padStart(9)} / target ${kb(r.budget)}` +
    `${r.onTarget ? '' : `, ceiling ${kb(r.ceiling)}`};` +
    ` ${String(r.files).padStart(2)} scripts / ${r.budgetScripts}${r.files > r.budgetScripts ? `, ceiling ${r.ceilingScripts}` : ''}` +
    `${by(r) ? `  ${by(r)}` : ''}` +
    `${r.withOnDemand !== r.size ? `  (${kb(r.withOnDemand)}, ${r.filesWithOnDemand} scripts with on-demand parts)` : ''}` +
    `${r.mergedInto ? `  [page merged into ${r.mergedInto}]` : ''}`;
  console.log(
    `check-bundle: ${dist} — gzip JavaScript and scripts of a cold load per route (entry alone ${kb(entrySize)}, ` +
      `${jsFiles(entry).size} scripts; entry + console frame ${kb(frame.size)}, ${frame.files} scripts)`,
  );
  // The targets table, figure by figure.
  const index = byName.get(INDEX_ROUTE);
  const named = TABLE_ROUTES.slice(1)
    .map((n) => byName.get(n))
    .filter(Boolean);
  const largest = routes[0];
  const mostScripts = routes.reduce((a, b) => (b.files > a.files ? b : a), routes[0]);
  const verdict = (ok) => (ok ? 'met   ' : 'MISSED');
  console.log('  issue 32 table:');
  if (index) {
    console.log(
      `    ${verdict(index.size <= TARGET_INDEX)} /index ${kb(index.size)} / target ${kb(TARGET_INDEX)} (goal ${kb(GOAL_INDEX)})`,
    );
    console.log(
      `    ${verdict(index.files <= TARGET_INDEX_SCRIPTS)} /index ${index.files} scripts / target ${TARGET_INDEX_SCRIPTS}`,
    );
  }
  for (const r of named)
    console.log(
      `    ${verdict(r.size <= TARGET_ROUTE && r.files <= TARGET_SCRIPTS)} ${r.route} ${kb(r.size)}, ${r.files} scripts / target ${kb(TARGET_ROUTE)}, ${TARGET_SCRIPTS} (goal ${kb(GOAL_ROUTE)})`,
    );
  console.log(
    `    ${verdict(largest.size <= TARGET_ROUTE)} every console route ≤ ${kb(TARGET_ROUTE)}: largest ${largest.route} ${kb(largest.size)}; ` +
      `${routes.filter((r) => r.route !== INDEX_ROUTE && r.size > TARGET_ROUTE).length} of ${routes.length - 1} over`,
  );
  console.log(
    `    ${verdict(mostScripts.files <= TARGET_SCRIPTS)} every console route ≤ ${TARGET_SCRIPTS} scripts: most ${mostScripts.route} ${mostScripts.files}; ` +
      `${routes.filter((r) => r.route !== INDEX_ROUTE && r.files > TARGET_SCRIPTS).length} over`,
  );
  console.log(`    ${verdict(login.size <= TARGET_LOGIN)} /login ${kb(login.size)} / target ${kb(TARGET_LOGIN)}`);
  console.log('    (Lighthouse scores: npm run lighthouse)');
  console.log('  routes:');
  console.log(line(login));
  console.log(line(staff));
  const listed = args.has('--all')
    ? routes
    : routes.filter((r, i) => i < 10 || TABLE_ROUTES.includes(r.route) || !r.ok);
  for (const r of listed) console.log(line(r));
  if (listed.length < routes.length) console.log(`  … ${routes.length - listed.length} more routes (--all lists them)`);
}
const missed = everyRoute.filter((r) => !r.onTarget);
if (missed.length)
  console.log(
    `check-bundle: target missed on ${missed.length} of ${everyRoute.length} routes, each held to its recorded ceiling ` +
      `(${path.relative(root, CEILINGS_FILE)}); largest ${routes[0].route} ${by(routes[0]) || 'on target'}`,
  );
// A recorded ceiling well above its route now: lower it so the route cannot grow back (check-bundle --record).
const slack = routes.filter(
  (r) => !r.onTarget && r.recorded && r.ceiling > r.budget && r.ceiling > r.size * MARGIN * 1.02,
);
if (slack.length)
  console.log(
    `check-bundle: ${slack.length} recorded ceiling(s) more than 5 % above their route (e.g. ${slack[0].route} ${kb(slack[0].size)} ≤ ${kb(slack[0].ceiling)}): run with --record to lower them`,
  );
if (over.length) {
  const list = over.slice(0, 5).map((r) => {
    const why = r.size > r.ceiling ? `${kb(r.size)} > ${kb(r.ceiling)}` : `${r.files} scripts > ${r.ceilingScripts}`;
    return `${r.route} ${why}${r.recorded ? '' : r.onTarget ? '' : ' (over its target and not recorded: a new page?)'}`;
  });
  console.error(
    `check-bundle: ${over.length} route(s) over their ceiling: ${list.join(', ')}${over.length > 5 ? ', …' : ''}` +
      (args.has('--warn') ? ' (--warn: not failing)' : ''),
  );
  // --record: the figures were measured against the ceilings as they were before this run.
  if (!args.has('--warn') && !args.has('--record')) process.exit(1);
} else console.log('check-bundle: every route within its ceiling');
