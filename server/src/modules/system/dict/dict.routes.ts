import { dictApi as c } from '@jz/contracts/api/dict';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import type { App } from '../../types.ts';
import * as repo from './dict.repo.ts';

/** Dictionary routes, registered from their contracts (packages/contracts/src/api/dict.ts). */
export function dictRoutes(app: App) {
  route(app, c.typePage, async (req) => ok(await repo.pageTypes(app.db, req.query), 'ok'));
  route(app, c.typeList, async () => ok(await repo.listTypes(app.db), 'ok'));
  route(app, c.byType, async (req) => ok({ dataList: await repo.dataOfType(app.db, req.params.type) }, 'ok'));
  route(app, c.addType, async (req) => ok(await repo.addType(app.db, req.body)));
  route(app, c.editType, async (req) => {
    const { id, ...v } = req.body;
    await repo.editType(app.db, id, v);
    return ok(null);
  });
  route(app, c.removeTypes, async (req) => {
    await repo.deleteTypes(app.db, req.params.ids);
    return ok(null);
  });

  route(app, c.dataPage, async (req) => ok(await repo.pageData(app.db, req.query), 'ok'));
  route(app, c.dataList, async (req) => ok(await repo.dataOfType(app.db, req.query.dictType), 'ok'));
  route(app, c.dataByType, async (req) => ok({ dataList: await repo.dataOfType(app.db, req.params.type) }, 'ok'));
  route(app, c.addData, async (req) => ok(await repo.addData(app.db, req.body)));
  route(app, c.editData, async (req) => {
    const { id, ...v } = req.body;
    await repo.editData(app.db, id, v);
    return ok(null);
  });
  route(app, c.removeData, async (req) => {
    await repo.deleteData(app.db, req.params.ids);
    return ok(null);
  });
}
