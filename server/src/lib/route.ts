import type { ApiResult } from '@jz/contracts/envelope';
import {
  type AnyContract,
  type BodyOf,
  envelopeOf,
  type ParamsOf,
  type QueryOf,
  type ResultInputOf,
} from '@jz/contracts/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';

/** Where the spec mounts the API (`{host}/tmpl/api/...`); contracts name paths below it. */
export const API_PREFIX = '/tmpl';

export type ContractRequest<C extends AnyContract> = FastifyRequest<{
  Params: ParamsOf<C>;
  Querystring: QueryOf<C>;
  Body: BodyOf<C>;
}>;

// A raw contract (file, stream) answers whatever the handler sends; every other one the envelope of its result (plus
// the contract's `envelopeKeys`), or the reply it already sent itself (a 304, a 503 outside the result schema).
type Answer<C extends AnyContract> = [NonNullable<C['raw']>] extends [never]
  ? ApiResult<ResultInputOf<C>> | FastifyReply
  : unknown;

export type ContractHandler<C extends AnyContract> = (
  req: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<Answer<C>> | Answer<C>;

/** Route options a contract does not carry (per-route limits, hooks). */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'preHandler' | 'onRequest'> & {
  config?: Record<string, unknown>;
};

/** The fastify schema of a contract: request schemas validate, the answer schema serializes (unlisted fields dropped). */
export function schemaOf(c: AnyContract) {
  const tag = c.path.split('/').slice(0, 6).join('/');
  return {
    summary: c.summary,
    tags: [tag],
    ...(c.params && { params: c.params }),
    ...(c.query && { querystring: c.query }),
    ...(c.body && { body: c.body }),
    ...(c.raw
      ? { description: `不返回 JSON 结果（${c.raw.kind}）：${c.raw.why}` }
      : { response: { 200: envelopeOf(c.result, c.envelopeKeys) } }),
  };
}

/**
 * Registers one route from its contract: method, path, schemas, the access rule and the operation log all come from
 * the contract, so a call is declared once (docs/contracts.md). The handler gets typed params, query and body and must
 * answer the contract's result.
 */
export function route<C extends AnyContract>(
  app: FastifyInstance<any, any, any, any, any>,
  c: C,
  handler: ContractHandler<C>,
  extras: RouteExtras = {},
) {
  const { config, ...rest } = extras;
  app.route({
    method: c.method,
    url: API_PREFIX + c.path,
    schema: schemaOf(c),
    config: { ...c.access, ...(c.oplog && { oplog: c.oplog }), ...config },
    ...rest,
    handler: handler as never,
  });
}
