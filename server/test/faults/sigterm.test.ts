import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase, type TestDb, testDbKind } from '../helpers/db.ts';
import { type Answer, CLIENT_HEADERS, request, type ServerProcess, signIn, startServer } from './server-process.ts';

/**
 * SIGTERM under load (docs/security.md; faults): the real server process (scripts/start.mjs, the built bundle) on its own
 * (free) port and database copy. While requests run, SIGTERM: requests in flight are answered in full (one of them sends the
 * second half of its body only after the listener closed, and its write is in the database afterwards), new
 * connections are refused, the process exits with 0.
 */
const ORDERS = '/tmpl/api/app/jiazheng/pay/dingdan/findAllByPage?pageNum=1&pageSize=10';
const WORKERS = 12;

let db: TestDb;
let server: ServerProcess;

beforeAll(async () => {
  db = await cloneDatabase();
  server = await startServer({ databaseUrl: db.url });
}, 300_000);
afterAll(async () => {
  await server?.dispose();
  await db?.dispose();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const errCode = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

/** A POST whose headers and first half of the body are sent now; `finish()` sends the rest. */
function halfSentPost(base: string, url: string, token: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  let finish!: () => void;
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${url}`, {
      method: 'POST',
      agent: false,
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${token}`, 'content-length': payload.length },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, json: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.flushHeaders();
    req.write(payload.subarray(0, payload.length >> 1));
    finish = () => req.end(payload.subarray(payload.length >> 1));
  });
  return { answer, finish: () => finish() };
}

/** Resolves once a new connection is refused (the listener is closed); fails after 20 s. */
async function untilRefused(base: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await request(base, 'GET', '/tmpl/api/health');
    } catch (e) {
      if (errCode(e) === 'ECONNREFUSED') return;
    }
    if (Date.now() > deadline) throw new Error('new connections still accepted 20 s after SIGTERM');
    await sleep(20);
  }
}

describe(`SIGTERM under load (${testDbKind()})`, () => {
  it('answers the requests in flight, refuses new connections, exits with 0', async () => {
    const { base } = server;
    const admin = await signIn(base, '13800000000');
    const owner = await signIn(base, '13800000001');

    const marker = `停机测试-${Date.now()}`;
    const slow = halfSentPost(base, '/tmpl/api/app/config/edit', admin, {
      type: 'about_us',
      value: JSON.stringify({ content: `<p>${marker}</p>` }),
    });

    // Load: every request on a new connection; a worker stops at its first refused connection.
    const answers: Answer[] = [];
    const errors: string[] = [];
    const worker = async () => {
      for (;;) {
        try {
          answers.push(await request(base, 'GET', ORDERS, { token: owner }));
        } catch (e) {
          errors.push(errCode(e));
          if (errCode(e) === 'ECONNREFUSED') return;
        }
      }
    };
    const workers = Array.from({ length: WORKERS }, worker);
    await sleep(1500);
    const beforeSignal = answers.length;
    expect(beforeSignal).toBeGreaterThan(0);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await untilRefused(base);
    const refusedAfter = Date.now() - signalled;

    // The slow request was accepted before the signal: it still gets its whole answer, and its write lands.
    slow.finish();
    const slowAnswer = await slow.answer;
    expect(slowAnswer.status).toBe(200);
    expect(slowAnswer.json).toMatchObject({ code: 200, message: '操作成功' });

    const code = await server.exited;
    const exitedAfter = Date.now() - signalled;
    await Promise.all(workers);

    // Every answer that arrived is a whole success envelope; a call either got one or was not taken at all.
    const bad = answers.filter((a) => a.status !== 200 || a.json?.code !== 200);
    expect(bad.map((a) => `${a.status} ${a.body.slice(0, 120)}`)).toEqual([]);
    expect(new Set(errors.filter((e) => e !== 'ECONNREFUSED' && e !== 'ECONNRESET'))).toEqual(new Set());
    expect(code, server.output().slice(-2000)).toBe(0);
    expect(server.output()).toContain('shutting down');

    const row = await db.handle.db
      .selectFrom('config')
      .select('value')
      .where('type', '=', 'about_us')
      .executeTakeFirstOrThrow();
    expect(row.value).toContain(marker);

    console.log(
      `[sigterm] ${answers.length} answers (${answers.length - beforeSignal} after the signal), ` +
        `${errors.filter((e) => e === 'ECONNREFUSED').length} refused, ` +
        `${errors.filter((e) => e === 'ECONNRESET').length} reset before an answer; ` +
        `listener closed after ${refusedAfter} ms, exit 0 after ${exitedAfter} ms`,
    );
  }, 120_000);
});
