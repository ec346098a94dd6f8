import { noticeApi as c } from '@jz/contracts/api/notice';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import * as repo from './notice.repo.ts';

/** Notice routes, registered from their contracts (packages/contracts/src/api/notice.ts). */
export function noticeRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.pageNotices(app.db, req.query), 'ok'));
  route(app, c.publishedPage, async (req) => ok(await repo.pagePublished(app.db, req.query), 'ok'));
  route(app, c.publishedDetail, async (req) => ok(await repo.findPublished(app.db, req.params.id), 'ok'));
  route(app, c.add, async (req) => ok(await repo.addNotice(app.db, currentUser(req).id, req.body)));
  route(app, c.edit, async (req) => {
    const { id, ...v } = req.body;
    await repo.editNotice(app.db, id, v);
    return ok(null);
  });
  route(app, c.remove, async (req) => {
    await repo.deleteNotices(app.db, req.params.ids);
    return ok(null);
  });
}
