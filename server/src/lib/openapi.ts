import { httpStatusOf } from '@jz/contracts/envelope';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document served at /tmpl/api/docs (never in production), shaped so that a client can be generated from
 * it (openapi-typescript) and Redocly's recommended rules pass (server/test/contracts/openapi-lint.test.ts):
 * - recursive trees are named components (their zod schemas carry `.meta({ id })`; the transform object emits them);
 * - each operation names its access: `security: []` for public calls, the bearer token otherwise, and the permission
 *   code in `x-permission`;
 * - each operation has an `operationId` made from its method and path (the spec fixes paths, so ids stay stable);
 * - the envelope's refusals are described with the HTTP status each code travels with (docs/api-conventions.md).
 */

const API = '/tmpl/api/';
const BEARER = 'bearerAuth';
/** The staff page's token (staff_session): a different credential from the console's, never accepted in its place. */
const STAFF_BEARER = 'staffBearer';

interface RouteAccess {
  public?: true;
  signedIn?: true;
  perm?: string;
  staff?: boolean;
}
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Schema = Record<string, unknown>;

/** `POST /tmpl/api/app/jiazheng/shangjia/info/add` → `postShangjiaInfoAdd`; `:id` → `ById`. */
export function operationIdOf(method: string, url: string) {
  const words = url
    .slice(API.length)
    .replace(/^app\/jiazheng\//, '')
    .split(/[/_-]+/)
    .filter(Boolean)
    .map((w) => (w.startsWith(':') ? `by-${w.slice(1)}` : w))
    .flatMap((w) => w.split('-'))
    .map((w) => w.replace(/[^A-Za-z0-9]/g, ''))
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join('');
}

/** Per route: hides what is not an API call, then adds access, id and refusals to the contract's schema. */
function transform(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input) as { schema: Schema; url: string };
  if (!url.startsWith(API) || url.startsWith(`${API}docs`) || !schema?.summary) return { schema: { hide: true }, url };
  const route = input.route as { method: string | string[]; config?: RouteAccess };
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const access = route.config ?? {};
  const open = access.public === true;
  return {
    url,
    schema: {
      ...schema,
      operationId: operationIdOf(method, url),
      security: open ? [] : [{ [access.staff ? STAFF_BEARER : BEARER]: [] }],
      ...(access.perm && { 'x-permission': access.perm }),
      response: {
        // a raw answer (a file, a stream) has no JSON schema: its 200 says what comes instead
        200: { description: typeof schema.description === 'string' ? schema.description : '成功' },
        ...(schema.response as Schema | undefined),
        ...refusalsOf(schema, open, access.staff === true),
      },
    },
  };
}

const REFUSAL_TEXT: Record<number, string> = {
  400: '参数无效（code 2001）',
  401: '未登录或登录已过期（code 401）',
  403: '无权限（code 301）',
  404: '记录不存在或不属于当前商户（code 2002）',
  409: '业务规则不允许（code 2004）',
  429: '请求过于频繁（code 2005）',
};

/**
 * The refusals an operation can answer: bad input when it takes any, sign-in and permission unless public (a staff
 * call has no permission codes: sign-in only).
 */
function refusalsOf(schema: Schema, open: boolean, staff: boolean) {
  const takesInput = Boolean(schema.body || schema.querystring || schema.params);
  const statuses = [
    ...(takesInput ? [httpStatusOf[2001]] : []),
    ...(open ? [] : staff ? [httpStatusOf[401]] : [httpStatusOf[401], httpStatusOf[301]]),
    httpStatusOf[2002],
    httpStatusOf[2004],
    httpStatusOf[2005],
  ];
  return Object.fromEntries(statuses.map((s) => [s, { description: REFUSAL_TEXT[s], ...REFUSAL }]));
}

/** The envelope of a refusal: a code, a Chinese message, and no result. */
const REFUSAL = {
  type: 'object',
  properties: {
    code: { type: 'integer' },
    message: { type: 'string' },
    result: { type: 'null' },
  },
  required: ['code', 'message', 'result'],
};

/** The whole document: named components for the recursive trees, the server. */
function transformObject(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const doc = jsonSchemaTransformObject(input) as Schema & { components?: Schema };
  return {
    ...doc,
    servers: [{ url: '/', description: '本服务（路径自带 /tmpl/api 前缀）' }],
  };
}

/** Options for @fastify/swagger. */
export function openapiOptions(version: string) {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '家政商家后台 API',
        version,
        description: '统一信封 {code, message, result}；拒绝时 HTTP 状态随 code（见各接口的 4xx 说明）。',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Declared up front: the swagger plugin checks each operation's `security` against these.
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http' as const,
            scheme: 'bearer',
            description: '短信或密码登录返回的 token（请求头 Authorization: Bearer）',
          },
          [STAFF_BEARER]: {
            type: 'http' as const,
            scheme: 'bearer',
            description:
              '员工端（阿姨端）短信登录返回的 token（请求头 Authorization: Bearer）；与商家后台的 token 互不通用',
          },
        },
      },
    },
    transform,
    transformObject,
  };
}
