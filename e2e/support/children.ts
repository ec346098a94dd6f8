import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/**
 * Child processes a spec starts (a server of a project copy, a build): each is tracked so `stopAll` in afterAll ends
 * every one of them, by its own pid, even when the test failed half way; a worker that exits stops them too.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});

export interface Started {
  child: ChildProcess;
  log: string;
}

/** Starts `process.execPath args` in cwd with env; stdout and stderr go to the log file. */
export function startNode(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; log: string }): Started {
  const fd = openSync(opts.log, 'a');
  const child = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return { child, log: opts.log };
}

const tail = (log: string) => {
  try {
    return readFileSync(log, 'utf8').slice(-3000);
  } catch {
    return '';
  }
};

/** Runs node with args to its end; throws with the log's tail on a non-zero exit or after timeoutMs (killed). */
export async function runNode(
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; log: string; timeoutMs: number },
) {
  const { child, log } = startNode(args, opts);
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`node ${args.join(' ')} ended with ${code}:\n${tail(log)}`);
}

/** Waits until url answers 2xx; fails early when the process ends, with its log's tail. */
export async function waitForHttp(s: Started, url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (s.child.exitCode !== null || s.child.signalCode !== null)
      throw new Error(
        `the process ended (${s.child.exitCode ?? s.child.signalCode}) before ${url} answered:\n${tail(s.log)}`,
      );
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${tail(s.log)}`);
}

/** Nothing answers on the port: a server left over by an earlier attempt would be tested instead of ours. */
export async function assertPortFree(port: number) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
  } catch {
    return;
  }
  throw new Error(`port ${port} is in use: stop what listens there (or set GEN_LIVE_PORT)`);
}

/** Stops one child: SIGTERM (the server closes gracefully), SIGKILL after graceMs. */
export async function stop(child: ChildProcess, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Stops every child still running. */
export async function stopAll() {
  await Promise.all([...running].map((c) => stop(c)));
}
