import { CLIENT_ID } from '@jz/contracts/auth';
import { sql } from 'kysely';
import type { App } from '../../src/modules/types.ts';
import { formOf, type Params } from '../helpers/api.ts';
import { PHONES, type TestApp } from '../helpers/index.ts';

/** One method of one catalogue route, with the field names its schema accepts (from the OpenAPI document). */
export interface RouteInfo {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  config: { public?: boolean; signedIn?: boolean; perm?: string; staff?: boolean };
  pathParams: string[];
  query: string[];
  body: string[];
  /** JSON schema of each field (query and body), for the fuzzer. */
  fieldSchemas: Record<string, any>;
}

export const routeKey = (r: Pick<RouteInfo, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** A field that names an object: id, ids, or ending in Id / Ids (shopId, bankCardId, menuIds...). */
export const ID_FIELD = /^(id|ids)$|[a-z]Ids?$/;

export const takesId = (r: RouteInfo) =>
  r.pathParams.some((p) => ID_FIELD.test(p)) || [...r.query, ...r.body].some((f) => ID_FIELD.test(f));

/**
 * app.routeCatalogue joined with the OpenAPI document @fastify/swagger builds from the zod schemas (registered outside
 * production, so in tests), one entry per method (HEAD dropped).
 */
export async function catalogueWithFields(app: App): Promise<RouteInfo[]> {
  await app.ready();
  const spec = (app as unknown as { swagger: () => any }).swagger();
  const out: RouteInfo[] = [];
  for (const r of app.routeCatalogue) {
    for (const m of ([] as string[]).concat(r.method)) {
      if (m === 'HEAD' || m === 'OPTIONS') continue;
      const op = spec.paths?.[r.url.replace(/:(\w+)/g, '{$1}')]?.[m.toLowerCase()] ?? {};
      const params: any[] = op.parameters ?? [];
      const bodySchema: any = Object.values(op.requestBody?.content ?? {})[0];
      const props: Record<string, any> = bodySchema?.schema?.properties ?? {};
      const fieldSchemas: Record<string, any> = { ...props };
      for (const p of params) if (p.in === 'query') fieldSchemas[p.name] = p.schema ?? {};
      out.push({
        method: m as RouteInfo['method'],
        url: r.url,
        config: r.config,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(props),
        fieldSchemas,
      });
    }
  }
  return out;
}

/** Real ids of merchant A (and a few of B, for cross-reference calls), read from the seeded demo data. */
export interface Ids {
  A: number;
  B: number;
  shopA: number;
  branchA: number;
  shopB: number;
  goodsA: number;
  goodsB: number;
  employeeA: number;
  employeeB: number;
  orderA: number;
  orderB: number;
  verifyCodeA: string;
  reviewA: number;
  cardA: number;
  cardB: number;
  licenceA: number;
  courierA: number;
  subA: number;
  roleA: number;
  /** B's own role and sub-account, for cross-reference calls; created by the test that needs them (0 until then). */
  roleB: number;
  subB: number;
  messageA: number;
  signatureA: number;
}

/**
 * `filter`: the id only narrows a list the server already scopes to the caller's merchant. Refused (2002/301) is
 * best; an empty answer (no records, count 0, a CSV with only its header) is accepted since nothing of A's leaks.
 */
export type Call = { path?: Record<string, string | number>; params: Params; filter?: boolean };
/** Tenant tables snapshotted for merchant A around every call. */
export const TENANT_TABLES = [
  'shop',
  'goods',
  'employee',
  'serviceOrder',
  'orderTimeline',
  'review',
  'bankCard',
  'financeAccount',
  'financeWithdrawal',
  'financeLedger',
  'licence',
  'courierOrder',
  'message',
  'agreementSignature',
  'feedback',
  'role',
  'client',
  'clientAddress',
  'clientNote',
  'clientEmployeePref',
  'cardProduct',
  'card',
  'cardMovement',
  'servicePlan',
  'servicePlanRule',
  'planVisit',
] as const;

export async function loadIds(db: TestApp['db']): Promise<Ids> {
  const d = db as any;
  const merchantOf = async (phone: string) =>
    (await d.selectFrom('user').select('merchantId').where('phone', '=', phone).executeTakeFirstOrThrow())
      .merchantId as number;
  const A = await merchantOf(PHONES.ownerA);
  const B = await merchantOf(PHONES.ownerB);
  const first = async (table: string, m: number, extra?: (q: any) => any) => {
    let q = d.selectFrom(table).selectAll().where('merchantId', '=', m).orderBy('id');
    if (extra) q = extra(q);
    return q.executeTakeFirstOrThrow();
  };
  const shopA = await first('shop', A, (q) => q.where('parentId', 'is', null));
  const branchA = await first('shop', A, (q) => q.where('parentId', 'is not', null));
  const orderA = await first('serviceOrder', A, (q) => q.where('verifyCode', 'is not', null));
  // A state where an employee may be assigned (待接单/待服务), so a refusal is about the employee, not the state.
  const orderB = await first('serviceOrder', B, (q) => q.where('status', 'in', [20, 30]));
  return {
    A,
    B,
    shopA: shopA.id,
    branchA: branchA.id,
    shopB: (await first('shop', B)).id,
    goodsA: (await first('goods', A)).id,
    goodsB: (await first('goods', B)).id,
    employeeA: (await first('employee', A)).id,
    employeeB: (await first('employee', B)).id,
    orderA: orderA.id,
    orderB: orderB.id,
    verifyCodeA: orderA.verifyCode,
    reviewA: (await first('review', A)).id,
    cardA: (await first('bankCard', A, (q) => q.where('unboundAt', 'is', null))).id,
    cardB: (await first('bankCard', B)).id,
    licenceA: (await first('licence', A)).id,
    courierA: (await first('courierOrder', A)).id,
    subA: (await d.selectFrom('user').select('id').where('phone', '=', PHONES.subA).executeTakeFirstOrThrow()).id,
    roleA: (await first('role', A)).id,
    roleB: 0,
    subB: 0,
    messageA: (await first('message', A)).id,
    signatureA: (await first('agreementSignature', A)).id,
  };
}

/** Every row of merchant A in the tenant tables, plus A's users and user_shop rows. */
export async function snapshotOf(db: TestApp['db'], merchantId: number) {
  const d = db as any;
  const out: Record<string, unknown> = {};
  for (const t of TENANT_TABLES)
    out[t] = await d.selectFrom(t).selectAll().where('merchantId', '=', merchantId).orderBy('id').execute();
  out.user = await d
    .selectFrom('user')
    .select(['id', 'nickName', 'phone', 'status', 'passwordHash', 'currentShopId', 'isOwner'])
    .where('merchantId', '=', merchantId)
    .orderBy('id')
    .execute();
  out.userShop = await d.selectFrom('userShop').selectAll().where('merchantId', '=', merchantId).execute();
  out.roleMenu =
    await sql`select count(*) as n from role_menu where role_id in (select id from role where merchant_id = ${merchantId})`
      .execute(db)
      .then((r) => r.rows);
  return out;
}

/** One call as the console would make it; answers the parsed envelope, or code -1 when the body is not JSON (a file). */
export async function send(app: TestApp['app'], token: string, r: RouteInfo, call: Call) {
  let url = r.url;
  for (const [k, v] of Object.entries(call.path ?? {})) url = url.replace(`:${k}`, encodeURIComponent(String(v)));
  const hasBody = r.method === 'POST' || r.method === 'PUT';
  const form = formOf(call.params).toString();
  const res = await app.inject({
    method: r.method,
    url: hasBody || !form ? url : `${url}?${form}`,
    headers: {
      client: CLIENT_ID,
      authorization: `Bearer ${token}`,
      ...(hasBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    payload: hasBody ? form : undefined,
  });
  let parsed: { code: number; message: string; result: unknown };
  try {
    parsed = JSON.parse(res.body);
  } catch {
    parsed = { code: -1, message: `non-JSON ${res.headers['content-type']}`, result: null };
  }
  return { ...parsed, status: res.statusCode, raw: res.body };
}
