/**
 * The surface: global rate limit, CORS closed, security headers, production configuration refusals, router errors
 * as envelopes.
 */
import { CLIENT_ID } from '@jz/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { api, buildTestApp, envelopeOf, expectEvery, type TestApp } from '../helpers/index.ts';

describe('global rate limit (@fastify/rate-limit)', () => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.RATE_LIMIT_MAX = '30';
    try {
      t = await buildTestApp();
    } finally {
      delete process.env.RATE_LIMIT_MAX;
    }
  });
  afterAll(() => t?.close());

  it('caps one address at RATE_LIMIT_MAX calls a minute with 2004 / HTTP 429; other addresses go on', async () => {
    const one = api(t.app, undefined, { remoteAddress: '203.0.113.7' });
    const codes: number[] = [];
    for (let i = 0; i < 35; i++) codes.push((await one.get('health')).code);
    expectEvery(codes.slice(0, 30), (c) => c === 200);
    const refused = await one.get('health');
    expect(refused).toMatchObject({ code: 2004, status: 429, result: null });
    expect(refused.message).toContain('频繁');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await api(t.app, undefined, { remoteAddress: '203.0.113.8' }).get('health')).code).toBe(200);
    // Only the API is counted: the web app's files still load for the same address.
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js', remoteAddress: '203.0.113.7' });
    expect(asset.statusCode).not.toBe(429);
  });

  it('RATE_LIMIT=off disables it', async () => {
    process.env.RATE_LIMIT = 'off';
    process.env.RATE_LIMIT_MAX = '2';
    let u: TestApp;
    try {
      u = await buildTestApp();
    } finally {
      delete process.env.RATE_LIMIT;
      delete process.env.RATE_LIMIT_MAX;
    }
    try {
      const one = api(u.app);
      for (let i = 0; i < 10; i++) expect((await one.get('health')).code).toBe(200);
    } finally {
      await u.close();
    }
  });
});

describe('headers and CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('sends no Access-Control-Allow-Origin, even to a foreign origin or a preflight', async () => {
    const got = await t.app.inject({
      method: 'GET',
      url: '/tmpl/api/health',
      headers: { origin: 'https://evil.example', client: CLIENT_ID },
    });
    expect(got.headers['access-control-allow-origin']).toBeUndefined();
    expect(got.headers['access-control-allow-credentials']).toBeUndefined();
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/tmpl/api/app/jiazheng/shangjia/shangpin/add',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.statusCode).not.toBe(204);
  });

  it('security headers: CSP without inline script, frame-ancestors none, nosniff, no X-Powered-By', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tmpl/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('plain HTTP: the policy never asks the browser to upgrade (a console on http://<host name> would load nothing)', async () => {
    for (const url of ['/tmpl/api/health', '/tmpl/api/no/such/route', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).not.toContain('upgrade-insecure-requests');
    }
    // Without TRUST_PROXY a client's own X-Forwarded-Proto is not believed.
    const spoofed = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(String(spoofed.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('the same headers on refusals and unknown routes', async () => {
    for (const url of ['/tmpl/api/sys/user/findAllByPage', '/tmpl/api/no/such/route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });

  it('router-level refusals (overlong path parameter, malformed percent-encoding) leave as the envelope', async () => {
    for (const url of [
      `/tmpl/api/app/jiazheng/yuangong/findById/${'9'.repeat(300)}`,
      '/tmpl/api/app/jiazheng/yuangong/findById/%ED%A0%80',
      '/tmpl/api/app/jiazheng/yuangong/findById/%E0%A4%A',
    ]) {
      const res = envelopeOf(await t.app.inject({ method: 'GET', url }));
      expect(res).toMatchObject({ code: 2001, status: 400, result: null });
      expect(res.raw).not.toContain('FST_ERR');
    }
  });
});

describe('behind an HTTPS proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t?.close());

  it('upgrade-insecure-requests only when the proxy says the request came over HTTPS', async () => {
    const csp = async (headers: Record<string, string>) =>
      String(
        (await t.app.inject({ method: 'GET', url: '/tmpl/api/health', headers })).headers['content-security-policy'],
      );
    const https = await csp({ 'x-forwarded-proto': 'https' });
    expect(https.split(';')).toContain('upgrade-insecure-requests');
    expect(https).toContain("default-src 'self'");
    expect(await csp({ 'x-forwarded-proto': 'http' })).not.toContain('upgrade-insecure-requests');
    expect(await csp({})).not.toContain('upgrade-insecure-requests');
  });
});

describe('production configuration refusals (config.ts)', () => {
  const prod = {
    NODE_ENV: 'production',
    APP_SECRET: 'a-real-production-secret-0123456789abcdef',
    DATA_KEYS: `k1:${Buffer.alloc(32, 5).toString('base64')}`,
    SMS_PROVIDER: 'aliyun',
  };

  it('a proper production configuration loads', () => {
    expect(loadConfig(prod).NODE_ENV).toBe('production');
  });

  it('refuses the default secret, a short secret, a demo SMS code, SMS_RATE_LIMIT=off, the console SMS gateway and the development data key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ ...prod, SMS_PROVIDER: 'console' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ ...prod, DATA_KEYS: undefined })).toThrow(/DATA_KEYS/);
    expect(() => loadConfig({ ...prod, APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ ...prod, DEMO_SMS_CODE: '123456' })).toThrow(/DEMO_SMS_CODE/);
    expect(() => loadConfig({ ...prod, SMS_RATE_LIMIT: 'off' })).toThrow(/SMS_RATE_LIMIT/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ NODE_ENV: 'production', DEMO_SMS_CODE: '123456', SMS_RATE_LIMIT: 'off' });
      expect.unreachable();
    } catch (err) {
      const m = (err as Error).message;
      for (const k of ['APP_SECRET', 'DEMO_SMS_CODE', 'SMS_RATE_LIMIT', 'SMS_PROVIDER', 'DATA_KEYS'])
        expect(m).toContain(k);
    }
  });

  it('the same variables are accepted outside production (development and tests)', () => {
    expect(loadConfig({ NODE_ENV: 'development', DEMO_SMS_CODE: '123456', SMS_RATE_LIMIT: 'off' }).DEMO_SMS_CODE).toBe(
      '123456',
    );
  });
});
