import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * One real server (built web app + API) on a fresh SQLite database for the whole run; every spec shares it.
 * Debian's Chromium, never a downloaded browser.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-'));

export default defineConfig({
  testDir: './specs',
  // Generous: CI shares two cores between the server, Chromium and the runner.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'report/results.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1600, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `http://127.0.0.1:${port}/tmpl/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SMS_CODE: '123456',
      // Many specs sign the same demo phones in within a minute; the SMS limits are proven by the API suite.
      SMS_RATE_LIMIT: 'off',
      // One browser from one address drives every page at machine speed; the API suite proves the global limit.
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
  },
});
