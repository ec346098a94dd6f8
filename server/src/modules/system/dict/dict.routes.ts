import { idsParam } from '@jz/contracts/common';
import {
  dictDataBody,
  dictDataEdit,
  dictDataQuery,
  dictTypeBody,
  dictTypeEdit,
  dictTypeQuery,
} from '@jz/contracts/dict';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import type { App } from '../../types.ts';
import * as repo from './dict.repo.ts';

const typeParam = z.object({ type: z.string().trim().min(1).max(100) });
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '字典管理', type });

/** spec §7 /api/app/dict and /api/app/dict/data. Reading a dictionary by type is open to every signed-in user. */
export function dictRoutes(app: App) {
  const base = '/tmpl/api/app/dict';
  app.get(
    `${base}/findAllByPage`,
    { schema: { querystring: dictTypeQuery }, config: { perm: 'sys:dict:list' } },
    async (req) => ok(await repo.pageTypes(app.db, req.query), 'ok'),
  );
  app.get(`${base}/findAllByList`, { config: { perm: 'sys:dict:list' } }, async () =>
    ok(await repo.listTypes(app.db), 'ok'),
  );
  app.get(`${base}/findByType/:type`, { schema: { params: typeParam }, config: { signedIn: true } }, async (req) =>
    ok({ dataList: await repo.dataOfType(app.db, req.params.type) }, 'ok'),
  );
  app.post(
    `${base}/add`,
    { schema: { body: dictTypeBody }, config: { perm: 'sys:dict:add', oplog: oplog('add') } },
    async (req) => ok(await repo.addType(app.db, req.body)),
  );
  app.post(
    `${base}/edit`,
    { schema: { body: dictTypeEdit }, config: { perm: 'sys:dict:edit', oplog: oplog('edit') } },
    async (req) => {
      const { id, ...v } = req.body;
      await repo.editType(app.db, id, v);
      return ok(null);
    },
  );
  app.delete(
    `${base}/delByIds/:ids`,
    { schema: { params: idsParam }, config: { perm: 'sys:dict:del', oplog: oplog('delete') } },
    async (req) => {
      await repo.deleteTypes(app.db, req.params.ids);
      return ok(null);
    },
  );

  const data = `${base}/data`;
  app.get(
    `${data}/findAllByPage`,
    { schema: { querystring: dictDataQuery }, config: { perm: 'sys:dict:list' } },
    async (req) => ok(await repo.pageData(app.db, req.query), 'ok'),
  );
  app.get(
    `${data}/findAllByList`,
    { schema: { querystring: z.object({ dictType: z.string().trim().min(1).max(100) }) }, config: { signedIn: true } },
    async (req) => ok(await repo.dataOfType(app.db, req.query.dictType), 'ok'),
  );
  app.get(`${data}/findByType/:type`, { schema: { params: typeParam }, config: { signedIn: true } }, async (req) =>
    ok({ dataList: await repo.dataOfType(app.db, req.params.type) }, 'ok'),
  );
  app.post(
    `${data}/add`,
    { schema: { body: dictDataBody }, config: { perm: 'sys:dict:add', oplog: oplog('add') } },
    async (req) => ok(await repo.addData(app.db, req.body)),
  );
  app.post(
    `${data}/edit`,
    { schema: { body: dictDataEdit }, config: { perm: 'sys:dict:edit', oplog: oplog('edit') } },
    async (req) => {
      const { id, ...v } = req.body;
      await repo.editData(app.db, id, v);
      return ok(null);
    },
  );
  app.delete(
    `${data}/delByIds/:ids`,
    { schema: { params: idsParam }, config: { perm: 'sys:dict:del', oplog: oplog('delete') } },
    async (req) => {
      await repo.deleteData(app.db, req.params.ids);
      return ok(null);
    },
  );
}
