import { idsParam } from '@jz/contracts/common';
import {
  RESOURCE_TYPES,
  resourceAddBody,
  resourceEditBody,
  resourceListQuery,
  resourceQuery,
} from '@jz/contracts/resource';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { storageOf } from '../../../lib/storage/storage.ts';
import { defineModule } from '../../types.ts';
import * as repo from './resource.repo.ts';
import { createResource } from './resource.service.ts';

const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '资源管理', type });

/** spec §7 /api/app/resource, following the dictionary pattern. Platform toolkit only (sys:resource:*). */
export default defineModule({
  name: 'resource',
  order: 40,
  routes(app) {
    const base = '/tmpl/api/app/resource';
    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: resourceQuery }, config: { perm: 'sys:resource:list' } },
      async (req) => ok(await repo.pageResources(app.db, req.query), 'ok'),
    );
    app.get(
      `${base}/findAllByList`,
      { schema: { querystring: resourceListQuery }, config: { perm: 'sys:resource:list' } },
      async (req) => ok(await repo.listResources(app.db, req.query), 'ok'),
    );
    app.get(
      `${base}/findByType/:type`,
      {
        schema: { params: z.object({ type: z.enum(RESOURCE_TYPES, { error: '资源类型无效' }) }) },
        config: { perm: 'sys:resource:list' },
      },
      async (req) => ok(await repo.listResources(app.db, { type: req.params.type }), 'ok'),
    );
    app.post(
      `${base}/add`,
      { schema: { body: resourceAddBody }, config: { perm: 'sys:resource:add', oplog: oplog('add') } },
      async (req) => {
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
      },
    );
    app.post(
      `${base}/edit`,
      { schema: { body: resourceEditBody }, config: { perm: 'sys:resource:edit', oplog: oplog('edit') } },
      async (req) => {
        await repo.renameResource(app.db, req.body.id, req.body.name);
        return ok(null);
      },
    );
    /** Deleting a record removes its file too (after the rows are gone; a failed file removal is logged, not fatal). */
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'sys:resource:del', oplog: oplog('delete') } },
      async (req) => {
        const keys = await repo.deleteResources(app.db, req.params.ids);
        const storage = storageOf(app);
        await Promise.all(
          keys.map((k) =>
            storage.remove(k).catch((err) => req.log.error({ err, key: k }, 'upload file removal failed')),
          ),
        );
        return ok(null);
      },
    );
  },
});
