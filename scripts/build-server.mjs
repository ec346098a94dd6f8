#!/usr/bin/env node
// Builds the server into one ES module run with plain `node` (no TypeScript compiler at start). Two modes:
//   checkout (default): server/dist/main.js, run by `npm start` inside this checkout;
//   --release: <release>/app/server.js, part of the self-contained release folder made by scripts/build-release.mjs.
//
// The server finds code at run time by scanning folders and importing what it finds (modules/**/*.module.ts,
// db/migrations/*.ts, contracts/src/menus/*.ts, finance's bank-card service by relative path). Plain node cannot
// import .ts, so the bundle carries a generated index of every source file as a lazy loader, and each non-literal
// `import(x)` in our sources is rewritten to look x up in that index first.
//
// Paths the server computes at run time come from `import.meta.url` / `dirname` / `filename` in our sources: the
// migrations folder (db/migrate.ts), the modules folder (modules/discover.ts), the menu catalogue (lib/menu-catalogue.ts,
// menu/page-keys.ts), the gen templates and the project root (gen/render.ts, gen/gen.settings.ts), the seed sources
// (startup/seed/fingerprint.ts: unused when built, the bundle carries its fingerprint), ip2region's resolution
// (lib/ip-region.ts) and web/dist (app.ts).
//   checkout mode: each is replaced by the source file's own absolute location, so everything is what it is from
//     source; the bundle runs inside this checkout only.
//   release mode: each is replaced by that file's path relative to the release root, resolved at run time from the
//     bundle's own location (<release>/app/server.js -> <release>/), so the folder can be moved anywhere. The source
//     tree is not shipped: folder listings of our sources come from a listing generated here (`readdirSync` in our
//     sources reads it first), the lazy index is keyed by those relocated URLs, and the few files read as data ship
//     beside the bundle at their source-relative paths (scripts/build-release.mjs copies them: the migrations, which
//     the code generator reads to know the product's own tables, and the gen templates). The API docs packages
//     (@fastify/swagger, -ui; loaded outside production only) are replaced by a stub that logs their absence, so a
//     release needs them in no mode. `node server.mjs migrate` runs startup/migrate-cli.ts instead of main.ts.
//
// Dependencies in node_modules stay external (node loads them as usual); @jz/contracts (TypeScript) is bundled.
// Usage: node scripts/build-server.mjs [--out server/dist/main.js] [--external-deps]
//        node scripts/build-server.mjs --release --out <release>/app/server.js [--meta <file.json>]
//   --meta writes {fingerprint, externals} (the packages the bundle imports at run time) for build-release.mjs.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const release = process.argv.includes('--release');
const outFile = path.resolve(
  arg('--out') ?? path.join(root, release ? 'dist/release/app/server.js' : 'server/dist/main.js'),
);
const metaFile = arg('--meta');
const srcRoots = [path.join(root, 'server/src'), path.join(root, 'packages/contracts/src')];
const mainFile = path.join(root, 'server/src/main.ts');
const migrateCliFile = path.join(root, 'server/src/startup/migrate-cli.ts');
// Entry scripts run themselves when imported: never part of the lazy index.
const notIndexed = new Set([mainFile, migrateCliFile]);

function tsFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...tsFiles(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && !/\.(test|spec)\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

const sources = srcRoots.flatMap(tsFiles).sort();
const indexed = sources.filter((f) => !notIndexed.has(f));
/** A source's path from the repository root with forward slashes: its place in a release. */
const rel = (f) => path.relative(root, f).split(path.sep).join('/');

// The source fingerprint (sources + locked dependency versions): the server skips its base seeds at start when the database was seeded by the same sources.
const hash = createHash('sha256');
for (const f of sources) hash.update(path.relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
const lockFile = path.join(root, 'package-lock.json');
if (existsSync(lockFile)) hash.update(readFileSync(lockFile));
const fingerprint = hash.digest('hex').slice(0, 32);

/** Release mode: what `readdirSync` of a source folder answers: {folder: [[name, isDirectory], ...]}, sorted. */
function sourceListing() {
  const dirs = new Map();
  for (const f of sources) {
    const srcRoot = srcRoots.find((r) => f.startsWith(r + path.sep));
    for (let child = f, dir = path.dirname(f); ; child = dir, dir = path.dirname(dir)) {
      if (!dirs.has(dir)) dirs.set(dir, new Map());
      dirs.get(dir).set(path.basename(child), child !== f);
      if (dir === srcRoot) break;
    }
  }
  return Object.fromEntries(
    [...dirs].map(([d, entries]) => [rel(d), [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]),
  );
}

// Rewritten dynamic imports call __jzImportFrom with their own file URL as the base for relative specifiers.
const importFrom = `
globalThis.__jzImportFrom = (base) => (spec) => {
  const url = spec.startsWith('node:') ? spec : new URL(spec, base).href;
  const load = lazy.get(url);
  return load ? load() : import(url);
};
globalThis.__JZ_BUILD__ = { fingerprint: ${JSON.stringify(fingerprint)} };
`;

const checkoutEntry = `
const lazy = new Map([
${indexed.map((f) => `  [${JSON.stringify(pathToFileURL(f).href)}, () => import(${JSON.stringify(f)})],`).join('\n')}
]);
${importFrom}
await import(${JSON.stringify(mainFile)});
`;

const releaseEntry = () => `
import { readdirSync as realReaddir } from 'node:fs';
import nodePath from 'node:path';
import { fileURLToPath } from 'node:url';
// This bundle is <release>/app/server.js: the release root stands where the repository root stood.
const rootUrl = new URL('../', import.meta.url);
const rootPath = fileURLToPath(rootUrl);
const srcUrl = (rel) => new URL(rel, rootUrl).href;
globalThis.__jzSrcUrl = srcUrl;
globalThis.__jzSrcPath = (rel) => nodePath.join(rootPath, rel);
const listing = ${JSON.stringify(sourceListing())};
class SourceDirent {
  constructor(name, dir, parentPath) {
    this.name = name;
    this.parentPath = parentPath;
    this.path = parentPath;
    this.dir = dir;
  }
  isDirectory() { return this.dir; }
  isFile() { return !this.dir; }
  isSymbolicLink() { return false; }
}
// Our sources' folders are not shipped: their listing is this build's. Any other folder: the real one.
globalThis.__jzReaddir = (p, opts) => {
  const abs = nodePath.resolve(String(p));
  const entries = listing[nodePath.relative(rootPath, abs).split(nodePath.sep).join('/')];
  if (!entries) return realReaddir(p, opts);
  const withTypes = typeof opts === 'object' && opts !== null && opts.withFileTypes;
  return entries.map(([name, dir]) => (withTypes ? new SourceDirent(name, dir, abs) : name));
};
const lazy = new Map([
${indexed.map((f) => `  [srcUrl(${JSON.stringify(rel(f))}), () => import(${JSON.stringify(f)})],`).join('\n')}
]);
${importFrom}
if (process.argv[2] === 'migrate') await import(${JSON.stringify(migrateCliFile)});
else await import(${JSON.stringify(mainFile)});
`;

// Dependencies are bundled too (node then reads and compiles one file instead of ~1,000: most of the start-up time)
// except those that load files of their own package at run time or are native: they stay in node_modules.
const bundleDeps = !process.argv.includes('--external-deps');
const EXTERNAL = ['better-sqlite3', 'pg-native', '@fastify/swagger', '@fastify/swagger-ui', 'ip2region'];
const keepExternal = (spec) => EXTERNAL.some((e) => spec === e || spec.startsWith(`${e}/`));
/** Release mode: the API docs packages (imported by app.ts outside production only) become this stub. */
const API_DOCS = new Set(['@fastify/swagger', '@fastify/swagger-ui']);
const apiDocsStub = (spec) =>
  spec === '@fastify/swagger'
    ? "export default async function apiDocsAbsent(app) { app.log.warn('API docs (/tmpl/api/docs) are not part of a release: run the server from the checkout for them'); }"
    : 'export default async function apiDocsUiAbsent() {}';

const ownSource = (p) => srcRoots.some((r) => p.startsWith(r + path.sep));
let rewritten = 0;

/** Replaces import.meta and non-literal dynamic imports in our own TypeScript (see the header). */
const sourceRewrite = {
  name: 'jz-source-rewrite',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (release && API_DOCS.has(args.path)) return { path: args.path, namespace: 'jz-api-docs-stub' };
      if (bundleDeps && !keepExternal(args.path)) return undefined;
      if (args.path.startsWith('@jz/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
    build.onLoad({ filter: /.*/, namespace: 'jz-api-docs-stub' }, (args) => ({
      contents: apiDocsStub(args.path),
      loader: 'js',
    }));
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!ownSource(args.path)) return undefined;
      const url = release ? null : pathToFileURL(args.path).href;
      const r = rel(args.path);
      const urlExpr = release ? `globalThis.__jzSrcUrl(${JSON.stringify(r)})` : JSON.stringify(url);
      let text = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', urlExpr)
        .replaceAll(
          'import.meta.dirname',
          release
            ? `globalThis.__jzSrcPath(${JSON.stringify(path.posix.dirname(r))})`
            : JSON.stringify(path.dirname(args.path)),
        )
        .replaceAll(
          'import.meta.filename',
          release ? `globalThis.__jzSrcPath(${JSON.stringify(r)})` : JSON.stringify(args.path),
        );
      // Only in expression position (after await, =, (, comma, :, ?, =>, return), so prose in comments stays as it is.
      text = text.replace(/(?<=(?:\bawait|\breturn|[=(,:?]|=>)\s*)import\s*\((?!\s*['"`])/g, () => {
        rewritten++;
        return `__jzImportFrom(${urlExpr})(`;
      });
      // Release mode: listings of our (unshipped) source folders come from the generated listing.
      if (release) text = text.replace(/\breaddirSync\(/g, 'globalThis.__jzReaddir(');
      return { contents: text, loader: 'ts' };
    });
  },
};

const started = Date.now();
const result = await esbuild.build({
  stdin: {
    contents: release ? releaseEntry() : checkoutEntry,
    resolveDir: root,
    sourcefile: 'jz-server-entry.mjs',
    loader: 'js',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  keepNames: true,
  write: false,
  metafile: true,
  outfile: outFile,
  plugins: [sourceRewrite],
  logLevel: 'warning',
  legalComments: 'none',
  // Bundled CommonJS dependencies call require() (node built-ins, JSON): give the ES module a real one.
  banner: {
    js: "import { createRequire as __jzCreateRequire } from 'node:module'; const require = __jzCreateRequire(import.meta.url);",
  },
});
const [out] = result.outputFiles;
// esbuild writes strings and names in ASCII (\u escapes) but keeps comments as they are: one Chinese character in a
// comment makes V8 hold the whole source (14 MB) as UTF-16, 14 MB more resident memory (docs/performance.md).
// Escaped in comments too; where else one might remain (a string), \uXXXX means the same character.
const code = out.text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
mkdirSync(path.dirname(outFile), { recursive: true });
// Written beside and renamed: several servers starting at once never run a half-written bundle.
const tmp = `${outFile}.${process.pid}.tmp`;
writeFileSync(tmp, code);
renameSync(tmp, outFile);
if (metaFile) {
  // The packages imported at run time (node built-ins aside): what a release must carry in its node_modules.
  const pkgOf = (spec) =>
    spec
      .split('/')
      .slice(0, spec.startsWith('@') ? 2 : 1)
      .join('/');
  // ip2region is required at run time (lib/ip-region.ts), invisible to esbuild: EXTERNAL names it.
  const externals = new Set(EXTERNAL.filter((e) => !release || !API_DOCS.has(e)));
  for (const o of Object.values(result.metafile.outputs))
    for (const i of o.imports) if (i.external && !isBuiltin(i.path)) externals.add(pkgOf(i.path));
  writeFileSync(metaFile, JSON.stringify({ fingerprint, externals: [...externals].sort() }, null, 2));
}
console.log(
  `server bundle${release ? ' (release)' : ''}: ${path.relative(root, outFile)} (${(code.length / 1024).toFixed(0)} KB, ` +
    `${indexed.length} indexed sources, ${rewritten} dynamic imports rewritten) in ${Date.now() - started} ms`,
);
