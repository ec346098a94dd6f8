import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository root (server/test/faults -> ../../..). */
const root = path.resolve(import.meta.dirname, '../../..');
export const CLIENT_HEADERS = { client: 'jiazheng-merchant-pc', 'content-type': 'application/json' };

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything the process wrote to stdout and stderr (pino lines), for assertions and failure messages. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGKILL if still running; removes the temp folders. */
  dispose: () => Promise<void>;
}

/**
 * The real product as `npm start` runs it (scripts/start.mjs: builds the server bundle when stale, runs it with plain
 * node) on its own port (a free one unless given), database and data folder. WEB_DIST is a stub folder, so no web
 * build happens. LOG_LEVEL=info: the port is read from fastify's "Server listening" line.
 */
export async function startServer(opts: { port?: number; databaseUrl: string; env?: Record<string, string> }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'jz-faults-'));
  const web = path.join(dir, 'web');
  mkdirSync(web);
  // Newer than every web source: start.mjs sees a current build and does not run vite.
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>stub</title>');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(VITEST|TEST_|DATABASE_URL$|NODE_OPTIONS$)/.test(k)) env[k] = v;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: String(opts.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: opts.databaseUrl,
      WEB_DIST: web,
      DEMO_SMS_CODE: '123456',
      SMS_RATE_LIMIT: 'off',
      RATE_LIMIT: 'off',
      SEED_DEMO: 'auto',
      LOG_LEVEL: 'info',
      ADMIN_PHONE: '13800000000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    child,
    base: '',
    output: () => out,
    exited,
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out.slice(-3000)}`);
    // Port 0 (the default): the system picks a free one, read back from fastify's "Server listening at" line.
    const port = opts.port || Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1] ?? 0);
    const r = port
      ? await request(`http://127.0.0.1:${port}`, 'GET', '/tmpl/api/health').catch(() => undefined)
      : undefined;
    if (r?.status === 200) {
      server.base = `http://127.0.0.1:${port}`;
      return server;
    }
    if (Date.now() > deadline) {
      await server.dispose();
      throw new Error(`server not ready in time:\n${out.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Answer {
  status: number;
  body: string;
  json?: { code: number; message: string; result: unknown };
}

/**
 * One request on a new connection (no keep-alive: each call is a new TCP connection, so "new connections are refused"
 * is observable). Rejects with the socket error (ECONNREFUSED, ECONNRESET) when there is no answer.
 */
export function request(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          ...CLIENT_HEADERS,
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => {
          let json: Answer['json'];
          try {
            json = JSON.parse(body);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs in by SMS with the demo code (DEMO_SMS_CODE=123456) and answers the bearer token. */
export async function signIn(base: string, phone: string) {
  await request(base, 'POST', '/tmpl/api/app/jiazheng/login/sms/sendCode', { body: { phone } });
  const r = await request(base, 'POST', '/tmpl/api/app/jiazheng/login/sms/login', { body: { phone, code: '123456' } });
  if (r.json?.code !== 200) throw new Error(`sign-in ${phone}: ${r.body}`);
  return (r.json.result as { token: string }).token;
}
