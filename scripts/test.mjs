#!/usr/bin/env node
// `npm test`: lint, type check, web component tests, API tests on SQLite and PostgreSQL, the bundle budgets, the
// release, then the browser e2e suite.
// Every step runs even when an earlier one failed, so one run shows everything; the exit code is non-zero on any failure.
// The last line is the plain summary "N passed, N failed, N skipped".
import './check-node.mjs';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

// The summary names each failed test with the first line of its error: CI keeps only the tail of the output.
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';
const vitestJson = (file) => {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const failures = r.testResults.flatMap((f) =>
    f.assertionResults
      .filter((a) => a.status === 'failed')
      .map((a) => `${path.relative(root, f.name)} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`)
      .concat(
        f.status === 'failed' && !f.assertionResults.length
          ? [`${path.relative(root, f.name)}: ${firstLine(f.message)}`]
          : [],
      ),
  );
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + (r.numTodoTests ?? 0),
    failures,
  };
};
const playwrightJson = (file) => {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected')
          failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(t.results?.at(-1)?.error?.message)}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const s = report.stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped, failures };
};

const steps = [
  { name: 'lint', cmd: 'npx biome check .' },
  {
    name: 'typecheck',
    cmd: 'npx tsc --noEmit -p packages/contracts && npx tsc --noEmit -p server && npx tsc --noEmit -p web && npx tsc --noEmit -p e2e',
  },
  {
    name: 'web',
    cwd: 'web',
    cmd: `npx vitest run --reporter=default --reporter=json --outputFile=${out}/web.json`,
    result: () => vitestJson(`${out}/web.json`),
  },
  {
    name: 'api-sqlite',
    cwd: 'server',
    cmd: `npx vitest run --reporter=default --reporter=json --outputFile=${out}/api-sqlite.json`,
    result: () => vitestJson(`${out}/api-sqlite.json`),
  },
  {
    name: 'api-postgres',
    cwd: 'server',
    env: { TEST_DB: 'postgres' },
    cmd: `npx vitest run --reporter=default --reporter=json --outputFile=${out}/api-postgres.json`,
    result: () => vitestJson(`${out}/api-postgres.json`),
  },
  {
    // The container recipe without a container engine: dockerfile-utils lint, pinned bases, build arguments for
    // mirrors, non-root user, healthchecks, rotated logs (scripts/check-containers.mjs).
    name: 'containers',
    cmd: 'node scripts/check-containers.mjs',
  },
  {
    // Browser budgets (docs/performance.md): builds the web app when its build is stale, into the folder the e2e server then
    // serves (WEB_DIST, else web/dist: the same rule as scripts/start.mjs), so the app is built once per run.
    name: 'bundle',
    cmd: 'node scripts/check-bundle.mjs --build',
  },
  {
    // The release (docs/operations.md): built from this tree (reusing the web build of the step above), moved out of the
    // checkout, started with plain node on SQLite and, two instances at once, on PostgreSQL (scripts/release-test.mjs).
    name: 'release',
    cmd: 'node scripts/release-test.mjs',
  },
  {
    // Scale-out (docs/operations.md): nginx in front of three release instances on PostgreSQL and Redis, a merchant workload, a
    // rolling restart and a SIGKILL; fails on any broken invariant (scripts/cluster.mjs, docs/operations-cluster.md).
    // After the bundle step, so its release reuses that web build. Skips without nginx/PostgreSQL/Redis unless CI=true.
    name: 'cluster',
    cmd: 'node scripts/cluster.mjs --test',
    result: () => JSON.parse(readFileSync(`${out}/cluster.json`, 'utf8')),
  },
  {
    name: 'e2e',
    cwd: 'e2e',
    cmd: 'npx playwright test',
    result: () => playwrightJson(path.join(root, 'e2e/report/results.json')),
  },
].filter((s) => !only.length || only.includes(s.name));

/**
 * Runs a step with its output passed through as it comes, keeping its last lines: a step that fails without a test
 * report (or with every test passed, as when the runner itself reports an error) shows them in the summary.
 */
function run(s) {
  return new Promise((resolve) => {
    const child = spawn(s.cmd, {
      cwd: path.join(root, s.cwd ?? '.'),
      stdio: ['inherit', 'pipe', 'pipe'],
      shell: true,
      env: { ...process.env, ...s.env },
    });
    let tail = '';
    const keep = (stream) => (d) => {
      stream.write(d);
      tail = (tail + d.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (code) => {
      const lines = stripVTControlCharacters(tail)
        .split('\n')
        .filter((l) => l.trim());
      resolve({ status: code ?? 1, tail: lines.slice(-12) });
    });
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const failureLines = [];
let ok = true;
for (const s of steps) {
  const t0 = Date.now();
  console.log(`\n━━ ${s.name} ━━ ${s.cmd}`);
  const r = await run(s);
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  let counts = '';
  if (s.result) {
    try {
      const c = s.result();
      for (const k of Object.keys(totals)) totals[k] += c[k];
      counts = ` ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
      for (const f of c.failures ?? []) failureLines.push(`  ${s.name}: ${f.slice(0, 300)}`);
    } catch {
      counts = ' (no results file)';
    }
  }
  if (r.status !== 0) ok = false;
  if (r.status !== 0 && s.result)
    totals.failed += counts.includes(' 0 failed') || counts.includes('no results') ? 1 : 0;
  if (r.status !== 0 && !s.result) totals.failed += 1;
  if (r.status !== 0 && (!s.result || counts.includes(' 0 failed') || counts.includes('no results')))
    failureLines.push(
      `  ${s.name} exited ${r.status}; its last lines:`,
      ...r.tail.map((l) => `    ${l.slice(0, 300)}`),
    );
  lines.push(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${s.name.padEnd(13)} ${secs.padStart(4)} s${counts}`);
}
console.log(`\n━━ summary ━━\n${lines.join('\n')}`);
if (failureLines.length) console.log(`failed tests:\n${failureLines.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
