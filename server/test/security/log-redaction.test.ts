/**
 * Logged URLs keep no private query value: the request log of the real server (src/main.ts, its pino output
 * captured) and fastify's `req` serializer. Query values are kept only for an allow-list of harmless parameters.
 */
import { describe, expect, it } from 'vitest';
import { redactUrl, reqSerializer } from '../../src/lib/log-redact.ts';
import { cloneDatabase } from '../helpers/db.ts';
import { startMain } from '../helpers/main-process.ts';

const PHONE = '13812345678';
/** A code as the server would log it (`code=…`): a bare six digits also occur in demo phone numbers. */
const CODE = '918273';
const TICKET = 'tk_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-session-token';

describe('redactUrl: an allow-list of harmless query parameters', () => {
  it.each([
    [`/tmpl/api/x?phone=${PHONE}&pageNum=2&pageSize=20`, '/tmpl/api/x?phone=***&pageNum=2&pageSize=20'],
    [`/tmpl/api/merchant/order/stream?ticket=${TICKET}`, '/tmpl/api/merchant/order/stream?ticket=***'],
    [`/a?token=${TOKEN}&code=654321&smsCode=1234`, '/a?token=***&code=***&smsCode=***'],
    [
      '/a?keyword=%E5%BC%A0%E4%B8%89&status=1&shopId=7&employeeIds=3,4',
      '/a?keyword=***&status=1&shopId=7&employeeIds=3,4',
    ],
    // An id-like key with a value that is not a number; a key that is a value and an unknown bare flag: hidden whole.
    [`/a?shopId=${encodeURIComponent('1 or 1=1')}&${PHONE}=1&secret`, '/a?shopId=***&***&***'],
    // A harmless key carrying something else than a short plain value.
    [`/a?type=${'x'.repeat(80)}&status=${encodeURIComponent('a b')}`, '/a?type=***&status=***'],
    [`/tmpl/api/unknown/${PHONE}/detail`, '/tmpl/api/unknown/138****5678/detail'],
    ['/tmpl/api/health', '/tmpl/api/health'],
    ['/a?%E0%A4%A=1&b=%E0%A4%A', '/a?***&b=***'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it("fastify's req serializer redacts its url and logs no header", () => {
    const logged = reqSerializer({
      method: 'GET',
      url: `/a?phone=${PHONE}`,
      ip: '203.0.113.9',
      socket: { remotePort: 5555 },
    });
    expect(logged).toEqual({ method: 'GET', url: '/a?phone=***', remoteAddress: '203.0.113.9', remotePort: 5555 });
  });
});

describe('the real server log', () => {
  it('has no phone, ticket, token or code of the URLs it served, and keeps paging', async () => {
    const db = await cloneDatabase();
    const main = startMain({ DATABASE_URL: db.url, LOG_LEVEL: 'info' }, 'jz-redact-');
    try {
      const base = `http://127.0.0.1:${await main.port()}/tmpl/api`;
      const urls = [
        `${base}/app/jiazheng/yuangong/findAllByPage?phone=${PHONE}&pageNum=2&pageSize=20`,
        `${base}/merchant/order/stream?ticket=${TICKET}`,
        `${base}/health?token=${encodeURIComponent(TOKEN)}&code=${CODE}`,
        `${base}/no/such/route/${PHONE}?mobile=${PHONE}`,
      ];
      for (const url of urls) await (await fetch(url)).arrayBuffer();
      main.child.kill('SIGTERM');
      expect(await main.exited).toBe(0);
      const out = main.output();
      const logged = main.lines().filter((l) => l.msg === 'request completed');
      expect(logged.length).toBeGreaterThanOrEqual(urls.length);
      for (const secret of [PHONE, TICKET, TOKEN, encodeURIComponent(TOKEN), `code=${CODE}`])
        expect(out).not.toContain(secret);
      expect(logged.map((l) => l.url)).toEqual(
        expect.arrayContaining([
          '/tmpl/api/app/jiazheng/yuangong/findAllByPage?phone=***&pageNum=2&pageSize=20',
          '/tmpl/api/merchant/order/stream?ticket=***',
          '/tmpl/api/health?token=***&code=***',
          '/tmpl/api/no/such/route/138****5678?mobile=***',
        ]),
      );
    } finally {
      await main.dispose();
      await db.dispose();
    }
  }, 120_000);
});
