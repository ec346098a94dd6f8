/// <reference types="vitest/config" />
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, parseAst, type Plugin, type Rolldown } from 'vite';

export default defineConfig(() => ({
  plugins: [
    react(),
    directImports(),
    zodChineseMessages(),
    contractsForWeb(),
    pureContractDeclarations(),
    precompress(),
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
      // kept all of it, with its validator, on /login: 12 KB gzip. Its modules only define components and hooks.
      // packages/contracts only declares schemas and contracts (zod-locale.ts aside, which configures zod): a page that
      // imports `fillPath` from contract.ts must not keep the module's top-level schemas, and zod with them (with
      // pureContractDeclarations below).
      // Anything else: undefined, the package's own declaration.
      treeshake: {
        moduleSideEffects: (id: string) =>
          /node_modules\/@rc-component\/form\//.test(id) || (CONTRACTS_SRC.test(id) && !ZOD_LOCALE.test(id))
            ? false
            : undefined,
      },
      output: {
        codeSplitting: {
          // A module placed in a group keeps its dependencies where the bundler put them (default: pulled in), so the
          // console group never drags in something /login shares with it.
          includeDependenciesRecursively: false,
          groups: [{ name: chunkGroup }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20000,
  },
}));

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...a: never[]) => unknown>>[1];
const MAIN = /\/web\/src\/main\.tsx$/;
const SHELL = /\/web\/src\/app\/layouts\/ConsoleLayout\.tsx$/;
const LOGIN = /\/web\/src\/features\/auth\/pages\/LoginPage\.tsx$/;
/** The staff page's entry: what it reaches never goes into the console chunk. */
const STAFF = /\/web\/src\/staff\/main\.tsx$/;

/**
 * Chunk groups (issue 22: ≤ 40 scripts per cold load). React gets a vendor chunk of its own (every route needs it, it
 * changes rarely). Everything the console frame reaches (antd's frame components, TanStack Query, dayjs' locale…)
 * that neither the entry nor the login page reaches goes into one 'console' chunk: every signed-in route loads the
 * frame anyway, so this costs no route a byte, and saves the dozens of small chunks the automatic split cuts by which
 * pages share what. The rest (pages, their shared components, on-demand widgets) is left to the bundler, so each route
 * takes the components it uses: one 'antd' chunk held every component and the whole icon set, 490 KB on /login.
 */
function chunkGroup(id: string, ctx: ChunkingContext): string | null {
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
  // A dynamically imported module keeps a chunk of its own (the manifest, and so check-bundle, finds it by its source).
  if (ctx.getModuleInfo(id)?.dynamicImporters.length) return null;
  const roots = staticRoots(id, ctx);
  let shell = false;
  for (const r of roots) {
    if (LOGIN.test(r) || MAIN.test(r) || STAFF.test(r)) return null;
    if (SHELL.test(r)) shell = true;
  }
  return shell ? 'console' : null;
}

/** The chunk roots `id` is statically reached from: the entries and every dynamically imported module above them. */
function staticRoots(id: string, ctx: ChunkingContext): Set<string> {
  const roots = new Set<string>();
  const seen = new Set([id]);
  const todo = [id];
  while (todo.length) {
    const info = ctx.getModuleInfo(todo.pop()!);
    if (!info) continue;
    if (MAIN.test(info.id) || STAFF.test(info.id) || info.dynamicImporters.length) roots.add(info.id);
    for (const up of info.importers)
      if (!seen.has(up)) {
        seen.add(up);
        todo.push(up);
      }
  }
  return roots;
}

const CONTRACTS_SRC = /\/packages\/contracts\/src\/.*\.ts$/;
const ZOD_LOCALE = /\/packages\/contracts\/src\/zod-locale\.ts$/;
/**
 * `import { Button, Card } from 'antd'` becomes `import Button from 'antd/es/button'; …` in the build (likewise for
 * `@ant-design/icons`), from the packages' own index files. The bundle is the same (the index is tree-shaken either
 * way), but the module graph the chunking sees is the real one: through the index, every page and the login page
 * "reached" every component, and chunkGroup could not tell the console frame's components apart.
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
          const file = map.get(imported);
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
 * Writes `x.js.br` and `x.js.gz` beside every built script and stylesheet, so the server can send them as they are
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
    writeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const f of readdirSync(assets)) {
        if (!/\.(js|css)$/.test(f)) continue;
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
