import { CLIENT_ID } from '@jz/contracts/client-id';
import {
  type AnyContract,
  type BodyInputOf,
  fillPath,
  type ParamsInputOf,
  type QueryInputOf,
  type ResultOf,
} from '@jz/contracts/contract';
import type { ApiResult } from '@jz/contracts/envelope';
import { type HttpConfig, type HttpRawResponse, transport } from '../../lib/http-transport.ts';
import { clearStaffSession, getStaffToken } from './session.ts';

/**
 * The staff page's API client: the console's transport (fetch) without the console's client (antd toasts, loading
 * bar, form bodies). Bodies travel as JSON. The page shows every failure itself.
 */

/** `code` is the envelope's code; NETWORK when no answer came (offline, timeout). */
export class StaffApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
export const NETWORK = -1;

/** A refusal the server gave (as opposed to no answer at all): retrying the same call cannot help. */
export const isRefusal = (e: unknown) => e instanceof StaffApiError && e.code !== NETWORK;

type Transport = (c: HttpConfig) => Promise<HttpRawResponse>;
let stand: Transport | undefined;
/** Tests answer calls themselves (staff/testing.ts). */
export const setStaffTransport = (t: Transport | undefined) => {
  stand = t;
};

let signedOut: () => void = () => {};
/** What a 401 does (the app goes to the sign-in page). */
export const onSignedOut = (fn: () => void) => {
  signedOut = fn;
};

const API_BASE = `${import.meta.env.VITE_API_HOST ?? ''}/tmpl`;

type Part<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: V };
export type StaffInput<C extends AnyContract> = Part<'params', ParamsInputOf<C>> &
  Part<'query', QueryInputOf<C>> &
  Part<'body', BodyInputOf<C>>;

export async function staffCall<C extends AnyContract>(c: C, input: StaffInput<C>, timeout = 15_000) {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: object; body?: unknown };
  const headers: Record<string, string> = { Accept: 'application/json', client: CLIENT_ID };
  const token = getStaffToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const form = body instanceof FormData;
  if (c.method !== 'GET' && !form) headers['content-type'] = 'application/json';
  const config: HttpConfig = {
    url: fillPath(c.path, params),
    baseURL: API_BASE,
    method: c.method.toLowerCase() as HttpConfig['method'],
    params: query,
    data: form ? body : c.method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    headers,
    timeout,
  };
  let res: HttpRawResponse;
  try {
    res = await (stand ?? transport)(config);
  } catch (e) {
    const timedOut = (e as { code?: string })?.code === 'ECONNABORTED';
    throw new StaffApiError(NETWORK, timedOut ? '请求超时，请检查网络' : '网络不可用，请检查网络');
  }
  const env = res.data as Partial<ApiResult> | undefined;
  if (!env || typeof env !== 'object' || typeof env.code !== 'number') {
    // A proxy's error page or a captive portal: no answer from the API, so the call may be retried.
    throw new StaffApiError(NETWORK, `服务器暂时无法访问（HTTP ${res.status}）`);
  }
  if (env.code === 401) {
    clearStaffSession();
    signedOut();
  }
  if (env.code !== 200) throw new StaffApiError(env.code, env.message || `请求失败（${env.code}）`);
  return env.result as ResultOf<C>;
}

/** The message to show for a failed call. */
export const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : '操作失败，请稍后再试');
