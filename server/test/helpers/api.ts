import { CLIENT_ID } from '@jz/contracts/auth';
import type { ApiResult } from '@jz/contracts/envelope';
import type { App } from '../../src/modules/types.ts';

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface ApiResponse<T = any> extends ApiResult<T> {
  /** HTTP status. */
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The raw body, to check what never reaches a client (stack traces, secrets). */
  raw: string;
}

export interface InjectOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** `dict/findAllByPage` -> `/tmpl/api/dict/findAllByPage`; absolute paths are kept. */
const fullUrl = (url: string) => (url.startsWith('/') ? url : `/tmpl/api/${url}`);

/** URLSearchParams without the undefined/null entries (as the web client's form encoding does). */
export function formOf(params: Params = {}) {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) out.append(k, String(v));
  return out;
}

/** Parses an inject answer as the envelope; fails loudly when the body is not one. */
export function envelopeOf<T = any>(res: {
  statusCode: number;
  body: string;
  headers: ApiResponse['headers'];
}): ApiResponse<T> {
  let parsed: ApiResult<T>;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    throw new Error(`not a JSON envelope (HTTP ${res.statusCode}): ${res.body.slice(0, 200)}`);
  }
  return { ...parsed, status: res.statusCode, headers: res.headers, raw: res.body };
}

/**
 * The console's API client in test form: the `client` header, `Authorization: Bearer {token}`, form-encoded
 * POST/PUT bodies, query parameters for GET/DELETE. Answers the envelope plus the HTTP status.
 */
export function api(app: App, token?: string, defaults: InjectOptions = {}) {
  const send = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    params?: Params,
    o: InjectOptions = {},
  ) => {
    const headers: Record<string, string> = { client: CLIENT_ID, ...defaults.headers, ...o.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    const hasBody = method === 'POST' || method === 'PUT';
    const query = !hasBody && params ? `?${formOf(params)}` : '';
    if (hasBody) headers['content-type'] ??= 'application/x-www-form-urlencoded';
    const res = await app.inject({
      method,
      url: fullUrl(url) + (query === '?' ? '' : query),
      headers,
      payload: hasBody ? formOf(params).toString() : undefined,
      remoteAddress: o.remoteAddress ?? defaults.remoteAddress,
    });
    return envelopeOf<T>(res);
  };
  return {
    get: <T = any>(url: string, query?: Params, o?: InjectOptions) => send<T>('GET', url, query, o),
    post: <T = any>(url: string, body?: Params, o?: InjectOptions) => send<T>('POST', url, body, o),
    put: <T = any>(url: string, body?: Params, o?: InjectOptions) => send<T>('PUT', url, body, o),
    del: <T = any>(url: string, query?: Params, o?: InjectOptions) => send<T>('DELETE', url, query, o),
    /** A JSON body instead of a form (the server accepts both). */
    postJson: async <T = any>(url: string, body: unknown, o: InjectOptions = {}) => {
      const headers: Record<string, string> = { client: CLIENT_ID, 'content-type': 'application/json', ...o.headers };
      if (token) headers.authorization = `Bearer ${token}`;
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      return envelopeOf<T>(await app.inject({ method: 'POST', url: fullUrl(url), headers, payload }));
    },
  };
}

export type Api = ReturnType<typeof api>;
