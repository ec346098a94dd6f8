import { qaApi as c } from '@jz/contracts/api/qa';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import type { App } from '../../types.ts';
import * as repo from './qa.repo.ts';

/** Q&A routes, registered from their contracts (packages/contracts/src/api/qa.ts). */
export function qaRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.pageQa(app.db, req.query), 'ok'));
  route(app, c.publishedList, async () => ok(await repo.listPublished(app.db), 'ok'));
  route(app, c.add, async (req) => ok(await repo.addQa(app.db, req.body)));
  route(app, c.edit, async (req) => {
    const { id, ...v } = req.body;
    await repo.editQa(app.db, id, v);
    return ok(null);
  });
  route(app, c.remove, async (req) => {
    await repo.deleteQa(app.db, req.params.ids);
    return ok(null);
  });
}
