/**
 * The log destination (lib/log-stream.ts: pino's asynchronous destination) loses nothing when the process ends —
 * lines still waiting are written on exit, whether the process calls process.exit() right after logging or dies of an
 * uncaught exception — and a full pipe (a log reader that stopped reading) does not stop the event loop.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const moduleUrl = path.resolve(import.meta.dirname, '../src/lib/log-stream.ts');
const cwd = path.resolve(import.meta.dirname, '..');
const LINES = 5000;

const writeLines = (n: number) => `
    import { batchedStdout, flushLogs } from ${JSON.stringify(moduleUrl)};
    const out = batchedStdout();
    for (let i = 0; i < ${n}; i++) out.write(JSON.stringify({ i, msg: 'x'.repeat(40) }) + '\\n');`;

function run(ending: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writeLines(LINES) + ending], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return r.stdout.split('\n').filter(Boolean);
}

describe('stdout log', () => {
  it('writes every waiting line on process.exit()', () => {
    const lines = run('process.exit(0);');
    expect(lines).toHaveLength(LINES);
    expect(JSON.parse(lines[LINES - 1]).i).toBe(LINES - 1);
  });

  it('writes every waiting line when the process dies of an uncaught exception', () => {
    const lines = run("throw new Error('boom');");
    expect(lines).toHaveLength(LINES);
  });

  it('keeps the event loop turning while nobody reads the pipe, and loses no line when exiting after flushLogs', async () => {
    // ~1.5 MB of lines (a pipe holds 64 KB), then timers for 300 ms, reported on stderr; this side does not read
    // stdout until that report arrives. A destination that waits for the pipe never gets to its timers.
    const n = 25_000;
    const script = `${writeLines(n)}
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      setTimeout(() => { clearInterval(timer); process.stderr.write('ticks ' + ticks + '\\n');
        // As main.ts exits: wait for the destination to drain (the reader resumes on the report), then exit.
        flushLogs(30_000).then(() => process.exit(0)); }, 300);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pause();
    let err = '';
    const report = await new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), 10_000);
      child.stderr.on('data', (d) => {
        err += d;
        const m = /ticks (\d+)/.exec(err);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stdout.resume();
    await new Promise((r) => child.once('close', r));
    expect(report, `no timer ran within 10 s while stdout was full: ${err}`).toBeDefined();
    expect(Number(report)).toBeGreaterThanOrEqual(5);
    const lines = out.split('\n').filter(Boolean);
    expect(lines).toHaveLength(n);
    expect(JSON.parse(lines[n - 1]).i).toBe(n - 1);
  }, 60_000);
});
