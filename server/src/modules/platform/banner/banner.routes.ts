import { bannerApi as c } from '@jz/contracts/api/banner';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import type { App } from '../../types.ts';
import * as repo from './banner.repo.ts';

/** Banner routes, registered from their contracts (packages/contracts/src/api/banner.ts). */
export function bannerRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.pageBanners(app.db, req.query), 'ok'));
  route(app, c.live, async (req) => ok(await repo.liveBanners(app.db, req.query.position), 'ok'));
  route(app, c.add, async (req) => ok(await repo.addBanner(app.db, req.body)));
  route(app, c.edit, async (req) => {
    const { id, ...v } = req.body;
    await repo.editBanner(app.db, id, v);
    return ok(null);
  });
  route(app, c.remove, async (req) => {
    await repo.deleteBanners(app.db, req.params.ids);
    return ok(null);
  });
}
