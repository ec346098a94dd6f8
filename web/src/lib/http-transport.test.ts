import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, TransportError, transport } from './http-transport.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const base = { baseURL: '/tmpl', method: 'get' as const, headers: { client: 'c' } };

describe('http transport (fetch)', () => {
  it('writes query strings as axios did: no null/undefined, arrays as k[], dates ISO, objects as JSON', () => {
    expect(buildUrl({ url: '/api/x', baseURL: '/tmpl' })).toBe('/tmpl/api/x');
    expect(
      buildUrl({
        url: '/api/x?a=1',
        baseURL: '/tmpl',
        params: {
          n: 0,
          s: '保 洁',
          u: undefined,
          z: null,
          ids: [1, 2],
          d: new Date(Date.UTC(2026, 0, 2)),
          o: { k: 1 },
        },
      }),
    ).toBe(
      '/tmpl/api/x?a=1&n=0&s=%E4%BF%9D+%E6%B4%81&ids%5B%5D=1&ids%5B%5D=2&d=2026-01-02T00%3A00%3A00.000Z&o=%7B%22k%22%3A1%7D',
    );
    expect(buildUrl({ url: 'https://cdn.example/x', baseURL: '/tmpl' })).toBe('https://cdn.example/x');
  });

  it('sends method, headers, body and cookies; parses JSON, keeps other text, lower-cases response headers', async () => {
    const fetch = vi.fn(async () => new Response('{"code":200}', { status: 201, headers: { 'X-Id': '7' } }));
    vi.stubGlobal('fetch', fetch);
    const body = new URLSearchParams({ a: '1' });
    const r = await transport({ ...base, url: '/api/x', method: 'post', data: body });
    expect(r).toEqual({ data: { code: 200 }, status: 201, headers: expect.objectContaining({ 'x-id': '7' }) });
    expect(fetch).toHaveBeenCalledWith(
      '/tmpl/api/x',
      expect.objectContaining({ method: 'POST', body, credentials: 'include', headers: { client: 'c' } }),
    );
    fetch.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    expect(await transport({ ...base, url: '/api/x' })).toMatchObject({
      data: '<html>bad gateway</html>',
      status: 502,
    });
  });

  it('answers a Blob for downloads', async () => {
    vi.stubGlobal('fetch', async () => new Response('a,b', { headers: { 'content-type': 'text/csv' } }));
    const r = await transport({ ...base, url: '/api/f', responseType: 'blob' });
    expect((r.data as Blob).type).toBe('text/csv'); // (node's Blob under jsdom: not jsdom's Blob class)
    expect(await (r.data as Blob).text()).toBe('a,b');
  });

  it('a timeout fails with ECONNABORTED, an abort with ERR_CANCELED, a failed fetch with ERR_NETWORK', async () => {
    const hang = (_u: string, init: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
      );
    vi.stubGlobal('fetch', hang);
    await expect(transport({ ...base, url: '/a', timeout: 20 })).rejects.toMatchObject({ code: 'ECONNABORTED' });
    const ctl = new AbortController();
    const p = transport({ ...base, url: '/a', signal: ctl.signal });
    ctl.abort();
    await expect(p).rejects.toMatchObject({ code: 'ERR_CANCELED' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const e = await transport({ ...base, url: '/a' }).catch((x) => x);
    expect(e).toBeInstanceOf(TransportError);
    expect(e.code).toBe('ERR_NETWORK');
  });
});
