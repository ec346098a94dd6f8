import { regionApi as c } from '@jz/contracts/api/region';
import type { DB } from '../../../db/client.ts';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import type { App } from '../../types.ts';
import { centresUnder } from './region.geo.ts';
import * as repo from './region.repo.ts';

/**
 * The region tree is static data: built once per database and kept in memory as the finished envelope text,
 * with an ETag so clients revalidate cheaply.
 */
const cache = new WeakMap<DB, Promise<{ body: string; etag: string }>>();

function treeBody(db: DB) {
  let p = cache.get(db);
  if (!p) {
    p = (async () => {
      const tree = await repo.buildRegionTree(db);
      const body = JSON.stringify({ code: 200, message: 'ok', result: tree });
      const { createHash } = await import('node:crypto');
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    })();
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}

/** Region routes, registered from their contracts (packages/contracts/src/api/region.ts). */
export function regionRoutes(app: App) {
  route(app, c.tree, async (req, reply) => {
    const { body, etag } = await treeBody(app.db);
    reply.header('etag', etag).header('cache-control', 'private, max-age=3600');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    // The cached envelope text (built from the same tree type as the schema) goes out as it is: fastify sends a
    // string with a JSON content type without serializing it again.
    return reply.type('application/json; charset=utf-8').send(body);
  });
  // Static data too (generated files, region.geo.ts): the browser keeps each answer for a day.
  route(app, c.centres, async (req, reply) => {
    reply.header('cache-control', 'private, max-age=86400');
    return ok(await centresUnder(req.params.code), 'ok');
  });
}
