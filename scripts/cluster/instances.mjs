// The app instances: real processes on fixed ports (nginx's upstream names them), started with the release's or the
// bundle's command, stopped with SIGTERM (drain: in-flight requests are answered, streams end) or SIGKILL.
// Modelled on server/test/faults/server-process.ts, which starts one instance through scripts/start.mjs.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import net from 'node:net';
import { getDirect } from './http.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A free TCP port on 127.0.0.1 (the system picks; closed again before use). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export class Instance {
  /** name, port, command: { cmd, args, cwd }, env (on top of the parent's), logFile, readyPath */
  constructor({ name, port, command, env, logFile }) {
    Object.assign(this, { name, port, command, env, logFile });
    this.base = `http://127.0.0.1:${port}`;
    this.child = undefined;
    this.log = createWriteStream(logFile, { flags: 'a' });
    this.tail = '';
    this.starts = [];
    this.readyPath = undefined; // decided on the first start: health/ready when the server has it
  }

  get running() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  start() {
    const { cmd, args, cwd } = this.command;
    this.log.write(`\n==== ${new Date().toISOString()} start ${this.name} on ${this.port}\n`);
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (d) => {
      this.log.write(d);
      this.tail = (this.tail + d).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    this.child = child;
    this.starts.push(Date.now());
    return this;
  }

  /** Until the readiness probe answers 200 (or the process exits, or the deadline). Answers ms waited. */
  async waitReady(timeoutMs = 120_000) {
    const t0 = Date.now();
    for (;;) {
      if (!this.running) throw new Error(`${this.name} exited before ready:\n${this.tail.slice(-2500)}`);
      const path = this.readyPath ?? 'health/ready';
      const r = await getDirect(this.base, path, undefined, 2000);
      if (r.status === 404 && !this.readyPath)
        this.readyPath = 'health'; // a server without the readiness probe
      else if (r.status === 200) {
        this.readyPath ??= path;
        return Date.now() - t0;
      }
      if (Date.now() - t0 > timeoutMs)
        throw new Error(`${this.name} not ready in ${timeoutMs} ms:\n${this.tail.slice(-2500)}`);
      await sleep(100);
    }
  }

  /** SIGTERM and wait for the exit (SIGKILL after graceMs). Answers { ms, code, signal }. */
  async stop(graceMs = 20_000) {
    if (!this.running) return { ms: 0 };
    const t0 = Date.now();
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const r = await this.exited;
    clearTimeout(timer);
    return { ms: Date.now() - t0, ...r };
  }

  async kill() {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  close() {
    this.log.end();
  }
}
