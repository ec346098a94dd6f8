#!/usr/bin/env node
// Browser budgets (issue 13): reads the Vite build (WEB_DIST or web/dist) and fails when the JavaScript /login needs
// is over 200 KB gzip, or any route's JavaScript over 350 KB gzip.
//   /login  = the entry script and everything it imports statically (the login page is part of the entry).
//   a route = that plus a lazily loaded chunk (a page, or a component loaded on demand) and its static imports.
// Imports are read from the built chunks themselves (static `import … from "./x.js"`, dynamic `import("./y.js")`),
// so the check needs no manifest. Usage: node scripts/check-bundle.mjs [--json] [--warn]; exit 1 over budget
// (0 with --warn: report only, for wiring it in before the budgets are met), 2 no build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'web/dist');
const KB = 1024;
const BUDGET_LOGIN = 200 * KB;
const BUDGET_ROUTE = 350 * KB;

const indexFile = path.join(dist, 'index.html');
if (!existsSync(indexFile)) {
  console.error(`check-bundle: no build at ${dist} (run npm run build:web, or set WEB_DIST)`);
  process.exit(2);
}
const html = readFileSync(indexFile, 'utf8');
const assets = path.join(dist, 'assets');

const rel = (p) => path.normalize(path.join(dist, p.replace(/^\.?\//, '')));
const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => rel(m[1]));
if (!entries.length) {
  console.error('check-bundle: index.html names no module script');
  process.exit(2);
}

const cache = new Map();
function chunk(file) {
  if (!cache.has(file)) {
    const code = readFileSync(file, 'utf8');
    const dir = path.dirname(file);
    const resolve = (s) => path.normalize(path.join(dir, s));
    const stat = new Set();
    for (const m of code.matchAll(/\bimport\s*(?:[^"'`();]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+?\.js)["'`]/g))
      stat.add(resolve(m[1]));
    for (const m of code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["'`](\.{1,2}\/[^"'`]+?\.js)["'`]/g))
      stat.add(resolve(m[1]));
    const dyn = new Set();
    for (const m of code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+?\.js)["'`]\s*\)/g)) dyn.add(resolve(m[1]));
    cache.set(file, { gz: gzipSync(code, { level: 9 }).length, raw: code.length, stat, dyn });
  }
  return cache.get(file);
}
function closure(starts) {
  const seen = new Set();
  const todo = [...starts];
  while (todo.length) {
    const f = todo.pop();
    if (seen.has(f) || !existsSync(f)) continue;
    seen.add(f);
    for (const s of chunk(f).stat) todo.push(s);
  }
  return seen;
}
const size = (set) => [...set].reduce((n, f) => n + chunk(f).gz, 0);
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

const initial = closure(entries);
const loginGz = size(initial);

// Every lazily loaded chunk reachable from anywhere in the build is a route (or an on-demand part of one).
const lazy = new Set();
const all = closure(entries);
const scan = [...all];
while (scan.length) {
  const f = scan.pop();
  for (const d of chunk(f).dyn)
    if (!lazy.has(d) && existsSync(d)) {
      lazy.add(d);
      for (const s of closure([d])) if (!all.has(s)) all.add(s), scan.push(s);
    }
}
const routes = [...lazy]
  .map((d) => {
    const set = new Set([...initial, ...closure([d])]);
    return {
      chunk: path.relative(assets, d),
      gz: size(set),
      own: size(new Set([...set].filter((f) => !initial.has(f)))),
    };
  })
  .sort((a, b) => b.gz - a.gz);

const biggestFiles = [...all]
  .map((f) => ({ file: path.relative(assets, f), gz: chunk(f).gz }))
  .sort((a, b) => b.gz - a.gz)
  .slice(0, 5);
const largest = routes[0] ?? { chunk: '(none)', gz: loginGz, own: 0 };
const loginOk = loginGz <= BUDGET_LOGIN;
const routeOk = largest.gz <= BUDGET_ROUTE;

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ dist, login: loginGz, largestRoute: largest, routes: routes.length, biggestFiles }));
} else {
  console.log(`check-bundle: ${dist}`);
  console.log(
    `  /login JavaScript: ${kb(loginGz)} gzip in ${initial.size} files — budget ${kb(BUDGET_LOGIN)}: ${loginOk ? 'ok' : 'OVER'}`,
  );
  console.log(
    `  largest route: ${largest.chunk} ${kb(largest.gz)} gzip (${kb(largest.own)} beyond /login) of ${routes.length} lazy chunks — budget ${kb(BUDGET_ROUTE)}: ${routeOk ? 'ok' : 'OVER'}`,
  );
  for (const r of routes.slice(1, 4)) console.log(`    next: ${r.chunk} ${kb(r.gz)}`);
  console.log(`  biggest files: ${biggestFiles.map((b) => `${b.file} ${kb(b.gz)}`).join(', ')}`);
}
const unused = readdirSync(assets).filter((f) => f.endsWith('.js')).length - all.size;
if (unused > 0 && !process.argv.includes('--json'))
  console.log(`  (${unused} .js files not reachable from index.html were not counted)`);
if (!loginOk || !routeOk) {
  console.error(`check-bundle: over budget${process.argv.includes('--warn') ? ' (--warn: not failing)' : ''}`);
  if (!process.argv.includes('--warn')) process.exit(1);
}
