import { idParam, idsParam } from '@jz/contracts/common';
import { oplogQuery } from '@jz/contracts/oplog';
import { ok } from '../../../lib/envelope.ts';
import { defineModule } from '../../types.ts';
import * as repo from './log.repo.ts';

/**
 * spec §7 /api/sys/log. Rows are written by plugins/oplog.ts from each route's `oplog` declaration; the log is read
 * and pruned here, never added to or edited by hand (so spec's log add/edit calls are not offered).
 */
export default defineModule({
  name: 'log',
  routes(app) {
    const base = '/tmpl/api/sys/log';
    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: oplogQuery }, config: { perm: 'sys:log:list' } },
      async (req) => ok(await repo.pageLogs(app.db, req.query), 'ok'),
    );
    app.get(`${base}/findAllByList`, { config: { perm: 'sys:log:list' } }, async () =>
      ok(await repo.logTitles(app.db), 'ok'),
    );
    app.get(`${base}/findById/:id`, { schema: { params: idParam }, config: { perm: 'sys:log:list' } }, async (req) =>
      ok(await repo.findLog(app.db, req.params.id), 'ok'),
    );
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'sys:log:del', oplog: { title: '操作日志', type: 'delete' } } },
      async (req) => {
        await repo.deleteLogs(app.db, req.params.ids);
        return ok(null);
      },
    );
  },
});
