import {
  type AnyContract,
  type BodyInputOf,
  fillPath,
  type ParamsInputOf,
  type QueryInputOf,
  type ResultOf,
} from '@jz/contracts/contract';
import { api, type CallOptions, download } from './api-client.ts';

type Part<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: V };

/** The request parts a contract takes, as the caller sends them (params fill the path, query the URL, body the form). */
export type CallInput<C extends AnyContract> = Part<'params', ParamsInputOf<C>> &
  Part<'query', QueryInputOf<C>> &
  Part<'body', BodyInputOf<C>> & {
    /** Request headers beyond the client's own (e.g. the withdrawal's Idempotency-Key). */
    headers?: Record<string, string>;
  };

/** The path of a call below the client's `/tmpl` base, with its parameters filled in. */
export const contractUrl = <C extends AnyContract>(c: C, params?: ParamsInputOf<C>) =>
  fillPath(c.path, params as Record<string, unknown> | undefined);

/**
 * Calls one contract through the envelope-aware client and resolves with its typed `result` (docs/contracts.md).
 * GET and DELETE send `query` as URL parameters; POST and PUT send `body` as a form (docs/spec-notes.md#calls).
 */
export function callContract<C extends AnyContract>(c: C, input: CallInput<C>, jz?: CallOptions): Promise<ResultOf<C>> {
  const url = contractUrl(c, input.params);
  const { query, body, headers } = input as { query?: object; body?: object; headers?: Record<string, string> };
  // Headers only when the call has some, so a call reads the same as api.get(url, query, jz) to its stand-ins in tests.
  const extra = headers ? ([headers] as const) : ([] as const);
  switch (c.method) {
    case 'GET':
      return api.get<ResultOf<C>>(url, query, jz, ...extra);
    case 'DELETE':
      return api.del<ResultOf<C>>(url, query, jz, ...extra);
    case 'POST':
      return api.post<ResultOf<C>>(url, body, jz, ...extra);
    case 'PUT':
      return api.put<ResultOf<C>>(url, body, jz, ...extra);
  }
}

/** A download contract (`raw.kind === 'file'`): saves the file, or shows the envelope's refusal (docs/spec-notes.md#errors). */
export const downloadContract = <C extends AnyContract>(c: C, input: CallInput<C>, fallbackName: string) =>
  download(contractUrl(c, input.params), (input.body ?? {}) as object, fallbackName);
