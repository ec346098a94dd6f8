import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/index.ts';

/** The built web app as the server sends it: precompressed scripts, immutable hashed assets, a revalidated index. */
describe('serving the web build', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jz-web-static-'));
  const script = `console.log(${JSON.stringify('家政'.repeat(200))});`;
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>家政商家后台</title>');
    writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
    writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(script));
    t = await buildTestApp({ env: { WEB_DIST: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts it, with the hashed asset cached for good', async () => {
    const r = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.rawPayload.length).toBeLessThan(Buffer.byteLength(script));
  });

  it('sends the plain file to a client without brotli', async () => {
    const r = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toBe(script);
  });

  it('index.html is revalidated, so a new build is picked up at once', async () => {
    const r = await t.app.inject({ url: '/' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('家政商家后台');
    expect(r.headers['cache-control']).toBe('no-cache');
  });
});
