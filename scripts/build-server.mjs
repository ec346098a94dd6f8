#!/usr/bin/env node
// Builds the server into one ES module, server/dist/main.js, run with plain `node` (no TypeScript compiler at start).
//
// The server finds code at run time by scanning folders and importing what it finds (modules/**/*.module.ts,
// db/migrations/*.ts, contracts/src/menus/*.ts, finance's bank-card service by relative path). Plain node cannot
// import .ts, so the bundle carries a generated index of every source file as a lazy loader, and each non-literal
// `import(x)` in our sources is rewritten to look x up in that index first. `import.meta.url` / `dirname` are
// replaced by each source file's own location, so paths computed from them (gen templates, the menus folder, the
// repository root) stay what they are when running from source. The bundle therefore runs inside this checkout.
//
// Dependencies in node_modules stay external (node loads them as usual); @jz/contracts (TypeScript) is bundled.
// Usage: node scripts/build-server.mjs [--out server/dist/main.js]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.indexOf('--out');
const outFile = path.resolve(outArg > 0 ? process.argv[outArg + 1] : path.join(root, 'server/dist/main.js'));
const srcRoots = [path.join(root, 'server/src'), path.join(root, 'packages/contracts/src')];
const mainFile = path.join(root, 'server/src/main.ts');
// Entry scripts run themselves when imported: never part of the lazy index.
const notIndexed = new Set([mainFile, path.join(root, 'server/src/db/migrate-cli.ts')]);

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

// The source fingerprint (sources + locked dependency versions): the server skips its base seeds at start when the database was seeded by the same sources.
const hash = createHash('sha256');
for (const f of sources) hash.update(path.relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
const lockFile = path.join(root, 'package-lock.json');
if (existsSync(lockFile)) hash.update(readFileSync(lockFile));
const fingerprint = hash.digest('hex').slice(0, 32);

const entry = `
const lazy = new Map([
${indexed.map((f) => `  [${JSON.stringify(pathToFileURL(f).href)}, () => import(${JSON.stringify(f)})],`).join('\n')}
]);
// Rewritten dynamic imports call this with their own file URL as the base for relative specifiers.
globalThis.__jzImportFrom = (base) => (spec) => {
  const url = spec.startsWith('node:') ? spec : new URL(spec, base).href;
  const load = lazy.get(url);
  return load ? load() : import(url);
};
globalThis.__JZ_BUILD__ = { fingerprint: ${JSON.stringify(fingerprint)} };
await import(${JSON.stringify(mainFile)});
`;

// Dependencies are bundled too (node then reads and compiles one file instead of ~1,000: most of the start-up time)
// except those that load files of their own package at run time or are native: they stay in node_modules.
const bundleDeps = !process.argv.includes('--external-deps');
const EXTERNAL = ['better-sqlite3', 'pg-native', '@fastify/swagger', '@fastify/swagger-ui', 'ip2region'];
const keepExternal = (spec) => EXTERNAL.some((e) => spec === e || spec.startsWith(`${e}/`));

const ownSource = (p) => srcRoots.some((r) => p.startsWith(r + path.sep));
let rewritten = 0;

/** Replaces import.meta and non-literal dynamic imports in our own TypeScript (see the header). */
const sourceRewrite = {
  name: 'jz-source-rewrite',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (bundleDeps && !keepExternal(args.path)) return undefined;
      if (args.path.startsWith('@jz/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!ownSource(args.path)) return undefined;
      const url = pathToFileURL(args.path).href;
      let text = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', JSON.stringify(url))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      // Only in expression position (after await, =, (, comma, :, ?, =>, return), so prose in comments stays as it is.
      text = text.replace(/(?<=(?:\bawait|\breturn|[=(,:?]|=>)\s*)import\s*\((?!\s*['"`])/g, () => {
        rewritten++;
        return `__jzImportFrom(${JSON.stringify(url)})(`;
      });
      return { contents: text, loader: 'ts' };
    });
  },
};

const started = Date.now();
const result = await esbuild.build({
  stdin: { contents: entry, resolveDir: root, sourcefile: 'jz-server-entry.mjs', loader: 'js' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  keepNames: true,
  write: false,
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
mkdirSync(path.dirname(outFile), { recursive: true });
// Written beside and renamed: several servers starting at once never run a half-written bundle.
const tmp = `${outFile}.${process.pid}.tmp`;
writeFileSync(tmp, out.contents);
renameSync(tmp, outFile);
console.log(
  `server bundle: ${path.relative(root, outFile)} (${(out.contents.length / 1024).toFixed(0)} KB, ` +
    `${indexed.length} indexed sources, ${rewritten} dynamic imports rewritten) in ${Date.now() - started} ms`,
);
