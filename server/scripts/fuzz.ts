/**
 * `npm run fuzz`: the route fuzzer (server/test/security/fuzz.test.ts, fast-check arbitraries derived from the route
 * schemas) with more calls per route than CI's 8.
 *   FUZZ_RUNS (default 200) calls per route, FUZZ_SEED (default: the time) to vary or replay the sequence (route n
 *   uses seed FUZZ_SEED + n; a failure prints its shrunk counterexample, seed and path), TEST_DB=postgres to run it
 *   against PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '..');
const env = {
  ...process.env,
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '200',
  FUZZ_SEED: process.env.FUZZ_SEED ?? String(Date.now() % 2 ** 31),
};
console.log(`fuzz: ${env.FUZZ_RUNS} calls per route, seed ${env.FUZZ_SEED} (replay with FUZZ_SEED=${env.FUZZ_SEED})`);
const run = spawnSync('npx', ['vitest', 'run', 'test/security/fuzz.test.ts'], { cwd: server, env, stdio: 'inherit' });
process.exit(run.status ?? 1);
