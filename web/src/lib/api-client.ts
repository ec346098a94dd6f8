import { CLIENT_ID } from '@jz/contracts/client-id';
import type { ApiResult } from '@jz/contracts/envelope';
import { type HttpConfig, type HttpMethod, type HttpRawResponse, transport } from './http-transport.ts';
import { loadingStore } from './loading.ts';
import { notify } from './notify.ts';
import { clearSession, getToken } from './storage.ts';

/** `{host}/tmpl`: host is the page's own origin unless VITE_API_HOST was set at build time (docs/spec-notes.md#calls). */
export const API_BASE = `${import.meta.env.VITE_API_HOST ?? ''}/tmpl`;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CallOptions {
  /** No full-screen loading for this call (tables show their own). */
  quiet?: boolean;
  /** No success toast after a mutating call. */
  silentSuccess?: boolean;
  /** No warning/error toast: the caller shows the problem itself. */
  silentError?: boolean;
  /** Milliseconds instead of the 10 s default, for a call known to work long (code generation formats its files). */
  timeout?: number;
}

/** Form fields: arrays and objects travel as JSON strings; null/undefined are left out. */
export function toForm(data: Record<string, unknown>) {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null) continue;
    f.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return f;
}

const onLoginPage = () => window.location.hash.startsWith('#/login');

/** docs/spec-notes.md#errors: 401 clears storage and returns to /login (unless there); 500 error; 301/2001/2002/2004 warning. */
let redirectedAt = 0;

export function handleFailure(code: number, message: string, opts: CallOptions = {}) {
  if (code === 401) {
    if (!onLoginPage()) {
      clearSession();
      window.location.hash = '#/login';
      // Several calls fail together when a session ends (profile, menus, shop…): one warning is enough.
      if (Date.now() - redirectedAt > 3000) notify.warning(message || '请先登录');
      redirectedAt = Date.now();
    } else if (!opts.silentError && Date.now() - redirectedAt > 3000) notify.warning(message);
    return;
  }
  if (opts.silentError) return;
  if (code === 500) notify.error(message || '服务器错误');
  else if ([301, 2001, 2002, 2004].includes(code)) notify.warning(message);
  else notify.error(message || `请求失败（${code}）`);
}

/** Options of one call, as the axios instance took them (upload-api, finance-mutations and the tests use them). */
export interface RequestOptions {
  params?: object;
  headers?: Record<string, string>;
  /** Milliseconds; default 10 s. */
  timeout?: number;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
  onUploadProgress?: HttpConfig['onUploadProgress'];
  jz?: CallOptions;
}

/** What a call resolves with once the envelope said 200 (or a download answered a file); `data` is any, as in axios. */
export interface HttpResponse<T = any> {
  data: T;
  status: number;
  headers: Record<string, unknown>;
}

/** The request as the transport (or a test's stand-in, `http.defaults.adapter`) receives it. */
export interface RequestConfig extends HttpConfig {
  jz?: CallOptions;
}

/** What a test's stand-in transport may read of a request: loose, so the tests' axios-typed adapters still fit. */
export interface AdapterConfig {
  url?: string;
  method?: string;
  headers?: unknown;
  data?: unknown;
  params?: unknown;
  responseType?: string;
}

/** A stand-in transport (tests): gets the request, answers what the transport would. */
export type TransportAdapter = (config: AdapterConfig) => Promise<HttpRawResponse>;

interface HttpDefaults {
  /** Replaces the transport (tests); it gets a RequestConfig. */
  adapter?(config: AdapterConfig): Promise<HttpRawResponse>;
  timeout: number;
}

const defaults: HttpDefaults = { adapter: undefined, timeout: 10_000 };

async function request(method: HttpMethod, url: string, data: unknown, o: RequestOptions = {}): Promise<HttpResponse> {
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain, */*',
    client: CLIENT_ID,
    ...o.headers,
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const form = (method === 'post' || method === 'put') && data && !(data instanceof FormData);
  const config: RequestConfig = {
    url,
    baseURL: API_BASE,
    method,
    params: o.params,
    data: form && !(data instanceof URLSearchParams) ? toForm(data as Record<string, unknown>) : data,
    headers,
    timeout: o.timeout ?? o.jz?.timeout ?? defaults.timeout,
    signal: o.signal,
    responseType: o.responseType,
    onUploadProgress: o.onUploadProgress,
    jz: o.jz,
  };
  const opts = o.jz ?? {};
  if (!opts.quiet) loadingStore.start();
  let res: HttpRawResponse;
  try {
    res = await (defaults.adapter ? defaults.adapter(config) : transport(config));
  } catch (err) {
    // A Chinese console: transport failures speak Chinese, never the browser's "Failed to fetch".
    const msg = (err as { code?: string })?.code === 'ECONNABORTED' ? '请求超时，请稍后再试' : '网络错误,请稍后再试';
    if (!opts.silentError) notify.error(msg);
    throw new ApiError(-1, msg);
  } finally {
    if (!opts.quiet) loadingStore.end();
  }
  if (o.responseType === 'blob') return blobResponse(res);
  const body = res.data as Partial<ApiResult> | undefined;
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') {
    const msg = `服务器响应异常（HTTP ${res.status}）`;
    if (!opts.silentError) notify.error(msg);
    throw new ApiError(500, msg);
  }
  if (body.code !== 200) {
    handleFailure(body.code, body.message ?? '', opts);
    throw new ApiError(body.code, body.message ?? '');
  }
  if (method !== 'get' && !opts.silentSuccess)
    notify.success(body.message && body.message !== 'ok' ? body.message : '操作成功');
  return res;
}

/**
 * The envelope-aware HTTP client (base `{host}/tmpl`, client header, bearer token, form bodies, 10 s timeout,
 * docs/spec-notes.md#calls, #errors failure handling). Resolves only when the envelope says 200; otherwise rejects with ApiError.
 */
export const http = {
  defaults,
  get: (url: string, o?: RequestOptions) => request('get', url, undefined, o),
  delete: (url: string, o?: RequestOptions) => request('delete', url, undefined, o),
  post: (url: string, data?: unknown, o?: RequestOptions) => request('post', url, data, o),
  put: (url: string, data?: unknown, o?: RequestOptions) => request('put', url, data, o),
};

/** A download answers a file, or a JSON envelope when it is refused; the caller applies the download rules. */
async function blobResponse(res: HttpRawResponse): Promise<HttpResponse> {
  const blob = res.data as Blob;
  if (!blob.type.includes('json')) {
    if (res.status >= 400) throw new ApiError(res.status === 403 ? 403 : 500, `下载失败（HTTP ${res.status}）`);
    return res;
  }
  let body: Partial<ApiResult> = {};
  try {
    body = JSON.parse(await blob.text());
  } catch {
    /* unreadable */
  }
  if (body.code === 200) return res;
  throw new ApiError(body.code ?? 500, body.message ?? '下载失败');
}

const unwrap = <T>(p: Promise<HttpResponse>) => p.then((r) => (r.data as ApiResult<T>).result);

/** GET and DELETE take query parameters; POST and PUT take form-encoded bodies (docs/spec-notes.md#calls). */
export const api = {
  get: <T>(url: string, params?: object, jz?: CallOptions, headers?: Record<string, string>) =>
    unwrap<T>(http.get(url, { params, jz, headers })),
  del: <T = null>(url: string, params?: object, jz?: CallOptions, headers?: Record<string, string>) =>
    unwrap<T>(http.delete(url, { params, jz, headers })),
  post: <T = null>(url: string, data?: object, jz?: CallOptions, headers?: Record<string, string>) =>
    unwrap<T>(http.post(url, data ?? {}, { jz, headers })),
  put: <T = null>(url: string, data?: object, jz?: CallOptions, headers?: Record<string, string>) =>
    unwrap<T>(http.put(url, data ?? {}, { jz, headers })),
};

/** docs/spec-notes.md#errors download rules: a JSON body instead of a file is an envelope refusal. */
export async function download(url: string, data: object = {}, fallbackName = 'download') {
  try {
    const res = await http.post(url, data, { responseType: 'blob', jz: { silentSuccess: true, silentError: true } });
    const blob = res.data as Blob;
    const disposition = res.headers['content-disposition'];
    return saveBlob(blob, fileNameOf(typeof disposition === 'string' ? disposition : undefined) ?? fallbackName);
  } catch (e) {
    if (e instanceof ApiError && e.code === -1) notify.error('网络错误,请稍后再试');
    else if (e instanceof ApiError) downloadFailure(e.code, e.message);
  }
}

export function downloadFailure(code: number, message: string) {
  if (code === 2003) {
    clearSession();
    window.location.hash = '#/login';
    notify.warning(message);
  } else if (code === 403 || code === 301) notify.warning(message);
  else if (code === 500) notify.error(message);
  // other download errors are ignored (docs/spec-notes.md#errors)
}

function fileNameOf(disposition: string | undefined) {
  const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition ?? '');
  return m ? decodeURIComponent(m[1] ?? m[2]) : undefined;
}

function saveBlob(blob: Blob, name: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
