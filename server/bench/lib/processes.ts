/**
 * The child processes of a benchmark: servers started from source, waited on through their health call, measured
 * through /proc, and never left behind (a hard time limit kills them all).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The server/ folder whose src/main.ts a benchmark starts: this checkout's, or BENCH_SERVER_DIR (e.g. an older commit
 * unpacked with `git archive`, for a before/after run driven by the same benchmark code).
 */
export const benchedServerDir = process.env.BENCH_SERVER_DIR ? path.resolve(process.env.BENCH_SERVER_DIR) : serverDir;
export const HEALTH = '/tmpl/api/health';

const children = new Set<ChildProcess>();

/** Kills every child still running (at the end of a run or when it fails). */
export function killAll() {
  for (const c of children) c.kill('SIGKILL');
}

/** Gives up (exit 2, children killed) when the benchmark runs longer than `ms`. */
export function hardLimit(label: string, ms: number) {
  setTimeout(() => {
    console.error(`${label}: did not finish in time, giving up`);
    killAll();
    process.exit(2);
  }, ms).unref();
}

/** The environment of a child: an empty value removes the variable (e.g. DATABASE_URL for a SQLite run). */
export function childEnv(env: Record<string, string | undefined>) {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const k of Object.keys(merged)) if (merged[k] === '') delete merged[k];
  return merged as NodeJS.ProcessEnv;
}

/** Defaults of a benchmarked server: quiet logs, and no global per-IP limit (it would answer most calls with 429). */
export const BENCH_ENV = { LOG_LEVEL: 'warn', NODE_ENV: 'development', RATE_LIMIT: 'off', ANSWER_CHECK: 'off' };

export interface Child {
  child: ChildProcess;
  output: () => string;
}

/**
 * Starts `node <args>` in `cwd` (default: server/) with output kept for error messages. `logFile`: stdout goes to that
 * file instead (a server logging every request under load would otherwise fill this process's memory and CPU).
 */
export function start(
  args: string[],
  env: Record<string, string | undefined>,
  cwd = serverDir,
  logFile?: string,
): Child {
  const child = spawn(process.execPath, args, {
    cwd,
    env: childEnv(env),
    stdio: ['ignore', logFile ? openSync(logFile, 'w') : 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  child.on('exit', () => children.delete(child));
  return { child, output: () => output + (logFile ? tail(logFile) : '') };
}

function tail(file: string) {
  try {
    return readFileSync(file, 'utf8').slice(-2000);
  } catch {
    return '';
  }
}

/** SIGTERM, then SIGKILL after 10 s. */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(t);
}

/** Polls `url` until it answers 2xx; answers the milliseconds it took. Fails early when the process exits. */
export async function waitFor(url: string, limitMs: number, p: Child, everyMs = 20) {
  const t0 = performance.now();
  while (performance.now() - t0 < limitMs) {
    if (p.child.exitCode !== null)
      throw new Error(`${url}: the process exited (${p.child.exitCode}):\n${p.output().slice(-2000)}`);
    try {
      const r = await fetch(url);
      if (r.ok) return performance.now() - t0;
    } catch {}
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${url} did not answer within ${limitMs} ms`);
}

/** Resident memory now (VmRSS) or at its peak (VmHWM), in MB. */
export function procStatus(pid: number, key: 'VmHWM' | 'VmRSS') {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${key}:\\s+(\\d+) kB`));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
