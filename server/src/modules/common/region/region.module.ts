import { defineModule } from '../../types.ts';
import type { DB } from '../../../db/client.ts';
import { buildRegionTree, seedRegions } from './region.repo.ts';

/**
 * The region tree is static data: built once per database and kept in memory as the finished envelope text,
 * with an ETag so clients revalidate cheaply.
 */
const cache = new WeakMap<DB, Promise<{ body: string; etag: string }>>();

function treeBody(db: DB) {
  let p = cache.get(db);
  if (!p) {
    p = (async () => {
      const tree = await buildRegionTree(db);
      const body = JSON.stringify({ code: 200, message: 'ok', result: tree });
      const { createHash } = await import('node:crypto');
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    })();
    p.catch(() => cache.delete(db));
    cache.set(db, p);
  }
  return p;
}

export default defineModule({
  name: 'region',
  order: 5,
  async seed({ db }) {
    await seedRegions(db);
  },
  routes(app) {
    /** spec §7: GET /api/app/huishou/area/findShengShiQu answers the province/city/district tree. */
    app.get('/tmpl/api/app/huishou/area/findShengShiQu', { config: { signedIn: true } }, async (req, reply) => {
      const { body, etag } = await treeBody(app.db);
      reply.header('etag', etag).header('cache-control', 'private, max-age=3600');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    });
  },
});
