/// <reference types="vitest/config" />
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, parseAst, type Plugin } from 'vite';

export default defineConfig(() => ({
  plugins: [
    react(),
    antdOnDemand(),
    directImports(),
    zodChineseMessages(),
    contractsForWeb(),
    pureContractDeclarations(),
    precompress(),
    chunkModules(),
    chunkPlan(),
  ],
  base: './',
  server: { port: 5173, proxy: { '/tmpl': 'http://127.0.0.1:3000' } },
  // Unbundled in dev so that zodChineseMessages configures it there too.
  optimizeDeps: { exclude: ['zod'] },
  resolve: {
    // One React: packages installed at the workspace root (antd, antd-mobile, TanStack Query…) resolve `react` from
    // there, where the lockfile may hold another major version than web's own; two copies break every hook.
    dedupe: ['react', 'react-dom', 'scheduler'],
    // Charts: echarts core with the used charts only (src/lib/echarts-lite.tsx) instead of the whole library.
    alias: [
      {
        find: /^echarts-for-react$/,
        replacement: fileURLToPath(new URL('./src/lib/echarts-lite.tsx', import.meta.url)),
      },
      // antd-mobile (the staff page) imports rc-util's CommonJS build (lib/): through it react-dom's development
      // build came along (+44 KB gzip). Its ES build is the same code.
      { find: /^rc-util\/lib\//, replacement: 'rc-util/es/' },
      // react-router 8 resolves to its production build by the package's own conditions (development under the dev
      // server and tests): no alias needed.
    ],
  },
  build: {
    outDir: 'dist',
    // scripts/check-bundle.mjs reads the chunk graph (entry, static and dynamic imports per source module) from it.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Two pages: the console (index.html) and the staff page (staff/index.html → dist/staff/index.html, docs/staff.md).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        staff: fileURLToPath(new URL('./staff/index.html', import.meta.url)),
      },
      // @rc-component/form declares no `sideEffects`, so antd's Input (whose form context imports the package's index)
      // kept all of it, with its validator, on /login: 12 KB gzip. Its modules only define components and hooks. Same
      // for @rc-component/tree: Table's row selection takes two helpers from its index, which kept the Tree component
      // (11 KB gzip) on every list page.
      // packages/contracts only declares schemas and contracts (zod-locale.ts aside, which configures zod): a page that
      // imports `fillPath` from contract.ts must not keep the module's top-level schemas, and zod with them (with
      // pureContractDeclarations below).
      // Anything else: undefined, the package's own declaration.
      treeshake: {
        moduleSideEffects: (id: string) =>
          /node_modules\/@rc-component\/(form|tree)\//.test(id) || (CONTRACTS_SRC.test(id) && !ZOD_LOCALE.test(id))
            ? false
            : undefined,
      },
      // Two outputs from one module graph: the bundler's own split, read by chunkPlan() to group what every route
      // loads together (written to a scratch folder, removed after), then the build itself, cut by that plan.
      output: [
        {
          dir: PLAN_DIR,
          codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: reactChunk }] },
        },
        {
          codeSplitting: {
            // A module placed in a group keeps its dependencies where the plan put them (default: pulled in).
            includeDependenciesRecursively: false,
            groups: [{ name: plannedChunk, debugName: 'chunk-plan' }],
          },
        },
      ],
    },
  },
  test: {
    // Under Vitest `antd` resolves to its CommonJS build (lib/); a module imported by its es/ path would be a second
    // copy with contexts of its own (lib/app-api.ts reads the App context that the tests' antd <App> provides).
    alias: [{ find: /^antd\/es\//, replacement: 'antd/lib/' }],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20000,
    // Under load a render React scheduled (a lazily loaded part arriving late) can run after the file's jsdom window is
    // gone: react-dom's scheduler then throws `window is not defined` outside any test, and vitest fails the whole run
    // with every test passed. Only that teardown artefact is let through (printed); any other unhandled error still fails.
    onUnhandledError(error) {
      const text = `${(error as Error).message ?? ''}\n${(error as Error).stack ?? ''}`;
      const afterTeardown =
        /(window|document) is not defined/.test(text) && /react-dom|scheduler/.test(text)
          ? true
          : /after the environment was torn down/.test(text);
      if (afterTeardown) console.warn(`ignored after the test environment was torn down: ${(error as Error).message}`);
      return afterTeardown ? false : undefined;
    },
  },
}));

const MAIN = /\/web\/src\/main\.tsx$/;
const SHELL = /\/web\/src\/app\/layouts\/ConsoleLayout\.tsx$/;
const LOGIN = /\/web\/src\/features\/auth\/pages\/LoginPage\.tsx$/;
/** The staff page's entry: what it reaches never goes into the console chunk. */
const STAFF = /\/web\/src\/staff\/main\.tsx$/;

/**
 * Chunks (docs/performance-browser.md: ≤ 40 scripts per cold load, 30 on /index). The bundler's own split cuts a chunk
 * for every set of roots (the two entries, and every dynamically imported module: the console frame, the login page,
 * pages, parts loaded on use) that share a module: the entry came in a dozen scripts, the frame in twenty, a list page
 * in seventy and more. chunkPlan() reads that split (the build's first output, the real module graph after
 * tree-shaking) and groups its chunks by what the routes load (a route: the entry, the frame and a page; /login; the
 * staff page), as the build's second output:
 * - what the entry loads goes into 'entry' ('common' for what the staff page loads too), what the frame loads into
 *   'console' ('signed-in' for what /login loads too): every route that loads one of them loads all of them;
 * - a small chunk of pages goes into a chunk that the same routes load, plus at most a few others (each of those
 *   then loads a few hundred bytes it does not use), the closest first: its bytes for fewer scripts;
 * - a root keeps a chunk of its own (the manifest, and so check-bundle, finds a page by its source), and no merge
 *   may make two chunks import each other (a cycle runs their code in the wrong order).
 * React is a vendor chunk of its own in both outputs (every route needs it, it changes rarely).
 */
const REACT = /node_modules\/(react|react-dom|scheduler|react-router)\//;
function reactChunk(id: string): string | null {
  return REACT.test(id) ? 'react' : null;
}
function plannedChunk(id: string): string | null {
  if (REACT.test(id)) return 'react';
  return plan.get(id) ?? null;
}

// Tiny helpers nearly every page uses (dates and money in Shanghai time, the chart's after-paint hook): with the
// frame, rather than as sub-kilobyte scripts cut by which pages share them.
const FRAME_HELPERS =
  /(\/web\/src\/lib\/(format|zone|after-paint)\.ts|\/packages\/contracts\/src\/(shanghai-time|mask)\.ts|\/node_modules\/dayjs\/plugin\/utc\.js)$/;
const PAGE_REGISTRY = /\/web\/src\/(features\/.*|app\/home)\/pages\.ts$/;
const HOME = /\/web\/src\/app\/home\/IndexPage\.tsx$/;
/** Where the first output (the plan's input) is written; removed when the build ends. */
const PLAN_DIR = path.join(os.tmpdir(), `jz-chunk-plan-${process.pid}`);
/** A chunk of pages smaller than this (gzip bytes) joins another… */
const MERGE_BELOW = 2048;
/** …that at most this many more routes load. */
const MERGE_EXTRA_ROUTES = 10;
/**
 * A route is heavy over this (gzip bytes of its cold load as the plan measures it: level 6 over more, smaller chunks,
 * ~9 % more than scripts/check-bundle.mjs counts, so ~350 KB there). A chunk of pages smaller than MERGE_HEAVY_BELOW
 * then joins another that at most MERGE_HEAVY_EXTRA_ROUTES more routes load, all of them heavy.
 */
const HEAVY_ROUTE = 385 * 1024;
/** A route under HEAVY_ROUTE may take such merges while it stays under this (~340 KB as the check counts). */
const ROOMY_ROUTE = 372 * 1024;
/** …and any other at most this much (gzip bytes) in all. */
const LIGHT_ADDED = 3072;
const MERGE_HEAVY_BELOW = 16384;
const MERGE_HEAVY_EXTRA_ROUTES = 60;

/** module id → chunk name of the build's second output (absent: the bundler's own split). */
let plan = new Map<string, string>();

interface PlanChunk {
  file: string;
  modules: string[];
  imports: string[];
  /** The root module a root chunk stands for (entry or dynamically imported). */
  root: string | null;
  size: number;
}

function chunkPlan(): Plugin {
  return {
    name: 'jz-chunk-plan',
    apply: 'build',
    // Per output (the bundler calls buildStart again for the second): a fresh plan when the first one starts.
    renderStart(options) {
      if (options.dir === PLAN_DIR) plan = new Map();
    },
    generateBundle: {
      order: 'post',
      handler(options, bundle) {
        if (options.dir !== PLAN_DIR) return;
        const chunks: PlanChunk[] = [];
        for (const c of Object.values(bundle))
          if (c.type === 'chunk')
            chunks.push({
              file: c.fileName,
              modules: Object.keys(c.modules),
              imports: c.imports,
              root: c.isEntry || c.isDynamicEntry ? c.facadeModuleId : null,
              size: gzipSync(c.code, { level: 6 }).length,
            });
        const pages = new Set(
          chunks
            .filter((c) => c.root && this.getModuleInfo(c.root)?.dynamicImporters.some((d) => PAGE_REGISTRY.test(d)))
            .map((c) => c.file),
        );
        plan = makePlan(chunks, pages);
        // Nothing of the first output is needed on disk.
        for (const k of Object.keys(bundle)) delete bundle[k];
      },
    },
    closeBundle() {
      rmSync(PLAN_DIR, { recursive: true, force: true });
    },
  };
}

function makePlan(chunks: PlanChunk[], pages: Set<string>): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const closure = (start: PlanChunk | undefined) => {
    const seen = new Set<string>();
    const todo = start ? [start.file] : [];
    while (todo.length) {
      const f = todo.pop()!;
      if (seen.has(f) || !byFile.has(f)) continue;
      seen.add(f);
      todo.push(...byFile.get(f)!.imports);
    }
    return seen;
  };
  // The root chunk holding a module (an HTML page's chunk stands for index.html, and holds main.tsx).
  const rootChunk = (re: RegExp) => chunks.find((c) => c.root && c.modules.some((m) => re.test(m)));
  const main = closure(rootChunk(MAIN));
  const staff = closure(rootChunk(STAFF));
  const shell = closure(rootChunk(SHELL));
  const login = closure(rootChunk(LOGIN));
  // The cold load of each route, and the routes that load each chunk.
  const routes = new Map<string, Set<string>>([
    ['/login', new Set([...main, ...login])],
    ['/staff/', staff],
  ]);
  for (const p of pages) routes.set(p, new Set([...main, ...shell, ...closure(byFile.get(p))]));
  const routesOf = new Map<string, Set<string>>();
  for (const [r, files] of routes)
    for (const f of files) {
      const set = routesOf.get(f) ?? new Set<string>();
      routesOf.set(f, set.add(r));
    }

  // Groups: a name per chunk; the named groups first.
  const group = new Map<string, string>();
  const isReact = (c: PlanChunk) => c.modules.some((m) => REACT.test(m));
  for (const c of chunks) {
    if (c.root || isReact(c)) continue;
    if (main.has(c.file)) group.set(c.file, staff.has(c.file) ? 'common' : 'entry');
    else if (staff.has(c.file)) continue;
    else if (shell.has(c.file)) group.set(c.file, login.has(c.file) ? 'signed-in' : 'console');
  }
  // A chunk's group id: its named group, else the chunk it was merged into (union-find), else itself.
  const parent = new Map<string, string>();
  const find = (f: string): string => {
    let r = f;
    while (parent.has(r)) r = parent.get(r)!;
    return r;
  };
  const idOf = (f: string) => group.get(f) ?? find(f);
  // The chunk graph between group ids, for the cycle check.
  const edges = () => {
    const out = new Map<string, Set<string>>();
    for (const c of chunks)
      for (const i of c.imports) {
        const a = idOf(c.file);
        const b = idOf(i);
        if (a === b) continue;
        out.set(a, (out.get(a) ?? new Set<string>()).add(b));
      }
    return out;
  };
  const reaches = (out: Map<string, Set<string>>, from: string, to: string, skip: string) => {
    const seen = new Set<string>();
    const todo = [...(out.get(from) ?? [])].filter((x) => x !== skip);
    while (todo.length) {
      const x = todo.pop()!;
      if (x === to) return true;
      if (seen.has(x)) continue;
      seen.add(x);
      todo.push(...(out.get(x) ?? []));
    }
    return false;
  };
  // /index has the tightest budget (250 KB, 30 scripts): no merge makes it load a byte it does not use.
  const home = [...pages].find((f) => byFile.get(f)?.modules.some((m) => HOME.test(m)));
  // Nor /login (200 KB) and the staff page (150 KB): what they load stays theirs.
  const TIGHT = new Set(['/login', '/staff/', ...(home ? [home] : [])]);
  // The staff page's chunks are never merged, into others or others into them: they carry antd-mobile's global CSS
  // (`a { color: var(--adm-color-primary) }`), which must never reach a console route (its links would turn #1677ff).
  const pagesChunks = chunks.filter(
    (c) => !c.root && !isReact(c) && !group.has(c.file) && routesOf.has(c.file) && !staff.has(c.file),
  );
  const size = new Map(pagesChunks.map((c) => [c.file, c.size]));
  let graph = edges();
  const sizeOf = new Map(chunks.map((c) => [c.file, c.size]));
  const load = (r: string) => [...routes.get(r)!].reduce((n, f) => n + (sizeOf.get(f) ?? 0), 0);
  /** Merges each chunk of pages under `below` bytes into the closest chunk that `accepts` the routes it adds. */
  const mergePass = (below: number, accepts: (extra: string[], bytes: number) => boolean) => {
    for (const a of [...pagesChunks].sort((x, y) => x.size - y.size)) {
      if (find(a.file) !== a.file || size.get(a.file)! >= below) continue;
      const ra = routesOf.get(a.file)!;
      // What `a` needs: every route that loads it after the merge must already load all of it.
      const needs = [...closure(a)].filter((f) => f !== a.file);
      let best: { extra: string[]; file: string } | null = null;
      for (const b of pagesChunks) {
        const bf = b.file;
        if (bf === a.file || find(bf) !== bf) continue;
        const rb = routesOf.get(bf)!;
        if ([...ra].some((r) => !rb.has(r))) continue;
        const extra = [...rb].filter((r) => !ra.has(r));
        if (extra.some((r) => TIGHT.has(r)) || !accepts(extra, size.get(a.file)!)) continue;
        if (extra.some((r) => needs.some((f) => !routes.get(r)!.has(f)))) continue;
        if (
          best &&
          (extra.length > best.extra.length ||
            (extra.length === best.extra.length && size.get(bf)! >= size.get(best.file)!))
        )
          continue;
        if (reaches(graph, a.file, bf, bf) || reaches(graph, bf, a.file, a.file)) continue;
        best = { extra, file: bf };
      }
      if (!best) continue;
      parent.set(a.file, best.file);
      size.set(best.file, size.get(best.file)! + size.get(a.file)!);
      // The routes of the merged chunk now load `a` (its needs they had already).
      for (const r of best.extra) routes.get(r)!.add(a.file);
      for (const r of best.extra) ra.add(r);
      graph = edges();
    }
  };
  mergePass(MERGE_BELOW, (extra) => extra.length <= MERGE_EXTRA_ROUTES);
  // Then larger chunks, into chunks that besides only heavy routes (over their byte budget anyway) load, or routes
  // with room to spare: their script count falls (fewer, larger chunks also compress better), and no route within its
  // budget comes near its end.
  const heavy = new Set([...routes.keys()].filter((r) => load(r) > HEAVY_ROUTE));
  const start = new Map([...routes.keys()].map((r) => [r, load(r)]));
  mergePass(
    MERGE_HEAVY_BELOW,
    (extra, bytes) =>
      extra.length <= MERGE_HEAVY_EXTRA_ROUTES &&
      extra.every(
        (r) => heavy.has(r) || load(r) + bytes <= ROOMY_ROUTE || load(r) + bytes - start.get(r)! <= LIGHT_ADDED,
      ),
  );

  const names = new Map<string, string>();
  // One name per merged group (a name shared by two groups would make them one chunk): the host chunk's name,
  // numbered when another group has it too.
  const groupName = new Map<string, string>();
  const taken = new Set(['entry', 'common', 'console', 'signed-in', 'react']);
  for (const id of new Set([...parent.keys()].map(find))) {
    const base = path.basename(id).replace(/-[\w-]{8}\.js$/, '');
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    groupName.set(id, name);
  }
  for (const c of chunks) {
    if (c.root || isReact(c)) continue;
    const name = group.get(c.file) ?? groupName.get(find(c.file));
    if (name) for (const m of c.modules) names.set(m, name);
  }
  for (const c of chunks)
    for (const m of c.modules)
      if (FRAME_HELPERS.test(m) && !main.has(c.file) && !login.has(c.file) && !staff.has(c.file))
        names.set(m, 'console');
  return names;
}

/**
 * Parts of antd components that only some of their props need, loaded when first rendered instead of with the
 * component (docs/performance-browser.md). antd's Card imports Tabs (for `tabList`, with rc-tabs' overflow menu:
 * Menu and Dropdown) and Skeleton (`loading`); Typography imports its inline editor (`editable`: Input's TextArea)
 * and Tooltip (`copyable`, `ellipsis.tooltip`); Table imports the column filter dropdown (`filters`: Tree, Menu,
 * Dropdown, Radio) and a Dropdown for `rowSelection.selections`; Modal a Skeleton (`loading`); a form label a Tooltip
 * (`tooltip`); an upload list's item a Tooltip (a failed file's message); Input the one-time-password box (Input.OTP);
 * Pagination its size changer's Select (22 KB gzip with the virtual list).
 * Every console route paid for them: 13 KB gzip for Card's tabs alone, 14 KB for the table's filter dropdown. Each
 * import below becomes a lazy component with the same props: nothing (`null`), its children (`children`, for a
 * tooltip's trigger) or a select's face (`selectFace`, components/lazy-select/SelectFace.tsx) while its chunk loads. The build fails when a rule no longer matches (antd moved a file).
 */
const ON_DEMAND: { importer: RegExp; source: string; fallback: 'null' | 'children' | 'selectFace'; extra?: string }[] =
  [
    { importer: /\/antd\/es\/card\/Card\.js$/, source: '../tabs', fallback: 'null' },
    { importer: /\/antd\/es\/card\/Card\.js$/, source: '../skeleton', fallback: 'null' },
    { importer: /\/antd\/es\/typography\/Base\/index\.js$/, source: '../Editable', fallback: 'null' },
    { importer: /\/antd\/es\/typography\/Base\/index\.js$/, source: '../../tooltip', fallback: 'children' },
    { importer: /\/antd\/es\/typography\/Base\/CopyBtn\.js$/, source: '../../tooltip', fallback: 'children' },
    { importer: /\/antd\/es\/typography\/Base\/EllipsisTooltip\.js$/, source: '../../tooltip', fallback: 'children' },
    {
      importer: /\/antd\/es\/table\/hooks\/useFilter\/index\.js$/,
      source: './FilterDropdown',
      fallback: 'children',
      // The filter hook also takes this helper from the dropdown's module (a copy: the module is what waits).
      extra:
        'export function flattenKeys(filters) { let keys = []; (filters || []).forEach(({ value, children }) => { keys.push(value); if (children) keys = [...keys, ...flattenKeys(children)]; }); return keys; }',
    },
    { importer: /\/antd\/es\/table\/hooks\/useSelection\.js$/, source: '../../dropdown', fallback: 'children' },
    { importer: /\/antd\/es\/modal\/Modal\.js$/, source: '../skeleton', fallback: 'null' },
    { importer: /\/antd\/es\/form\/FormItemLabel\.js$/, source: '../tooltip', fallback: 'children' },
    { importer: /\/antd\/es\/upload\/UploadList\/ListItem\.js$/, source: '../../tooltip', fallback: 'children' },
    { importer: /\/antd\/es\/input\/index\.js$/, source: './OTP', fallback: 'null' },
    // The pager's own size changer (DataTable gives its own, PageSizeSelect): meanwhile the closed select's face.
    { importer: /\/antd\/es\/pagination\/Pagination\.js$/, source: '../select', fallback: 'selectFace' },
  ];
const SELECT_FACE = fileURLToPath(new URL('./src/components/lazy-select/SelectFace.tsx', import.meta.url));
function antdOnDemand(): Plugin {
  const PREFIX = '\0jz-on-demand:';
  const used = new Set<number>();
  return {
    name: 'jz-antd-on-demand',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || importer.startsWith(PREFIX)) return null;
      const i = ON_DEMAND.findIndex((r) => r.source === source && r.importer.test(importer));
      if (i < 0) return null;
      const real = await this.resolve(source, importer, { skipSelf: true });
      if (!real) return null;
      used.add(i);
      return `${PREFIX}${i}:${real.id}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [, i, real] = /^\0jz-on-demand:(\d+):(.*)$/.exec(id)!;
      const rule = ON_DEMAND[Number(i)];
      const fallback =
        rule.fallback === 'children'
          ? 'props.children ?? null'
          : rule.fallback === 'selectFace'
            ? "createElement(SelectFace, { role: 'combobox', className: 'jz-lazy-select-fit ' + (props.className ?? ''), value: props.value, options: props.options, disabled: props.disabled, 'aria-label': props['aria-label'] })"
            : 'null';
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        rule.fallback === 'selectFace' ? `import { SelectFace } from ${JSON.stringify(SELECT_FACE)};` : '',
        `const Lazy = lazy(() => import(${JSON.stringify(real)}));`,
        `export default function OnDemand(props) { return createElement(Suspense, { fallback: ${fallback} }, createElement(Lazy, props)); }`,
        rule.extra ?? '',
      ].join('\n');
    },
    buildEnd(error) {
      if (error) return;
      const missed = ON_DEMAND.filter((_, i) => !used.has(i));
      if (missed.length)
        this.error(
          `antdOnDemand: no longer matched (antd changed?): ${missed.map((r) => `${r.source} from ${r.importer}`).join(', ')}`,
        );
    },
  };
}

const CONTRACTS_SRC = /\/packages\/contracts\/src\/.*\.ts$/;
const ZOD_LOCALE = /\/packages\/contracts\/src\/zod-locale\.ts$/;
/**
 * `import { Button, Card } from 'antd'` becomes `import Button from 'antd/es/button'; …` in the build (likewise for
 * `@ant-design/icons`), from the packages' own index files. The bundle is the same (the index is tree-shaken either
 * way), but the module graph the chunking sees is the real one: through the index, every page and the login page
 * "reached" every component, and chunkGroup could not tell the console frame's components apart. A file that uses
 * `Input` but none of `Input.Password`, `Input.TextArea`… imports the bare input (the index attaches them all).
 */
function directImports(): Plugin {
  const barrels = new Map<string, Map<string, string>>();
  const read = (pkg: string, index: string, base: string) => {
    const map = new Map<string, string>();
    // The package's folder as Node finds it from here (web/node_modules, then the workspace root's).
    const dir = createRequire(import.meta.url)
      .resolve.paths(pkg)!
      .map((p) => path.join(p, pkg))
      .find((p) => existsSync(path.join(p, 'package.json')))!;
    const code = readFileSync(path.join(dir, index), 'utf8');
    for (const [, name, file] of code.matchAll(/^export \{ default as (\w+) \} from ["']\.\/([\w-]+)["'];$/gm))
      map.set(name, `${base}/${file}`);
    barrels.set(pkg, map);
  };
  return {
    name: 'jz-direct-imports',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      read('antd', 'es/index.js', 'antd/es');
      read('@ant-design/icons', 'es/icons/index.js', '@ant-design/icons');
    },
    transform(code, id) {
      if (!/\/web\/src\/.*\.tsx?$/.test(id) || !/from ["'](antd|@ant-design\/icons)["']/.test(code)) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      for (const node of parseAst(code).body) {
        if (node.type !== 'ImportDeclaration') continue;
        const map = barrels.get(String(node.source.value));
        if (!map) continue;
        const direct: string[] = [];
        const rest: string[] = [];
        for (const sp of node.specifiers) {
          const imported = sp.type === 'ImportSpecifier' ? String((sp.imported as { name?: string }).name) : '';
          let file = map.get(imported);
          // Input's module without its statics (Password, Search, TextArea, Group: 6 KB gzip) where none is used.
          if (file === 'antd/es/input' && !new RegExp(`\\b${sp.local.name}\\.`).test(code))
            file = 'antd/es/input/Input';
          if (file) direct.push(`import ${sp.local.name} from '${file}';`);
          else rest.push(sp.type === 'ImportSpecifier' ? `${imported} as ${sp.local.name}` : '');
        }
        if (!direct.length || rest.some((r) => !r)) continue;
        const keep = rest.length ? `import { ${rest.join(', ')} } from '${node.source.value}';` : '';
        edits.push({ start: node.start, end: node.end, text: direct.join(' ') + keep });
      }
      let out = code;
      for (const e of edits.reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
      return edits.length ? { code: out, map: null } : null;
    },
  };
}

/**
 * zod's Chinese messages (what @jz/contracts/zod-locale sets on the server) are configured by zod's own schema module,
 * so they load exactly when zod does: with the pages whose forms check fields against the contracts' schemas, not
 * with the console frame of every route (issue 22 budgets). zod declares its modules side-effect free, so a separate
 * module configuring it would be dropped; the schema module is kept whenever a schema is built. The dev server
 * serves zod unbundled (optimizeDeps.exclude) so it gets the same. The build fails if zod shows up without it.
 */
function zodChineseMessages(): Plugin {
  const SCHEMAS = /\/node_modules\/zod\/v4\/classic\/schemas\.js$/;
  let configured = false;
  return {
    name: 'jz-zod-chinese-messages',
    transform(code, id) {
      if (!SCHEMAS.test(id)) return null;
      configured = true;
      const head = "import { config as jzConfig } from '../core/core.js';\nimport jzZhCN from '../locales/zh-CN.js';\n";
      return { code: `${head}${code}\njzConfig(jzZhCN());\n`, map: null };
    },
    generateBundle(_, bundle) {
      const zod = Object.values(bundle).some(
        (c) => c.type === 'chunk' && Object.keys(c.modules).some((m) => m.includes('/node_modules/zod/')),
      );
      if (zod && !configured) this.error('zod is bundled but its Chinese messages are not: update zodChineseMessages');
    },
  };
}

/**
 * The web calls a contract by its method and path only (lib/contract-client.ts: the server validates, and serializes
 * through the result schema). In the build, each `packages/contracts/src/api/*.ts` module is replaced by its
 * contracts without schemas (method, path, access, raw, multipart), evaluated from the real module: otherwise every
 * call site would keep every schema of its module and zod with them (the console frame alone calls 8 contracts).
 * Pages that check a form with a schema import it from the domain module (`@jz/contracts/agreement`…), which stays
 * whole. Types still come from the real modules; tests (no build) use them too.
 */
function contractsForWeb(): Plugin {
  const API = /\/packages\/contracts\/src\/api\/[\w-]+\.ts$/;
  const KEEP = ['method', 'path', 'access', 'raw', 'multipart'] as const;
  return {
    name: 'jz-contracts-for-web',
    apply: 'build',
    async load(id) {
      if (!API.test(id)) return null;
      // Node runs the TypeScript source itself (type stripping); the contracts only build zod schemas on import.
      const mod: Record<string, unknown> = await import(pathToFileURL(id).href);
      const lines: string[] = [];
      for (const [name, group] of Object.entries(mod)) {
        const slim: Record<string, Record<string, unknown>> = {};
        for (const [key, c] of Object.entries((group ?? {}) as Record<string, Record<string, unknown>>)) {
          if (typeof c?.method !== 'string' || typeof c.path !== 'string')
            this.error(`${id}: export ${name}.${key} is not a contract; extend contractsForWeb in vite.config.ts`);
          slim[key] = Object.fromEntries(KEEP.filter((k) => c[k] !== undefined).map((k) => [k, c[k]]));
        }
        lines.push(`export const ${name} = ${JSON.stringify(slim)};`);
      }
      return lines.join('\n');
    },
  };
}

/**
 * A contracts module builds its schemas in top-level declarations (`export const orderRow = z.object({…})`). The
 * bundler keeps a call it cannot prove pure even when nothing reads its result, so a page importing one constant of
 * a module (SUPER_PERM from menu.ts, fillPath from contract.ts) kept every schema of the module, and zod. In the
 * build each such initializer becomes a pure-annotated arrow call: evaluated as before, dropped when unused.
 * Top-level statements (zod-locale.ts's `z.config(…)`) stay as they are.
 */
function pureContractDeclarations(): Plugin {
  const PLAIN = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression', 'TemplateLiteral']);
  return {
    name: 'jz-pure-contract-declarations',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACTS_SRC.test(id) || ZOD_LOCALE.test(id)) return null;
      const spans: [number, number][] = [];
      for (const node of parseAst(code).body) {
        const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
        if (decl?.type !== 'VariableDeclaration') continue;
        for (const d of decl.declarations)
          if (d.init && !PLAIN.has(d.init.type)) spans.push([d.init.start, d.init.end]);
      }
      let out = code;
      for (const [start, end] of spans.reverse())
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      return spans.length ? { code: out, map: null } : null;
    },
  };
}

/**
 * Writes `.vite/chunk-modules.json` beside Vite's manifest: for every source module of the app (web/src, the
 * contracts) the chunk file that holds it. The manifest names a chunk by the module it starts from only, so a page that
 * another page also imports statically (and that the bundler therefore merges into a shared chunk) has no manifest
 * entry of its own; scripts/check-bundle.mjs finds its route's chunk here instead.
 */
function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'jz-chunk-modules',
    apply: 'build',
    configResolved(c) {
      root = c.root;
    },
    generateBundle(_, bundle) {
      const map: Record<string, string> = {};
      for (const c of Object.values(bundle))
        if (c.type === 'chunk')
          for (const id of Object.keys(c.modules)) {
            const rel = path.relative(root, id.split('?')[0]).split(path.sep).join('/');
            if (!rel.includes('node_modules') && /\.(ts|tsx)$/.test(rel)) map[rel] = c.fileName;
          }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(map, null, 1) });
    },
  };
}

/**
 * Writes `x.js.br` and `x.js.gz` beside every built script, stylesheet and data file (the icon set), so the server can send them as they are
 * (@fastify/static `preCompressed`) rather than raw: a third of the bytes or less on the wire (issue 13, Lighthouse).
 * Brotli at quality 9: 11 saves another 7 % but costs several CPU seconds per build on a shared machine.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'jz-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    writeBundle(options) {
      // Not the chunk plan's first output (chunkPlan()), which writes nothing of use.
      if (options.dir === PLAN_DIR) return;
      const assets = path.join(options.dir ?? outDir, 'assets');
      for (const f of readdirSync(assets)) {
        if (!/\.(js|css|json)$/.test(f)) continue;
        const file = path.join(assets, f);
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        const params = { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params }));
      }
    },
  };
}
