import { idParam } from '@jz/contracts/common';
import { courierAdd, courierCancel, courierQuery } from '@jz/contracts/courier';
import { ok } from '../../../lib/envelope.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import type { App } from '../../types.ts';
import * as repo from './courier.repo.ts';

export const COURIER_BASE = '/tmpl/api/app/jiazheng/kuaidi';
const oplog = (type: 'add' | 'edit') => ({ title: '快递下单', type });

/** 快递下单 (issue 6). The spec names no calls: these live under app/jiazheng/kuaidi and follow its conventions. */
export function courierRoutes(app: App) {
  const base = COURIER_BASE;

  app.get(
    `${base}/findAllByPage`,
    { schema: { querystring: courierQuery }, config: { perm: 'merchant:courier:list' } },
    async (req) => ok(await repo.page(app.db, await tenantOf(app.db, req), req.query), 'ok'),
  );

  app.get(
    `${base}/findById/:id`,
    { schema: { params: idParam }, config: { perm: 'merchant:courier:query' } },
    async (req) => ok(await repo.findById(app.db, await tenantOf(app.db, req), req.params.id), 'ok'),
  );

  app.get(`${base}/senderDefault`, { config: { perm: 'merchant:courier:add' } }, async (req) =>
    ok(await repo.senderDefault(app.db, await tenantOf(app.db, req)), 'ok'),
  );

  app.post(
    `${base}/add`,
    { schema: { body: courierAdd }, config: { perm: 'merchant:courier:add', oplog: oplog('add') } },
    async (req) => ok(await repo.add(app.db, await tenantOf(app.db, req), req.body), '下单成功'),
  );

  app.post(
    `${base}/cancel`,
    { schema: { body: courierCancel }, config: { perm: 'merchant:courier:cancel', oplog: oplog('edit') } },
    async (req) => {
      await repo.cancel(app.db, await tenantOf(app.db, req), req.body.id, req.body.reason);
      return ok(null, '已取消');
    },
  );
}
