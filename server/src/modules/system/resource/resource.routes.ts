import { resourceApi as c } from '@jz/contracts/api/resource';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { storageOf } from '../../../lib/storage/storage.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import * as repo from './resource.repo.ts';
import { createResource } from './resource.service.ts';

/** 资源管理, registered from its contracts (packages/contracts/src/api/resource.ts), following the dictionary pattern. */
export function resourceRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.pageResources(app.db, req.query), 'ok'));
  route(app, c.list, async (req) => ok(await repo.listResources(app.db, req.query), 'ok'));
  route(app, c.byType, async (req) => ok(await repo.listResources(app.db, { type: req.params.type }), 'ok'));

  route(app, c.add, async (req) => {
    const user = currentUser(req);
    const id = await createResource(app.db, {
      name: req.body.name,
      url: req.body.url,
      storageKey: null,
      type: 'link',
      ext: null,
      mime: null,
      size: 0,
      rootPath: null,
      uploaderId: user.id,
      merchantId: user.merchantId,
    });
    return ok({ id });
  });

  route(app, c.edit, async (req) => {
    await repo.renameResource(app.db, req.body.id, req.body.name);
    return ok(null);
  });

  /** Deleting a record removes its file too (after the rows are gone; a failed file removal is logged, not fatal). */
  route(app, c.remove, async (req) => {
    const keys = await repo.deleteResources(app.db, req.params.ids);
    const storage = storageOf(app);
    await Promise.all(
      keys.map((k) => storage.remove(k).catch((err) => req.log.error({ err, key: k }, 'upload file removal failed'))),
    );
    return ok(null);
  });
}
