import { logApi as c } from '@jz/contracts/api/log';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import type { App } from '../../types.ts';
import * as repo from './log.repo.ts';

/** Operation log routes, registered from their contracts (packages/contracts/src/api/log.ts). */
export function logRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.pageLogs(app.db, req.query), 'ok'));
  route(app, c.titles, async () => ok(await repo.logTitles(app.db), 'ok'));
  route(app, c.detail, async (req) => ok(await repo.findLog(app.db, req.params.id), 'ok'));
  route(app, c.remove, async (req) => {
    await repo.deleteLogs(app.db, req.params.ids);
    return ok(null);
  });
}
