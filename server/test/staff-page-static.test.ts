import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/index.ts';

/** The staff page (阿姨端): its index.html for /staff/ and every address under it, assets as the console's. */
describe('serving the staff page', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jz-web-staff-'));
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, 'staff'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>家政商家后台</title>');
    writeFileSync(path.join(dir, 'staff/index.html'), '<!doctype html><title>阿姨端</title>');
    writeFileSync(path.join(dir, 'assets/staff-abc123.js'), 'console.log(1);');
    t = await buildTestApp({ env: { WEB_DIST: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const url of ['/staff/', '/staff/jobs/1', '/staff/me', '/staff/index.html'])
    it(`GET ${url} answers the staff page, revalidated, with the security headers`, async () => {
      const r = await t.app.inject({ url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.body).toContain('阿姨端');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    });

  it('/staff goes to /staff/ (its relative addresses resolve from there)', async () => {
    const r = await t.app.inject({ url: '/staff' });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/staff/');
  });

  it("its scripts are cached for good, as the console's", async () => {
    const r = await t.app.inject({ url: '/assets/staff-abc123.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the console and the API are untouched: / is the console, an unknown API path is not the staff page', async () => {
    expect((await t.app.inject({ url: '/' })).body).toContain('家政商家后台');
    const api = await t.app.inject({ url: '/tmpl/api/staff/nothing-here' });
    expect(api.body).not.toContain('阿姨端');
  });
});
