import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Api, api, buildTestApp, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { startMain } from './helpers/main-process.ts';

const CJK = /[\u4e00-\u9fa5]/;

/** What must never reach a client: a stack trace or an internal error text. */
function expectNoLeak(raw: string) {
  expect(raw).not.toMatch(/\bat .+:\d+:\d+/);
  expect(raw).not.toMatch(/stack|node_modules|FST_ERR/i);
}

describe('the envelope', () => {
  let t: TestApp;
  let anon: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    anon = api(t.app);
  });
  afterAll(() => t?.close());

  it('health answers ok, and only that (no database kind or version: test/health-probes.test.ts)', async () => {
    const r = await anon.get('health');
    expect(r.status).toBe(200);
    expect(r.code).toBe(200);
    expect(r.result).toEqual({ status: 'ok' });
  });

  it('an unknown route answers 2002 with HTTP 404, also outside /tmpl/api', async () => {
    const r = await anon.get('no/such/route', { a: 1 });
    expect(r.status).toBe(404);
    expect(r).toMatchObject({ code: 2002, result: null });
    expect(r.message).toBe('接口不存在: GET /tmpl/api/no/such/route');
    const other = await anon.del('/definitely-missing');
    expect(other).toMatchObject({ status: 404, code: 2002 });
  });

  it('a wrong method on a known path is an unknown route, not a crash', async () => {
    const r = await anon.del('app/jiazheng/login/sms/sendCode');
    expect(r).toMatchObject({ status: 404, code: 2002 });
  });

  it('a malformed JSON body answers 2001 with HTTP 400 and no stack', async () => {
    const r = await anon.postJson('app/jiazheng/login/sms/sendCode', '{"phone": "1380000');
    expect(r.status).toBe(400);
    expect(r).toMatchObject({ code: 2001, message: '请求格式不正确', result: null });
    expectNoLeak(r.raw);
  });

  it('a body over 1 MB answers 2001 with HTTP 413, form or JSON', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const form = await anon.post('app/jiazheng/login/sms/sendCode', { phone: '13800000009', pad: big });
    expect(form).toMatchObject({ status: 413, code: 2001, message: '请求内容过大', result: null });
    const json = await anon.postJson('app/jiazheng/login/sms/sendCode', { phone: '13800000009', pad: big });
    expect(json).toMatchObject({ status: 413, code: 2001, message: '请求内容过大' });
    expectNoLeak(json.raw);
    // Nothing was sent for the refused calls.
    expect(t.sms.sent).toHaveLength(0);
  });

  it('an unsupported content type answers 2001 with HTTP 415', async () => {
    const r = await anon.post(
      'app/jiazheng/login/sms/sendCode',
      { phone: '13800000009' },
      { headers: { 'content-type': 'application/xml' } },
    );
    expect(r).toMatchObject({ status: 415, code: 2001, message: '请求格式不正确', result: null });
    expectNoLeak(r.raw);
  });

  it('validation errors give Chinese messages: our own sentences and zod locale ones', async () => {
    const missing = await anon.post('app/jiazheng/login/sms/sendCode', {});
    expect(missing).toMatchObject({ status: 400, code: 2001, message: '请输入手机号', result: null });

    const bad = await anon.post('app/jiazheng/login/sms/login', { phone: '13800000001', code: '12ab' });
    expect(bad).toMatchObject({ status: 400, code: 2001 });
    expect(bad.message).toContain('验证码为 6 位数字');

    const admin = api(t.app, await loginAs(t.app, PHONES.admin));
    const page = await admin.get('app/dict/findAllByPage', { pageSize: 'many' });
    expect(page).toMatchObject({ status: 400, code: 2001, result: null });
    expect(page.message).toMatch(CJK);
    expect(page.message).toContain('pageSize');
    expectNoLeak(page.raw);
  });

  it('JSON bodies are accepted as well as forms', async () => {
    const r = await anon.postJson('app/jiazheng/login/sms/sendCode', { phone: '13912345678' });
    expect(r).toMatchObject({ status: 200, code: 200, message: '验证码已发送' });
    expect(t.sms.lastCodeFor('13912345678')).toMatch(/^\d{6}$/);
  });

  it('answers carry security headers', async () => {
    const r = await anon.get('health');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tmpl/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/tmpl/api/app/dict/findAllByPage', '/tmpl/api/app/jiazheng/login/sms/login']),
    );
  });

  it('serves the API explorer UI over that document, with no inline script (the CSP allows self only)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/tmpl/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Swagger UI');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const a of assets) {
      const res = await t.app.inject({ method: 'GET', url: new URL(a, 'http://x/tmpl/api/docs/').pathname });
      expect(res.statusCode, a).toBe(200);
    }
    const init = await t.app.inject({ method: 'GET', url: '/tmpl/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain('json');
  });
});

describe('in production', () => {
  it('serves neither the OpenAPI document nor its UI (unknown route: 2002)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jz-prod-docs-'));
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: 'a-real-production-secret-of-32-chars-or-more',
        // Production refuses the development data key and the console SMS gateway (docs/security.md); nothing is sent here.
        DATA_KEYS: `k1:${Buffer.alloc(32, 9).toString('base64')}`,
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'test-id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-secret',
        ALIYUN_SMS_SIGN_NAME: '家政测试',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000000',
        DATABASE_URL: `sqlite:${path.join(dir, 'p.db')}`,
        LOG_LEVEL: 'silent',
      }),
      { logger: false },
    );
    try {
      for (const url of ['/tmpl/api/docs', '/tmpl/api/docs/json']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 2002 });
      }
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the server log', () => {
  it('is structured (pino JSON lines), one line per request with its request id; x-request-id is honoured', async () => {
    const main = startMain({ LOG_LEVEL: 'info' }, 'jz-log-');
    const { child, exited } = main;
    try {
      const port = await main.port();
      const base = `http://127.0.0.1:${port}/tmpl/api`;
      expect((await fetch(`${base}/health`, { headers: { 'x-request-id': 'jz-audit-42' } })).status).toBe(200);
      expect((await fetch(`${base}/no/such/route`)).status).toBe(404);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const lines = main.lines() as { reqId?: string; msg?: string; url?: string; status?: number; ms?: number }[];
      // One line per request (docs/performance.md; two synchronous lines cost ~13 % of a health check), with what both said.
      const mine = lines.filter((l) => l.reqId === 'jz-audit-42');
      expect(mine).toEqual([
        expect.objectContaining({ msg: 'request completed', method: 'GET', url: '/tmpl/api/health', status: 200 }),
      ]);
      expect(mine[0].ms).toBeTypeOf('number');
      const other = lines.filter((l) => l.url?.includes('no/such/route'));
      expect(other).toEqual([expect.objectContaining({ msg: 'request completed', status: 404 })]);
      expect(other[0].reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.some((l) => l.msg === 'shutting down')).toBe(true);
    } finally {
      await main.dispose();
    }
  }, 120_000);
});

describe('a crash inside a handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.register(async (scope) => {
      scope.get('/tmpl/api/test/crash', { config: { public: true } }, async () => {
        throw new Error('boom: password=hunter2 at /srv/app.ts:1:1');
      });
    });
  });
  afterAll(() => t?.close());

  it('answers 500 in the envelope without the error text or a stack', async () => {
    const r = await api(t.app).get('test/crash');
    expect(r).toMatchObject({ status: 500, code: 500, message: '服务器开小差了，请稍后再试', result: null });
    expect(r.raw).not.toContain('hunter2');
    expect(r.raw).not.toContain('boom');
    expectNoLeak(r.raw);
  });
});
