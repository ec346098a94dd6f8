import path from 'node:path';
import { idParam, idsParam } from '@jz/contracts/common';
import {
  dbTableQuery,
  genCodeQuery,
  genTableAdd,
  genTableEdit,
  genTableQuery,
  importTablesBody,
  readTreeOptions,
} from '@jz/contracts/gen';
import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { business, invalid } from '../../../lib/errors.ts';
import type { App } from '../../types.ts';
import * as repo from './gen.repo.ts';
import { genSettings } from './gen.settings.ts';
import { checkTreeOptions } from './gen.tree.ts';
import { projectTables } from './introspect.ts';
import { renderFiles } from './render.ts';
import { writeFiles } from './gen.write.ts';

const oplog = (type: 'add' | 'edit' | 'delete' | 'import' | 'other') => ({ title: '代码生成', type });
const tableIdParam = z.object({ tableId: z.coerce.number().int().positive() });

/** The product's own tables (from this checkout's migrations), never offered for import. */
const ownTables = () => projectTables(path.join(genSettings().root, 'server/src/db/migrations'));

/** spec §7 /api/app/gen/table: platform admins only (sys:gen:*). */
export function genRoutes(app: App) {
  const base = '/tmpl/api/app/gen/table';

  app.get(
    `${base}/findAllByPage`,
    { schema: { querystring: genTableQuery }, config: { perm: 'sys:gen:list' } },
    async (req) => ok(await repo.pageTables(app.db, req.query), 'ok'),
  );
  app.get(`${base}/findAllByList`, { config: { perm: 'sys:gen:list' } }, async () =>
    ok(await repo.listTables(app.db), 'ok'),
  );
  app.get(
    `${base}/db/findAllByPage`,
    { schema: { querystring: dbTableQuery }, config: { perm: 'sys:gen:import' } },
    async (req) => ok(await repo.pageDbTables(app.db, ownTables(), req.query), 'ok'),
  );
  app.get(
    `${base}/column/:tableId`,
    { schema: { params: tableIdParam }, config: { perm: 'sys:gen:list' } },
    async (req) => {
      const t = await repo.findTable(app.db, req.params.tableId);
      return ok({ records: t.columns, total: t.columns.length }, 'ok');
    },
  );
  app.get(`${base}/findById/:id`, { schema: { params: idParam }, config: { perm: 'sys:gen:list' } }, async (req) =>
    ok(await repo.findTable(app.db, req.params.id), 'ok'),
  );
  app.post(
    `${base}/importTable`,
    { schema: { body: importTablesBody }, config: { perm: 'sys:gen:import', oplog: oplog('import') } },
    async (req) => ok({ ids: await repo.importTables(app.db, ownTables(), req.body.tables) }),
  );
  app.post(
    `${base}/add`,
    { schema: { body: genTableAdd }, config: { perm: 'sys:gen:import', oplog: oplog('add') } },
    async (req) => {
      const { tableName, ...overrides } = req.body;
      const clean = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined && v !== null));
      if (overrides.parentMenuKey) await assertParentMenu(app, overrides.parentMenuKey);
      const [id] = await repo.importTables(app.db, ownTables(), [tableName], clean);
      return ok({ id });
    },
  );
  app.post(
    `${base}/edit`,
    { schema: { body: genTableEdit }, config: { perm: 'sys:gen:edit', oplog: oplog('edit') } },
    async (req) => {
      const { id, columns, options, ...v } = req.body;
      await assertParentMenu(app, v.parentMenuKey);
      // The tree template needs its options (sent now or stored before), checked against the edited columns.
      const cur = await repo.findTable(app.db, id);
      const tree = options ?? readTreeOptions(cur.options);
      if (v.tplCategory === 'tree') {
        if (!tree) throw invalid('树表模板须选择树编码、树父编码和树名称字段');
        const edited = new Map((columns ?? []).map((c) => [c.id, c]));
        checkTreeOptions(
          cur.columns.map((c) => ({ ...c, ...edited.get(c.id) })),
          tree,
        );
      }
      await repo.editTable(app.db, id, { ...v, ...(options ? { options: JSON.stringify(options) } : {}) }, columns);
      return ok(null);
    },
  );
  app.delete(
    `${base}/delByIds/:ids`,
    { schema: { params: idsParam }, config: { perm: 'sys:gen:del', oplog: oplog('delete') } },
    async (req) => {
      await repo.deleteTables(app.db, req.params.ids);
      return ok(null);
    },
  );
  app.get(`${base}/preview/:id`, { schema: { params: idParam }, config: { perm: 'sys:gen:preview' } }, async (req) =>
    ok(await renderFiles(await repo.findTable(app.db, req.params.id), genSettings().root), 'ok'),
  );
  const download = async (id: number, reply: import('fastify').FastifyReply) => {
    const t = await repo.findTable(app.db, id);
    const files = await renderFiles(t, genSettings().root);
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([p, text]) => [p, strToU8(text)])));
    const name = `${t.functionName}_${t.tableName}.zip`;
    reply
      .header('content-type', 'application/zip')
      .header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(name)}; filename="${t.tableName}.zip"`,
      );
    return Buffer.from(zip);
  };
  app.get(
    `${base}/download/:id`,
    { schema: { params: idParam }, config: { perm: 'sys:gen:preview' } },
    async (req, reply) => download(req.params.id, reply),
  );
  // The console's download helper posts (spec §8 download rules).
  app.post(
    `${base}/download/:id`,
    { schema: { params: idParam }, config: { perm: 'sys:gen:preview' } },
    async (req, reply) => download(req.params.id, reply),
  );
  app.get(`${base}/settings`, { config: { perm: 'sys:gen:list' } }, async () =>
    ok({ writeEnabled: genSettings().writeEnabled }, 'ok'),
  );
  app.post(
    `${base}/genCodeById/:id`,
    {
      schema: { params: idParam, querystring: genCodeQuery, body: genCodeQuery.optional() },
      config: { perm: 'sys:gen:code', oplog: oplog('other') },
    },
    async (req) => {
      const s = genSettings();
      if (!s.writeEnabled)
        throw business(
          '未开启代码写入：仅在开发环境（NODE_ENV=development）且 GEN_WRITE_ENABLED=true 时可生成到源码目录',
        );
      const files = await renderFiles(await repo.findTable(app.db, req.params.id), s.root);
      const overwrite = req.query.overwrite === 1 || req.body?.overwrite === 1;
      return ok(writeFiles(s.root, files, overwrite));
    },
  );
  // spec §7 lists GET tongbuById/{id}; the console posts (a change of state). Both sync, both are logged.
  for (const method of ['get', 'post'] as const)
    app[method](
      `${base}/tongbuById/:id`,
      { schema: { params: idParam }, config: { perm: 'sys:gen:edit', oplog: oplog('edit') } },
      async (req) => ok(await repo.syncTable(app.db, req.params.id)),
    );
}

async function assertParentMenu(app: App, key: string) {
  const m = await app.db.selectFrom('menu').select(['scope', 'type']).where('seedKey', '=', key).executeTakeFirst();
  if (m?.scope !== 'platform' || m.type !== 'CAIDAN') throw business(`上级菜单「${key}」不是平台端的目录`);
}
