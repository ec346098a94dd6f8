#!/usr/bin/env node
// Start-up time and memory of the real server process (docs/startup-and-faults.md).
//   node server/test/faults/measure-startup.mjs [bundle|tsx|start] [--port 3350] [--runs 3] [--duration 10]
// bundle: `node server/dist/main.js` (build it first: node scripts/build-server.mjs); tsx: `node --import tsx
// server/src/main.ts` (the old way); start: `node scripts/start.mjs` (builds when stale).
// Each run: a cold start on an empty DATA_DIR (migrations + seeds + demo data), then a warm restart on the same
// database; ready = spawn -> /tmpl/api/health answers. Then RSS idle, and peak RSS under autocannon (50 connections)
// on the health call, the dictionary page (admin) and the order list (owner A).
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const mode = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'bundle';
const port = Number(arg('port', 3350));
const runs = Number(arg('runs', 3));
const duration = Number(arg('duration', 10));
const base = `http://127.0.0.1:${port}`;
const CLIENT = { client: 'jiazheng-merchant-pc', 'content-type': 'application/json' };

// --node-args "--max-semi-space-size=4": V8 flags to compare.
const nodeArgs = (arg('node-args', '') || '').split(' ').filter(Boolean);
const commands = {
  bundle: ['node', [...nodeArgs, path.join(root, 'server/dist/main.js')]],
  tsx: ['node', [...nodeArgs, '--import', 'tsx', path.join(root, 'server/src/main.ts')]],
  start: ['node', [...nodeArgs, path.join(root, 'scripts/start.mjs')]],
};

let logFd;
let logFile;

function start(dataDir) {
  logFile = path.join(dataDir, `server-${Date.now()}.log`);
  logFd = openSync(logFile, 'w');
  const [cmd, args] = commands[mode];
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(cmd, args, {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_SMS_CODE: '123456',
      SMS_RATE_LIMIT: 'off',
      RATE_LIMIT: 'off',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      WEB_DIST: process.env.WEB_DIST ?? '',
    },
    // A file, as in production (journald, a log file): a pipe read by this busy process would hold the server's
    // log lines in its memory and inflate the figure.
    stdio: ['ignore', logFd, 'inherit'],
  });
  return child;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The CPU time the start cost, from the server's own "ready" line (main.ts; LOG_LEVEL info or lower). */
async function startCpu() {
  closeSync(logFd);
  for (let i = 0; i < 20; i++) {
    const m = /"cpuMs":(\d+)/.exec(readFileSync(logFile, 'utf8'));
    if (m) return Number(m[1]);
    await sleep(50);
  }
  return Number.NaN;
}

async function ready(child, t0) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/tmpl/api/health`);
      if (r.ok) return performance.now() - t0;
    } catch {}
    if (performance.now() - t0 > 120_000) throw new Error('not ready in 120 s');
    await sleep(10);
  }
}

/** RSS in MB of the process (and, for `start`, of its server child: start.mjs runs the server in-process). */
const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function signIn(phone) {
  const post = (p, body) =>
    fetch(`${base}/tmpl/api/app/jiazheng/login/sms/${p}`, {
      method: 'POST',
      headers: CLIENT,
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('sendCode', { phone });
  const res = await post('login', { phone, code: '123456' });
  if (res.code !== 200) throw new Error(`sign-in ${phone}: ${res.code} ${res.message}`);
  return res.result.token;
}

const cold = [];
const warm = [];
const coldCpu = [];
const warmCpu = [];
let memory;
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jz-measure-'));
  try {
    let t0 = performance.now();
    let child = start(dataDir);
    cold.push(await ready(child, t0));
    coldCpu.push(await startCpu());
    await stop(child);
    t0 = performance.now();
    child = start(dataDir);
    warm.push(await ready(child, t0));
    warmCpu.push(await startCpu());
    if (i === runs - 1) {
      await sleep(2000);
      const idle = rss(child.pid);
      const admin = await signIn('13800000000');
      const owner = await signIn('13800000001');
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rss(child.pid));
      }, 100);
      const load = {};
      for (const [title, url, token] of [
        ['health', '/tmpl/api/health', undefined],
        ['dict page (admin)', '/tmpl/api/app/dict/findAllByPage?pageNum=1&pageSize=10', admin],
        ['order list (owner A)', '/tmpl/api/app/jiazheng/pay/dingdan/findAllByPage?pageNum=1&pageSize=10', owner],
      ]) {
        const headers = token ? { ...CLIENT, authorization: `Bearer ${token}` } : CLIENT;
        const r = await autocannon({ url: base + url, connections: 50, duration, headers });
        load[title] = { 'req/s': Math.round(r.requests.average), 'p99 ms': r.latency.p99, non2xx: r.non2xx };
      }
      clearInterval(sampler);
      memory = { idle, peak, after: rss(child.pid), load };
    }
    await stop(child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (xs) =>
  `${xs.map((x) => Math.round(x)).join(', ')} ms (median ${Math.round([...xs].sort((a, b) => a - b)[xs.length >> 1])})`;
console.log(`mode ${mode}, ${runs} runs`);
console.log(`ready, cold (empty database): ${fmt(cold)}; CPU ${fmt(coldCpu)}`);
console.log(`ready, warm (restart): ${fmt(warm)}; CPU ${fmt(warmCpu)}`);
console.log(
  `RSS: idle ${memory.idle.toFixed(0)} MB, peak under load ${memory.peak.toFixed(0)} MB, after ${memory.after.toFixed(0)} MB`,
);
console.table(memory.load);
