import { defineConfig } from 'vitest/config';
import { pgTarget, pgReachable } from './test/pg-target.ts';

/**
 * Server API tests: `app.inject` against a database built once per run (test/global-setup.ts).
 *   TEST_DB unset / sqlite  -> a seeded SQLite template file; each buildTestApp() copies it.
 *   TEST_DB=postgres        -> a seeded template database on TEST_DATABASE_URL; each buildTestApp() clones it.
 * Without a reachable PostgreSQL the postgres run is skipped (and fails when CI=true).
 */
export default defineConfig(async () => {
  let skip = false;
  if (process.env.TEST_DB === 'postgres') {
    const url = pgTarget();
    const problem = await pgReachable(url);
    if (problem) {
      const where = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
      if (process.env.CI === 'true')
        throw new Error(`PostgreSQL not reachable at ${where} (${problem}); CI=true requires it`);
      console.warn(`\nPostgreSQL not reachable at ${where} (${problem}): skipped\n`);
      skip = true;
    }
  }
  return {
    root: import.meta.dirname,
    test: {
      name: process.env.TEST_DB === 'postgres' ? 'server:postgres' : 'server:sqlite',
      environment: 'node',
      include: skip ? [] : ['test/**/*.test.ts'],
      passWithNoTests: skip,
      globalSetup: skip ? [] : ['test/global-setup.ts'],
      // Files are independent (each builds its own database copy and app), so two workers keep both cores busy.
      fileParallelism: true,
      // Reuse the module graph (fastify, swagger, zod, kysely) across the files of a worker: 5x faster. Safe because
      // no test changes module state: apps, databases and tokens are per buildTestApp(), mocks are restored.
      isolate: false,
      maxWorkers: 2,
      testTimeout: 15_000,
      hookTimeout: 60_000,
      teardownTimeout: 30_000,
      restoreMocks: true,
    },
  };
});
