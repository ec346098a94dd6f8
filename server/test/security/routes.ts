import type { App } from '../../src/modules/types.ts';

/** One method of one catalogue route, with the field names its schema accepts (from the OpenAPI document). */
export interface RouteInfo {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  config: { public?: boolean; signedIn?: boolean; perm?: string };
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
