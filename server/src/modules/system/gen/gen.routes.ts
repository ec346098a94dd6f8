import path from 'node:path';
import { genApi as c } from '@jz/contracts/api/gen';
import { readTreeOptions } from '@jz/contracts/gen';
import type { FastifyReply } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { ok } from '../../../lib/envelope.ts';
import { business, invalid } from '../../../lib/errors.ts';
import { route } from '../../../lib/route.ts';
import type { App } from '../../types.ts';
import * as repo from './gen.repo.ts';
import { genSettings } from './gen.settings.ts';
import { checkTreeOptions } from './gen.tree.ts';
import { writeFiles } from './gen.write.ts';
import { projectTables } from './introspect.ts';
import { renderFiles } from './render.ts';

/** The product's own tables (from this checkout's migrations), never offered for import. */
const ownTables = () => projectTables(path.join(genSettings().root, 'server/src/db/migrations'));

/** Code generation routes, registered from their contracts (packages/contracts/src/api/gen.ts). */
export function genRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.pageTables(app.db, req.query), 'ok'));
  route(app, c.list, async () => ok(await repo.listTables(app.db), 'ok'));
  route(app, c.dbPage, async (req) => ok(await repo.pageDbTables(app.db, ownTables(), req.query), 'ok'));
  route(app, c.columns, async (req) => {
    const t = await repo.findTable(app.db, req.params.tableId);
    return ok({ records: t.columns, total: t.columns.length }, 'ok');
  });
  route(app, c.detail, async (req) => ok(await repo.findTable(app.db, req.params.id), 'ok'));
  route(app, c.importTables, async (req) => ok({ ids: await repo.importTables(app.db, ownTables(), req.body.tables) }));
  route(app, c.add, async (req) => {
    const { tableName, ...overrides } = req.body;
    const clean = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined && v !== null));
    if (overrides.parentMenuKey) await assertParentMenu(app, overrides.parentMenuKey);
    const [id] = await repo.importTables(app.db, ownTables(), [tableName], clean);
    return ok({ id });
  });
  route(app, c.edit, async (req) => {
    const { id, columns, options, ...v } = req.body;
    await assertParentMenu(app, v.parentMenuKey);
    // The tree template needs its options (sent now or stored before), checked against the edited columns.
    const cur = await repo.findTable(app.db, id);
    const tree = options ?? readTreeOptions(cur.options);
    if (v.tplCategory === 'tree') {
      if (!tree) throw invalid('树表模板须选择树编码、树父编码和树名称字段');
      const edited = new Map((columns ?? []).map((col) => [col.id, col]));
      checkTreeOptions(
        cur.columns.map((col) => ({ ...col, ...edited.get(col.id) })),
        tree,
      );
    }
    await repo.editTable(app.db, id, { ...v, ...(options ? { options: JSON.stringify(options) } : {}) }, columns);
    return ok(null);
  });
  route(app, c.remove, async (req) => {
    await repo.deleteTables(app.db, req.params.ids);
    return ok(null);
  });
  route(app, c.preview, async (req) =>
    ok(await renderFiles(await repo.findTable(app.db, req.params.id), genSettings().root), 'ok'),
  );
  const download = async (id: number, reply: FastifyReply) => {
    const t = await repo.findTable(app.db, id);
    const files = await renderFiles(t, genSettings().root);
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([p, text]) => [p, strToU8(text)])));
    const name = `${t.functionName}_${t.tableName}.zip`;
    // Answered through the reply (a file, not the envelope).
    return reply
      .header('content-type', 'application/zip')
      .header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(name)}; filename="${t.tableName}.zip"`,
      )
      .send(Buffer.from(zip));
  };
  route(app, c.downloadGet, async (req, reply) => download(req.params.id, reply));
  route(app, c.download, async (req, reply) => download(req.params.id, reply));
  route(app, c.settings, async () => ok({ writeEnabled: genSettings().writeEnabled }, 'ok'));
  route(app, c.generate, async (req) => {
    const s = genSettings();
    if (!s.writeEnabled)
      throw business(
        '未开启代码写入：仅在开发环境（NODE_ENV=development）且 GEN_WRITE_ENABLED=true 时可生成到源码目录',
      );
    const files = await renderFiles(await repo.findTable(app.db, req.params.id), s.root);
    const overwrite = req.query.overwrite === 1 || req.body?.overwrite === 1;
    return ok(writeFiles(s.root, files, overwrite));
  });
  const sync = async (id: number) => ok(await repo.syncTable(app.db, id));
  route(app, c.sync, async (req) => sync(req.params.id));
  route(app, c.syncGet, async (req) => sync(req.params.id));
}

async function assertParentMenu(app: App, key: string) {
  const m = await app.db.selectFrom('menu').select(['scope', 'type']).where('seedKey', '=', key).executeTakeFirst();
  if (m?.scope !== 'platform' || m.type !== 'CAIDAN') throw business(`上级菜单「${key}」不是平台端的目录`);
}
