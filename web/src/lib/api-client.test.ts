import { CLIENT_ID as AUTH_CLIENT_ID } from '@jz/contracts/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TransportAdapter, api, ApiError, download, http, toForm } from './api-client.ts';
import { loadingStore } from './loading.ts';
import { setMessageApi } from './notify.ts';

const toasts: { type: string; text: string }[] = [];
const msg = (type: string) => (text: string) => {
  toasts.push({ type, text });
};
setMessageApi({ success: msg('success'), warning: msg('warning'), error: msg('error'), info: msg('info') } as never);

let seen: { headers: Record<string, string>; data: unknown; method?: string; url?: string }[] = [];
function answer(
  status: number,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): TransportAdapter {
  return async (config) => {
    seen.push({ headers: config.headers as never, data: config.data, method: config.method, url: config.url });
    return { data: body, status, statusText: '', headers, config, request: {} };
  };
}

beforeEach(() => {
  toasts.length = 0;
  seen = [];
  window.location.hash = '#/index';
});
afterEach(() => {
  http.defaults.adapter = undefined;
  vi.unstubAllGlobals();
});

describe('API client (spec §7, §8)', () => {
  it('sends the client header, the bearer token and form-encoded bodies; toasts 操作成功 after a mutation', async () => {
    localStorage.setItem('token', 'tok-123');
    http.defaults.adapter = answer(200, { code: 200, message: '操作成功', result: { id: 7 } });
    const r = await api.post<{ id: number }>('/api/x/add', { name: '保洁', tags: ['a', 'b'], skip: undefined });
    expect(r).toEqual({ id: 7 });
    expect(seen[0].headers.Authorization).toBe('Bearer tok-123');
    expect(seen[0].headers.client).toBe('jiazheng-merchant-pc');
    expect(String(seen[0].data)).toBe('name=%E4%BF%9D%E6%B4%81&tags=%5B%22a%22%2C%22b%22%5D');
    expect(toasts).toEqual([{ type: 'success', text: '操作成功' }]);
  });

  it('GET has no success toast', async () => {
    http.defaults.adapter = answer(200, { code: 200, message: 'ok', result: [] });
    await api.get('/api/x/list', { pageNum: 1 });
    expect(toasts).toEqual([]);
  });

  it('401 clears both storages, returns to /login and warns with the server message', async () => {
    localStorage.setItem('token', 't');
    sessionStorage.setItem('perms', '["super"]');
    http.defaults.adapter = answer(401, { code: 401, message: '登录已过期，请重新登录', result: null });
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('perms')).toBeNull();
    expect(window.location.hash).toBe('#/login');
    expect(toasts).toEqual([{ type: 'warning', text: '登录已过期，请重新登录' }]);
  });

  it('500 is an error; 301/2001/2002/2004 are warnings; every non-200 rejects', async () => {
    http.defaults.adapter = answer(500, { code: 500, message: '服务器开小差了', result: null });
    await expect(api.get('/a')).rejects.toMatchObject({ code: 500 });
    for (const code of [301, 2001, 2002, 2004]) {
      http.defaults.adapter = answer(400, { code, message: `m${code}`, result: null });
      await expect(api.post('/a', {})).rejects.toMatchObject({ code });
    }
    expect(toasts).toEqual([
      { type: 'error', text: '服务器开小差了' },
      { type: 'warning', text: 'm301' },
      { type: 'warning', text: 'm2001' },
      { type: 'warning', text: 'm2002' },
      { type: 'warning', text: 'm2004' },
    ]);
  });

  it('a transport error is shown as an error, in Chinese', async () => {
    http.defaults.adapter = async (config) => {
      throw Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK', config });
    };
    await expect(api.get('/a')).rejects.toMatchObject({ code: -1 });
    expect(toasts).toEqual([{ type: 'error', text: '网络错误,请稍后再试' }]);
  });

  it('download: 2003 clears storage and goes to login; 301 warns; 500 errors; network failure says 网络错误,请稍后再试', async () => {
    const blob = (body: object) => new Blob([JSON.stringify(body)], { type: 'application/json' });
    localStorage.setItem('token', 't');
    http.defaults.adapter = answer(401, blob({ code: 2003, message: '请先登录再下载', result: null }));
    await download('/api/f');
    expect(localStorage.getItem('token')).toBeNull();
    expect(window.location.hash).toBe('#/login');
    http.defaults.adapter = answer(403, blob({ code: 301, message: '无权下载', result: null }));
    await download('/api/f');
    http.defaults.adapter = answer(500, blob({ code: 500, message: '生成失败', result: null }));
    await download('/api/f');
    http.defaults.adapter = async (config) => {
      throw Object.assign(new Error('Network Error'), { config });
    };
    await download('/api/f');
    expect(toasts.map((t) => `${t.type}:${t.text}`)).toEqual([
      'warning:请先登录再下载',
      'warning:无权下载',
      'error:生成失败',
      'error:网络错误,请稍后再试',
    ]);
  });

  it('on the real transport: a timeout says 请求超时，请稍后再试, a failed fetch 网络错误,请稍后再试; loading ends', async () => {
    vi.stubGlobal(
      'fetch',
      (_u: string, init: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const slow = http.get('/api/slow', { timeout: 30 });
    expect(loadingStore.get()).toBe(1);
    await expect(slow).rejects.toMatchObject({ code: -1, message: '请求超时，请稍后再试' });
    expect(loadingStore.get()).toBe(0);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/api/x', undefined, { quiet: true })).rejects.toMatchObject({ code: -1 });
    expect(toasts).toEqual([
      { type: 'error', text: '请求超时，请稍后再试' },
      { type: 'error', text: '网络错误,请稍后再试' },
    ]);
  });

  it('on the real transport: unwraps the envelope; a non-envelope answer is 服务器响应异常; the client id is the contract one', async () => {
    const fetch = vi.fn(async () => Response.json({ code: 200, message: 'ok', result: { n: 1 } }));
    vi.stubGlobal('fetch', fetch);
    expect(await api.get('/api/x', { pageNum: 2 })).toEqual({ n: 1 });
    expect(fetch).toHaveBeenCalledWith('/tmpl/api/x?pageNum=2', expect.objectContaining({ method: 'GET' }));
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      client: AUTH_CLIENT_ID,
    });
    fetch.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 500, message: '服务器响应异常（HTTP 502）' });
  });

  it('toForm JSON-encodes arrays/objects and drops null/undefined', () => {
    expect(toForm({ a: 1, b: null, c: undefined, d: { x: 1 } }).toString()).toBe('a=1&d=%7B%22x%22%3A1%7D');
  });
});
