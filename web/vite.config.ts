/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

export default defineConfig(() => ({
  plugins: [react(), precompress()],
  base: './',
  server: { port: 5173, proxy: { '/tmpl': 'http://127.0.0.1:3000' } },
  resolve: {
    // Charts: echarts core with the used charts only (src/lib/echarts-lite.tsx) instead of the whole library.
    alias: [
      {
        find: /^echarts-for-react$/,
        replacement: fileURLToPath(new URL('./src/lib/echarts-lite.tsx', import.meta.url)),
      },
      // react-router 8 resolves to its production build by the package's own conditions (development under the dev
      // server and tests): no alias needed.
    ],
  },
  build: {
    outDir: 'dist',
    // scripts/check-bundle.mjs reads the chunk graph (entry, static and dynamic imports per source module) from it.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // @rc-component/form declares no `sideEffects`, so antd's Input (whose form context imports the package's index)
      // kept all of it, with its validator, on /login: 12 KB gzip. Its modules only define components and hooks.
      // Anything else: undefined, the package's own declaration.
      treeshake: {
        moduleSideEffects: (id: string) => (/node_modules\/@rc-component\/form\//.test(id) ? false : undefined),
      },
      output: {
        // Only React gets a vendor chunk of its own (every route needs it, it changes rarely). antd, @ant-design/icons
        // and rc-* are left to the bundler so each route takes the components it uses: one 'antd' chunk held every
        // component and the whole icon set (the icon picker's), 490 KB gzip on /login (budget 200 KB,
        // scripts/check-bundle.mjs).
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
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
